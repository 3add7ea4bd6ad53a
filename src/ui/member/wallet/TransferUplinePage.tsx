import { useTranslation } from 'react-i18next';
import { useServices } from '../../core/ServicesContext';
import { AmountForm } from './AmountForm';
import { useMoneyRequest } from './useMoneyRequest';

/** Transfer to upline: from the main wallet to the member's upline agent. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const { walletApi } = useServices();
  const request = useMoneyRequest((amount, idempotencyKey) =>
    walletApi.transferUpline({ amount, idempotencyKey }),
  );
  return (
    <AmountForm
      state={request.state}
      onAmount={request.submit}
      submitLabel={t('wallet.transfer')}
      submitTestId="upline-submit"
      done={(result) => t('wallet.uplineDone', { amount: result.amount, upline: result.upline })}
    />
  );
}

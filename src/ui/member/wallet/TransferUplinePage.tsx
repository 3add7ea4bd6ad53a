import { useTranslation } from 'react-i18next';
import { AmountForm } from './AmountForm';
import { useMoneyRequest } from './useMoneyRequest';
import { walletFeature } from '../../../app/features/wallet';
import { useFeature } from '../../core/useFeature';

/** Transfer to upline: from the main wallet to the member's upline agent. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const walletModule = useFeature(walletFeature);
  const request = useMoneyRequest((amount, idempotencyKey) =>
    walletModule.transferUpline({ amount, idempotencyKey }),
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

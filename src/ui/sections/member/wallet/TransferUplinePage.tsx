import { useTranslation } from 'react-i18next';
import { useServices } from '../../../app/ServicesContext';
import { FormField } from '../../../auth/FormField';
import { useErrorText } from '../../../auth/useErrorText';
import { useMoneyRequest } from './useMoneyRequest';

/** Transfer to upline: from the main wallet to the member's upline agent. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { walletApi } = useServices();
  const request = useMoneyRequest((amount, idempotencyKey) =>
    walletApi.transferUpline({ amount, idempotencyKey }),
  );
  return (
    <form
      className="auth-form deposit-form"
      noValidate
      aria-busy={request.state.kind === 'sending'}
      onSubmit={(event) => {
        event.preventDefault();
        void request.submit(String(new FormData(event.currentTarget).get('amount') ?? '').trim());
      }}
    >
      <FormField
        label={t('wallet.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        error={request.state.kind === 'editing' ? errorText(request.state.error) : null}
      />
      {request.state.kind === 'done' && (
        <p role="status">
          {t('wallet.uplineDone', {
            amount: request.state.result.amount,
            upline: request.state.result.upline,
          })}
        </p>
      )}
      <button
        type="submit"
        className="button primary"
        disabled={request.state.kind === 'sending'}
        data-testid="upline-submit"
      >
        {t('wallet.transfer')}
      </button>
    </form>
  );
}

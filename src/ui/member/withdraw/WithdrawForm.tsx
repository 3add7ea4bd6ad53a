import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalView, WithdrawInfo } from '../../../shared/withdrawals';
import { Field } from '../../components/Field';
import { AmountForm } from '../wallet/AmountForm';
import { useMoneyRequest } from '../wallet/useMoneyRequest';
import { useMoneyText } from '../../components/records/useMoneyText';
import { withdrawalsFeature } from '../../../app/features/withdrawals';
import { useFeature } from '../../core/useFeature';
import { errorFor } from '../../components/forms/errorFields';
import { useErrorText } from '../../components/forms/useErrorText';

/** The request: amount within the limits and the payment password; the amount is held at once. */
export function WithdrawForm({
  info,
  onRequested,
}: {
  info: WithdrawInfo;
  onRequested: (withdrawal: WithdrawalView) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const money = useMoneyText();
  const withdrawalsModule = useFeature(withdrawalsFeature);
  const [paymentPassword, setPaymentPassword] = useState('');
  const request = useMoneyRequest(async (amount, idempotencyKey) => {
    const withdrawal = await withdrawalsModule.request({ amount, paymentPassword, idempotencyKey });
    setPaymentPassword('');
    onRequested(withdrawal);
    return withdrawal;
  });
  return (
    <AmountForm
      state={request.state}
      onAmount={request.submit}
      submitLabel={request.state.kind === 'sending' ? t('common.loading') : t('menu.withdraw')}
      submitTestId="withdraw-submit"
      done={(withdrawal) => t('withdraw.requested', { amount: money(withdrawal.amount) })}
      fields={['paymentPassword']}
    >
      <p className="form-hint">
        {t('withdraw.limits', { min: money(info.min), max: money(info.max) })}
      </p>
      <Field
        label={t('withdraw.paymentPassword')}
        name="paymentPassword"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={paymentPassword}
        onChange={(event) => setPaymentPassword(event.target.value)}
        error={errorText(
          errorFor(
            request.state.kind === 'editing' ? request.state.error : null,
            'paymentPassword',
          ),
        )}
      />
    </AmountForm>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalView, WithdrawInfo } from '../../../shared/withdrawals';
import { Field } from '../../components/Field';
import { Button } from '../../components/Button';
import { parseMoney, toMoneyString } from '../../../shared/money';
import { useServices } from '../../core/ServicesContext';
import { useObservable } from '../../hooks/useObservable';
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
  const [amount, setAmount] = useState('');
  // What can be withdrawn: the real balance (bonus money stays until its wagering is met), at
  // most the largest withdrawal (issue 34, finding 10: a Max, the balance shown).
  const { balance } = useServices();
  const wallet = useObservable(balance.balance$, null);
  const withdrawable = wallet ? parseMoney(wallet.balance) : null;
  const most =
    withdrawable === null
      ? null
      : withdrawable < parseMoney(info.max)
        ? withdrawable
        : parseMoney(info.max);
  const request = useMoneyRequest(async (requested, idempotencyKey) => {
    const withdrawal = await withdrawalsModule.request({
      amount: requested,
      paymentPassword,
      idempotencyKey,
    });
    // Done: the form is empty again.
    setPaymentPassword('');
    setAmount('');
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
      amount={{ value: amount, onChange: setAmount }}
    >
      <p className="form-hint">
        {t('withdraw.limits', { min: money(info.min), max: money(info.max) })}
      </p>
      {withdrawable !== null && (
        <p className="form-hint withdrawable" data-testid="withdrawable">
          {t('withdraw.withdrawable', { amount: money(toMoneyString(withdrawable)) })}{' '}
          <Button
            size="sm"
            onClick={() => most !== null && setAmount(toMoneyString(most))}
            disabled={most === null || most < parseMoney(info.min)}
            data-testid="withdraw-max"
          >
            {t('withdraw.max')}
          </Button>
        </p>
      )}
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

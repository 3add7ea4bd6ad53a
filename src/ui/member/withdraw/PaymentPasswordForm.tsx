import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { Button } from '../../components/Button';
import { withdrawalsFeature } from '../../../app/features/withdrawals';
import { useFeature } from '../../core/useFeature';

/** First withdrawal: set a payment password, proven with the login password. */
export function PaymentPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const withdrawalsModule = useFeature(withdrawalsFeature);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  return (
    <form
      className="auth-form"
      noValidate
      aria-busy={sending}
      data-testid="payment-password-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const loginPassword = String(data.get('loginPassword') ?? '');
        const paymentPassword = String(data.get('paymentPassword') ?? '');
        if (!loginPassword || !/^\d{6}$/.test(paymentPassword)) {
          setError('payment_password_format');
          return;
        }
        if (paymentPassword !== data.get('confirmPaymentPassword')) {
          setError('payment_password_mismatch');
          return;
        }
        setSending(true);
        try {
          await withdrawalsModule.setPaymentPassword({ loginPassword, paymentPassword });
          onDone();
        } catch (failure) {
          setError((failure as { code?: string }).code ?? 'unknown_error');
          setSending(false);
        }
      }}
    >
      <p>{t('withdraw.setPaymentPasswordIntro')}</p>
      <Field
        label={t('withdraw.loginPassword')}
        name="loginPassword"
        type="password"
        autoComplete="current-password"
      />
      <Field
        label={t('withdraw.paymentPassword')}
        name="paymentPassword"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
      />
      <Field
        label={t('withdraw.confirmPaymentPassword')}
        name="confirmPaymentPassword"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        error={errorText(error)}
      />
      <Button type="submit" variant="primary" disabled={sending}>
        {sending ? t('common.loading') : t('withdraw.setPaymentPassword')}
      </Button>
    </form>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { useErrorText } from '../../components/forms/useErrorText';
import { placeError } from '../../components/forms/errorFields';
import { Button } from '../../components/Button';
import { errorCodeOf, errorFieldOf } from '../../core/apiErrors';
import { withdrawalsFeature } from '../../../app/features/withdrawals';
import { useFeature } from '../../core/useFeature';

/**
 * The form's fields, by the names its refusals are placed by (errorFields.ts): the login
 * password proves it is the member (`oldPassword`, as wherever the login password is asked).
 */
const FORM_FIELDS = ['oldPassword', 'paymentPassword', 'confirmPaymentPassword'];

/** First withdrawal: set a payment password, proven with the login password. */
export function PaymentPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const withdrawalsModule = useFeature(withdrawalsFeature);
  // The refusal, and the field it names (the form's own checks, or the server's `value.field`).
  const [error, setError] = useState<{ code: string; field: string | null } | null>(null);
  const [sending, setSending] = useState(false);
  const placed = placeError(error?.code, FORM_FIELDS, error?.field);
  const under = (field: string) => (placed?.field === field ? errorText(placed.code) : null);
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
        if (!loginPassword) {
          setError({ code: 'field_invalid', field: 'oldPassword' });
          return;
        }
        if (!/^\d{6}$/.test(paymentPassword)) {
          setError({ code: 'payment_password_format', field: null });
          return;
        }
        if (paymentPassword !== data.get('confirmPaymentPassword')) {
          setError({ code: 'payment_password_mismatch', field: null });
          return;
        }
        setError(null);
        setSending(true);
        try {
          await withdrawalsModule.setPaymentPassword({ loginPassword, paymentPassword });
          onDone();
        } catch (failure) {
          setError({
            code: errorCodeOf(failure, 'unknown_error'),
            field: errorFieldOf(failure) ?? null,
          });
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
        error={under('oldPassword')}
      />
      <Field
        label={t('withdraw.paymentPassword')}
        name="paymentPassword"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        error={under('paymentPassword')}
      />
      <Field
        label={t('withdraw.confirmPaymentPassword')}
        name="confirmPaymentPassword"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        error={under('confirmPaymentPassword')}
      />
      {placed && !placed.field && (
        <p role="alert" className="field-error">
          {errorText(placed.code)}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={sending}>
        {sending ? t('common.loading') : t('withdraw.setPaymentPassword')}
      </Button>
    </form>
  );
}

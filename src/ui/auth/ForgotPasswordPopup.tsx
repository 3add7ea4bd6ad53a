import { useMachine } from '@xstate/react';
import { useOnceWhen } from '../hooks/useOnceWhen';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../machines/forgotPassword';
import { useAuthActions } from '../core/session/useAuthActions';
import { Field } from '../components/Field';
import { Tabs } from './Tabs';
import { fieldMessage } from '../components/forms/fieldMessages';
import { readForm } from './formData';
import { MobileCodeFields } from './MobileCodeFields';
import { useErrorText } from '../components/forms/useErrorText';
import { placeError } from '../components/forms/errorFields';
import { useNamedField } from '../components/forms/useNamedField';
import { useRegistrationRules } from '../components/forms/useRegistrationRules';
import { DEFAULT_PASSWORD_RULE } from '../../shared/fieldRules';
import { Button } from '../components/Button';
import { authFeature } from '../../app/features/auth';
import { useFeature } from '../core/useFeature';

/**
 * Forgot password (spec 4): by e-mail in two steps (a code is mailed, then the code and a new
 * password) or by mobile code; either ends logged in.
 */
export default function ForgotPasswordPopup() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const authModule = useFeature(authFeature);
  const { completeLogin } = useAuthActions();
  const passwordRule = useRegistrationRules().config?.rules.password ?? DEFAULT_PASSWORD_RULE;
  // The field a refusal names (`value.field`: the new password the server's rule refuses).
  const { note, clear, named } = useNamedField();
  const machine = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          sendResetEmail: fromPromise(({ input }) =>
            authModule.resetByEmail(input.username, input.email).then(() => undefined, note),
          ),
          resetByEmailCode: fromPromise(({ input }) =>
            authModule.resetByEmailCode(input).catch(note),
          ),
          resetByMobile: fromPromise(({ input }) => authModule.resetByMobile(input).catch(note)),
        },
      }),
    [authModule, note],
  );
  const [snapshot, send] = useMachine(machine, { input: { passwordRule } });
  const { tab, error, errors, fields } = snapshot.context;
  const busy =
    snapshot.matches('sendingEmail') ||
    snapshot.matches('resetting') ||
    snapshot.matches('resendingEmail') ||
    snapshot.matches('resettingByEmail');
  // The form's own problems under their fields (its `field_invalid` says no more); a refusal
  // under the field it belongs to (errorFields.ts), else above the button.
  const placedIn = (formFields: readonly string[]) =>
    error === 'field_invalid' && Object.keys(errors).length > 0
      ? null
      : placeError(error, formFields, named(error));
  const fieldError = (field: string, placed: ReturnType<typeof placedIn>) => {
    const problem = errors[field];
    if (problem) return fieldMessage(t, problem);
    return placed?.field === field ? errorText(placed.code) : null;
  };
  const submit = (fields: Record<string, string>) => {
    clear();
    send({ type: 'forgot.submit', fields });
  };

  const result =
    snapshot.matches('loggedIn') && snapshot.status === 'done' ? snapshot.output : null;
  useOnceWhen(
    result,
    (output) => void completeLogin({ result: output, password: null, mustChangePassword: false }),
  );

  if (
    snapshot.matches('emailCode') ||
    snapshot.matches('resendingEmail') ||
    snapshot.matches('resettingByEmail')
  ) {
    const placed = placedIn(['verificationCode', 'newPassword']);
    return (
      <div className="auth" data-testid="reset-email-code">
        <p role="status">{t('auth.resetCodeSent', { email: fields.email ?? '' })}</p>
        <form
          className="auth-form"
          noValidate
          aria-busy={busy}
          onSubmit={(event) => submit(readForm(event))}
        >
          <Field
            label={t('auth.verificationCode')}
            name="verificationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            error={fieldError('verificationCode', placed)}
          />
          <Field
            label={t('auth.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            error={fieldError('newPassword', placed)}
          />
          {placed && !placed.field && (
            <p className="form-error" role="alert">
              {errorText(placed.code)}
            </p>
          )}
          <Button type="submit" variant="primary" block disabled={busy}>
            {busy ? t('common.loading') : t('auth.resetPassword')}
          </Button>
        </form>
        <div className="auth-links">
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => {
              clear();
              send({ type: 'forgot.resend' });
            }}
          >
            {t('auth.resendCode')}
          </button>
          <button
            type="button"
            className="link-button"
            disabled={busy}
            onClick={() => send({ type: 'forgot.back' })}
          >
            {t('auth.changeEmail')}
          </button>
        </div>
      </div>
    );
  }
  const placed = placedIn(
    tab === 'email' ? ['username', 'email'] : ['mobileNum', 'verificationCode', 'newPassword'],
  );
  return (
    <div className="auth">
      <Tabs
        label={t('auth.forgotTitle')}
        tabs={['email', 'mobile'] as const}
        current={tab}
        onSelect={(name) => send({ type: 'forgot.switchTab', tab: name })}
      />
      <form
        className="auth-form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => submit(readForm(event))}
      >
        {tab === 'email' ? (
          <>
            <Field
              label={t('auth.username')}
              name="username"
              autoComplete="username"
              required
              error={fieldError('username', placed)}
            />
            <Field
              label={t('register.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              error={fieldError('email', placed)}
            />
          </>
        ) : (
          <>
            <MobileCodeFields
              purpose="login"
              errors={{
                mobileNum: fieldError('mobileNum', placed),
                verificationCode: fieldError('verificationCode', placed),
              }}
            />
            <Field
              label={t('auth.newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              error={fieldError('newPassword', placed)}
            />
          </>
        )}
        {placed && !placed.field && (
          <p className="form-error" role="alert">
            {errorText(placed.code)}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={busy}>
          {busy ? t('common.loading') : t(tab === 'email' ? 'auth.send' : 'auth.resetPassword')}
        </Button>
      </form>
    </div>
  );
}

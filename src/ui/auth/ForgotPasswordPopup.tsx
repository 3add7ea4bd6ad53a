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
  const machine = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          sendResetEmail: fromPromise(({ input }) =>
            authModule.resetByEmail(input.username, input.email).then(() => undefined),
          ),
          resetByEmailCode: fromPromise(({ input }) => authModule.resetByEmailCode(input)),
          resetByMobile: fromPromise(({ input }) => authModule.resetByMobile(input)),
        },
      }),
    [authModule],
  );
  const [snapshot, send] = useMachine(machine, { input: { passwordRule } });
  const { tab, error, errors, fields } = snapshot.context;
  const busy =
    snapshot.matches('sendingEmail') ||
    snapshot.matches('resetting') ||
    snapshot.matches('resendingEmail') ||
    snapshot.matches('resettingByEmail');
  const errorFor = (field: string) => (errors[field] ? fieldMessage(t, errors[field]) : null);

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
    return (
      <div className="auth" data-testid="reset-email-code">
        <p role="status">{t('auth.resetCodeSent', { email: fields.email ?? '' })}</p>
        <form
          className="auth-form"
          noValidate
          aria-busy={busy}
          onSubmit={(event) => send({ type: 'forgot.submit', fields: readForm(event) })}
        >
          <Field
            label={t('auth.verificationCode')}
            name="verificationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            error={errorFor('verificationCode')}
          />
          <Field
            label={t('auth.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            error={errorFor('newPassword')}
          />
          {error && error !== 'field_invalid' && (
            <p className="form-error" role="alert">
              {errorText(error)}
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
            onClick={() => send({ type: 'forgot.resend' })}
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
        onSubmit={(event) => send({ type: 'forgot.submit', fields: readForm(event) })}
      >
        {tab === 'email' ? (
          <>
            <Field label={t('auth.username')} name="username" autoComplete="username" required />
            <Field
              label={t('register.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
            />
          </>
        ) : (
          <>
            <MobileCodeFields purpose="login" />
            <Field
              label={t('auth.newPassword')}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
            />
          </>
        )}
        {error && (
          <p className="form-error" role="alert">
            {errorText(error)}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={busy}>
          {busy ? t('common.loading') : t(tab === 'email' ? 'auth.send' : 'auth.resetPassword')}
        </Button>
      </form>
    </div>
  );
}

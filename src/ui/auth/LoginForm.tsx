import { useMachine } from '@xstate/react';
import { useOnceWhen } from '../hooks/useOnceWhen';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { type LoginTab, loginMachine } from '../../machines/login';
import type { LoginPortal } from '../../shared/identity';
import { isFeatureEnabled, WhitelabelFlag } from '../../shared/system';
import { useSiteInfo } from '../core/SiteInfoContext';
import { CaptchaBox } from './CaptchaBox';
import { Field } from '../components/Field';
import { Tabs } from './Tabs';
import { readForm } from './formData';
import { MobileCodeFields } from './MobileCodeFields';
import { rememberedUsername, rememberUsername } from './rememberMe';
import { useErrorText } from '../components/forms/useErrorText';
import { Button } from '../components/Button';
import type { LoginOutcome } from '../core/session/useAuthActions';
import { useRgRefusalText } from '../core/rgRefusal';
import { authFeature } from '../../app/features/auth';
import { useFeature } from '../core/useFeature';

export type { LoginOutcome };

/**
 * The login form (spec 2 login popup, 4 "Password login"): username tab and mobile (SMS code)
 * tab, driven by the login machine. Used by the popup and by the agent landing page.
 */
export function LoginForm({
  portal,
  onDone,
}: {
  portal: LoginPortal;
  onDone: (outcome: LoginOutcome) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const refusalText = useRgRefusalText();
  const authModule = useFeature(authFeature);
  const whitelabel = useSiteInfo().info.whitelabel;
  const mobileLogin =
    portal === 'player' && isFeatureEnabled(whitelabel, WhitelabelFlag.mobileCodeLogin);
  const [remember, setRemember] = useState(() => rememberedUsername() !== '');
  const typedPassword = useRef<string | null>(null);

  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          proveHuman: fromPromise(() => authModule.proveHuman()),
          submitLogin: fromPromise(({ input }) => authModule.login(input)),
          loadCaptcha: fromPromise(() => authModule.captcha()),
        },
      }),
    [authModule],
  );
  const [snapshot, send] = useMachine(machine, { input: { portal } });
  const { tab, captchaRequired, captcha, error, errorValue } = snapshot.context;
  // A time-out or self-exclusion says until when (issue 17).
  const said = error ? refusalText({ code: error, value: errorValue }) : null;
  const busy = snapshot.matches('provingHuman') || snapshot.matches('submitting');

  const finished = snapshot.status === 'done' ? snapshot.output : null;
  const mustChangePassword = snapshot.matches('changePasswordRequired');
  useOnceWhen(finished, (result) =>
    onDone({ result, password: typedPassword.current, mustChangePassword }),
  );

  const tabs: LoginTab[] = mobileLogin ? ['username', 'mobile'] : ['username'];

  const busyLabel = snapshot.matches('provingHuman')
    ? t('auth.verifyingHuman')
    : t('auth.loggingIn');

  // The new-address code form stays while its code is checked (the busy states): the login
  // form it came from must not flash back, empty, in between.
  if (snapshot.matches('ipVerification') || (snapshot.context.ipVerification && busy)) {
    return (
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) =>
          send({
            type: 'login.submit',
            fields: { ipVerificationCode: readForm(event).ipVerificationCode },
          })
        }
      >
        <p>{t('auth.ipVerificationInfo')}</p>
        <Field
          label={t('auth.verificationCode')}
          name="ipVerificationCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={errorText(error)}
        />
        <div className="form-actions">
          <Button onClick={() => send({ type: 'login.cancel' })}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? busyLabel : t('common.confirm')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="auth">
      <Tabs
        label={t('auth.loginTitle')}
        tabs={tabs}
        current={tab}
        onSelect={(name) => send({ type: 'login.switchTab', tab: name })}
      />
      <form
        className="auth-form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          const fields = readForm(event);
          typedPassword.current = fields.password ?? null;
          if (tab === 'username') rememberUsername(remember ? (fields.username ?? '') : null);
          send({ type: 'login.submit', fields });
        }}
      >
        {tab === 'username' ? (
          <>
            <Field
              label={t('auth.username')}
              name="username"
              autoComplete="username"
              required
              defaultValue={rememberedUsername()}
            />
            <Field
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            {captchaRequired && (
              <CaptchaBox
                captcha={captcha}
                refreshing={snapshot.matches('loadingCaptcha')}
                onRefresh={() => send({ type: 'login.refreshCaptcha' })}
              />
            )}
            <label className="checkbox">
              <input
                type="checkbox"
                name="remember"
                checked={remember}
                onChange={(event) => setRemember(event.target.checked)}
              />
              {t('auth.rememberMe')}
            </label>
          </>
        ) : (
          <MobileCodeFields purpose="login" />
        )}
        {error && (
          <p className="form-error" role="alert" data-testid="login-error">
            {said ?? errorText(error)}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={busy} data-testid="login-submit">
          {busy ? busyLabel : t('auth.login')}
        </Button>
      </form>
    </div>
  );
}

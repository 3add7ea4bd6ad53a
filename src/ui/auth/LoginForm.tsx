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
import { placeError } from '../components/forms/errorFields';
import { Button } from '../components/Button';
import type { LoginOutcome } from '../core/session/useAuthActions';
import { useRgRefusalText } from '../core/rgRefusal';
import { authFeature } from '../../app/features/auth';
import { useFeature } from '../core/useFeature';

export type { LoginOutcome };

const MOBILE = /^[0-9]{6,15}$/;

/** The fields of a tab, by the names its refusals are placed by (errorFields.ts). */
function tabFields(tab: LoginTab, captchaRequired: boolean): string[] {
  if (tab === 'mobile') return ['mobileNum', 'verificationCode'];
  return captchaRequired ? ['username', 'password', 'captcha'] : ['username', 'password'];
}

/**
 * The first field the login machine's own check finds missing (its `field_invalid` names
 * none; see loginFieldsValid), so the message shows under it. Null when none is.
 */
function missingField(
  tab: LoginTab,
  captchaRequired: boolean,
  fields: Record<string, string>,
): string | null {
  return (
    tabFields(tab, captchaRequired).find((name) =>
      name === 'mobileNum' ? !MOBILE.test(fields[name] ?? '') : (fields[name] ?? '') === '',
    ) ?? null
  );
}

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
  // The field the last submit left empty: where the form's own `field_invalid` shows.
  const [missing, setMissing] = useState<string | null>(null);

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
  const shown = said ?? errorText(error);
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
    // The code's own refusals (and an empty code) under it; the rest above the buttons.
    const placed = placeError(
      error,
      ['verificationCode'],
      error === 'field_invalid' ? 'verificationCode' : null,
    );
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
          error={placed?.field ? shown : null}
          errorTestId="login-error"
        />
        {placed && !placed.field && (
          <p className="form-error" role="alert" data-testid="login-error">
            {shown}
          </p>
        )}
        <div className="form-actions">
          <Button onClick={() => send({ type: 'login.cancel' })}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? busyLabel : t('common.confirm')}
          </Button>
        </div>
      </form>
    );
  }

  // A refusal under the field it belongs to (errorFields.ts), the rest above the button; the
  // message keeps its test id wherever it shows.
  const placed = placeError(
    error,
    tabFields(tab, captchaRequired),
    error === 'field_invalid' ? missing : null,
  );
  const under = (field: string) => (placed?.field === field ? shown : null);
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
          setMissing(missingField(tab, captchaRequired, fields));
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
              error={under('username')}
              errorTestId="login-error"
            />
            <Field
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={under('password')}
              errorTestId="login-error"
            />
            {captchaRequired && (
              <CaptchaBox
                captcha={captcha}
                refreshing={snapshot.matches('loadingCaptcha')}
                onRefresh={() => send({ type: 'login.refreshCaptcha' })}
                error={under('captcha')}
                errorTestId="login-error"
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
          <MobileCodeFields
            purpose="login"
            errors={{
              mobileNum: under('mobileNum'),
              verificationCode: under('verificationCode'),
            }}
            errorTestId="login-error"
          />
        )}
        {placed && !placed.field && (
          <p className="form-error" role="alert" data-testid="login-error">
            {shown}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={busy} data-testid="login-submit">
          {busy ? busyLabel : t('auth.login')}
        </Button>
      </form>
    </div>
  );
}

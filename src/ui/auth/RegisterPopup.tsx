import { useMachine } from '@xstate/react';
import { useOnceWhen } from '../hooks/useOnceWhen';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { registrationMachine } from '../../machines/registration';
import { isFeatureEnabled, WhitelabelFlag } from '../../shared/system';
import { useDialog } from '../components/DialogProvider';
import { usePopups } from '../core/PopupContext';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSiteInfo } from '../core/SiteInfoContext';
import { fieldMessage } from '../components/forms/fieldMessages';
import { Field } from '../components/Field';
import { Tabs } from './Tabs';
import { readForm } from './formData';
import { MobileCodeFields } from './MobileCodeFields';
import {
  type RegistrationConfig,
  useRegistrationRules,
} from '../components/forms/useRegistrationRules';
import { useErrorText } from '../components/forms/useErrorText';
import { placeError } from '../components/forms/errorFields';
import { useNamedField } from '../components/forms/useNamedField';
import { LoadFailed } from '../components/LoadFailed';
import { Button } from '../components/Button';
import { authFeature } from '../../app/features/auth';
import { useFeature } from '../core/useFeature';

/** Optional fields in the order the form shows them, with their input types. */
const optionalFields: [string, string, string][] = [
  ['payeeName', 'text', 'name'],
  ['email', 'email', 'email'],
  ['nickname', 'text', 'nickname'],
  ['birthday', 'text', 'bday'],
  ['qqNum', 'text', 'off'],
  ['line', 'text', 'off'],
  ['whatsapp', 'tel', 'off'],
  ['facebook', 'text', 'off'],
  ['telegram', 'text', 'off'],
  ['zalo', 'tel', 'off'],
  ['wechat', 'text', 'off'],
  ['idNumber', 'text', 'off'],
  ['recommenderId', 'text', 'off'],
  ['affiliateCode', 'text', 'off'],
  ['paymentPassword', 'password', 'new-password'],
];

/** The register popup's content (spec 2, 4 "Register"): waits for the field settings first. */
export default function RegisterPopup() {
  const { t } = useTranslation();
  const { config, failed, retry } = useRegistrationRules();
  if (failed) {
    return <LoadFailed onRetry={retry} />;
  }
  if (!config) {
    return (
      <p className="section-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  return <RegisterForm config={config} />;
}

function RegisterForm({ config }: { config: RegistrationConfig }) {
  const { t } = useTranslation();
  const termsErrorId = useId();
  const errorText = useErrorText();
  const authModule = useFeature(authFeature);
  const dialog = useDialog();
  const popups = usePopups();
  const { completeLogin } = useAuthActions();
  const [params] = useSearchParams();
  const whitelabel = useSiteInfo().info.whitelabel;
  const mobileEnabled = isFeatureEnabled(whitelabel, WhitelabelFlag.mobileRegistration);
  const usernameEnabled = isFeatureEnabled(whitelabel, WhitelabelFlag.usernameRegistration);
  // The field a refusal names (`value.field`: any field the server's rules refuse).
  const { note, clear, named } = useNamedField();

  const machine = useMemo(
    () =>
      registrationMachine.provide({
        actors: {
          checkAffiliate: fromPromise(({ input }) =>
            authModule.checkAffiliate(input.code).then(() => true),
          ),
          proveHuman: fromPromise(() => authModule.proveHuman()),
          submitRegistration: fromPromise(({ input }) =>
            authModule
              .register(input.tab, {
                ...input.fields,
                altcha: input.altcha,
                login: true,
                registerMethod: 'WEB',
                registerUrl: window.location.href,
                domain: window.location.hostname,
              })
              .catch(note),
          ),
        },
      }),
    [authModule, note],
  );
  const [snapshot, send] = useMachine(machine, {
    input: {
      settings: config.settings,
      rules: config.rules,
      referralCode: params.get('referralCode'),
      mobileEnabled,
    },
  });
  // A brand that offers only mobile registration opens on the mobile tab.
  useEffect(() => {
    if (!usernameEnabled && mobileEnabled) send({ type: 'register.switchTab', tab: 'mobile' });
  }, [usernameEnabled, mobileEnabled, send]);
  const { tab, errors, error } = snapshot.context;
  const busy = !snapshot.matches('editing') && !snapshot.matches('affiliateRejected');

  useEffect(() => {
    if (!snapshot.matches('affiliateRejected')) return;
    void dialog({
      icon: 'warning',
      title: t('invitation_code_error'),
      buttons: [{ key: 'ok', label: t('in_increase_submit'), primary: true }],
    }).then(() => send({ type: 'register.dismiss' }));
  }, [snapshot, dialog, send, t]);

  const result = snapshot.status === 'done' ? snapshot.output : null;
  useOnceWhen(
    result,
    (output) => void completeLogin({ result: output, password: null, mustChangePassword: false }),
  );

  const shown = optionalFields.filter(([field]) => config.settings[field]?.enabled);
  // The form's own problems under their fields; a refusal under the field it belongs to
  // (errorFields.ts), else above the button.
  const formFields = [
    ...(tab === 'username' ? ['username'] : ['mobileNum', 'verificationCode']),
    'password',
    'confirmPassword',
    ...shown.map(([field]) => field),
  ];
  const placed = placeError(error, formFields, named(error));
  const errorFor = (field: string) => {
    const problem = errors[field];
    if (problem) return fieldMessage(t, problem);
    return placed?.field === field ? errorText(placed.code) : null;
  };

  return (
    <div className="auth">
      <Tabs
        label={t('auth.registerTitle')}
        tabs={mobileEnabled && usernameEnabled ? (['username', 'mobile'] as const) : []}
        current={tab}
        onSelect={(name) => send({ type: 'register.switchTab', tab: name })}
      />
      <form
        className="auth-form"
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          const fields = readForm(event);
          const acceptedTerms = fields.acceptTerms === 'on';
          delete fields.acceptTerms;
          clear();
          send({ type: 'register.submit', fields, acceptedTerms });
        }}
      >
        {tab === 'username' ? (
          <Field
            label={t('auth.username')}
            name="username"
            autoComplete="username"
            required
            error={errorFor('username')}
          />
        ) : (
          <MobileCodeFields
            purpose="register"
            errors={{
              mobileNum: errorFor('mobileNum'),
              verificationCode: errorFor('verificationCode'),
            }}
          />
        )}
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errorFor('password')}
        />
        <Field
          label={t('auth.confirmPassword')}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errorFor('confirmPassword')}
        />
        {shown.map(([field, type, autoComplete]) => (
          <Field
            key={field}
            label={t(`register.${field}`)}
            name={field}
            type={type}
            autoComplete={autoComplete}
            required={config.settings[field]?.required}
            defaultValue={
              field === 'affiliateCode' ? (params.get('affiliateCode') ?? '') : undefined
            }
            error={errorFor(field)}
          />
        ))}
        <input
          type="hidden"
          name="referralCode"
          value={snapshot.context.fields.referralCode ?? params.get('referralCode') ?? ''}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="acceptTerms"
            aria-invalid={errors.terms || errors.age ? true : undefined}
            aria-describedby={errors.terms || errors.age ? termsErrorId : undefined}
          />
          <span>
            {t('auth.acceptTerms')} <Link to="/help#term">{t('footer.terms')}</Link>
          </span>
        </label>
        {(errors.terms || errors.age) && (
          <p id={termsErrorId} className="field-error" role="alert">
            {t('auth.termsRequired')}
          </p>
        )}
        {placed && !placed.field && (
          <p className="form-error" role="alert" data-testid="register-error">
            {errorText(placed.code)}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={busy}>
          {snapshot.matches('provingHuman')
            ? t('auth.verifyingHuman')
            : busy
              ? t('common.loading')
              : t('auth.register')}
        </Button>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={() => popups.open('login')}>
          {t('auth.haveAccount')}
        </button>
      </div>
    </div>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { supportLogin } from '../../app/features/chatClient';

/**
 * The console's login form: support staff sign in with their name and password, and with the
 * code from their authenticator app (or a recovery code) once two-factor sign-in is set up: the
 * code field appears when the server asks for it.
 */
export function SupportLogin({
  notice,
  onLoggedIn,
  title,
  intro,
}: {
  notice: string | null;
  onLoggedIn: (token: string) => void;
  /** The page's name and who it is for (the back office signs in with the same form). */
  title?: string;
  intro?: string;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !password) {
      setError(errorText('support_login_failed'));
      return;
    }
    setBusy(true);
    setError(null);
    const given = code.trim();
    const second = !given ? {} : /^\d{6}$/.test(given) ? { code: given } : { recoveryCode: given };
    supportLogin(() => i18n.language.toUpperCase(), name, password, second).then(
      onLoggedIn,
      (failure) => {
        setBusy(false);
        const failed = errorCodeOf(failure);
        if (failed === 'staff_code_required' || failed === 'staff_code_wrong') setAskCode(true);
        setError(errorText(failed));
      },
    );
  };
  return (
    <main className="support-login" data-testid="support-login">
      <form className="card support-login-card" onSubmit={submit} noValidate>
        <h1>{title ?? t('support.title')}</h1>
        <p className="field-hint">{intro ?? t('support.loginIntro')}</p>
        {notice && (
          <p className="field-error" role="alert">
            {notice}
          </p>
        )}
        <Field
          label={t('support.name')}
          name="name"
          autoComplete="username"
          autoCapitalize="none"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          label={t('support.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={askCode ? undefined : error}
          onChange={(event) => setPassword(event.target.value)}
        />
        {askCode && (
          <Field
            label={t('support.code')}
            hint={t('support.codeHint')}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
        <Button type="submit" variant="primary" block busy={busy}>
          {t('support.logIn')}
        </Button>
      </form>
    </main>
  );
}

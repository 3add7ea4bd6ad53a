import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { supportLogin } from '../../app/features/chatClient';

/** The console's login form: support staff sign in with their name and password. */
export function SupportLogin({
  notice,
  onLoggedIn,
}: {
  notice: string | null;
  onLoggedIn: (token: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
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
    supportLogin(() => i18n.language.toUpperCase(), name, password).then(onLoggedIn, (failure) => {
      setBusy(false);
      setError(errorText(errorCodeOf(failure)));
    });
  };
  return (
    <main className="support-login" data-testid="support-login">
      <form className="card support-login-card" onSubmit={submit} noValidate>
        <h1>{t('support.title')}</h1>
        <p className="field-hint">{t('support.loginIntro')}</p>
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
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="primary" block busy={busy}>
          {t('support.logIn')}
        </Button>
      </form>
    </main>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackOffice } from '../../app/features/backOffice';
import type { TwoFactorSetup } from '../../shared/backOffice';
import type { StaffMe } from '../../shared/chat';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { Field } from '../components/Field';
import { QrCode } from '../components/QrCode';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';

/**
 * Setting up two-factor sign-in (issue 30): the QR code for an authenticator app (and its
 * secret, for an app that cannot scan), a first code to confirm it, then the ten recovery
 * codes, shown once.
 */
export function TwoFactorSetupPanel({
  office,
  staff,
  onDone,
}: {
  office: BackOffice;
  staff: StaffMe;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  const start = () => {
    setBusy(true);
    setError(null);
    office.setupTwoFactor().then(
      (started) => {
        setBusy(false);
        setSetup(started);
      },
      (failure) => {
        setBusy(false);
        setError(errorText(errorCodeOf(failure)));
      },
    );
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(errorText('staff_code_wrong'));
      return;
    }
    setBusy(true);
    setError(null);
    office.confirmTwoFactor(code.trim()).then(
      (answer) => {
        setBusy(false);
        setRecovery(answer.recoveryCodes);
      },
      (failure) => {
        setBusy(false);
        setError(errorText(errorCodeOf(failure)));
      },
    );
  };

  if (recovery) {
    return (
      <Card title={t('backOffice.recoveryTitle')} data-testid="recovery-codes">
        <p>{t('backOffice.recoveryBody')}</p>
        <ul className="recovery-codes">
          {recovery.map((one) => (
            <li key={one}>
              <code>{one}</code>
            </li>
          ))}
        </ul>
        <Button variant="primary" onClick={onDone}>
          {t('backOffice.recoverySaved')}
        </Button>
      </Card>
    );
  }
  return (
    <Card title={t('backOffice.twoFactorTitle')} data-testid="two-factor-setup">
      <p>{t('backOffice.twoFactorBody', { name: staff.name })}</p>
      {!setup ? (
        <>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <Button variant="primary" busy={busy} onClick={start}>
            {t('backOffice.twoFactorStart')}
          </Button>
        </>
      ) : (
        <form className="two-factor-form" onSubmit={confirm} noValidate>
          <QrCode url={setup.uri} size={192} alt={t('backOffice.qrAlt')} />
          <p className="field-hint">
            {t('backOffice.secretLabel')}{' '}
            <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
          <Field
            label={t('support.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={error}
            onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
          />
          <Button type="submit" variant="primary" busy={busy}>
            {t('backOffice.twoFactorConfirm')}
          </Button>
        </form>
      )}
    </Card>
  );
}

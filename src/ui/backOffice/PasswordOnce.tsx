import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { useToast } from '../components/Toast';
import { useShownOnOpen } from './useShownOnOpen';

/** A generated password, shown this once, with a copy button and how to hand it over. */
export function PasswordOnce({
  name,
  password,
  onDone,
}: {
  name: string;
  password: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const copy = () => {
    navigator.clipboard.writeText(password).then(
      () => toast(t('backOffice.admin.copied'), { tone: 'success' }),
      () => toast(t('backOffice.admin.copyFailed'), { tone: 'error' }),
    );
  };
  const ref = useShownOnOpen();
  return (
    <div ref={ref}>
      <Card
        title={t('backOffice.admin.passwordTitle', { name })}
        className="staff-password"
        data-testid="staff-password"
      >
        <p className="staff-password-value">
          <code data-testid="staff-password-value">{password}</code>
        </p>
        <p>{t('backOffice.admin.passwordBody')}</p>
        <div className="admin-actions">
          <Button onClick={copy}>{t('backOffice.admin.copy')}</Button>
          <Button variant="primary" onClick={onDone}>
            {t('backOffice.admin.passwordDone')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

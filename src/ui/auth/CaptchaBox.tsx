import { useTranslation } from 'react-i18next';
import type { CaptchaImage } from '../../shared/identity';
import { Field } from '../components/Field';

/** The captcha shown after failed logins: the server's image, a refresh, and the answer. */
export function CaptchaBox({
  captcha,
  onRefresh,
  refreshing,
  error,
  errorTestId,
}: {
  captcha: CaptchaImage | null;
  onRefresh: () => void;
  refreshing: boolean;
  error?: string | null;
  /** The error's test id (the login form's keeps one wherever it shows). */
  errorTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="captcha-box" data-testid="captcha-box">
      <Field
        label={t('auth.captcha')}
        name="captcha"
        autoComplete="off"
        inputMode="text"
        maxLength={6}
        required
        error={error}
        errorTestId={errorTestId}
        addon={
          <button
            type="button"
            className="captcha-image"
            onClick={onRefresh}
            disabled={refreshing}
            title={t('auth.captchaRefresh')}
            aria-label={t('auth.captchaRefresh')}
          >
            {captcha ? (
              <img
                src={captcha.image}
                alt={t('auth.captchaImage')}
                data-captcha-id={captcha.captchaId}
                width={120}
                height={44}
              />
            ) : (
              <span className="spinner" aria-hidden="true" />
            )}
          </button>
        }
      />
    </div>
  );
}

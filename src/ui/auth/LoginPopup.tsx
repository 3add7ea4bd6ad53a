import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isFeatureEnabled, WhitelabelFlag } from '../../shared/system';
import { useErrorText } from '../components/forms/useErrorText';
import { usePopups } from '../core/PopupContext';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSiteInfo } from '../core/SiteInfoContext';
import { LoginForm } from './LoginForm';
import { Button } from '../components/Button';
import { authFeature } from '../../app/features/auth';
import { useFeature } from '../core/useFeature';

/** The login popup's content: the form, then the way to register, reset, or try for free. */
export default function LoginPopup() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const popups = usePopups();
  const location = useLocation();
  const authModule = useFeature(authFeature);
  const { completeLogin } = useAuthActions();
  const freePlay = isFeatureEnabled(useSiteInfo().info.whitelabel, WhitelabelFlag.freePlay);
  const [trial, setTrial] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  // The guard sent us here from a page that needs a login: go back there afterwards.
  const from = (location.state as { from?: string } | null)?.from;

  const startTrial = async () => {
    setTrial({ busy: true, error: null });
    try {
      const result = await authModule.freePlay();
      await completeLogin({ result, password: null, mustChangePassword: false });
      setTrial({ busy: false, error: null });
    } catch (error) {
      setTrial({ busy: false, error: (error as { code?: string }).code ?? 'unknown_error' });
    }
  };

  return (
    <div className="login-popup">
      <LoginForm portal="player" onDone={(outcome) => void completeLogin(outcome, { from })} />
      <div className="auth-links">
        <button type="button" className="link-button" onClick={() => popups.open('forgotPassword')}>
          {t('auth.forgotPassword')}
        </button>
        <button type="button" className="link-button" onClick={() => popups.open('register')}>
          {t('auth.noAccount')}
        </button>
      </div>
      {freePlay && (
        <div className="free-play">
          <Button
            block
            disabled={trial.busy}
            onClick={() => void startTrial()}
            data-testid="free-play"
          >
            {trial.busy ? t('common.loading') : t('auth.freePlay')}
          </Button>
          {trial.error && (
            <p className="form-error" role="alert">
              {errorText(trial.error)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { lazySection } from '../../core/lazySection';
import { Modal } from '../../components/Modal';
import { isPopupRoute, type PopupName, usePopups } from '../../core/PopupContext';

// The forms load with their popup: the home page's first download stays small.
const LoginPopup = lazySection('LoginPopup', () => import('../../auth/LoginPopup'));
const RegisterPopup = lazySection('RegisterPopup', () => import('../../auth/RegisterPopup'));
const ForgotPasswordPopup = lazySection(
  'ForgotPasswordPopup',
  () => import('../../auth/ForgotPasswordPopup'),
);
const HelpContent = lazySection('HelpPopup', () => import('./HelpPopup'), {
  sectionTexts: false,
});
const ChangePasswordPopup = lazySection(
  'ChangePasswordPopup',
  () => import('../../auth/ChangePasswordPopup'),
);

const titles: Record<Exclude<PopupName, 'help'>, string> = {
  login: 'auth.loginTitle',
  register: 'auth.registerTitle',
  forgotPassword: 'auth.forgotTitle',
  changePassword: 'auth.changePasswordTitle',
};

/**
 * Renders whichever popup is open; closing one opened by its route goes back to home. Fetched
 * with the first popup opened (Popups.tsx).
 */
export function PopupsView() {
  const { t } = useTranslation();
  const { current, data, close } = usePopups();
  const location = useLocation();
  const navigate = useNavigate();
  const onClose = () => {
    close();
    if (isPopupRoute(location.pathname)) void navigate('/', { replace: true });
  };
  const authPopup = current && current !== 'help' ? current : null;
  return (
    <>
      {authPopup && (
        <Modal
          name={authPopup}
          title={t(titles[authPopup])}
          open
          onClose={onClose}
          // A forced password change cannot be skipped.
          showClose={authPopup !== 'changePassword' || !data.reason}
        >
          {authPopup === 'login' && <LoginPopup />}
          {authPopup === 'register' && <RegisterPopup />}
          {authPopup === 'forgotPassword' && <ForgotPasswordPopup />}
          {authPopup === 'changePassword' && <ChangePasswordPopup />}
        </Modal>
      )}
      <Modal name="help" title={t('help.title')} open={current === 'help'} onClose={onClose}>
        {current === 'help' && <HelpContent anchor={location.hash.slice(1) || null} />}
      </Modal>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Modal } from '../components/Modal';

/**
 * The login and register popups' frames. Their forms (captcha, SMS, registration rules) are
 * issue 3's; until then the popup says so plainly instead of showing a dead form.
 */
export function AuthPopup({
  kind,
  open,
  onClose,
}: {
  kind: 'login' | 'register';
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      name={kind}
      title={t(kind === 'login' ? 'auth.loginTitle' : 'auth.registerTitle')}
      open={open}
      onClose={onClose}
    >
      <p>{t('auth.comingSoon')}</p>
    </Modal>
  );
}

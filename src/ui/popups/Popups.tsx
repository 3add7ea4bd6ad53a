import { useLocation, useNavigate } from 'react-router-dom';
import { AuthPopup } from './AuthPopups';
import { HelpPopup } from './HelpPopup';
import { usePopups } from './PopupContext';

/** Routes that exist only to open a popup over home (spec 2: /login, /register, /help). */
const popupRoutes = ['/login', '/register', '/help'];

/** Renders whichever popup is open; closing one opened by its route goes back to home. */
export function Popups() {
  const { current, close } = usePopups();
  const location = useLocation();
  const navigate = useNavigate();
  const onClose = () => {
    close();
    if (popupRoutes.includes(location.pathname.toLowerCase()))
      void navigate('/', { replace: true });
  };
  return (
    <>
      <AuthPopup kind="login" open={current === 'login'} onClose={onClose} />
      <AuthPopup kind="register" open={current === 'register'} onClose={onClose} />
      <HelpPopup
        open={current === 'help'}
        onClose={onClose}
        anchor={location.hash.slice(1) || null}
      />
    </>
  );
}

import { FIRST_LOGIN_KEY } from '../popupKeys';
import type { LoginResult } from '../../../shared/identity';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { roleOf } from '../../../shared/identity';
import { useServices } from '../ServicesContext';
import { hideLoader, showLoader } from '../loader';
import { useDialog } from '../../components/DialogProvider';
import { useToast } from '../../components/Toast';
import { isPopupRoute, usePopups } from '../PopupContext';
import { useSession } from './useSession';
import { isCompleteLanguage } from '../../../shared/languages';

export interface LoginOutcome {
  result: LoginResult;
  /** The password just typed: the forced change-password popup uses it as the old one. */
  password: string | null;
  mustChangePassword: boolean;
}

/**
 * What happens around a login and a logout (spec 4): the outcomes of a login, the logout
 * confirmation, and the prompt for actions that need a real account.
 */
export function useAuthActions() {
  const { t } = useTranslation();
  const services = useServices();
  const popups = usePopups();
  const dialog = useDialog();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();

  /** After the login machine finished: change password, or log in and go where the role goes. */
  const completeLogin = useCallback(
    async (outcome: LoginOutcome, options: { from?: string } = {}) => {
      if (outcome.mustChangePassword) {
        // The token works for the change-password call; the session starts after the change.
        services.session.holdForPasswordChange(outcome.result.token);
        popups.open('changePassword', {
          currentPassword: outcome.password ?? undefined,
          reason: outcome.result.defaultPassword ? 'default' : 'expired',
        });
        return;
      }
      popups.close();
      // Before the login is announced: the announcements asked for then include the
      // first-login pop-ups (execution F).
      if (outcome.result.firstTimeLogin) sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
      else sessionStorage.removeItem(FIRST_LOGIN_KEY);
      // The session loads the member (its one call): greeted and routed with what it got.
      const member = await services.session.login(outcome.result.token);
      // The language the member chose last, on whatever device, comes back with the login.
      if (
        member?.language &&
        isCompleteLanguage(member.language) &&
        member.language !== services.language.current()
      )
        await services.language.change(member.language);
      if (outcome.result.firstTimeLogin) {
        // Spec 4 "first-login action": a welcome for a brand-new account.
        void dialog({
          icon: 'success',
          title: t('auth.welcomeNew'),
          timeout: 3000,
          buttons: [{ key: 'ok', label: t('common.confirm'), primary: true }],
        });
      } else if (member) {
        // The after-login greeting: a toast, so the page stays usable at once.
        toast(t('auth.welcomeBack', { name: member.nickname }), { tone: 'success' });
      }
      // The login page's address is left (issue 34): a reload or pull-to-refresh there showed
      // the login form over a logged-in page. `replace`: Back does not return to it either.
      const leaving = isPopupRoute(location.pathname);
      if (roleOf(member) === 'agent') void navigate('/agentHome', { replace: leaving });
      else if (options.from) void navigate(options.from, { replace: true });
      else if (leaving) void navigate('/', { replace: true });
    },
    [dialog, location.pathname, navigate, popups, services, t, toast],
  );

  /** Spec 4 logout: confirm, loader, server call, storage cleared, home (or /agent). */
  const logout = useCallback(
    async (destination: '/' | '/agent' = '/') => {
      const answer = await dialog({
        icon: 'warning',
        title: t('in_popup_prompt'),
        html: `<p>${t('in_sure_logout')}</p>`,
        buttons: [
          { key: 'cancel', label: t('in_more_cancel') },
          { key: 'confirm', label: t('in_increase_submit'), primary: true },
        ],
      });
      if (answer !== 'confirm') return;
      showLoader();
      services.session.logout();
      void navigate(destination);
      // The session machine ends in guest whatever the server said; the loader goes with it.
      setTimeout(hideLoader, 300);
    },
    [dialog, navigate, services, t],
  );

  /** Spec 5: real-money and member actions are for real accounts; guests are asked to log in. */
  const requireRealAccount = useCallback(
    (action: () => void) => {
      if (!session.isLogin) {
        popups.open('login');
        return;
      }
      if (session.isTrial) {
        void dialog({
          icon: 'info',
          title: t('in_need_true_account'),
          buttons: [{ key: 'ok', label: t('in_increase_submit'), primary: true }],
        });
        return;
      }
      action();
    },
    [dialog, popups, session.isLogin, session.isTrial, t],
  );

  return { completeLogin, logout, requireRealAccount };
}

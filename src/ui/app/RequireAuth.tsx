import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useDialog } from '../components/DialogProvider';
import { useServices } from '../core/ServicesContext';
import { useSession } from '../core/session/useSession';

/**
 * Spec 2 route guard: no token in session storage and the route needs one → /login (or the
 * agent landing for the back office). `agent` routes also need an agent session (spec 2:
 * "non-agents are redirected to /agent"). The server checks every call regardless.
 */
export function RequireAuth({
  children,
  redirectTo = '/login',
  agent = false,
  realAccount = false,
}: {
  children: ReactNode;
  redirectTo?: string;
  agent?: boolean;
  /** Member centre and money pages: a trial account is told it needs a real one. */
  realAccount?: boolean;
}) {
  const location = useLocation();
  const session = useSession();
  const services = useServices();
  const from = location.pathname + location.search;
  // A break or self-exclusion ended the session (issue 17): home, where the page says until
  // when; the login would only refuse.
  if (services.session.endedBecause() === 'excluded' && !session.isLogin)
    return <Navigate to="/" replace />;
  if (!services.session.hasToken()) return <Navigate to={redirectTo} replace state={{ from }} />;
  // While member info loads the guard waits: the token may yet turn out invalid.
  if (session.pending) return null;
  if (!session.isLogin) return <Navigate to={redirectTo} replace state={{ from }} />;
  if (agent && !session.isAgent) return <Navigate to="/agent" replace />;
  if (realAccount && session.isTrial) return <TrialBlocked />;
  return children;
}

/** Tells a trial account this page needs a real account (spec 8), then goes home. */
function TrialBlocked() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const navigate = useNavigate();
  useEffect(() => {
    void dialog({
      icon: 'info',
      title: t('in_need_true_account'),
      buttons: [{ key: 'ok', label: t('in_increase_submit'), primary: true }],
    });
    void navigate('/', { replace: true });
  }, [dialog, navigate, t]);
  return null;
}

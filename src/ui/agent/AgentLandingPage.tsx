import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { LoginForm } from '../auth';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { useSiteInfo } from '../core/SiteInfoContext';

/** /agent: the agent login (spec 2): only agents get in ("non-agents cannot log in"). */
export default function AgentLandingPage() {
  const { t } = useTranslation();
  const brand = useSiteInfo().info.brand;
  const session = useSession();
  const { completeLogin } = useAuthActions();
  if (session.isAgent) return <Navigate to="/agentHome" replace />;
  return (
    // Busy while the session is being found out (a logout on its way to the server).
    <main className="agent-landing" data-testid="agent-landing" aria-busy={session.pending}>
      <h1>{t('agent.landingTitle', { brand: brand.name })}</h1>
      <p>{t('agent.landingBody')}</p>
      <LoginForm portal="agent" onDone={(outcome) => void completeLogin(outcome)} />
      <p className="agent-support-hours">{t('agent.supportHours')}</p>
      <Link to="/">{t('agent.backToSite')}</Link>
    </main>
  );
}

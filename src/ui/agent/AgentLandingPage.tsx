import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { LoginForm } from '../auth';
import { Icon, type IconName } from '../components/Icon';
import { useAuthActions } from '../core/session/useAuthActions';
import { useSession } from '../core/session/useSession';
import { useSiteInfo } from '../core/SiteInfoContext';

/** The agent programme in three lines: what an agent gets. */
const pitch: { icon: IconName; key: string }[] = [
  { icon: 'team', key: 'agent.pitchTeam' },
  { icon: 'wallet', key: 'agent.pitchEarn' },
  { icon: 'chart', key: 'agent.pitchTrack' },
];

/**
 * /agent: the agent login (spec 2): only agents get in ("non-agents cannot log in"). Branded as
 * the player site's header is (the brand's name and mark, the theme's colours), with a short
 * pitch of the agent programme beside the form (above it on a phone).
 */
export default function AgentLandingPage() {
  const { t } = useTranslation();
  const brand = useSiteInfo().info.brand;
  const session = useSession();
  const { completeLogin } = useAuthActions();
  const pitchHeading = useId();
  if (session.isAgent) return <Navigate to="/agentHome" replace />;
  return (
    // Busy while the session is being found out (a logout on its way to the server).
    <main
      className="agent-landing agent-landing-branded"
      data-testid="agent-landing"
      aria-busy={session.pending}
    >
      <section className="agent-landing-pitch" aria-labelledby={pitchHeading}>
        <Link to="/" className="agent-landing-brand">
          <span className="brand-mark" aria-hidden="true">
            ✦
          </span>
          <span className="brand-name">{brand.name}</span>
          <span className="agent-landing-tag">{t('agent.programme')}</span>
        </Link>
        {/* Not a heading: the page's one h1 is the login's, and it comes after on a phone. */}
        <p id={pitchHeading} className="agent-landing-pitch-title">
          {t('agent.pitchTitle', { brand: brand.name })}
        </p>
        <ul className="agent-landing-points">
          {pitch.map((point) => (
            <li key={point.key}>
              <Icon name={point.icon} size={20} />
              <span>{t(point.key)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="agent-landing-login">
        <h1>{t('agent.landingTitle', { brand: brand.name })}</h1>
        <p>{t('agent.landingBody')}</p>
        <LoginForm portal="agent" onDone={(outcome) => void completeLogin(outcome)} />
        <p className="agent-support-hours">{t('agent.supportHours')}</p>
        <Link to="/">{t('agent.backToSite')}</Link>
      </section>
    </main>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSiteInfo } from '../system/SiteInfoContext';

/** /agent: the agent login landing, without the player shell (its form comes with issue 3). */
export default function AgentLandingPage() {
  const { t } = useTranslation();
  const brand = useSiteInfo().info.brand;
  return (
    <main className="agent-landing" data-testid="agent-landing">
      <h1>{t('agent.landingTitle', { brand: brand.name })}</h1>
      <p>{t('agent.landingBody')}</p>
      <p className="agent-support-hours">{t('agent.supportHours')}</p>
      <Link to="/">{t('agent.backToSite')}</Link>
    </main>
  );
}

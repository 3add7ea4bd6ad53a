import { useTranslation } from 'react-i18next';
import { LiveSupportButton } from '../../shell';

/** Customer service: the site's live-support link (the support hours close every page). */
export function CustomerServicePage() {
  const { t } = useTranslation();
  return (
    <section className="agent-support" data-testid="agent-customer-service">
      <p>{t('agentOffice.support.body')}</p>
      <LiveSupportButton />
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LiveSupportButton } from '../../system/LiveSupportButton';

/**
 * A page whose feature is on but whose content comes with another piece of work (the salary
 * and dividend records, announcements, messages): an empty state, never a blank area.
 */
export function FeaturePlaceholder({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('agentOffice.placeholder.title')}>
      <p data-testid={`agent-placeholder-${page}`}>{t('agentOffice.placeholder.body')}</p>
    </EmptyState>
  );
}

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

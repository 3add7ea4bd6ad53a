import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';

/** /agentHome: the back office, without the player shell (issue 6 builds it). */
export default function AgentHomePage() {
  const { t } = useTranslation();
  return (
    <main className="agent-home" data-testid="agent-home">
      <h1>{t('agent.homeTitle')}</h1>
      <EmptyState title={t('section.emptyTitle')}>
        <p>{t('section.emptyBody')}</p>
      </EmptyState>
    </main>
  );
}

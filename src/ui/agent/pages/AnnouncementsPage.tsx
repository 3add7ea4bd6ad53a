import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentAnnouncementPage } from '../../../shared/announcements';
import { useKeyedQuery } from '../../hooks/useQuery';
import { EmptyState } from '../../components/EmptyState';
import { PageNumbers } from '../../components/PageNumbers';
import { SafeHtml } from '../../components/SafeHtml';
import { LoadFailed } from '../../components/LoadFailed';
import { messagesFeature } from '../../../app/features/messages';
import { useFeature } from '../../core/useFeature';

/** agentAnnouncement: the platform's notices to agents, newest first, nine to a page. */
export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const messagesModule = useFeature(messagesFeature);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  // The language is in the request (Language header): a change fetches the texts again.
  const query = useKeyedQuery<AgentAnnouncementPage>(
    `${page}:${attempt}:${i18n.language}`,
    (signal) => messagesModule.agentAnnouncements(page, signal),
  );
  const data =
    query.kind === 'ready' ? query.value : query.kind === 'loading' ? query.previous : null;

  if (query.kind === 'failed') {
    return <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />;
  }
  if (!data) {
    return (
      <p role="status" className="records-loading">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  if (data.total === 0) return <EmptyState title={t('agentOffice.announcements.empty')} />;
  return (
    <section className="agent-announcements" data-testid="agent-announcements">
      {data.items.map((item) => (
        <article key={item.id} className="agent-announcement" data-testid="agent-announcement">
          <h2>{item.title}</h2>
          <p className="inbox-meta">
            <time dateTime={item.publishedAt}>
              {new Date(`${item.publishedAt}T00:00:00`).toLocaleDateString(i18n.language)}
            </time>
          </p>
          <SafeHtml html={item.content} />
        </article>
      ))}
      <PageNumbers
        page={data.page}
        pages={Math.ceil(data.total / data.pageSize)}
        onPage={setPage}
        label={t('records.pages')}
      />
    </section>
  );
}

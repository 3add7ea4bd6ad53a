import type { AgentAnnouncementPage } from '../../../src/shared/announcements';
import type { AnnouncementsConfig } from '../../config/announcements';
import { localize } from './listAnnouncements';

/**
 * One page of the agents' notices, newest first (same day: configuration order), in the asked
 * language with the EN fallback. The list is configuration, small enough to sort per call.
 */
export function agentAnnouncements(
  config: AnnouncementsConfig,
  query: { page: number; pageSize: number; language: string },
): AgentAnnouncementPage {
  const sorted = config.agentNotices
    .map((notice, order) => ({ notice, order }))
    .sort((a, b) => b.notice.publishedAt.localeCompare(a.notice.publishedAt) || a.order - b.order);
  const start = (query.page - 1) * query.pageSize;
  return {
    items: sorted.slice(start, start + query.pageSize).map(({ notice }) => ({
      id: notice.id,
      publishedAt: notice.publishedAt,
      title: localize(notice.title, query.language),
      content: localize(notice.content, query.language),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: sorted.length,
  };
}

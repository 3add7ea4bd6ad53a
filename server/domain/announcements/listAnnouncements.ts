import type {
  AnnouncementItem,
  AnnouncementPopup,
  AnnouncementResponse,
  AnnouncementType,
  Banner,
  PopupExecution,
} from '../../../src/shared/announcements';
import type { AnnouncementsConfig } from '../../config/announcements';
import type { VisibleAnnouncement } from './operatorAnnouncements';

export interface AnnouncementQuery {
  types: ReadonlySet<AnnouncementType>;
  executions: ReadonlySet<PopupExecution>;
  /** Upper-case language code; texts fall back to EN when it has none. */
  language: string;
}

/** The text in `language`, else English (the schema makes every text have one). */
export function localize(texts: Record<string, string> | string, language: string): string {
  if (typeof texts === 'string') return texts;
  return texts[language] ?? texts.EN ?? Object.values(texts)[0] ?? '';
}

/**
 * MCSFE_getListAnnouncements (spec 7) over the configured announcements: B banners, PL player
 * notices, PU pop-ups of the asked executions, PR promotion announcements. A list whose type was
 * not asked is empty; configuration order is kept.
 */
export function listAnnouncements(
  config: AnnouncementsConfig,
  query: AnnouncementQuery,
  /** The operator's announcements this visitor sees now (issue 16), after the configured ones. */
  operator: { items: readonly VisibleAnnouncement[]; seq: number } = { items: [], seq: 0 },
): AnnouncementResponse {
  const { types, executions, language } = query;
  const operatorNotices = operator.items
    .filter((entry) => entry.kind === 'notice')
    .map((entry): AnnouncementItem => ({
      id: entry.id,
      title: localize(entry.title, language),
      content: localize(entry.content, language),
      promotionType: null,
    }));
  const operatorPopups = operator.items
    .filter((entry) => entry.kind === 'popup' && entry.execution !== null)
    .map((entry): AnnouncementPopup => ({
      id: entry.id,
      execution: entry.execution!,
      title: localize(entry.title, language),
      content: localize(entry.content, language),
      goReward: entry.goReward,
    }));
  const item = (notice: AnnouncementsConfig['notices'][number]): AnnouncementItem => ({
    id: notice.id,
    title: localize(notice.title, language),
    content: localize(notice.content, language),
    promotionType: notice.promotionType ?? null,
  });
  return {
    banners: types.has('B')
      ? config.banners.map((banner): Banner => ({
          id: banner.id,
          groupName: banner.groupName,
          url: localize(banner.url, language),
          linkageType: banner.linkageType,
          link: banner.link,
          title: localize(banner.title, language),
        }))
      : [],
    player: types.has('PL')
      ? [
          ...config.notices.filter((notice) => notice.promotionType === undefined).map(item),
          ...operatorNotices,
        ]
      : [],
    popup: types.has('PU')
      ? [
          ...config.popups.map((popup): AnnouncementPopup => ({
            id: popup.id,
            execution: popup.execution,
            title: localize(popup.title, language),
            content: localize(popup.content, language),
            goReward: popup.goReward,
          })),
          ...operatorPopups,
        ].filter((popup) => executions.has(popup.execution))
      : [],
    promotion: types.has('PR')
      ? config.notices.filter((notice) => notice.promotionType !== undefined).map(item)
      : [],
    seq: operator.seq,
  };
}

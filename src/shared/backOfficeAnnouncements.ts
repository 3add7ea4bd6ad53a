import type { PopupExecution } from './announcements';

/** What an announcement is as the operator creates it: a notice, a pop-up or an announcement. */
export const ANNOUNCEMENT_KINDS = ['announcement', 'notice', 'popup'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

/**
 * POST /ops/announcements's body (server/domain/announcements/operatorAnnouncements.ts
 * `announcementInputSchema` checks it): texts per upper-case language code, EN required.
 */
export interface AnnouncementInput {
  kind: AnnouncementKind;
  /** Pop-ups only: announcement A or F, popup A, B or F; a notice has none. */
  execution?: PopupExecution;
  title: Record<string, string>;
  content: Record<string, string>;
  goReward?: boolean;
  startsAt?: string;
  endsAt?: string;
  /** Only these members see it (logged in); absent: everyone. */
  accounts?: string[];
}

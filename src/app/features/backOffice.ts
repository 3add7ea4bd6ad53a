import { createBackOfficeApi, type BackOfficeApi } from '../../api/backOffice';
import { createAdminApi, type AdminApi } from '../../api/backOfficeAdmin';
import { createAnnouncementsApi, type AnnouncementsApi } from '../../api/backOfficeAnnouncements';
import { createMembersApi, type MembersApi } from '../../api/backOfficeMembers';
import { createMoneyApi, type MoneyApi } from '../../api/backOfficeMoney';
import { createPromotionsApi, type PromotionsApi } from '../../api/backOfficePromotions';
import { createQueuesApi, type QueuesApi } from '../../api/backOfficeQueues';
import type { ApprovalView } from '../../shared/backOffice';
import {
  createStaffLive,
  createSupportHttp,
  type StaffLive,
  storedSupportToken,
} from './chatClient';

export type { AuditFilters } from '../../api/backOffice';

/**
 * The operator's back office (issue 30): its calls, by area, with the staff session of the
 * support console's login (one sign-in for both pages, kept for the tab), and its live socket
 * (a withdrawal's new state for finance, a nudge to the dashboards when money moved).
 */
export interface BackOffice extends BackOfficeApi {
  money: MoneyApi;
  members: MembersApi;
  queues: QueuesApi;
  admin: AdminApi;
  promotions: PromotionsApi;
  announcements: AnnouncementsApi;
  live: StaffLive;
}

export function createBackOffice(language: () => string): BackOffice {
  const http = createSupportHttp(language);
  const token = storedSupportToken;
  return {
    ...createBackOfficeApi(http, token),
    money: createMoneyApi(http, token),
    members: createMembersApi(http, token),
    queues: createQueuesApi(http, token),
    admin: createAdminApi(http, token),
    promotions: createPromotionsApi(http, token),
    announcements: createAnnouncementsApi(http, token),
    live: createStaffLive(),
  };
}

/**
 * A call the four-eyes rule may hold (a payout, a bonus, a rate above its amount): the server
 * answers 202 with the approval that now waits for a second person instead of the result.
 */
export type MaybePending<T> = T | { pending: ApprovalView };

export function isPending<T>(answer: MaybePending<T>): answer is { pending: ApprovalView } {
  return typeof answer === 'object' && answer !== null && 'pending' in answer;
}

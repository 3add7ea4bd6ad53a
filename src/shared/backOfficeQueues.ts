import type { FeedbackView } from './feedback';
import type { RedemptionView } from './points';

/** The feedback queue's filter (GET /ops/feedback?status=…). */
export const FEEDBACK_FILTERS = ['open', 'answered', 'all'] as const;
export type FeedbackFilter = (typeof FEEDBACK_FILTERS)[number];

/** A feedback in the operator's queue: the member's view and whose it is. */
export type OpsFeedbackRow = FeedbackView & { account: string };

/** One feedback's image without its bytes (the bytes come one by one, with the staff token). */
export interface OpsFeedbackImage {
  position: number;
  type: string;
  width: number;
  height: number;
  bytes: number;
}

/** One feedback opened by the operator (GET /ops/feedback/:id). */
export type OpsFeedbackDetail = OpsFeedbackRow & { images: OpsFeedbackImage[] };

/**
 * A redemption waiting for the operator (GET /ops/redemptions). `account` is the member's when
 * the server names it.
 */
export type OpsRedemptionRow = RedemptionView & { account?: string };

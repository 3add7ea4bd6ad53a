import type {
  FeedbackFilter,
  OpsFeedbackDetail,
  OpsFeedbackRow,
  OpsRedemptionRow,
} from '../shared/backOfficeQueues';
import type { RedemptionView } from '../shared/points';
import { fetchFile } from './fetchFile';
import type { Http } from './http';

const path = (value: string) => encodeURIComponent(value);

/** The back office's queues calls (issue 30), with the staff session's token. */
export function createQueuesApi(http: Http, token: () => string | null) {
  return {
    /** The newest feedbacks of one status (or every one), up to 200. */
    feedback(status: FeedbackFilter, signal?: AbortSignal): Promise<OpsFeedbackRow[]> {
      return http.get('/ops/feedback', { searchParams: { status, limit: 200 }, signal });
    },
    /** One feedback with its images' sizes. */
    feedbackOne(id: string, signal?: AbortSignal): Promise<OpsFeedbackDetail> {
      return http.get(`/ops/feedback/${path(id)}`, { signal });
    },
    /** One image's cleaned bytes (its own fetch: the answer is a file, not an envelope). */
    feedbackImage(id: string, position: number, signal?: AbortSignal): Promise<Blob> {
      return fetchFile(
        `/ops/feedback/${path(id)}/images/${position}`,
        { authorization: `Bearer ${token() ?? ''}` },
        signal,
      );
    },
    /** Answers an open feedback once: the answer reaches the member's inbox. */
    answerFeedback(id: string, answer: string): Promise<OpsFeedbackRow> {
      return http.post(`/ops/feedback/${path(id)}/answer`, { answer });
    },
    /** Every redemption waiting for a decision, oldest first. */
    redemptions(signal?: AbortSignal): Promise<OpsRedemptionRow[]> {
      return http.get('/ops/redemptions', { signal });
    },
    /** Approves or rejects one (a rejection refunds the points and the cash part). */
    decideRedemption(
      id: string,
      decision: 'approve' | 'reject',
      note: string | null,
    ): Promise<RedemptionView> {
      return http.post(`/ops/redemptions/${path(id)}/${decision}`, { note });
    },
  };
}

export type QueuesApi = ReturnType<typeof createQueuesApi>;

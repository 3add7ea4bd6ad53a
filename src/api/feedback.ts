import type { FeedbackRequest, FeedbackView } from '../shared/feedback';
import { FEEDBACK_PATH } from '../shared/feedbackPath';
import type { Http } from './http';

/** Feedback (issue 16): send one (`PUT /wps/feedback`, spec 7) and read one's own. */
export function createFeedbackApi(http: Http) {
  return {
    send(request: FeedbackRequest): Promise<FeedbackView> {
      // Up to three 5 MB images in base64: more time than the default on a slow line.
      return http.put(FEEDBACK_PATH, request, { timeout: 120_000 });
    },
    mine(signal?: AbortSignal): Promise<{ items: FeedbackView[] }> {
      return http.get(FEEDBACK_PATH, { signal });
    },
  };
}

export type FeedbackApi = ReturnType<typeof createFeedbackApi>;

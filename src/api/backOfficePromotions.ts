import type { Http } from './http';

/** The back office's promotions calls (issue 30), with the staff session's token. */
export function createPromotionsApi(_http: Http, _token: () => string | null) {
  return {};
}

export type PromotionsApi = ReturnType<typeof createPromotionsApi>;

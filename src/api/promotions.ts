import type { PromotionList } from '../shared/promotions';
import type { Http } from './http';

/** The promotions calls (server/http/promotions/promotionRoutes.ts); guests may list too. */
export function createPromotionsApi(http: Http) {
  return {
    list(signal?: AbortSignal): Promise<PromotionList> {
      return http.get('/wps/promotions', { signal });
    },
  };
}

export type PromotionsApi = ReturnType<typeof createPromotionsApi>;

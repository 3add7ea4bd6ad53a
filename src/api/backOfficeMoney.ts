import type { DashboardView } from '../shared/backOfficeMoney';
import type { Http } from './http';

/** The back office's money calls (issue 30), with the staff session's token. */
export function createMoneyApi(http: Http, _token: () => string | null) {
  return {
    /** Today's figures and the last 30 days' (GET /ops/dashboard). */
    dashboard(signal?: AbortSignal): Promise<DashboardView> {
      return http.get('/ops/dashboard', { signal });
    },
  };
}

export type MoneyApi = ReturnType<typeof createMoneyApi>;

import type { SeamlessWallet } from '../shared/seamless';
import type { Http } from './http';

/** GET /wps/v2/wallets/seamless (issue 16), made by the /seamless section's own hook. */
export function createSeamlessApi(http: Http) {
  return {
    get: (signal?: AbortSignal) => http.get<SeamlessWallet>('/wps/v2/wallets/seamless', { signal }),
  };
}

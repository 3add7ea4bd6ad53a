import type { LaunchResult } from '../shared/games';
import type { Http } from './http';

/** GCS_gameLaunchFB (issue 16): the same launch under a new address on the site's origin. */
export function createLaunchFallbackApi(http: Http) {
  return {
    fallback: (launch: string) =>
      http.post<LaunchResult>('/wps/relay/GCS_gameLaunchFB', { launch }),
  };
}

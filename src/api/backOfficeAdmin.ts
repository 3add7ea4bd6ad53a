import type { Http } from './http';

/** The back office's admin calls (issue 30), with the staff session's token. */
export function createAdminApi(_http: Http, _token: () => string | null) {
  return {};
}

export type AdminApi = ReturnType<typeof createAdminApi>;

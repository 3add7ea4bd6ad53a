import type { Http } from './http';

/** The back office's members calls (issue 30), with the staff session's token. */
export function createMembersApi(_http: Http, _token: () => string | null) {
  return {};
}

export type MembersApi = ReturnType<typeof createMembersApi>;

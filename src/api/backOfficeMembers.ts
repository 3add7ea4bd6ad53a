import type {
  OpsMemberDetail,
  OpsMemberNote,
  OpsMemberRow,
  OpsRgView,
} from '../shared/backOfficeMembers';
import type { Http } from './http';

const path = (value: string) => encodeURIComponent(value);

/** The back office's members calls (issue 30), with the staff session's token. */
export function createMembersApi(http: Http, _token: () => string | null) {
  return {
    /** By account or e-mail (starts with), mobile (contains the digits) or agent (the account). */
    search(query: string, signal?: AbortSignal): Promise<OpsMemberRow[]> {
      return http.get(`/ops/members?q=${path(query)}`, { signal });
    },
    detail(account: string, signal?: AbortSignal): Promise<OpsMemberDetail> {
      return http.get(`/ops/members/${path(account)}`, { signal });
    },
    responsibleGaming(account: string, signal?: AbortSignal): Promise<OpsRgView> {
      return http.get(`/ops/rg/${path(account)}`, { signal });
    },
    addNote(account: string, body: string): Promise<OpsMemberNote> {
      return http.post(`/ops/members/${path(account)}/notes`, { body });
    },
    setStatus(
      account: string,
      status: 'active' | 'disabled',
    ): Promise<{ account: string; status: string }> {
      return http.post(`/ops/members/${path(account)}/status`, { status });
    },
    /** A new generated password, answered this once; every session of the member ends. */
    resetPassword(account: string): Promise<{ account: string; password: string }> {
      return http.post(`/ops/members/${path(account)}/password`, {});
    },
  };
}

export type MembersApi = ReturnType<typeof createMembersApi>;

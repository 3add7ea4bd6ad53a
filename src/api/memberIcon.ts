import type { Avatar, MemberIcon } from '../shared/avatars';
import type { Http } from './http';

/** GET and PUT /wps/member/info/icon (issue 16): the member's avatar, made by its page's hook. */
export function createMemberIconApi(http: Http) {
  return {
    get: (signal?: AbortSignal) => http.get<MemberIcon>('/wps/member/info/icon', { signal }),
    choose: (avatar: Avatar | null) => http.put<MemberIcon>('/wps/member/info/icon', { avatar }),
  };
}

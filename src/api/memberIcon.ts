import type { Avatar, MemberIcon } from '../shared/avatars';
import type { Http } from './http';

/**
 * PUT /wps/member/info/icon (issue 16): choose the member's avatar, made by its page's hook. The
 * picture shown comes with the member info, the set is the site's own (shared/avatars.ts).
 */
export function createMemberIconApi(http: Http) {
  return {
    choose: (avatar: Avatar | null) => http.put<MemberIcon>('/wps/member/info/icon', { avatar }),
  };
}

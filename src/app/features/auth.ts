import { createIdentityApi } from '../../api/identity';
import { createMemberIconApi } from '../../api/memberIcon';
import type { Avatar } from '../../shared/avatars';
import { defineFeature } from '../feature';
import { pick } from './pick';

/**
 * Logging in, signing up, codes, passwords and the member's picture (spec 2 login, register,
 * forgot password, change password, My Account). The session itself (the member, logout) is the
 * session service's: a login's token goes to it through useAuthActions.
 */
export const authFeature = defineFeature('auth', ({ http, sealed }, { session }) => {
  const icons = createMemberIconApi(http);
  return {
    ...pick(createIdentityApi(http, sealed), [
      'proveHuman',
      'captcha',
      'login',
      'sendLoginCode',
      'sendRegisterCode',
      'freePlay',
      'register',
      'changePassword',
      'resetByEmail',
      'resetByEmailCode',
      'resetByMobile',
      'checkAffiliate',
      'countries',
      'registrationSettings',
      'registrationRules',
    ]),
    /** Stores the member's picture; the session's member takes it, so the header shows it. */
    async chooseAvatar(avatar: Avatar): Promise<void> {
      const icon = await icons.choose(avatar);
      session.actor.send({ type: 'session.memberUpdated', member: { iconUrl: icon.iconUrl } });
    },
  };
});

export type AuthFeature = ReturnType<typeof authFeature>;

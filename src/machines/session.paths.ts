import type { PathModel } from '../shared/pathModel';
import { ApiError } from '../api/http';
import { AGENT_TYPES, type MemberInfo, PLAYER_TYPE, TRIAL_TYPE } from '../shared/identity';
import { sessionMachine } from './session';

const member = (type: number): MemberInfo => ({
  ...{ id: 'm-1', account: 'alice1', nickname: 'Alice', type },
  ...{ mobileNum: null, email: null, language: null },
  ...{ hasVip: false, vipLabelName: 'Member', vipRankLevel: 0 },
  iconUrl: '/avatars/default.svg',
});

const LOGGED_IN = { label: 'loggedIn', event: { type: 'session.loggedIn', token: 'new-token' } };
const REVOKED = { label: 'revoked', event: { type: 'session.revoked' } };

/**
 * The tab's session paths (issue 15): a guest logs in and the member loads as a player, a trial
 * or an agent member, or the token turns out to be no good; a logged-in member logs in again,
 * logs out (the server answering or not), or has the session revoked by the server at any time
 * (a logout in another tab of the same session).
 */
export const sessionPaths: PathModel<typeof sessionMachine> = {
  id: 'session',
  machine: sessionMachine,
  // A visitor without a stored session: `starting` decides at once and the guest logs in.
  input: { initialToken: null },
  // The state alone: the face (guest, player, trial, agent) is the state; the token is never
  // shown.
  key: ({ value }) => String(value),
  notDriven: {
    'session.memberUpdated':
      'sent by the avatar picker after a save (tests/e2e/lotteryLobby.spec.ts drives it); it changes no state, only the member shown',
    'session.refresh':
      'no page sends it: the session service offers a login and a logout only (a reload starts a new session machine from the stored token)',
  },
  events: ({ value }) => {
    switch (value) {
      case 'guest':
        return [LOGGED_IN];
      case 'loadingMember':
        return [
          {
            label: 'fetchMember.done:player',
            event: { type: 'xstate.done.actor.fetchMember', output: member(PLAYER_TYPE) },
          },
          {
            label: 'fetchMember.done:trial',
            event: { type: 'xstate.done.actor.fetchMember', output: member(TRIAL_TYPE) },
          },
          {
            label: 'fetchMember.done:agent',
            event: { type: 'xstate.done.actor.fetchMember', output: member(AGENT_TYPES[0]!) },
          },
          {
            label: 'fetchMember.error:notLoggedIn',
            event: {
              type: 'xstate.error.actor.fetchMember',
              error: new ApiError('not_logged_in', 'Not logged in, please log in.', 401),
            },
          },
          REVOKED,
        ];
      case 'player':
      case 'trial':
      case 'agent':
        return [LOGGED_IN, { label: 'logout', event: { type: 'session.logout' } }, REVOKED];
      case 'loggingOut':
        return [
          { label: 'logout.done', event: { type: 'xstate.done.actor.logout', output: undefined } },
          {
            label: 'logout.error:network',
            event: {
              type: 'xstate.error.actor.logout',
              error: new ApiError(
                'network_error',
                'Network link abnormal, please try again.',
                null,
              ),
            },
          },
        ];
      default:
        return [];
    }
  },
};

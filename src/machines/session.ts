import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  isAgentType,
  isTrialType,
  type MemberInfo,
  roleOf,
  type SessionRole,
} from '../shared/identity';

export interface SessionInput {
  /** The token found at start (URL or session storage), if any. */
  initialToken: string | null;
}

export interface SessionContext {
  token: string | null;
  member: MemberInfo | null;
}

export type SessionEvent =
  | { type: 'session.loggedIn'; token: string }
  | { type: 'session.logout' }
  | { type: 'session.revoked' }
  | { type: 'session.refresh' }
  /** A change the member made on a page (the avatar), kept without reloading the member. */
  | { type: 'session.memberUpdated'; member: Partial<MemberInfo> };

/** Back to guest without asking the server: forget the session and clear its storage. */
const toGuest = {
  target: 'guest',
  actions: ['forget', 'clearSession'],
} as const;

/** What every logged-in face (player, trial, agent) answers. */
const loggedInState = {
  // Store first so that whoever reacts to the announcement finds the session stored.
  entry: ['storeSession', 'announceLogin'],
  on: {
    'session.loggedIn': { target: 'loadingMember', actions: 'takeToken' },
    'session.logout': { target: 'loggingOut' },
    'session.revoked': toGuest,
    'session.refresh': { target: 'loadingMember' },
    'session.memberUpdated': { actions: 'memberUpdated' },
  },
} as const;

const memberLoaded = {
  type: 'memberLoaded',
  params: ({ event }: { event: { output: MemberInfo } }) => event.output,
} as const;

/**
 * The tab's session (spec 4 "Session"): who is logged in, as which kind of member. The app
 * provides the storage actions; the machine decides when they run.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    fetchMember: fromPromise<MemberInfo, { token: string }>(async () => {
      throw new Error('fetchMember must be provided');
    }),
    logout: fromPromise<void, { token: string }>(async () => {
      throw new Error('logout must be provided');
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isAgentMember: (_, member: MemberInfo) => isAgentType(member.type),
    isTrialMember: (_, member: MemberInfo) => isTrialType(member.type),
  },
  actions: {
    memberLoaded: assign((_, member: MemberInfo) => ({ member })),
    memberUpdated: assign(({ context, event }) =>
      event.type === 'session.memberUpdated' && context.member
        ? { member: { ...context.member, ...event.member } }
        : {},
    ),
    // A new login replaces the token; the member is loaded for it.
    takeToken: assign(({ event }) =>
      event.type === 'session.loggedIn' ? { token: event.token, member: null } : {},
    ),
    forget: assign({ token: null, member: null }),
    /** Writes SESSION_KEYS for the loaded member (the app's implementation). */
    storeSession: () => {},
    /** Clears the stored session (the app's implementation). */
    clearSession: () => {},
    /** Tells other areas that a member is logged in (the app's implementation). */
    announceLogin: () => {},
  },
}).createMachine({
  id: 'session',
  initial: 'starting',
  context: ({ input }) => ({ token: input.initialToken, member: null }),
  states: {
    // Decides at once: a stored token is checked by loading the member, no token is a guest.
    starting: {
      always: [{ guard: 'hasToken', target: 'loadingMember' }, { target: 'guest' }],
    },
    guest: {
      on: {
        'session.loggedIn': { target: 'loadingMember', actions: 'takeToken' },
      },
    },
    loadingMember: {
      invoke: {
        id: 'fetchMember',
        src: 'fetchMember',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            guard: { type: 'isAgentMember', params: ({ event }) => event.output },
            target: 'agent',
            actions: memberLoaded,
          },
          {
            guard: { type: 'isTrialMember', params: ({ event }) => event.output },
            target: 'trial',
            actions: memberLoaded,
          },
          { target: 'player', actions: memberLoaded },
        ],
        // The token is no good (expired, revoked): a guest again.
        onError: toGuest,
      },
      on: { 'session.revoked': toGuest },
    },
    player: loggedInState,
    trial: loggedInState,
    agent: loggedInState,
    // Logging out locally always succeeds, whatever the server answers.
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: toGuest,
        onError: toGuest,
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Spec 3 "Login state": a member is logged in (player, trial or agent). */
export const isLogin = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches('player') || snapshot.matches('trial') || snapshot.matches('agent');
export const isAgent = (snapshot: SessionSnapshot): boolean => snapshot.matches('agent');
export const isTrial = (snapshot: SessionSnapshot): boolean => snapshot.matches('trial');

/**
 * The session's role: the logged-in member's (`roleOf`, the one rule from a member's type to a
 * role), or a guest while nobody is (also while the member loads and while logging out).
 */
export function sessionRoleOf(snapshot: SessionSnapshot): SessionRole {
  return roleOf(isLogin(snapshot) ? snapshot.context.member : null);
}

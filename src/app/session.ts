import { Subject } from 'rxjs';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { IdentityApi } from '../api/identity';
import { readToken, writeToken } from '../api/sessionToken';
import { isLogin, sessionMachine, type SessionSnapshot } from '../machines/session';
import { type MemberInfo, roleOf, SESSION_KEYS } from '../shared/identity';
import type { Realtime } from '../streams/realtime';

/**
 * The tab's session (spec 4 "Session"): one session machine for the whole app. It starts from
 * the token in the URL or session storage, keeps session storage as the spec lists it, tells
 * the socket who we are, and ends when the server says the token was revoked.
 */
export function createSessionService(deps: {
  identityApi: IdentityApi;
  realtime: Realtime;
  storage: Storage;
  /** A token the page's URL brought (spec 4): adopted before anything reads the storage. */
  urlToken?: string | null;
}) {
  const { storage } = deps;
  // The token's one owner (issue 29): only this service writes it (src/api/sessionToken.ts).
  if (deps.urlToken) writeToken(storage, deps.urlToken);
  const loggedIn$ = new Subject<MemberInfo>();
  const machine = sessionMachine.provide({
    actors: {
      fetchMember: fromPromise(() => deps.identityApi.memberInfo()),
      logout: fromPromise(() => deps.identityApi.logout().then(() => undefined)),
    },
    actions: {
      storeSession: ({ context }) => {
        const member = context.member;
        if (!member) return;
        storage.setItem(SESSION_KEYS.nickname, member.nickname);
        storage.setItem(SESSION_KEYS.account, member.account);
        storage.setItem(SESSION_KEYS.username, member.account);
        storage.setItem(SESSION_KEYS.customerId, member.id);
        storage.setItem(SESSION_KEYS.isAgent, String(roleOf(member) === 'agent'));
      },
      // Spec 4 logout: "clear all session storage".
      clearSession: () => storage.clear(),
      announceLogin: ({ context }) => {
        if (context.member) loggedIn$.next(context.member);
      },
    },
  });
  const actor: Actor<typeof machine> = createActor(machine, {
    input: { initialToken: readToken(storage) },
  });

  // The socket handshake carries the token: a new session means a new handshake.
  let lastToken: string | null | undefined;
  actor.subscribe((snapshot) => {
    const token = snapshot.context.token;
    if (token !== lastToken) {
      lastToken = token;
      deps.realtime.reauthenticate();
    }
  });
  // Why the server last ended this tab's session ('excluded': a break or self-exclusion, issue
  // 17, after which the page goes home rather than to the login).
  let endedBecause: string | null = null;
  deps.realtime.event$('session').subscribe((event) => {
    endedBecause = event.reason;
    actor.send({ type: 'session.revoked' });
  });
  actor.start();

  return {
    actor,
    /** Logged-in transitions, for the follow-up loads other areas plug in (spec 4). */
    loggedIn$: loggedIn$.asObservable(),
    /**
     * Starts the session of a login's token; answers the member once the session has loaded
     * it (null if the token was refused), so the caller greets and routes without a call of its
     * own.
     */
    login(token: string): Promise<MemberInfo | null> {
      endedBecause = null;
      writeToken(storage, token);
      actor.send({ type: 'session.loggedIn', token });
      return new Promise((resolve) => {
        const settled = (snapshot: SessionSnapshot): boolean => {
          if (snapshot.matches('loadingMember')) return false;
          resolve(isLogin(snapshot) ? snapshot.context.member : null);
          return true;
        };
        if (settled(actor.getSnapshot())) return;
        const subscription = actor.subscribe((snapshot) => {
          if (settled(snapshot)) subscription.unsubscribe();
        });
      });
    },
    /**
     * A token that may only change its password first (an expired or default password): kept
     * for the change-password call, while the session stays logged out until the change.
     */
    holdForPasswordChange(token: string): void {
      writeToken(storage, token);
    },
    logout(): void {
      actor.send({ type: 'session.logout' });
    },
    /** The server refused this tab's token on a call (issue 32): a guest again, at once. */
    revoked(): void {
      actor.send({ type: 'session.revoked' });
    },
    /** The reason the server gave when it last ended this tab's session, if it did. */
    endedBecause(): string | null {
      return endedBecause;
    },
    /** Whether this tab holds a session token at all (spec 2 route guard), before it is checked. */
    hasToken(): boolean {
      return readToken(storage) !== null;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

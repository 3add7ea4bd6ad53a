import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import type { TestModel } from 'xstate/graph';
import {
  isAgent,
  isLogin,
  isTrial,
  type SessionEvent,
  sessionMachine,
  sessionRoleOf,
} from '../../src/machines/session';
import { sessionPaths } from '../../src/machines/session.paths';
import { AGENT_TYPES, type MemberInfo, TRIAL_TYPE } from '../../src/shared/identity';
import { fakeApi } from './support/fakeApi';
import { testModelOf, graphOf, pathsOf } from './support/pathModel';

/**
 * Model-based tests: every shortest and simple path through the session graph, starting with
 * and without a stored token, is replayed against the real machine with a fake member API and
 * spies for the storage actions, whose calls are checked at every step.
 */
type Snapshot = SnapshotFrom<typeof sessionMachine>;

type ModelEvent =
  | SessionEvent
  | { type: 'xstate.done.actor.fetchMember'; output: MemberInfo }
  | { type: 'xstate.done.actor.logout'; output: undefined }
  | { type: `xstate.error.actor.${'fetchMember' | 'logout'}`; error: Error };

const member = (type: number): MemberInfo => ({
  ...{ id: 'm-1', account: 'alice1', nickname: 'Alice', type },
  ...{ mobileNum: null, email: null, language: null },
  ...{ hasVip: false, vipLabelName: 'Member', vipRankLevel: 0 },
  iconUrl: '/avatars/default.svg',
});
/**
 * What the model leaves out, tried besides its events: the refresh no page sends (a member
 * face stays, refetched), and more member types than the page's three faces need (another agent
 * type, a type the client does not know: a player's face).
 */
function extrasIn({ value }: Snapshot): { label: string; event: ModelEvent }[] {
  if (value === 'loadingMember') {
    return [1, 42].map((type) => ({
      label: `fetchMember.done:type${type}`,
      event: { type: 'xstate.done.actor.fetchMember', output: member(type) },
    }));
  }
  if (value === 'player' || value === 'trial' || value === 'agent') {
    return [{ label: 'refresh', event: { type: 'session.refresh' } }];
  }
  return [];
}

/**
 * The machine's one model (src/machines/session.paths.ts, the same the paths tool walks on a
 * site) with the extras above, starting with and without a stored token; keyed finer than the
 * page: the face, plus which token is held (the stored one or a new login's).
 */
const modelFor = (initialToken: string | null) =>
  testModelOf(
    {
      ...sessionPaths,
      input: { initialToken },
      events: (snapshot: Snapshot) => [...sessionPaths.events(snapshot), ...extrasIn(snapshot)],
    },
    ({ value, context }: Snapshot) => `${String(value)}#${context.token}`,
  );

function createSut(initialToken: string | null) {
  const api = {
    fetchMember: fakeApi<MemberInfo, { token: string }>(),
    logout: fakeApi<void, { token: string }>(),
  };
  const spies = { storeSession: vi.fn(), clearSession: vi.fn(), announceLogin: vi.fn() };
  const machine = sessionMachine.provide({
    actors: { fetchMember: api.fetchMember.logic, logout: api.logout.logic },
    actions: spies,
  });
  const actor = createActor(machine, { input: { initialToken } }).start();
  const inFlight = () => Object.keys(api).filter((id) => api[id as keyof typeof api].live());
  const calls = () => ({
    store: spies.storeSession.mock.calls.length,
    announce: spies.announceLogin.mock.calls.length,
    clear: spies.clearSession.mock.calls.length,
  });
  return { actor, api, spies, inFlight, calls };
}
type Sut = ReturnType<typeof createSut>;
type Calls = ReturnType<Sut['calls']>;

/** A member face: stored, then announced, on every entry (all come from loadingMember). */
const memberFace = (faceOf: (type: number) => boolean) => (sut: Sut, s: Snapshot, d: Calls) => {
  expect(sut.inFlight()).toEqual([]);
  expect(faceOf(s.context.member?.type ?? -1)).toBe(true);
  expect(d).toEqual({ store: 1, announce: 1, clear: 0 });
  const [stored] = sut.spies.storeSession.mock.invocationCallOrder.slice(-1);
  const [announced] = sut.spies.announceLogin.mock.invocationCallOrder.slice(-1);
  expect(stored).toBeLessThan(announced ?? 0);
  expect(sut.spies.storeSession.mock.lastCall?.[0].context.member).toEqual(s.context.member);
  expect([isLogin(s), isAgent(s), isTrial(s)]).toEqual([
    true,
    s.value === 'agent',
    s.value === 'trial',
  ]);
};

const expectations: Record<
  string,
  (sut: Sut, snapshot: Snapshot, delta: Calls, first: boolean) => void
> = {
  guest: (sut, s, delta, first) => {
    expect(sut.inFlight()).toEqual([]);
    expect(s.context).toEqual({ token: null, member: null });
    // Storage is cleared when a session ends, not when a guest merely opens the site.
    expect(delta).toEqual({ store: 0, announce: 0, clear: first ? 0 : 1 });
    expect([isLogin(s), isAgent(s), isTrial(s)]).toEqual([false, false, false]);
  },
  loadingMember: (sut, s, delta) => {
    expect(sut.inFlight()).toEqual(['fetchMember']);
    expect(sut.api.fetchMember.live()?.input).toEqual({ token: s.context.token });
    expect(delta).toEqual({ store: 0, announce: 0, clear: 0 });
    expect(isLogin(s)).toBe(false);
  },
  player: memberFace((type) => !AGENT_TYPES.includes(type) && type !== TRIAL_TYPE),
  trial: memberFace((type) => type === TRIAL_TYPE),
  agent: memberFace((type) => AGENT_TYPES.includes(type)),
  loggingOut: (sut, s, delta) => {
    expect(sut.inFlight()).toEqual(['logout']);
    expect(sut.api.logout.live()?.input).toEqual({ token: s.context.token });
    expect(delta).toEqual({ store: 0, announce: 0, clear: 0 });
    expect(isLogin(s)).toBe(false);
  },
};

/** A short name for a path: where it ends and the events that lead there. */
const nameOf = (path: { state: { value: unknown }; steps: { event: { type: string } }[] }) =>
  `${String(path.state.value)} ← ${path.steps.map((step) => step.event.type).join(' → ')}`;

async function replay(
  path: ReturnType<TestModel<Snapshot, EventObject, unknown>['getShortestPaths']>[number],
  initialToken: string | null,
) {
  const sut = createSut(initialToken);
  for (const [index, step] of path.steps.entries()) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const before = index === 0 ? { store: 0, announce: 0, clear: 0 } : sut.calls();
    if ('output' in event || 'error' in event) {
      // xstate.done.actor.<id> / xstate.error.actor.<id> answers the fake <id>; the model gave
      // each actor an output of its own type.
      await sut.api[event.type.split('.')[3] as keyof Sut['api']].answer(event as never);
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    const snapshot = sut.actor.getSnapshot();
    const expected = step.state.value as string;
    expect(snapshot.value, `after ${event.type}`).toBe(expected);
    expect(snapshot.context.token).toBe(step.state.context.token);
    const after = sut.calls();
    const delta = {
      store: after.store - before.store,
      announce: after.announce - before.announce,
      clear: after.clear - before.clear,
    };
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut, snapshot, delta, index === 0);
  }
  sut.actor.stop();
}

describe.each(['stored-token', null])('session machine starting with token %s', (initialToken) => {
  const model = modelFor(initialToken);
  const shortest = pathsOf(() => model.getShortestPaths());
  const simple = pathsOf(() => model.getSimplePaths());

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot(
      `graphs/session.${initialToken ? 'token' : 'noToken'}.txt`,
    );
  });

  it('reaches every state', () => {
    const reached = new Set(shortest.flatMap((path) => path.steps.map((s) => s.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort());
  });

  it.each(shortest.map((path) => [nameOf(path), path] as const))('shortest: %s', (_name, path) =>
    replay(path, initialToken),
  );

  it(`follows all ${simple.length} simple paths`, async () => {
    for (const path of simple) await replay(path, initialToken);
  });
});

describe('session machine (examples)', () => {
  it('keeps the member while refreshing and replaces it on a new login', async () => {
    const sut = createSut('stored-token');
    await sut.api.fetchMember.answer({ output: member(0) });
    sut.actor.send({ type: 'session.refresh' });
    expect(sut.actor.getSnapshot().context.member?.type).toBe(0);
    await sut.api.fetchMember.answer({ output: member(41) });
    expect(sut.actor.getSnapshot().value).toBe('agent');
    sut.actor.send({ type: 'session.loggedIn', token: 'other-token' });
    expect(sut.actor.getSnapshot().context).toEqual({ token: 'other-token', member: null });
    expect(sut.spies.clearSession).not.toHaveBeenCalled();
  });

  it("takes the logged-in member's role, and a guest's while the member loads", async () => {
    const sut = createSut('stored-token');
    expect(sessionRoleOf(sut.actor.getSnapshot())).toBe('guest');
    await sut.api.fetchMember.answer({ output: member(AGENT_TYPES[0]!) });
    expect(sessionRoleOf(sut.actor.getSnapshot())).toBe('agent');
    sut.actor.send({ type: 'session.refresh' });
    expect(sessionRoleOf(sut.actor.getSnapshot())).toBe('guest');
    await sut.api.fetchMember.answer({ output: member(TRIAL_TYPE) });
    expect(sessionRoleOf(sut.actor.getSnapshot())).toBe('trial');
    sut.actor.send({ type: 'session.refresh' });
    await sut.api.fetchMember.answer({ output: member(0) });
    expect(sessionRoleOf(sut.actor.getSnapshot())).toBe('player');
  });

  it('updates the member a page changed (the avatar) without loading it again', async () => {
    const sut = createSut('stored-token');
    await sut.api.fetchMember.answer({ output: member(0) });
    const stored = sut.spies.storeSession.mock.calls.length;
    sut.actor.send({ type: 'session.memberUpdated', member: { iconUrl: '/avatars/sun.svg' } });
    expect(sut.actor.getSnapshot().value).toBe('player');
    expect(sut.actor.getSnapshot().context.member).toEqual({
      ...member(0),
      iconUrl: '/avatars/sun.svg',
    });
    expect(sut.api.fetchMember.calls).toHaveLength(1);
    expect(sut.spies.storeSession.mock.calls.length).toBe(stored);
  });

  it('ends the session locally even when the server logout fails', async () => {
    const sut = createSut('stored-token');
    await sut.api.fetchMember.answer({ output: member(TRIAL_TYPE) });
    sut.actor.send({ type: 'session.logout' });
    await sut.api.logout.answer({ error: new Error('offline') });
    expect(sut.actor.getSnapshot().value).toBe('guest');
    expect(sut.spies.clearSession).toHaveBeenCalledTimes(1);
  });

  it('drops a revoked session without calling the server', async () => {
    const sut = createSut('stored-token');
    sut.actor.send({ type: 'session.revoked' });
    expect(sut.api.fetchMember.calls[0]?.signal.aborted).toBe(true);
    expect(sut.actor.getSnapshot().value).toBe('guest');
    expect(sut.api.logout.calls).toHaveLength(0);
    // Logout and refresh mean nothing to a guest.
    sut.actor.send({ type: 'session.logout' });
    sut.actor.send({ type: 'session.refresh' });
    expect(sut.actor.getSnapshot().value).toBe('guest');
  });
});

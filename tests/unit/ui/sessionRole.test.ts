import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { sessionMachine } from '../../../src/machines/session';
import {
  AGENT_TYPES,
  type MemberInfo,
  PLAYER_TYPE,
  TRIAL_TYPE,
} from '../../../src/shared/identity';
import { sessionRoleOf } from '../../../src/machines/session';

const member = (type: number) => ({ id: '1', account: 'm1', nickname: 'M', type }) as MemberInfo;

/** A started session (a stored token by default) whose member info is `load()`'s answer. */
function session(load: () => Promise<MemberInfo>, initialToken: string | null = 'token') {
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        fetchMember: fromPromise(load),
        logout: fromPromise(() => new Promise<void>(() => undefined)),
      },
    }),
    { input: { initialToken } },
  );
  actor.start();
  return actor;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sessionRoleOf (the session’s role, through roleOf)', () => {
  it('is the logged-in member’s role', async () => {
    for (const [type, role] of [
      [PLAYER_TYPE, 'player'],
      [TRIAL_TYPE, 'trial'],
      [AGENT_TYPES[0]!, 'agent'],
    ] as const) {
      const actor = session(async () => member(type));
      await settled();
      expect(sessionRoleOf(actor.getSnapshot())).toBe(role);
      actor.stop();
    }
  });

  it('is a guest with no token, while the member loads and while logging out', async () => {
    expect(sessionRoleOf(session(async () => member(PLAYER_TYPE), null).getSnapshot())).toBe(
      'guest',
    );
    const loading = session(() => new Promise<MemberInfo>(() => undefined));
    expect(sessionRoleOf(loading.getSnapshot())).toBe('guest');
    const leaving = session(async () => member(AGENT_TYPES[0]!));
    await settled();
    leaving.send({ type: 'session.logout' });
    expect(leaving.getSnapshot().context.member).not.toBeNull();
    expect(sessionRoleOf(leaving.getSnapshot())).toBe('guest');
  });
});

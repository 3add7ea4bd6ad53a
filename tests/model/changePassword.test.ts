import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import type { TestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import {
  type ChangePasswordEvent,
  changePasswordErrors,
  changePasswordMachine,
} from '../../src/machines/changePassword';
import { changePasswordPaths } from '../../src/machines/changePassword.paths';
import { DEFAULT_PASSWORD_RULE } from '../../src/shared/fieldRules';
import type { ChangePasswordRequest, LoginResult } from '../../src/shared/identity';
import { fakeApi } from './support/fakeApi';
import { testModelOf, graphOf, pathsOf } from './support/pathModel';

/**
 * Model-based tests: every shortest and simple path through the change-password graph, with
 * and without the old password, is replayed against the real machine with a fake API.
 */
type Snapshot = SnapshotFrom<typeof changePasswordMachine>;

type ModelEvent =
  | ChangePasswordEvent
  | { type: 'xstate.done.actor.submitChange'; output: LoginResult }
  | { type: 'xstate.error.actor.submitChange'; error: ApiError };

const request: ChangePasswordRequest = {
  ...{ oldPassword: 'old1234', newPassword: 'fresh123', confirmNewPassword: 'fresh123' },
};
const result: LoginResult = {
  ...{ token: 'token-3', firstTimeLogin: false, passwordExpired: false, defaultPassword: false },
};
const submit = (fields: Partial<ChangePasswordRequest>): ModelEvent => ({
  ...{ type: 'password.submit', ...request, ...fields },
});
/** Wrong forms, each with the fields it flags (the old password only when it is required). */
const wrongForms: [Partial<ChangePasswordRequest>, (requireOld: boolean) => string[]][] = [
  [{ confirmNewPassword: 'fresh124' }, () => ['confirmNewPassword']],
  [
    { oldPassword: '', newPassword: 'short', confirmNewPassword: 'short' },
    (requireOld) => (requireOld ? ['newPassword', 'oldPassword'] : ['newPassword']),
  ],
];

/**
 * The machine's one model (src/machines/changePassword.paths.ts, the same the paths tool walks
 * on a site: a valid form, the wrong forms above, and each answer of the server), with and
 * without the old password.
 */
const modelFor = (requireOld: boolean) =>
  testModelOf({
    ...changePasswordPaths,
    input: { passwordRule: DEFAULT_PASSWORD_RULE, requireOld },
  });

function createSut(requireOld: boolean) {
  const submitChange = fakeApi<LoginResult, ChangePasswordRequest>();
  const actor = createActor(
    changePasswordMachine.provide({ actors: { submitChange: submitChange.logic } }),
    { input: { passwordRule: DEFAULT_PASSWORD_RULE, requireOld } },
  ).start();
  return { actor, submitChange };
}
type Sut = ReturnType<typeof createSut>;

const expectations: Record<string, (sut: Sut, snapshot: Snapshot) => void> = {
  editing: (sut, { context }) => {
    expect(sut.submitChange.live()).toBeUndefined();
    const flagged = Object.keys(context.errors);
    const known = wrongForms.map(([, names]) => names(context.requireOld).join());
    if (flagged.length > 0) expect(known).toContain(flagged.sort().join());
    // A rejected change and a wrong form are never shown at once.
    if (context.error !== null) expect(flagged).toEqual([]);
  },
  submitting: (sut, { context }) => {
    expect(sut.submitChange.live()?.input).toEqual(request);
    expect(context.errors).toEqual({});
  },
  changed: (_sut, snapshot) => {
    expect([snapshot.status, snapshot.output]).toEqual(['done', result]);
  },
};

/** A short name for a path: where it ends and the events that lead there. */
const nameOf = (path: { state: { value: unknown }; steps: { event: { type: string } }[] }) =>
  `${String(path.state.value)} ← ${path.steps.map((step) => step.event.type).join(' → ')}`;

async function replay(
  path: ReturnType<TestModel<Snapshot, EventObject, unknown>['getShortestPaths']>[number],
  requireOld: boolean,
) {
  const sut = createSut(requireOld);
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.done.actor.submitChange') {
      await sut.submitChange.answer({ output: event.output });
    } else if (event.type === 'xstate.error.actor.submitChange') {
      await sut.submitChange.answer({ error: event.error });
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    const snapshot = sut.actor.getSnapshot();
    const expected = step.state.value as string;
    expect(snapshot.value, `after ${event.type}`).toBe(expected);
    expect(snapshot.context.error).toBe(step.state.context.error);
    expect(Object.keys(snapshot.context.errors)).toEqual(Object.keys(step.state.context.errors));
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut, snapshot);
  }
  sut.actor.stop();
}

describe.each([true, false])('changePassword machine, old password required: %s', (requireOld) => {
  const model = modelFor(requireOld);
  const shortest = pathsOf(() => model.getShortestPaths());
  const simple = pathsOf(() => model.getSimplePaths());

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot(
      `graphs/changePassword.${requireOld ? 'oldRequired' : 'noOld'}.txt`,
    );
  });

  it('reaches every state', () => {
    const reached = new Set(shortest.flatMap((path) => path.steps.map((s) => s.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort());
  });

  it.each(shortest.map((path) => [nameOf(path), path] as const))('shortest: %s', (_name, path) =>
    replay(path, requireOld),
  );

  it(`follows all ${simple.length} simple paths`, async () => {
    for (const path of simple) await replay(path, requireOld);
  });
});

describe('changePassword machine (examples)', () => {
  const check = (fields: Partial<ChangePasswordRequest>, requireOld = true) =>
    changePasswordErrors({ ...request, ...fields }, DEFAULT_PASSWORD_RULE, requireOld);

  it('requires the old password only when asked to', () => {
    expect(check({ oldPassword: '' })).toMatchObject({ oldPassword: { kind: 'required' } });
    expect(check({ oldPassword: '' }, false)).toEqual({});
  });

  it("checks the new password by the rule and flags 'inconsistent twice'", () => {
    expect(check({ newPassword: '', confirmNewPassword: '' })).toEqual({
      newPassword: { kind: 'required', patternId: 'LETTERS_AND_DIGITS', min: 6, max: 20 },
    });
    expect(check({ newPassword: 'abcdefgh', confirmNewPassword: 'abcdefgh' })).toMatchObject({
      newPassword: { kind: 'pattern' },
    });
    expect(check({ confirmNewPassword: 'other123' })).toEqual({
      confirmNewPassword: 'inconsistent',
    });
  });

  it('keeps the server error until the next submit', async () => {
    const sut = createSut(true);
    sut.actor.send(submit({}) as ChangePasswordEvent);
    await sut.submitChange.answer({ error: new ApiError('old_password_wrong', 'Wrong', 400) });
    expect(sut.actor.getSnapshot().context.error).toBe('old_password_wrong');
    sut.actor.send(submit({ confirmNewPassword: 'x' }) as ChangePasswordEvent);
    expect(sut.actor.getSnapshot().context).toMatchObject({
      error: null,
      errors: { confirmNewPassword: 'inconsistent' },
    });
  });
});

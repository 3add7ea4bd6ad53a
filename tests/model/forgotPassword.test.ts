import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../src/api/http';
import {
  type ForgotPasswordEvent,
  forgotPasswordErrors,
  forgotPasswordMachine,
  type ForgotTab,
} from '../../src/machines/forgotPassword';
import { forgotPasswordPaths } from '../../src/machines/forgotPassword.paths';
import { DEFAULT_PASSWORD_RULE } from '../../src/shared/fieldRules';
import type {
  ForgotByEmailCodeRequest,
  ForgotByMobileRequest,
  LoginResult,
} from '../../src/shared/identity';
import { fakeApi } from './support/fakeApi';
import { graphOf, pathsOf, testModelOf } from './support/pathModel';

/**
 * Model-based tests: every shortest and simple path through the forgot-password graph is
 * replayed against the real machine with fake reset APIs that the path settles.
 */
type Snapshot = SnapshotFrom<typeof forgotPasswordMachine>;

type ActorId = 'sendResetEmail' | 'resendResetEmail' | 'resetByEmailCode' | 'resetByMobile';
type ModelEvent =
  | ForgotPasswordEvent
  | { type: `xstate.done.actor.${'sendResetEmail' | 'resendResetEmail'}`; output: undefined }
  | { type: `xstate.done.actor.${'resetByEmailCode' | 'resetByMobile'}`; output: LoginResult }
  | { type: `xstate.error.actor.${ActorId}`; error: ApiError };

const input = { passwordRule: DEFAULT_PASSWORD_RULE };
const valid: Record<ForgotTab | 'emailCode', Record<string, string>> = {
  email: { username: 'alice1', email: 'alice@example.com' },
  emailCode: { verificationCode: '123456', newPassword: 'fresh123' },
  mobile: {
    // As the model types it (src/machines/forgotPassword.paths.ts).
    ...{ mobileNum: '912345678', countryDialingCode: '84' },
    ...{ verificationCode: '123456', newPassword: 'fresh123' },
  },
};
const result: LoginResult = {
  ...{ token: 'token-2', firstTimeLogin: false, passwordExpired: false, defaultPassword: false },
};
/**
 * The machine's one model (src/machines/forgotPassword.paths.ts, the same the paths tool walks
 * on a site: each form valid, empty or with a weak password, and each answer of the server).
 */
const model = testModelOf(forgotPasswordPaths);

function createSut() {
  const api = {
    sendResetEmail: fakeApi<void, { username: string; email: string }>(),
    resetByEmailCode: fakeApi<LoginResult, ForgotByEmailCodeRequest>(),
    resetByMobile: fakeApi<LoginResult, ForgotByMobileRequest>(),
  };
  const actors = {
    sendResetEmail: api.sendResetEmail.logic,
    resetByEmailCode: api.resetByEmailCode.logic,
    resetByMobile: api.resetByMobile.logic,
  };
  const actor = createActor(forgotPasswordMachine.provide({ actors }), { input }).start();
  const inFlight = () => Object.keys(api).filter((id) => api[id as keyof typeof api].live());
  return { actor, api, inFlight };
}
type Sut = ReturnType<typeof createSut>;

const expectations: Record<string, (sut: Sut, snapshot: Snapshot) => void> = {
  editing: (sut, { context }) => {
    expect(sut.inFlight()).toEqual([]);
    // An empty form flags every field of the tab.
    const flagged = Object.keys(valid[context.tab]).filter((name) => name !== 'countryDialingCode');
    const invalid = context.error === 'field_invalid';
    expect(Object.keys(context.errors).sort()).toEqual(invalid ? flagged.sort() : []);
  },
  sendingEmail: (sut) => {
    expect(sut.inFlight()).toEqual(['sendResetEmail']);
    expect(sut.api.sendResetEmail.live()?.input).toEqual(valid.email);
  },
  resetting: (sut) => {
    expect(sut.inFlight()).toEqual(['resetByMobile']);
    expect(sut.api.resetByMobile.live()?.input).toEqual(valid.mobile);
  },
  emailCode: (sut, { context }) => {
    expect(sut.inFlight()).toEqual([]);
    // Step one's username and e-mail are kept for step two and for a resend.
    expect(context.fields).toMatchObject(valid.email);
    // An empty form flags both fields; a weak password its own.
    const invalid = context.error === 'field_invalid';
    const flagged = Object.keys(context.errors).sort();
    if (invalid)
      expect([Object.keys(valid.emailCode).sort(), ['newPassword']]).toContainEqual(flagged);
    else expect(flagged).toEqual([]);
  },
  resendingEmail: (sut) => {
    expect(sut.inFlight()).toEqual(['sendResetEmail']);
    expect(sut.api.sendResetEmail.live()?.input).toEqual(valid.email);
  },
  resettingByEmail: (sut) => {
    expect(sut.inFlight()).toEqual(['resetByEmailCode']);
    expect(sut.api.resetByEmailCode.live()?.input).toEqual({
      username: valid.email.username,
      ...valid.emailCode,
    });
  },
  loggedIn: (_sut, snapshot) => {
    expect([snapshot.status, snapshot.output]).toEqual(['done', result]);
  },
};

/** A short name for a path: where it ends and the events that lead there. */
const nameOf = (path: { state: { value: unknown }; steps: { event: { type: string } }[] }) =>
  `${String(path.state.value)} ← ${path.steps.map((step) => step.event.type).join(' → ')}`;

async function replay(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const sut = createSut();
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if ('output' in event || 'error' in event) {
      // xstate.done.actor.<id> / xstate.error.actor.<id> answers the fake <id>; the model gave
      // each actor an output of its own type.
      // The resend invokes the same logic as the first send, under an id of its own.
      const id = event.type.split('.')[3] as ActorId;
      const fake = id === 'resendResetEmail' ? 'sendResetEmail' : id;
      await sut.api[fake].answer(event as never);
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    const snapshot = sut.actor.getSnapshot();
    const expected = step.state.value as string;
    expect(snapshot.value, `after ${event.type}`).toBe(expected);
    const { tab, error } = step.state.context;
    // The model keys a finished reset by its state alone: the way there may differ.
    if (snapshot.status === 'active') {
      expect(snapshot.context).toMatchObject({ tab, error });
      expect(Object.keys(snapshot.context.errors).sort()).toEqual(
        Object.keys(step.state.context.errors).sort(),
      );
    }
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut, snapshot);
  }
  sut.actor.stop();
}

describe('forgotPassword machine (model-based)', () => {
  const shortest = pathsOf(() => model.getShortestPaths());
  const simple = pathsOf(() => model.getSimplePaths());

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot('graphs/forgotPassword.txt');
  });

  it('reaches every state', () => {
    const reached = new Set(shortest.flatMap((path) => path.steps.map((s) => s.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort());
  });

  it.each(shortest.map((path) => [nameOf(path), path] as const))('shortest: %s', (_name, path) =>
    replay(path),
  );

  it(`follows all ${simple.length} simple paths`, async () => {
    for (const path of simple) await replay(path);
  });
});

describe('forgotPassword machine (examples)', () => {
  const check = (tab: ForgotTab | 'emailCode', fields: Record<string, string>) =>
    Object.keys(forgotPasswordErrors(tab, fields, DEFAULT_PASSWORD_RULE)).sort();

  it('needs a username and a real e-mail address', () => {
    expect(check('email', { ...valid.email, email: 'alice@example' })).toEqual(['email']);
    expect(check('email', { ...valid.email, email: 'a b@example.com' })).toEqual(['email']);
    expect(check('email', { ...valid.email, username: '' })).toEqual(['username']);
  });

  it('needs a 6-15 digit mobile, a code and a new password that passes the rule', () => {
    expect(check('mobile', { ...valid.mobile, mobileNum: '12345' })).toEqual(['mobileNum']);
    expect(check('mobile', { ...valid.mobile, mobileNum: '1234567890123456' })).toEqual([
      'mobileNum',
    ]);
    expect(check('mobile', { ...valid.mobile, verificationCode: '' })).toEqual([
      'verificationCode',
    ]);
    expect(check('mobile', { ...valid.mobile, newPassword: 'lettersonly' })).toEqual([
      'newPassword',
    ]);
  });

  it('takes digits only for the mobile and the codes', () => {
    expect(check('mobile', { ...valid.mobile, mobileNum: '91234567a' })).toEqual(['mobileNum']);
    expect(check('mobile', { ...valid.mobile, verificationCode: '12345a' })).toEqual([
      'verificationCode',
    ]);
    expect(check('emailCode', { ...valid.emailCode, verificationCode: '12345a' })).toEqual([
      'verificationCode',
    ]);
    expect(check('emailCode', { ...valid.emailCode, verificationCode: '12345' })).toEqual([
      'verificationCode',
    ]);
  });

  it('counts a field the form leaves out as empty', () => {
    expect(check('email', {})).toEqual(['email', 'username']);
    expect(check('emailCode', {})).toEqual(['newPassword', 'verificationCode']);
    expect(check('mobile', {})).toEqual(['mobileNum', 'newPassword', 'verificationCode']);
  });

  it('sends an empty dialing code when the mobile form has none', () => {
    const sut = createSut();
    sut.actor.send({ type: 'forgot.switchTab', tab: 'mobile' });
    const { countryDialingCode: _left, ...fields } = valid.mobile;
    sut.actor.send({ type: 'forgot.submit', fields });
    expect(sut.api.resetByMobile.live()?.input).toEqual({ ...fields, countryDialingCode: '' });
  });

  it('clears the messages when the tab changes', () => {
    const sut = createSut();
    sut.actor.send({ type: 'forgot.submit', fields: {} });
    expect(sut.actor.getSnapshot().context.error).toBe('field_invalid');
    sut.actor.send({ type: 'forgot.switchTab', tab: 'mobile' });
    expect(sut.actor.getSnapshot().context).toMatchObject({
      tab: 'mobile',
      errors: {},
      error: null,
    });
    expect(sut.api.sendResetEmail.calls).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import {
  type RegistrationEvent,
  registrationErrors,
  registrationMachine,
  type RegistrationRequest,
  type RegistrationTab,
} from '../../src/machines/registration';
import type { FieldRule, FieldSetting } from '../../src/shared/fieldRules';
import type { LoginResult } from '../../src/shared/identity';
import { fakeApi } from './support/fakeApi';

/**
 * Model-based tests: every shortest and simple path through the registration graph is replayed
 * against the real machine with fake affiliate, ALTCHA and register APIs that the path settles.
 */
type Snapshot = SnapshotFrom<typeof registrationMachine>;

type ModelEvent =
  | RegistrationEvent
  | { type: 'xstate.done.actor.checkAffiliate'; output: boolean }
  | { type: 'xstate.done.actor.proveHuman'; output: string }
  | { type: 'xstate.done.actor.submitRegistration'; output: LoginResult }
  | { type: `xstate.error.actor.${'checkAffiliate' | 'proveHuman'}`; error: Error }
  | { type: 'xstate.error.actor.submitRegistration'; error: ApiError };

const rule = (acceptedPattern: string, minLength: number, maxLength: number): FieldRule => ({
  ...{ acceptedPattern, patternId: 'TEST', minLength, maxLength },
});
const setting = (enabled: boolean, required: boolean): FieldSetting => ({ enabled, required });
const settings = {
  username: setting(true, true),
  password: setting(true, true),
  email: setting(true, false),
  mobileNum: setting(true, false),
  affiliateCode: setting(true, false),
  qqNum: setting(false, true),
};
const rules = {
  username: rule('^[A-Za-z][A-Za-z0-9]*$', 4, 16),
  password: rule('^(?=.*[A-Za-z])(?=.*[0-9])[\\x21-\\x7e]+$', 6, 20),
  email: rule('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 5, 60),
  mobileNum: rule('^[0-9]+$', 6, 15),
  affiliateCode: rule('^[A-Za-z0-9]+$', 4, 16),
  qqNum: rule('^[0-9]+$', 5, 12),
};
const input = { settings, rules, referralCode: 'REF42', mobileEnabled: true };
const passwords = { password: 'secret1', confirmPassword: 'secret1' };
const valid: Record<RegistrationTab, Record<string, string>> = {
  username: { username: 'alice1', ...passwords, email: '', mobileNum: '' },
  // The mobile form shows a password too (mobile-plus-password registration).
  mobile: {
    mobileNum: '912345678',
    countryDialingCode: '+84',
    verificationCode: '1234',
    ...passwords,
  },
};
const result: LoginResult = {
  ...{ token: 'token-1', firstTimeLogin: true, passwordExpired: false, defaultPassword: false },
};

/** The events worth trying in each state (the others are ignored there anyway). */
function eventsIn({ value, context: { tab } }: Snapshot): ModelEvent[] {
  const submit = (fields: Record<string, string>, acceptedTerms = true): ModelEvent => ({
    ...{ type: 'register.submit', fields: { ...valid[tab], ...fields }, acceptedTerms },
  });
  const table: Record<string, ModelEvent[]> = {
    editing: [
      { type: 'register.switchTab', tab: tab === 'username' ? 'mobile' : 'username' },
      submit({}),
      submit({ affiliateCode: 'AFF1' }),
      submit({ confirmPassword: 'secret2' }, false),
    ],
    checkingAffiliate: [
      { type: 'xstate.done.actor.checkAffiliate', output: true },
      { type: 'xstate.done.actor.checkAffiliate', output: false },
      { type: 'xstate.error.actor.checkAffiliate', error: new Error('offline') },
    ],
    affiliateRejected: [{ type: 'register.dismiss' }],
    provingHuman: [
      { type: 'xstate.done.actor.proveHuman', output: 'altcha-payload' },
      { type: 'xstate.error.actor.proveHuman', error: new Error('solver crashed') },
    ],
    submitting: [
      { type: 'xstate.done.actor.submitRegistration', output: result },
      {
        type: 'xstate.error.actor.submitRegistration',
        error: new ApiError('username_taken', 'Taken', 400),
      },
    ],
  };
  return table[value as string] ?? [];
}

const model = new TestModel(
  registrationMachine as never,
  {
    events: eventsIn as never,
    input,
    // What the form shows: the tab, which fields are flagged, the error message.
    serializeState: ({ value, context: c }: Snapshot) =>
      [value, c.tab, Object.keys(c.errors).sort().join(), c.error].join('#'),
  } as never,
) as unknown as TestModel<Snapshot, ModelEvent, unknown>;

function createSut() {
  const api = {
    checkAffiliate: fakeApi<boolean, { code: string }>(),
    proveHuman: fakeApi<string>(),
    submitRegistration: fakeApi<LoginResult, RegistrationRequest>(),
  };
  const actors = {
    checkAffiliate: api.checkAffiliate.logic,
    proveHuman: api.proveHuman.logic,
    submitRegistration: api.submitRegistration.logic,
  };
  const actor = createActor(registrationMachine.provide({ actors }), { input }).start();
  const inFlight = () => Object.keys(api).filter((id) => api[id as keyof typeof api].live());
  return { actor, api, inFlight };
}
type Sut = ReturnType<typeof createSut>;

const expectations: Record<string, (sut: Sut, snapshot: Snapshot) => void> = {
  editing: (sut, { context }) => {
    expect(sut.inFlight()).toEqual([]);
    const flagged = Object.keys(context.errors).length > 0;
    const expected = { confirmPassword: 'inconsistent', terms: 'terms' };
    expect(context.errors).toEqual(flagged ? expected : {});
  },
  checkingAffiliate: (sut) => {
    expect(sut.inFlight()).toEqual(['checkAffiliate']);
    expect(sut.api.checkAffiliate.live()?.input).toEqual({ code: 'AFF1' });
  },
  affiliateRejected: (sut, { context }) => {
    expect(sut.inFlight()).toEqual([]);
    expect(context.error).toBe('invitation_code_error');
  },
  provingHuman: (sut, { context }) => {
    expect(sut.inFlight()).toEqual(['proveHuman']);
    expect([context.errors, context.acceptedTerms]).toEqual([{}, true]);
  },
  submitting: (sut, { context }) => {
    expect(sut.inFlight()).toEqual(['submitRegistration']);
    const request = sut.api.submitRegistration.live()?.input;
    expect(request).toMatchObject({ tab: context.tab, altcha: 'altcha-payload' });
    // The referral code of the link travels with every registration.
    expect(request?.fields).toMatchObject({ ...valid[context.tab], referralCode: 'REF42' });
  },
  registered: (_sut, snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual(result);
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
      await sut.api[event.type.split('.')[3] as keyof Sut['api']].answer(event as never);
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    const snapshot = sut.actor.getSnapshot();
    const expected = step.state.value as string;
    expect(snapshot.value, `after ${event.type}`).toBe(expected);
    const { tab, error } = step.state.context;
    expect(snapshot.context).toMatchObject({ tab, error });
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut, snapshot);
  }
  sut.actor.stop();
}

describe('registration machine (model-based)', () => {
  const shortest = model.getShortestPaths();
  const simple = model.getSimplePaths();

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

describe('registration machine (examples)', () => {
  const check = (tab: RegistrationTab, fields: Record<string, string>, terms = true) =>
    registrationErrors(tab, fields, terms, settings, rules);

  it("flags 'inconsistent twice' and unticked terms, and keeps the form", () => {
    const sut = createSut();
    const fields = { ...valid.username, confirmPassword: 'secret2' };
    sut.actor.send({ type: 'register.submit', fields, acceptedTerms: false });
    const { value, context } = sut.actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.errors).toEqual({ confirmPassword: 'inconsistent', terms: 'terms' });
    expect(context.fields).toEqual({ ...fields, referralCode: 'REF42' });
    expect(sut.api.proveHuman.calls).toHaveLength(0);
  });

  it('checks every enabled field by its rule and setting', () => {
    expect(check('username', {})).toMatchObject({
      username: { kind: 'required' },
      password: { kind: 'required' },
    });
    const wrong = { ...valid.username, username: '1abc', email: 'nope', mobileNum: '12' };
    expect(Object.keys(check('username', wrong)).sort()).toEqual([
      'email',
      'mobileNum',
      'username',
    ]);
    // A disabled field is never checked; an optional one may stay empty.
    expect(check('username', { ...valid.username, qqNum: 'x' })).toEqual({});
  });

  it('requires mobile and code on the mobile tab, and a password only when shown', () => {
    expect(Object.keys(check('mobile', {})).sort()).toEqual(['mobileNum', 'verificationCode']);
    expect(check('mobile', { ...valid.mobile, password: '', confirmPassword: '' })).toMatchObject({
      password: { kind: 'required' },
    });
    const { password: _p, confirmPassword: _c, ...withoutPassword } = valid.mobile;
    expect(check('mobile', withoutPassword)).toEqual({});
  });

  it('offers the mobile tab only when it is enabled', () => {
    const actor = createActor(registrationMachine, {
      input: { ...input, mobileEnabled: false, referralCode: null },
    }).start();
    actor.send({ type: 'register.switchTab', tab: 'mobile' });
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'username', fields: {} });
  });

  it('shows the invitation error for a refused affiliate code until dismissed', async () => {
    const sut = createSut();
    const fields = { ...valid.username, affiliateCode: 'BAD1' };
    sut.actor.send({ type: 'register.submit', fields, acceptedTerms: true });
    await sut.api.checkAffiliate.answer({ output: false });
    expect(sut.actor.getSnapshot().value).toBe('affiliateRejected');
    sut.actor.send({ type: 'register.submit', fields, acceptedTerms: true });
    expect(sut.actor.getSnapshot().value).toBe('affiliateRejected');
    sut.actor.send({ type: 'register.dismiss' });
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    expect(sut.api.proveHuman.calls).toHaveLength(0);
  });
});

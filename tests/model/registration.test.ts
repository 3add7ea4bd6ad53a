import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { ApiError } from '../../src/api/http';
import {
  type RegistrationEvent,
  registrationErrors,
  type RegistrationInput,
  registrationMachine,
  type RegistrationRequest,
  type RegistrationTab,
} from '../../src/machines/registration';
import { registrationPaths } from '../../src/machines/registration.paths';
import type { LoginResult } from '../../src/shared/identity';
import { fakeApi } from './support/fakeApi';
import {
  adjacencyOf,
  transitionPaths,
  type ModelPath,
  testModelOf,
  graphOf,
  pathsOf,
} from './support/pathModel';

/**
 * Model-based tests: the shortest paths, every transition and the simple paths of the
 * registration model are replayed against the real machine with fake affiliate, ALTCHA and
 * register APIs that the path settles, on /register and on an invitation link (a referral code).
 */
type Snapshot = SnapshotFrom<typeof registrationMachine>;

type ModelEvent =
  | RegistrationEvent
  | { type: 'xstate.done.actor.checkAffiliate'; output: boolean }
  | { type: 'xstate.done.actor.proveHuman'; output: string }
  | { type: 'xstate.done.actor.submitRegistration'; output: LoginResult }
  | { type: `xstate.error.actor.${'checkAffiliate' | 'proveHuman'}`; error: Error }
  | { type: 'xstate.error.actor.submitRegistration'; error: ApiError };

/** The shipped configuration (config/platform.json), as the model gives it: no referral link. */
const shipped = registrationPaths.input as RegistrationInput;
const { settings, rules } = shipped;
/** The referral code of an invitation link (/register?referralCode=…). */
const LINK = 'REF42';
// As the model types them (src/machines/registration.paths.ts).
const valid: Record<RegistrationTab, Record<string, string>> = {
  username: { username: 'alice1', password: 'secret1', confirmPassword: 'secret1' },
  // The mobile form shows a password too (mobile-plus-password registration).
  mobile: {
    ...{ countryDialingCode: '84', mobileNum: '912345678', verificationCode: '123456' },
    ...{ password: 'secret1', confirmPassword: 'secret1' },
  },
};
const AFFILIATE_CODE = 'AGENT1';
const result: LoginResult = {
  ...{ token: 'token-1', firstTimeLogin: true, passwordExpired: false, defaultPassword: false },
};
/**
 * What each of the model's wrong forms flags: the form left empty (with the terms unticked)
 * its tab's required fields — the mobile form's password too, as it shows one — and the
 * passwords typed differently (the terms unticked) the confirmation.
 */
const FLAGGED: Record<RegistrationTab, Record<'empty' | 'inconsistent', string[]>> = {
  username: {
    empty: ['password', 'terms', 'username'],
    inconsistent: ['confirmPassword', 'terms'],
  },
  mobile: {
    empty: ['mobileNum', 'password', 'terms', 'verificationCode'],
    inconsistent: ['confirmPassword', 'terms'],
  },
};

/**
 * What the model leaves out, tried besides its events: an affiliate check that answers "no"
 * (the page's check answers yes or fails, src/ui/auth/RegisterPopup.tsx), so the machine's own
 * refusal branch is walked too.
 */
const REFUSED_AFFILIATE = {
  label: 'checkAffiliate.done:refused',
  event: { type: 'xstate.done.actor.checkAffiliate', output: false },
};

/**
 * The machine's one model (src/machines/registration.paths.ts, the same the paths tool walks
 * on a site: both tabs, the form right, empty or with the passwords differing, an invitation
 * code accepted, refused or not checked, the proof of work failing, and each answer of the
 * server per tab), on /register (the shipped input) and on an invitation link. Its states are
 * keyed as the model keys them (the tab, the flagged fields, the error) for the shortest paths
 * and for every transition; its simple paths (twelve thousand by that key) are walked keyed
 * without the error, which the replay predicts from the event instead (expectedAfter).
 */
const modelFor = (referralCode: string | null, key?: (snapshot: Snapshot) => string) =>
  testModelOf(
    {
      ...registrationPaths,
      input: { ...shipped, referralCode },
      events: (snapshot: Snapshot) => [
        ...registrationPaths.events(snapshot),
        ...(snapshot.value === 'checkingAffiliate' ? [REFUSED_AFFILIATE] : []),
      ],
    },
    key,
  );
const modelKey = registrationPaths.key!;
/** The model's key without the error message. */
const withoutError = ({ value, status, context: c }: Snapshot) =>
  status === 'active'
    ? [String(value), c.tab, Object.keys(c.errors).sort().join(',')].join('#')
    : String(value);
/** Every message the form can show, the server's codes and its own. */
const ERRORS = [
  'challenge_failed',
  'invitation_code_error',
  'mobile_taken',
  'network_error',
  'username_taken',
  'verification_code_expired',
  'verification_code_invalid',
];

function createSut(referralCode: string | null) {
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
  const actor = createActor(registrationMachine.provide({ actors }), {
    input: { ...shipped, referralCode },
  }).start();
  const inFlight = () => Object.keys(api).filter((id) => api[id as keyof typeof api].live());
  /** The fields of the last form the path submitted. */
  const submitted: { fields: Record<string, string> } = { fields: {} };
  return { actor, api, inFlight, referralCode, submitted };
}
type Sut = ReturnType<typeof createSut>;

const expectations: Record<string, (sut: Sut, snapshot: Snapshot) => void> = {
  editing: (sut) => {
    expect(sut.inFlight()).toEqual([]);
  },
  checkingAffiliate: (sut) => {
    expect(sut.inFlight()).toEqual(['checkAffiliate']);
    expect(sut.api.checkAffiliate.live()?.input).toEqual({ code: AFFILIATE_CODE });
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
    // The form of the tab as submitted, and the link's referral code with every registration.
    expect(request?.fields).toMatchObject(valid[context.tab]);
    expect(request?.fields).toEqual({
      ...sut.submitted.fields,
      referralCode: sut.referralCode ?? '',
    });
  },
  registered: (_sut, snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual(result);
  },
};

/** What the form shows after an event (the tab, the flagged fields, the error), told by the event. */
interface Shown {
  tab: RegistrationTab;
  flagged: string[];
  error: string | null;
}
function expectedAfter(event: ModelEvent | { type: 'xstate.init' }, before: Shown): Shown {
  switch (event.type) {
    case 'register.switchTab':
      return { tab: event.tab, flagged: [], error: null };
    case 'register.submit': {
      // The form left empty: every field of the tab blank (the dialing code is chosen, not typed).
      const empty = Object.keys(valid[before.tab])
        .filter((name) => name !== 'countryDialingCode')
        .every((name) => event.fields[name] === '');
      const wrong = empty
        ? 'empty'
        : event.fields.confirmPassword !== event.fields.password
          ? 'inconsistent'
          : null;
      return { ...before, flagged: wrong ? FLAGGED[before.tab][wrong] : [], error: null };
    }
    case 'register.dismiss':
      return { ...before, error: null };
    case 'xstate.done.actor.checkAffiliate':
      return { ...before, error: event.output ? before.error : 'invitation_code_error' };
    case 'xstate.error.actor.checkAffiliate':
      return { ...before, error: 'invitation_code_error' };
    case 'xstate.error.actor.proveHuman':
      return { ...before, error: 'challenge_failed' };
    case 'xstate.error.actor.submitRegistration':
      return { ...before, error: event.error.code };
    default:
      return before;
  }
}

/** A short name for a path: where it ends and the events that lead there. */
const nameOf = (path: ModelPath<Snapshot>) =>
  `${String(path.state.value)} ← ${path.steps.map((step) => step.event.type).join(' → ')}`;

async function replay(
  path: ModelPath<Snapshot>,
  referralCode: string | null,
  key: (snapshot: Snapshot) => string = modelKey,
) {
  const sut = createSut(referralCode);
  let shown: Shown = { tab: 'username', flagged: [], error: null };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if ('output' in event || 'error' in event) {
      // xstate.done.actor.<id> / xstate.error.actor.<id> answers the fake <id>; the model gave
      // each actor an output of its own type.
      await sut.api[event.type.split('.')[3] as keyof Sut['api']].answer(event as never);
    } else if (event.type !== 'xstate.init') {
      if (event.type === 'register.submit') sut.submitted.fields = event.fields;
      sut.actor.send(event);
    }
    const snapshot = sut.actor.getSnapshot();
    const expected = step.state.value as string;
    expect(snapshot.value, `after ${event.type}`).toBe(expected);
    // The state the walk says the event leads to, by the walk's key.
    expect(key(snapshot), `after ${event.type}`).toBe(key(step.state));
    // What the form shows, told by the event.
    shown = expectedAfter(event, shown);
    if (snapshot.status === 'active') {
      const { tab, errors, error } = snapshot.context;
      expect({ tab, flagged: Object.keys(errors).sort(), error }, `after ${event.type}`).toEqual(
        shown,
      );
    }
    // The link's referral code is kept, and sent back, whatever the path does.
    expect(snapshot.context.fields.referralCode ?? '').toBe(referralCode ?? '');
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut, snapshot);
  }
  sut.actor.stop();
}

describe.each([null, LINK])('registration machine (model-based), referral code %s', (link) => {
  const model = modelFor(link);
  const asPaths = (paths: unknown) => paths as ModelPath<Snapshot>[];
  const shortest = asPaths(pathsOf(() => model.getShortestPaths()));
  const covering = asPaths(pathsOf(() => transitionPaths(model, modelKey)));
  const simple = asPaths(pathsOf(() => modelFor(link, withoutError).getSimplePaths()));

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot(
      `graphs/registration.${link ? 'referred' : 'unreferred'}.txt`,
    );
  });

  it('reaches every state of the model and every error the form shows', () => {
    const reached = new Set(shortest.flatMap((path) => path.steps.map((s) => s.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort());
    const keys = new Set(shortest.flatMap((path) => path.steps.map((s) => modelKey(s.state))));
    expect([...keys].sort()).toEqual(Object.keys(adjacencyOf(model)).sort());
    // Every transition of the model: each event that changes the state, in every state.
    const changing = Object.entries(adjacencyOf(model)).flatMap(([from, { transitions }]) =>
      Object.values(transitions).filter(({ state }) => modelKey(state) !== from),
    );
    expect(covering).toHaveLength(changing.length);
    const errors = new Set(covering.map((path) => path.state.context.error));
    expect([...errors].filter(Boolean).sort()).toEqual(ERRORS);
    // The affiliate check's "no", which the page never answers, is walked too.
    const refused = covering.filter((path) => path.steps.at(-1)?.event === REFUSED_AFFILIATE.event);
    expect(refused.map((path) => modelKey(path.state)).sort()).toEqual([
      'affiliateRejected#mobile#invitation_code_error',
      'affiliateRejected#username#invitation_code_error',
    ]);
  });

  it.each(shortest.map((path) => [nameOf(path), path] as const))('shortest: %s', (_name, path) =>
    replay(path, link),
  );

  it(`makes all ${covering.length} transitions of the model`, async () => {
    for (const path of covering) await replay(path, link);
  });

  it(`follows all ${simple.length} simple paths, keyed without the error`, async () => {
    for (const path of simple) await replay(path, link, withoutError);
  });
});

describe('registration machine (examples)', () => {
  const check = (tab: RegistrationTab, fields: Record<string, string>, terms = true) =>
    registrationErrors(tab, fields, terms, settings, rules);

  it("flags 'inconsistent twice' and unticked terms, and keeps the form and the link's code", () => {
    const sut = createSut(LINK);
    // A form that does not send the referral code back.
    const fields = { ...valid.username, confirmPassword: 'secret2' };
    sut.actor.send({ type: 'register.submit', fields, acceptedTerms: false });
    const { value, context } = sut.actor.getSnapshot();
    expect(value).toBe('editing');
    expect(context.errors).toEqual({ confirmPassword: 'inconsistent', terms: 'terms' });
    expect(context.fields).toEqual({ ...fields, referralCode: LINK });
    expect(sut.api.proveHuman.calls).toHaveLength(0);
  });

  it('checks every enabled field by its rule and setting', () => {
    expect(check('username', {})).toMatchObject({
      username: { kind: 'required' },
      password: { kind: 'required' },
    });
    const wrong = {
      ...valid.username,
      ...{ username: '1abc', email: 'nope', mobileNum: '12', payeeName: 'x1' },
    };
    expect(Object.keys(check('username', wrong)).sort()).toEqual([
      'email',
      'mobileNum',
      'payeeName',
      'username',
    ]);
    // A disabled field is never checked; an optional one may stay empty.
    const withDisabled = { ...settings, qqNum: { enabled: false, required: true } };
    const qqRules = {
      ...rules,
      qqNum: { acceptedPattern: '^[0-9]+$', patternId: 'DIGITS', minLength: 5, maxLength: 12 },
    };
    expect(
      registrationErrors(
        'username',
        { ...valid.username, qqNum: 'x' },
        true,
        withDisabled,
        qqRules,
      ),
    ).toEqual({});
  });

  it('requires mobile and code on the mobile tab, and a password only when shown', () => {
    expect(Object.keys(check('mobile', {})).sort()).toEqual(['mobileNum', 'verificationCode']);
    expect(check('mobile', { ...valid.mobile, password: '', confirmPassword: '' })).toMatchObject({
      password: { kind: 'required' },
    });
    const { password: _p, confirmPassword: _c, ...withoutPassword } = valid.mobile;
    expect(check('mobile', withoutPassword)).toEqual({});
  });

  it('requires the username and password of the username tab whatever the settings say', () => {
    const bare = (fields: Record<string, string>) =>
      Object.keys(registrationErrors('username', fields, true, {}, {})).sort();
    expect(bare({})).toEqual(['password', 'username']);
    // Two passwords both left out are not "inconsistent"; the missing one is flagged alone.
    expect(bare({ confirmPassword: '' })).toEqual(['password', 'username']);
    // An SMS code the form shows (SMS-verified username sign-up) is required too.
    expect(bare({ ...valid.username, verificationCode: '' })).toEqual(['verificationCode']);
    expect(bare({ ...valid.username, verificationCode: '1' })).toEqual([]);
  });

  it('checks an enabled nickname for markup and staff words, after its length', () => {
    const nicknameRule = { acceptedPattern: '*', patternId: 'LENGTH', minLength: 2, maxLength: 20 };
    const nickname = (enabled: boolean, value?: string) =>
      registrationErrors(
        'username',
        { ...valid.username, ...(value === undefined ? {} : { nickname: value }) },
        true,
        { ...settings, nickname: { enabled, required: false } },
        { ...rules, nickname: nicknameRule },
      ).nickname;
    expect(nickname(true, 'Support team')).toBe('nickname_not_allowed');
    expect(nickname(true, 'a<b>')).toBe('nickname_not_allowed');
    expect(nickname(true, '<')).toMatchObject({ kind: 'length' });
    expect([nickname(true, 'Alice'), nickname(true, ''), nickname(true)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    // A nickname the form does not show is not checked.
    expect(nickname(false, 'Support team')).toBeUndefined();
  });

  it('checks no affiliate code when the form sends none', () => {
    const sut = createSut(null);
    sut.actor.send({ type: 'register.submit', fields: valid.username, acceptedTerms: true });
    expect(sut.actor.getSnapshot().value).toBe('provingHuman');
    expect(sut.api.checkAffiliate.calls).toHaveLength(0);
  });

  it('clears the messages on the username tab even when it is the only one', () => {
    const actor = createActor(registrationMachine, {
      input: { ...shipped, mobileEnabled: false, referralCode: null },
    }).start();
    actor.send({ type: 'register.submit', fields: {}, acceptedTerms: false });
    expect(Object.keys(actor.getSnapshot().context.errors)).not.toEqual([]);
    actor.send({ type: 'register.switchTab', tab: 'username' });
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'username', error: null });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('offers the mobile tab only when it is enabled', () => {
    const actor = createActor(registrationMachine, {
      input: { ...shipped, mobileEnabled: false, referralCode: null },
    }).start();
    actor.send({ type: 'register.switchTab', tab: 'mobile' });
    expect(actor.getSnapshot().context).toMatchObject({ tab: 'username', fields: {} });
  });

  it('shows the invitation error for a refused affiliate code until dismissed', async () => {
    const sut = createSut(null);
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

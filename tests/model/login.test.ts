import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import {
  type LoginEvent,
  loginFieldsValid,
  loginMachine,
  loginRequestFrom,
} from '../../src/machines/login';
import { loginPaths } from '../../src/machines/login.paths';
import type { CaptchaImage, LoginRequest, LoginResult } from '../../src/shared/identity';
import { fakeApi } from './support/fakeApi';
import { testModelOf, graphOf, pathsOf } from './support/pathModel';

/**
 * Model-based tests: every shortest and simple path through the login graph is replayed against
 * the real machine with fake ALTCHA, login and captcha APIs that the path itself settles, and a
 * simulated clock for the captcha refresh throttle.
 */
type Snapshot = SnapshotFrom<typeof loginMachine>;

const COOLED = 'xstate.after.1000.login.editing';
type ModelEvent =
  | LoginEvent
  | { type: typeof COOLED }
  | { type: 'xstate.done.actor.proveHuman'; output: string }
  | { type: 'xstate.done.actor.submitLogin'; output: LoginResult }
  | { type: 'xstate.done.actor.loadCaptcha'; output: CaptchaImage }
  | { type: `xstate.error.actor.${'proveHuman' | 'loadCaptcha'}`; error: Error }
  | { type: 'xstate.error.actor.submitLogin'; error: ApiError };

const result = (flags: Partial<LoginResult>): LoginResult => ({
  ...{ token: 'token-1', firstTimeLogin: false, passwordExpired: false, defaultPassword: false },
  ...flags,
});
const byUsername = { username: 'alice', password: 'secret1', captcha: 'ab12' };
// As the model types them (src/machines/login.paths.ts).
const byMobile = { mobileNum: '912345678', countryDialingCode: '84', verificationCode: '123456' };
const captchaImage: CaptchaImage = { captchaId: 'c-1', image: 'data:image/svg+xml,<svg/>' };

/**
 * The machine's one model (src/machines/login.paths.ts, the same the paths tool walks on a
 * site: both tabs, the captcha and its throttle, the new-address code, and every answer of the
 * server the form shows differently), keyed by the context fields that decide where an event
 * leads. The error message is not part of the key: the replay predicts it from the event
 * instead (expectedError).
 */
const model = testModelOf(loginPaths, ({ value, context: c }: Snapshot) =>
  [value, c.tab, c.captchaRequired, c.captchaCoolingDown, c.ipVerification].join('#'),
);

function createSut() {
  const clock = new SimulatedClock();
  const api = {
    proveHuman: fakeApi<string>(),
    submitLogin: fakeApi<LoginResult, LoginRequest>(),
    loadCaptcha: fakeApi<CaptchaImage>(),
  };
  const actors = {
    proveHuman: api.proveHuman.logic,
    submitLogin: api.submitLogin.logic,
    loadCaptcha: api.loadCaptcha.logic,
  };
  const actor = createActor(loginMachine.provide({ actors }), {
    input: { portal: 'player' },
    clock,
  }).start();
  const inFlight = () => Object.keys(api).filter((id) => api[id as keyof typeof api].live());
  return { actor, clock, api, inFlight };
}
type Sut = ReturnType<typeof createSut>;

const expectations: Record<string, (sut: Sut, snapshot: Snapshot) => void> = {
  editing: (sut, { context }) => {
    expect(sut.inFlight()).toEqual([]);
    expect(context.ipVerification).toBe(false);
  },
  provingHuman: (sut, { context }) => {
    expect(sut.inFlight()).toEqual(['proveHuman']);
    expect(context.tab).toBe('username');
  },
  submitting: (sut, { context }) => {
    expect(sut.inFlight()).toEqual(['submitLogin']);
    const request = sut.api.submitLogin.live()?.input;
    expect(request?.portal).toBe('player');
    expect(request?.ipVerificationCode).toBe(context.ipVerification ? '654321' : undefined);
    if (context.tab === 'mobile') {
      // SMS logins skip the proof of work and never carry a captcha.
      expect(request).toMatchObject({ type: 'sms', ...byMobile });
      expect([request?.altcha, request?.captcha]).toEqual([undefined, undefined]);
    } else {
      expect(request).toMatchObject({
        type: 'username',
        username: 'alice',
        altcha: 'altcha-payload',
      });
      expect(request?.captcha).toBe(context.captchaRequired ? 'ab12' : undefined);
    }
  },
  loadingCaptcha: (sut, { context }) => {
    expect(sut.inFlight()).toEqual(['loadCaptcha']);
    expect(context.captchaRequired).toBe(true);
  },
  ipVerification: (sut, { context }) => {
    expect(sut.inFlight()).toEqual([]);
    expect(context.ipVerification).toBe(true);
  },
  loggedIn: (_sut, snapshot) => {
    expect(snapshot.status).toBe('done');
    // A default password forces a change on password logins only.
    const forced = snapshot.context.tab === 'username' && snapshot.output?.defaultPassword;
    expect([snapshot.output?.token, forced]).toEqual(['token-1', false]);
  },
  changePasswordRequired: (_sut, snapshot) => {
    expect(snapshot.status).toBe('done');
    // A temporary password or an expired one: either forces the change.
    expect([result({ defaultPassword: true }), result({ passwordExpired: true })]).toContainEqual(
      snapshot.output,
    );
    expect(snapshot.context.tab).toBe('username');
  },
};

/** The error the form shows after an event, told by the event alone. */
function expectedError(event: ModelEvent | { type: 'xstate.init' }, before: string | null) {
  if (event.type === 'xstate.error.actor.submitLogin')
    return event.error.code === 'ip_verification_required' ? null : event.error.code;
  if (event.type === 'xstate.error.actor.proveHuman') return 'challenge_failed';
  if (event.type === 'xstate.error.actor.loadCaptcha') return 'unknown_error';
  // A form left empty (the model's `submit:empty`) is refused on the spot.
  if (event.type === 'login.submit')
    return Object.entries(event.fields).some(
      ([name, value]) => value === '' && name !== 'countryDialingCode',
    )
      ? 'field_invalid'
      : null;
  if (event.type === 'login.switchTab' || event.type === 'login.cancel') return null;
  return before;
}

/** A short name for a path: where it ends and the events that lead there. */
const nameOf = (path: { state: { value: unknown }; steps: { event: { type: string } }[] }) =>
  `${String(path.state.value)} ← ${path.steps.map((step) => step.event.type).join(' → ')}`;

async function replay(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const sut = createSut();
  let error: string | null = null;
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if ('output' in event || 'error' in event) {
      // xstate.done.actor.<id> / xstate.error.actor.<id> answers the fake <id>; the model gave
      // each actor an output of its own type.
      await sut.api[event.type.split('.')[3] as keyof Sut['api']].answer(event as never);
    } else if (event.type === COOLED) {
      sut.clock.increment(1000);
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    const snapshot = sut.actor.getSnapshot();
    const expected = step.state.value as string;
    expect(snapshot.value, `after ${event.type}`).toBe(expected);
    const { tab, captchaRequired, captchaCoolingDown, ipVerification } = step.state.context;
    expect(snapshot.context).toMatchObject({
      tab,
      captchaRequired,
      captchaCoolingDown,
      ipVerification,
    });
    error = expectedError(event, error);
    expect(snapshot.context.error, `error after ${event.type}`).toBe(error);
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut, snapshot);
  }
  sut.actor.stop();
}

describe('login machine (model-based)', () => {
  const shortest = pathsOf(() => model.getShortestPaths());
  const simple = pathsOf(() => model.getSimplePaths());

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot('graphs/login.txt');
  });

  it('reaches every state', () => {
    const reached = new Set(shortest.flatMap((path) => path.steps.map((s) => s.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort());
    // The throttle's end is walked too.
    expect(simple.some((path) => path.steps.some((s) => s.event.type === COOLED))).toBe(true);
  });

  it.each(shortest.map((path) => [nameOf(path), path] as const))('shortest: %s', (_name, path) =>
    replay(path),
  );

  it(`follows all ${simple.length} simple paths`, async () => {
    for (const path of simple) await replay(path);
  });
});

describe('login machine (examples)', () => {
  const submit = (sut: Sut, fields: Record<string, string>) =>
    sut.actor.send({ type: 'login.submit', fields });
  const code = (value: string) => ({ error: new ApiError(value, value, 400) });
  const state = (sut: Sut) => sut.actor.getSnapshot();

  it('skips the proof of work on the mobile tab and validates the mobile fields', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'login.switchTab', tab: 'mobile' });
    for (const wrong of [{ mobileNum: '12345' }, { verificationCode: '' }]) {
      submit(sut, { ...byMobile, ...wrong });
      expect([state(sut).value, state(sut).context.error]).toEqual(['editing', 'field_invalid']);
    }
    submit(sut, byMobile);
    expect(state(sut).value).toBe('submitting');
    expect(sut.api.proveHuman.calls).toHaveLength(0);
    expect(sut.api.submitLogin.live()?.input).toEqual({
      type: 'sms',
      portal: 'player',
      ...byMobile,
    });
    // An SMS login with a default password does not force a change.
    await sut.api.submitLogin.answer({ output: result({ defaultPassword: true }) });
    expect(state(sut).value).toBe('loggedIn');
  });

  it('asks for the captcha after captcha_required and ignores refreshes within 1 s', async () => {
    const sut = createSut();
    submit(sut, { username: 'alice', password: 'secret1' });
    await sut.api.proveHuman.answer({ output: 'altcha-payload' });
    expect(sut.api.submitLogin.live()?.input.captcha).toBeUndefined();
    await sut.api.submitLogin.answer(code('captcha_required'));
    await sut.api.loadCaptcha.answer({ output: captchaImage });
    expect(state(sut).context).toMatchObject({ captchaRequired: true, captcha: captchaImage });
    sut.actor.send({ type: 'login.refreshCaptcha' });
    sut.clock.increment(999);
    sut.actor.send({ type: 'login.refreshCaptcha' });
    expect(sut.api.loadCaptcha.calls).toHaveLength(1);
    sut.clock.increment(1);
    sut.actor.send({ type: 'login.refreshCaptcha' });
    expect(state(sut).value).toBe('loadingCaptcha');
    await sut.api.loadCaptcha.answer({ output: { captchaId: 'c-2', image: 'data:,' } });
    // The captcha is now part of a valid form and of the request.
    submit(sut, { username: 'alice', password: 'secret1' });
    expect(state(sut).context.error).toBe('field_invalid');
    submit(sut, byUsername);
    await sut.api.proveHuman.answer({ output: 'altcha-2' });
    const request = sut.api.submitLogin.live()?.input;
    expect(request).toMatchObject({ captcha: 'ab12', captchaId: 'c-2', altcha: 'altcha-2' });
  });

  it('keeps the captcha box when the captcha fails to load', async () => {
    const sut = createSut();
    submit(sut, byUsername);
    await sut.api.proveHuman.answer({ output: 'altcha-payload' });
    await sut.api.submitLogin.answer(code('captcha_invalid'));
    await sut.api.loadCaptcha.answer(code('network_error'));
    expect(state(sut).value).toBe('editing');
    expect(state(sut).context).toMatchObject({ captchaRequired: true, error: 'unknown_error' });
  });

  it('forces a password change for an expired password', async () => {
    const sut = createSut();
    submit(sut, byUsername);
    await sut.api.proveHuman.answer({ output: 'altcha-payload' });
    await sut.api.submitLogin.answer({ output: result({ passwordExpired: true }) });
    expect(state(sut).value).toBe('changePasswordRequired');
    expect(state(sut).output?.passwordExpired).toBe(true);
  });

  it('resubmits the same form with the IP verification code', async () => {
    const sut = createSut();
    submit(sut, { username: 'alice', password: 'secret1' });
    await sut.api.proveHuman.answer({ output: 'altcha-1' });
    await sut.api.submitLogin.answer(code('ip_verification_required'));
    submit(sut, { ipVerificationCode: '111111' });
    await sut.api.proveHuman.answer({ output: 'altcha-2' });
    expect(sut.api.submitLogin.live()?.input).toEqual({
      ...{ type: 'username', portal: 'player', username: 'alice', password: 'secret1' },
      ...{ altcha: 'altcha-2', ipVerificationCode: '111111' },
    });
    await sut.api.submitLogin.answer(code('verification_code_invalid'));
    expect(state(sut).value).toBe('ipVerification');
    expect(state(sut).context.error).toBe('verification_code_invalid');
  });

  it('takes 6-15 digits for the mobile, and both username and password', () => {
    const mobile = (mobileNum: string) =>
      loginFieldsValid('mobile', false, { mobileNum, verificationCode: '123456' });
    expect(['123456', 'a123456', '1234567a', '1234567890123456'].map(mobile)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(loginFieldsValid('username', false, { username: 'alice' })).toBe(false);
    expect(loginFieldsValid('username', false, { password: 'secret1' })).toBe(false);
    expect(loginFieldsValid('username', true, { username: 'alice', password: 'secret1' })).toBe(
      false,
    );
  });

  it('sends a field the form left out as empty, and no proof of work it has not got', () => {
    const context = { portal: 'player', form: {}, captcha: null } as const;
    expect(loginRequestFrom({ ...context, tab: 'mobile', captchaRequired: false })).toStrictEqual({
      type: 'sms',
      portal: 'player',
      mobileNum: '',
      countryDialingCode: '',
      verificationCode: '',
    });
    // A captcha asked for whose image failed to load: sent empty, the server refuses it.
    expect(loginRequestFrom({ ...context, tab: 'username', captchaRequired: true })).toStrictEqual({
      ...{ type: 'username', portal: 'player', username: '', password: '' },
      ...{ captcha: '', captchaId: '' },
    });
  });

  it('goes back to the form when the IP-code attempt fails otherwise', async () => {
    const sut = createSut();
    submit(sut, { username: 'alice', password: 'secret1' });
    await sut.api.proveHuman.answer({ output: 'altcha-1' });
    await sut.api.submitLogin.answer(code('ip_verification_required'));
    submit(sut, { ipVerificationCode: '111111' });
    await sut.api.proveHuman.answer({ output: 'altcha-2' });
    await sut.api.submitLogin.answer(code('network_error'));
    expect([state(sut).value, state(sut).context.error]).toEqual(['editing', 'network_error']);
  });

  it("clears a wrong IP code's message when the member cancels", async () => {
    const sut = createSut();
    submit(sut, { username: 'alice', password: 'secret1' });
    await sut.api.proveHuman.answer({ output: 'altcha-1' });
    await sut.api.submitLogin.answer(code('ip_verification_required'));
    submit(sut, { ipVerificationCode: '111111' });
    await sut.api.proveHuman.answer({ output: 'altcha-2' });
    await sut.api.submitLogin.answer(code('verification_code_invalid'));
    sut.actor.send({ type: 'login.cancel' });
    expect(state(sut).value).toBe('editing');
    expect(state(sut).context).toMatchObject({ error: null, ipVerification: false });
  });

  it('sends an IP code asked for on the SMS tab with the SMS login, without a proof of work', async () => {
    // The server asks no SMS login for one today (login.paths.ts); the machine still handles it.
    const sut = createSut();
    sut.actor.send({ type: 'login.switchTab', tab: 'mobile' });
    submit(sut, byMobile);
    await sut.api.submitLogin.answer(code('ip_verification_required'));
    submit(sut, { ipVerificationCode: '222222' });
    expect(state(sut).value).toBe('submitting');
    expect(sut.api.proveHuman.calls).toHaveLength(0);
    expect(sut.api.submitLogin.live()?.input).toStrictEqual({
      ...{ type: 'sms', portal: 'player', ...byMobile },
      ipVerificationCode: '222222',
    });
  });

  it('builds agent-portal requests', () => {
    const context = {
      tab: 'username',
      portal: 'agent',
      captcha: null,
      captchaRequired: false,
    } as const;
    const form = { username: 'bob', password: 'pw1234' };
    expect(loginRequestFrom({ ...context, form }, 'x')).toEqual({
      ...{ type: 'username', portal: 'agent', altcha: 'x' },
      ...form,
    });
  });
});

describe('login: the captcha flag on a failed answer', () => {
  it('shows the captcha box when invalid_credentials carries captcha: true', async () => {
    let captchaLoads = 0;
    const actor = createActor(
      loginMachine.provide({
        actors: {
          proveHuman: fromPromise(async () => 'proof'),
          submitLogin: fromPromise<LoginResult, LoginRequest>(async () => {
            throw new ApiError('invalid_credentials', 'wrong', 401, { captcha: true });
          }),
          loadCaptcha: fromPromise(async () => {
            captchaLoads += 1;
            return { captchaId: 'c1', image: 'data:image/svg+xml;base64,' };
          }),
        },
      }),
      { input: { portal: 'player' } },
    ).start();
    actor.send({ type: 'login.submit', fields: { username: 'player1', password: 'bad' } });
    await vi.waitFor(() => expect(actor.getSnapshot().context.captcha?.captchaId).toBe('c1'));
    expect(actor.getSnapshot().context).toMatchObject({
      captchaRequired: true,
      error: 'invalid_credentials',
    });
    expect(captchaLoads).toBe(1);
    actor.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/http';
import { type LoginEvent, loginMachine, loginRequestFrom } from '../../src/machines/login';
import type { CaptchaImage, LoginRequest, LoginResult } from '../../src/shared/identity';

/**
 * Model-based tests: every shortest and simple path through the login graph is replayed against
 * the real machine with fake ALTCHA, login and captcha APIs that the path settles, and a
 * simulated clock for the captcha refresh throttle.
 */
type Snapshot = SnapshotFrom<typeof loginMachine>;

const COOLED = 'xstate.after.1000.login.editing';
type ModelEvent =
  | LoginEvent
  | { type: typeof COOLED }
  | { type: 'xstate.done.actor.proveHuman'; output: string }
  | { type: 'xstate.error.actor.proveHuman'; error: Error }
  | { type: 'xstate.done.actor.submitLogin'; output: LoginResult }
  | { type: 'xstate.error.actor.submitLogin'; error: ApiError }
  | { type: 'xstate.done.actor.loadCaptcha'; output: CaptchaImage }
  | { type: 'xstate.error.actor.loadCaptcha'; error: Error };

const result = (flags: Partial<LoginResult>): LoginResult => ({
  token: 'token-1',
  firstTimeLogin: false,
  passwordExpired: false,
  defaultPassword: false,
  ...flags,
});
const rejected = (code: string): ModelEvent => ({
  type: 'xstate.error.actor.submitLogin',
  error: new ApiError(code, code, 400),
});
const byUsername = { username: 'alice', password: 'secret1', captcha: 'ab12' };
const byMobile = { mobileNum: '912345678', countryDialingCode: '+84', verificationCode: '123456' };
const captchaImage: CaptchaImage = { captchaId: 'c-1', image: 'data:image/svg+xml,<svg/>' };

/** The events worth trying in each state (others are ignored there anyway). */
function eventsIn(snapshot: Snapshot): ModelEvent[] {
  const { tab } = snapshot.context;
  const empty: ModelEvent = { type: 'login.submit', fields: {} };
  switch (snapshot.value) {
    case 'editing':
      return [
        { type: 'login.switchTab', tab: tab === 'username' ? 'mobile' : 'username' },
        { type: 'login.submit', fields: tab === 'username' ? byUsername : byMobile },
        empty,
        { type: 'login.refreshCaptcha' },
        { type: COOLED },
      ];
    case 'provingHuman':
      return [
        { type: 'xstate.done.actor.proveHuman', output: 'altcha-payload' },
        { type: 'xstate.error.actor.proveHuman', error: new Error('solver crashed') },
      ];
    case 'submitting':
      return [
        { type: 'xstate.done.actor.submitLogin', output: result({}) },
        { type: 'xstate.done.actor.submitLogin', output: result({ defaultPassword: true }) },
        rejected('captcha_required'),
        rejected('captcha_invalid'),
        rejected('ip_verification_required'),
        rejected('invalid_credentials'),
        rejected('verification_code_invalid'),
      ];
    case 'loadingCaptcha':
      return [
        { type: 'xstate.done.actor.loadCaptcha', output: captchaImage },
        { type: 'xstate.error.actor.loadCaptcha', error: new Error('offline') },
      ];
    case 'ipVerification':
      return [
        { type: 'login.submit', fields: { ipVerificationCode: '654321' } },
        empty,
        { type: 'login.cancel' },
      ];
    default:
      return [];
  }
}

const model = new TestModel(
  loginMachine as never,
  {
    events: eventsIn as never,
    input: { portal: 'player' },
    // The context fields that change what the form shows or which way a submit goes.
    serializeState: (snapshot: Snapshot) => {
      const c = snapshot.context;
      return `${JSON.stringify(snapshot.value)}#${c.tab}#${c.captchaRequired}#${c.captchaCoolingDown}#${c.ipVerification}#${c.error}`;
    },
  } as never,
) as unknown as TestModel<Snapshot, ModelEvent, unknown>;

interface Call<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  settled: boolean;
  resolve: (value: TOutput) => void;
  reject: (error: unknown) => void;
}

/** A fake API call the test settles; `live` is the one in flight (not settled, not aborted). */
function fakeCall<TOutput, TInput = unknown>() {
  const calls: Call<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        const call: Call<TOutput, TInput> = {
          input,
          signal,
          settled: false,
          resolve: (value) => {
            call.settled = true;
            resolve(value);
          },
          reject: (error) => {
            call.settled = true;
            reject(error);
          },
        };
        calls.push(call);
      }),
  );
  const live = () => calls.filter((call) => !call.settled && !call.signal.aborted).at(-1);
  return { calls, logic, live };
}

function createSut(portal: 'player' | 'agent' = 'player') {
  const clock = new SimulatedClock();
  const api = {
    proveHuman: fakeCall<string>(),
    submitLogin: fakeCall<LoginResult, LoginRequest>(),
    loadCaptcha: fakeCall<CaptchaImage>(),
  };
  const machine = loginMachine.provide({
    actors: {
      proveHuman: api.proveHuman.logic,
      submitLogin: api.submitLogin.logic,
      loadCaptcha: api.loadCaptcha.logic,
    },
  });
  const actor = createActor(machine, { input: { portal }, clock }).start();
  const inFlight = () =>
    Object.entries(api)
      .filter(([, fake]) => fake.live())
      .map(([id]) => id);
  return { actor, clock, api, inFlight };
}
type Sut = ReturnType<typeof createSut>;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const expectations: Record<string, (sut: Sut) => void> = {
  editing: (sut) => {
    expect(sut.inFlight()).toEqual([]);
    expect(sut.actor.getSnapshot().context.ipVerification).toBe(false);
  },
  provingHuman: (sut) => {
    expect(sut.inFlight()).toEqual(['proveHuman']);
    expect(sut.actor.getSnapshot().context.tab).toBe('username');
  },
  submitting: (sut) => {
    expect(sut.inFlight()).toEqual(['submitLogin']);
    const { context } = sut.actor.getSnapshot();
    const request = sut.api.submitLogin.live()?.input;
    expect(request?.portal).toBe('player');
    if (context.tab === 'mobile') {
      // SMS logins skip the proof of work and never carry a captcha.
      expect(request).toMatchObject({ type: 'sms', ...byMobile });
      expect(request?.altcha).toBeUndefined();
      expect(request?.captcha).toBeUndefined();
    } else {
      expect(request).toMatchObject({
        type: 'username',
        username: 'alice',
        altcha: 'altcha-payload',
      });
      expect(request?.captcha).toBe(context.captchaRequired ? 'ab12' : undefined);
    }
    const expectedIpCode = context.ipVerification ? '654321' : undefined;
    expect(request?.ipVerificationCode).toBe(expectedIpCode);
  },
  loadingCaptcha: (sut) => {
    expect(sut.inFlight()).toEqual(['loadCaptcha']);
    expect(sut.actor.getSnapshot().context.captchaRequired).toBe(true);
  },
  ipVerification: (sut) => {
    expect(sut.inFlight()).toEqual([]);
    expect(sut.actor.getSnapshot().context.ipVerification).toBe(true);
  },
  loggedIn: (sut) => {
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.output?.token).toBe('token-1');
    // A default password only forces a change on password logins.
    if (snapshot.context.tab === 'username') expect(snapshot.output?.defaultPassword).toBe(false);
  },
  changePasswordRequired: (sut) => {
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual(result({ defaultPassword: true }));
    expect(snapshot.context.tab).toBe('username');
  },
};

async function replay(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const sut = createSut();
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type.startsWith('xstate.done.actor.') && 'output' in event) {
      const id = event.type.slice('xstate.done.actor.'.length) as keyof Sut['api'];
      (sut.api[id].live()?.resolve as (value: unknown) => void)(event.output);
      await settle();
    } else if (event.type.startsWith('xstate.error.actor.') && 'error' in event) {
      const id = event.type.slice('xstate.error.actor.'.length) as keyof Sut['api'];
      sut.api[id].live()?.reject(event.error);
      await settle();
    } else if (event.type === COOLED) {
      sut.clock.increment(1000);
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event as LoginEvent);
    }
    const expected = step.state.value as string;
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.value, `after ${event.type}`).toBe(expected);
    const { tab, captchaRequired, captchaCoolingDown, ipVerification, error } = step.state.context;
    expect(snapshot.context).toMatchObject({
      tab,
      captchaRequired,
      captchaCoolingDown,
      ipVerification,
      error,
    });
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut);
  }
  sut.actor.stop();
}

describe('login machine (model-based)', () => {
  const shortest = model.getShortestPaths();
  const simple = model.getSimplePaths();

  it('reaches every state', () => {
    const reached = new Set(
      shortest.flatMap((path) => path.steps.map((step) => step.state.value as string)),
    );
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort());
  });

  describe.each(shortest.map((path) => [path.description, path] as const))(
    'shortest: %s',
    (_name, path) => {
      it('the real machine follows the path', () => replay(path));
    },
  );

  it(`follows all ${simple.length} simple paths`, async () => {
    for (const path of simple) await replay(path);
  });
});

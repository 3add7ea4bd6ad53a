import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import {
  canResend,
  type SmsCountdownEvent,
  smsCountdownMachine,
  type SmsSendInput,
} from '../../src/machines/smsCountdown';
import { smsCountdownPaths } from '../../src/machines/smsCountdown.paths';
import type { SmsSendResult } from '../../src/shared/identity';
import { fakeApi } from './support/fakeApi';
import { testModelOf, graphOf, pathsOf } from './support/pathModel';

/**
 * Model-based tests: every shortest and simple path through the smsCountdown graph is replayed
 * against the real machine with a fake SMS API that the path resolves or rejects, and a
 * simulated clock that the path's `after` events advance.
 */
type Snapshot = SnapshotFrom<typeof smsCountdownMachine>;

const TICK = 'xstate.after.1000.smsCountdown.countingDown';
type ModelEvent =
  | SmsCountdownEvent
  | { type: 'xstate.done.actor.sendCode'; output: SmsSendResult }
  | { type: 'xstate.error.actor.sendCode'; error: Error }
  | { type: typeof TICK };

const send = { type: 'sms.send', mobileNum: '912345678', countryDialingCode: '+84' } as const;
/**
 * What the page never sends or the site never answers, tried besides the model's events: the
 * reset (fields unmounted), a missing wait (falls back to one minute), a failure other than the
 * server's.
 */
const extras: { label: string; event: ModelEvent }[] = [
  { label: 'reset', event: { type: 'sms.reset' } },
  {
    label: 'sendCode.done:noWait',
    event: { type: 'xstate.done.actor.sendCode', output: { expiredMinutes: 0 } },
  },
  {
    label: 'sendCode.error:crash',
    event: { type: 'xstate.error.actor.sendCode', error: new Error('boom') },
  },
];

/**
 * The machine's one model (src/machines/smsCountdown.paths.ts, the same the paths tool walks on
 * a site) with the extras above, keyed finer than the page: the remaining seconds and the error
 * are what the button shows, so every second of the countdown is a state of the walk.
 */
const model = testModelOf(
  {
    ...smsCountdownPaths,
    events: (snapshot: Snapshot) => [
      ...smsCountdownPaths.events(snapshot),
      ...extras.filter(({ event }) =>
        event.type === 'sms.reset' ? true : snapshot.value === 'sending',
      ),
    ],
  },
  (snapshot: Snapshot) =>
    `${JSON.stringify(snapshot.value)}#${snapshot.context.remaining}#${snapshot.context.error}`,
);

/** The system under test: the real machine, a fake SMS API and a simulated clock. */
function createSut() {
  const clock = new SimulatedClock();
  const sendCode = fakeApi<SmsSendResult, SmsSendInput>();
  const machine = smsCountdownMachine.provide({ actors: { sendCode: sendCode.logic } });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, sends: sendCode.calls, live: sendCode.live, answer: sendCode.answer };
}
type Sut = ReturnType<typeof createSut>;

const expectations: Record<string, (sut: Sut, model: Snapshot) => void> = {
  idle: (sut, model) => {
    const { context } = sut.actor.getSnapshot();
    expect(context.remaining).toBe(0);
    expect(context.error).toBe(model.context.error);
    expect(canResend(sut.actor.getSnapshot())).toBe(true);
    expect(sut.live()).toBeUndefined();
  },
  sending: (sut) => {
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    expect(sut.live()?.input).toEqual({ mobileNum: '912345678', countryDialingCode: '+84' });
    expect(canResend(sut.actor.getSnapshot())).toBe(false);
  },
  countingDown: (sut, model) => {
    const { remaining } = sut.actor.getSnapshot().context;
    expect(remaining).toBe(model.context.remaining);
    expect(remaining).toBeGreaterThan(0);
    expect(remaining).toBeLessThanOrEqual(60);
    expect(canResend(sut.actor.getSnapshot())).toBe(false);
    expect(sut.live()).toBeUndefined();
  },
};

/** A short name for a path: where it ends and the events that lead there. */
const nameOf = (path: { state: { value: unknown }; steps: { event: { type: string } }[] }) =>
  `${String(path.state.value)} ← ${path.steps.map((step) => step.event.type).join(' → ')}`;

async function replay(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const sut = createSut();
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    if (event.type === 'xstate.done.actor.sendCode') {
      await sut.answer({ output: event.output });
    } else if (event.type === 'xstate.error.actor.sendCode') {
      await sut.answer({ error: event.error });
    } else if (event.type === TICK) {
      sut.clock.increment(1000);
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    const expected = step.state.value as string;
    expect(sut.actor.getSnapshot().value, `after ${event.type}`).toBe(expected);
    const check = expectations[expected];
    if (!check) throw new Error(`state "${expected}" has no assertion`);
    check(sut, step.state);
  }
  sut.actor.stop();
}

describe('smsCountdown machine (model-based)', () => {
  const shortest = pathsOf(() => model.getShortestPaths());
  const simple = pathsOf(() => model.getSimplePaths());

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot('graphs/smsCountdown.txt');
  });

  it('reaches every state and every second of the countdown', () => {
    const steps = shortest.flatMap((path) => path.steps);
    const reached = new Set(steps.map((step) => step.state.value as string));
    expect([...reached].sort()).toEqual(Object.keys(expectations).sort());
    const seconds = new Set(steps.map((step) => step.state.context.remaining));
    expect(seconds.size).toBe(61);
  });

  it.each(shortest.map((path) => [nameOf(path), path] as const))('shortest: %s', (_name, path) =>
    replay(path),
  );

  it(`follows all ${simple.length} simple paths`, async () => {
    for (const path of simple) await replay(path);
  });
});

describe('smsCountdown machine (examples)', () => {
  it('counts 60 → 0 over 60 simulated seconds and only then allows a resend', async () => {
    const sut = createSut();
    sut.actor.send(send);
    await sut.answer({ output: { expiredMinutes: 1 } });
    for (let second = 60; second > 0; second--) {
      expect(sut.actor.getSnapshot().context.remaining).toBe(second);
      expect(canResend(sut.actor.getSnapshot())).toBe(false);
      // A resend during the countdown is ignored: no second request.
      sut.actor.send(send);
      expect(sut.sends).toHaveLength(1);
      sut.clock.increment(999);
      expect(sut.actor.getSnapshot().context.remaining).toBe(second);
      sut.clock.increment(1);
    }
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.actor.getSnapshot().context.remaining).toBe(0);
    expect(canResend(sut.actor.getSnapshot())).toBe(true);
    sut.actor.send({ ...send, mobileNum: '987654321' });
    expect(sut.sends).toHaveLength(2);
    expect(sut.live()?.input.mobileNum).toBe('987654321');
  });

  it('waits expiredMinutes × 60 seconds', async () => {
    const sut = createSut();
    sut.actor.send(send);
    await sut.answer({ output: { expiredMinutes: 3 } });
    expect(sut.actor.getSnapshot().context.remaining).toBe(180);
  });

  it('reset stops the countdown and cancels a send in flight', async () => {
    const sut = createSut();
    sut.actor.send(send);
    sut.actor.send({ type: 'sms.reset' });
    expect(sut.sends[0]?.signal.aborted).toBe(true);
    sut.actor.send(send);
    await sut.answer({ output: { expiredMinutes: 1 } });
    sut.clock.increment(1000);
    expect(sut.actor.getSnapshot().context.remaining).toBe(59);
    sut.actor.send({ type: 'sms.reset' });
    expect(sut.actor.getSnapshot().value).toBe('idle');
    expect(sut.actor.getSnapshot().context.remaining).toBe(0);
    sut.clock.increment(5000);
    expect(sut.actor.getSnapshot().value).toBe('idle');
  });

  it('keeps the error code of a failed send until the next send', async () => {
    const sut = createSut();
    sut.actor.send(send);
    await sut.answer({ error: new ApiError('mobile_invalid', 'Bad number', 400) });
    expect(sut.actor.getSnapshot().context.error).toBe('mobile_invalid');
    sut.actor.send(send);
    expect(sut.actor.getSnapshot().context.error).toBeNull();
  });
});

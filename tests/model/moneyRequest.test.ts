import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import {
  AMOUNT,
  type MoneyRequestEvent,
  moneyRequestMachine,
  moneyRequestState,
  type MoneySendInput,
} from '../../src/machines/moneyRequest';
import {
  INVALID_AMOUNT,
  moneyRequestPaths,
  VALID_AMOUNT,
} from '../../src/machines/moneyRequest.paths';
import { fakeApi } from './support/fakeApi';
import { type ModelPath, requestModelSuite, testModelOf } from './support/pathModel';

/**
 * Model-based tests: the money request's one model (src/machines/moneyRequest.paths.ts, the
 * same the paths tool walks on a site) replayed against the real machine with a fake `send`
 * that each path answers. Besides the state, every step checks the money: a request goes out
 * only from `sending`, with the key the machine must use — the same key again after any
 * failure, a new one only after a success — so a retry can never move money twice.
 */
type Snapshot = SnapshotFrom<typeof moneyRequestMachine>;
type ModelEvent =
  | MoneyRequestEvent
  | { type: 'xstate.done.actor.send'; output: unknown }
  | { type: 'xstate.error.actor.send'; error: unknown };

/** What no page sends, tried besides the model's events: the reset, a failure with no code. */
const extras: { label: string; event: ModelEvent }[] = [
  { label: 'reset', event: { type: 'reset' } },
  {
    label: 'send.error:crash',
    event: { type: 'xstate.error.actor.send', error: new Error('boom') },
  },
];

const model = testModelOf({
  ...moneyRequestPaths,
  events: (snapshot: Snapshot) => [
    ...moneyRequestPaths.events(snapshot),
    ...extras.filter(({ label }) => label === 'reset' || snapshot.value === 'sending'),
  ],
});
const key = moneyRequestPaths.key!;

/** The system under test: the real machine, a fake `send`, keys `k1`, `k2`… */
function createSut() {
  let made = 0;
  const send = fakeApi<unknown, MoneySendInput>();
  const machine = moneyRequestMachine.provide({ actors: { send: send.logic } });
  const actor = createActor(machine, { input: { newKey: () => `k${(made += 1)}` } }).start();
  return { actor, send, made: () => made };
}
type Sut = ReturnType<typeof createSut>;

/**
 * The key the path's requests must carry, followed step by step: a request after a success
 * takes a new key, any other the one before.
 */
interface Ledger {
  /** The keys requests went out with, in order. */
  sent: string[];
  /** Whether the last request succeeded (its key must not be used again). */
  lastSucceeded: boolean;
}

function checkState(sut: Sut, expected: Snapshot, ledger: Ledger) {
  const snapshot = sut.actor.getSnapshot();
  expect(key(snapshot)).toBe(key(expected));
  const state = moneyRequestState<unknown>(snapshot);
  switch (snapshot.value) {
    case 'editing':
      expect(state).toEqual({ kind: 'editing', error: expected.context.error });
      expect(sut.send.live()).toBeUndefined();
      break;
    case 'sending': {
      const call = sut.send.live();
      expect(call?.input.amount).toBe(VALID_AMOUNT);
      const previous = ledger.sent.at(-1);
      if (previous === undefined || ledger.lastSucceeded) {
        // A first request, or one after a success: a key never sent before.
        expect(ledger.sent).not.toContain(call?.input.idempotencyKey);
      } else {
        // A retry after a failure: the same request to the server.
        expect(call?.input.idempotencyKey).toBe(previous);
      }
      expect(state).toEqual({ kind: 'sending' });
      break;
    }
    case 'done':
      expect(state).toEqual({ kind: 'done', result: { amount: VALID_AMOUNT } });
      // The next request's key is already a new one.
      expect(ledger.sent).not.toContain(snapshot.context.idempotencyKey);
      expect(sut.send.live()).toBeUndefined();
      break;
    default:
      throw new Error(`state ${String(snapshot.value)} has no assertion`);
  }
}

async function replay(path: ModelPath<Snapshot>) {
  const sut = createSut();
  const ledger: Ledger = { sent: [], lastSucceeded: false };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const wasSending = sut.actor.getSnapshot().matches('sending');
    if (event.type === 'xstate.done.actor.send') {
      await sut.send.answer({ output: event.output });
      ledger.lastSucceeded = true;
    } else if (event.type === 'xstate.error.actor.send') {
      await sut.send.answer({ error: event.error });
      ledger.lastSucceeded = false;
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    checkState(sut, step.state, ledger);
    // A request that went out at this step: its key is now spent or kept, as it turns out.
    const call = sut.send.live();
    if (!wasSending && call) ledger.sent.push(call.input.idempotencyKey);
    // A request goes out only when the machine enters `sending`: one per submit at most.
    expect(sut.send.calls.length).toBe(ledger.sent.length);
  }
  sut.actor.stop();
}

describe('moneyRequest machine (model-based)', () => {
  requestModelSuite<Snapshot>({
    model,
    key,
    graph: 'graphs/moneyRequest.txt',
    reaches: {
      title: 'reaches every state and every error the form shows',
      keys: [
        'done',
        'editing#',
        'editing#amount_invalid',
        'editing#insufficient_funds',
        'editing#network_error',
        'editing#unknown_error',
        'editing#wagering_open',
        'sending',
      ],
    },
    replay,
  });
});

describe('moneyRequest machine (examples)', () => {
  const submit = (amount = VALID_AMOUNT) => ({ type: 'submit', amount }) as const;

  it('retries with the same key after failures and renews it only after a success', async () => {
    const sut = createSut();
    sut.actor.send(submit());
    await sut.send.answer({ error: new ApiError('network_error', 'lost', null) });
    sut.actor.send(submit('12.50'));
    await sut.send.answer({ error: new ApiError('insufficient_funds', 'no', 409) });
    expect(sut.actor.getSnapshot().context.error).toBe('insufficient_funds');
    sut.actor.send(submit());
    await sut.send.answer({ output: { ok: 1 } });
    sut.actor.send(submit());
    await sut.send.answer({ output: { ok: 2 } });
    expect(sut.send.calls.map((call) => call.input)).toEqual([
      { amount: VALID_AMOUNT, idempotencyKey: 'k1' },
      { amount: '12.50', idempotencyKey: 'k1' },
      { amount: VALID_AMOUNT, idempotencyKey: 'k1' },
      { amount: VALID_AMOUNT, idempotencyKey: 'k2' },
    ]);
    expect(moneyRequestState(sut.actor.getSnapshot())).toEqual({
      kind: 'done',
      result: { ok: 2 },
    });
    expect(sut.actor.getSnapshot().context.idempotencyKey).toBe('k3');
  });

  it('takes a whole amount, and a new amount after a result', async () => {
    expect(['100', '100.5', '100.50'].map((amount) => AMOUNT.test(amount))).toEqual([
      true,
      true,
      true,
    ]);
    const sut = createSut();
    sut.actor.send(submit('100'));
    await sut.send.answer({ output: { ok: 1 } });
    sut.actor.send(submit('12.50'));
    expect(sut.actor.getSnapshot().context).toMatchObject({ amount: '12.50', error: null });
    expect(sut.send.calls.map((call) => call.input.amount)).toEqual(['100', '12.50']);
  });

  it('refuses a malformed amount without a request, from the form and after a result', async () => {
    const sut = createSut();
    for (const amount of [INVALID_AMOUNT, '', '-1', '1e3', '1.', '1234567890123456']) {
      sut.actor.send(submit(amount));
      expect(sut.actor.getSnapshot().context.error).toBe('amount_invalid');
    }
    sut.actor.send(submit('0.5'));
    await sut.send.answer({ output: {} });
    sut.actor.send(submit('abc'));
    expect(moneyRequestState(sut.actor.getSnapshot())).toEqual({
      kind: 'editing',
      error: 'amount_invalid',
    });
    expect(sut.send.calls).toHaveLength(1);
  });

  it('ignores a second submit while sending', () => {
    const sut = createSut();
    sut.actor.send(submit());
    sut.actor.send(submit('20.00'));
    expect(sut.send.calls).toHaveLength(1);
  });

  it('reset cancels a request in flight and keeps its key for the next one', () => {
    const sut = createSut();
    sut.actor.send(submit());
    sut.actor.send({ type: 'reset' });
    expect(sut.send.calls[0]?.signal.aborted).toBe(true);
    expect(moneyRequestState(sut.actor.getSnapshot())).toEqual({ kind: 'editing', error: null });
    sut.actor.send(submit());
    expect(sut.send.calls[1]?.input.idempotencyKey).toBe('k1');
    expect(sut.made()).toBe(1);
  });
});

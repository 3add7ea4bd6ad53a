import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { ApiError } from '../../src/api/http';
import {
  type ActionRequestEvent,
  actionRequestMachine,
  actionRequestState,
  type ActionSendInput,
} from '../../src/machines/actionRequest';
import { actionRequestPaths } from '../../src/machines/actionRequest.paths';
import { fakeApi } from './support/fakeApi';
import { type ModelPath, requestModelSuite, testModelOf } from './support/pathModel';

/**
 * Model-based tests: the action request's model (src/machines/actionRequest.paths.ts) replayed
 * against the real machine with a fake `send` each path answers. Every step checks the money:
 * a request goes out only on entering `sending`, one at a time, and carries the key it must —
 * the previous one for a retry of the same target and payload after a failure, a key never
 * sent before otherwise — so a claim, conversion or redemption can never happen twice.
 */
type Snapshot = SnapshotFrom<typeof actionRequestMachine>;
type ModelEvent =
  | ActionRequestEvent
  | { type: 'xstate.done.actor.send'; output: unknown }
  | { type: 'xstate.error.actor.send'; error: unknown };

const model = testModelOf({
  ...actionRequestPaths,
  events: (snapshot: Snapshot) => [
    ...actionRequestPaths.events(snapshot),
    { label: 'reset', event: { type: 'reset' } },
  ],
});
const key = actionRequestPaths.key!;

function createSut() {
  let made = 0;
  const send = fakeApi<unknown, ActionSendInput>();
  const machine = actionRequestMachine.provide({ actors: { send: send.logic } });
  const actor = createActor(machine, { input: { newKey: () => `k${(made += 1)}` } }).start();
  return { actor, send, made: () => made };
}

/** What went out, and how the last request ended. */
interface Ledger {
  sent: ActionSendInput[];
  lastFailed: boolean;
}

const sameRequest = (a: ActionSendInput, b: ActionSendInput) =>
  a.target === b.target && JSON.stringify(a.payload) === JSON.stringify(b.payload);

async function replay(path: ModelPath<Snapshot>) {
  const sut = createSut();
  const ledger: Ledger = { sent: [], lastFailed: false };
  for (const step of path.steps) {
    const event = step.event as ModelEvent | { type: 'xstate.init' };
    const wasSending = sut.actor.getSnapshot().matches('sending');
    if (event.type === 'xstate.done.actor.send') {
      await sut.send.answer({ output: event.output });
      ledger.lastFailed = false;
    } else if (event.type === 'xstate.error.actor.send') {
      await sut.send.answer({ error: event.error });
      ledger.lastFailed = true;
    } else if (event.type !== 'xstate.init') {
      sut.actor.send(event);
    }
    const snapshot = sut.actor.getSnapshot();
    expect(key(snapshot)).toBe(key(step.state));
    const call = sut.send.live();
    if (!wasSending && call) {
      const previous = ledger.sent.at(-1);
      if (previous && ledger.lastFailed && sameRequest(previous, call.input)) {
        // The same request again after a failure: the same key, the server answers it once.
        expect(call.input.idempotencyKey).toBe(previous.idempotencyKey);
      } else {
        const spent = ledger.sent.map((sent) => sent.idempotencyKey);
        expect(spent).not.toContain(call.input.idempotencyKey);
      }
      ledger.sent.push(call.input);
      expect(actionRequestState(snapshot)).toEqual({
        kind: 'sending',
        target: call.input.target,
      });
    }
    if (!snapshot.matches('sending')) expect(sut.send.live()).toBeUndefined();
    // One request per entry into `sending`, never more.
    expect(sut.send.calls.length).toBe(ledger.sent.length);
  }
  sut.actor.stop();
}

describe('actionRequest machine (model-based)', () => {
  requestModelSuite<Snapshot>({
    model,
    key,
    graph: 'graphs/actionRequest.txt',
    reaches: {
      title: 'reaches every state and every error a page shows',
      keys: [
        'done',
        'done#retry',
        'idle#',
        'idle#insufficient_points',
        'idle#network_error',
        'idle#payment_password_wrong',
        'idle#reward_claimed',
        'sending',
        'sending#retry',
      ],
    },
    replay,
  });
});

describe('actionRequest machine (examples)', () => {
  it('retries the same request with its key, and anything else with a new one', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'send', target: 'convert', payload: { points: 1000 } });
    await sut.send.answer({ error: new ApiError('network_error', 'lost', null) });
    sut.actor.send({ type: 'send', target: 'convert', payload: { points: 1000 } });
    await sut.send.answer({ error: new ApiError('network_error', 'lost', null) });
    sut.actor.send({ type: 'send', target: 'convert', payload: { points: 2000 } });
    await sut.send.answer({ output: { points: 2000 } });
    sut.actor.send({ type: 'send', target: 'convert', payload: { points: 2000 } });
    await sut.send.answer({ output: { points: 2000 } });
    expect(sut.send.calls.map((call) => call.input.idempotencyKey)).toEqual([
      'k1',
      'k1',
      'k2',
      'k3',
    ]);
    expect(actionRequestState(sut.actor.getSnapshot())).toEqual({
      kind: 'done',
      target: 'convert',
      result: { points: 2000 },
    });
  });

  it('sends another target after a failure with a new key', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'send', target: 'reward-1' });
    await sut.send.answer({ error: new ApiError('network_error', 'lost', null) });
    sut.actor.send({ type: 'send', target: 'reward-2' });
    expect(sut.send.calls.map((call) => call.input)).toEqual([
      { target: 'reward-1', payload: null, idempotencyKey: 'k1' },
      { target: 'reward-2', payload: null, idempotencyKey: 'k2' },
    ]);
  });

  it('ignores a second action while one is in flight (a double click claims once)', () => {
    const sut = createSut();
    sut.actor.send({ type: 'send', target: 'reward-1' });
    sut.actor.send({ type: 'send', target: 'reward-1' });
    sut.actor.send({ type: 'send', target: 'all' });
    expect(sut.send.calls).toHaveLength(1);
  });

  it('gives an error without a code as unknown_error, and reset clears it', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'send', target: 'forfeit' });
    await sut.send.answer({ error: new Error('boom') });
    expect(actionRequestState(sut.actor.getSnapshot())).toEqual({
      kind: 'idle',
      error: 'unknown_error',
      target: 'forfeit',
    });
    sut.actor.send({ type: 'reset' });
    expect(sut.actor.getSnapshot().context.error).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  canApply,
  nextWithdrawalState,
  type WithdrawalEvent,
  withdrawalConfirmationMachine,
} from '../../src/shared/withdrawalConfirmation';
import { withdrawalConfirmationPaths } from '../../src/shared/withdrawalConfirmation.paths';
import { testModelOf, graphOf, pathsOf } from './support/pathModel';

/**
 * The machine's one model (src/shared/withdrawalConfirmation.paths.ts, the same the paths tool
 * walks on a site), replayed on a real actor: the machine has no invocations or delays.
 */
const model = testModelOf(withdrawalConfirmationPaths);

/** What each state means for the money: held, refunded, or paid out for good. */
const meaning: Record<string, (actor: ReturnType<typeof createActor>) => void> = {
  requested: (actor) => expect(actor.getSnapshot().status).toBe('active'),
  awaitingConfirmation: (actor) => expect(actor.getSnapshot().status).toBe('active'),
  notReceived: (actor) => expect(actor.getSnapshot().context.proofImageId).toBe('img-1'),
  partiallyReceived: (actor) =>
    expect(actor.getSnapshot().context).toMatchObject({
      receivedMinor: '6000',
      remainingMinor: '4000',
    }),
  received: (actor) => expect(actor.getSnapshot().status).toBe('done'),
  forcedReceived: (actor) => expect(actor.getSnapshot().status).toBe('done'),
  refunded: (actor) => expect(actor.getSnapshot().status).toBe('done'),
  rejected: (actor) => expect(actor.getSnapshot().status).toBe('done'),
};

describe('withdrawal confirmation lifecycle (model-based)', () => {
  const paths = pathsOf(() => [...model.getShortestPaths(), ...model.getSimplePaths()]);

  it('keeps the graph the model documents', async () => {
    await expect(graphOf(model)).toMatchFileSnapshot('graphs/withdrawalConfirmation.txt');
  });

  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => String(step.state.value))),
    );
    expect([...reached].sort()).toEqual(Object.keys(meaning).sort());
  });

  it(`follows all ${paths.length} paths on a real actor, and every state means what it says`, () => {
    for (const path of paths) {
      const actor = createActor(withdrawalConfirmationMachine).start();
      for (const step of path.steps) {
        const event = step.event as WithdrawalEvent | { type: 'xstate.init' };
        if (event.type !== 'xstate.init') actor.send(event);
        const state = String(step.state.value);
        expect(actor.getSnapshot().value, path.description).toBe(state);
        const check = meaning[state];
        if (!check) throw new Error(`state ${state} has no assertion`);
        check(actor as never);
      }
      actor.stop();
    }
  });

  it('refuses what the state does not allow (the server uses canApply)', () => {
    expect(canApply('requested', { type: 'withdrawal.confirmReceived' })).toBe(false);
    expect(canApply('awaitingConfirmation', { type: 'withdrawal.confirmReceived' })).toBe(true);
    expect(canApply('forcedReceived', { type: 'withdrawal.refund' })).toBe(false);
    expect(canApply('received', { type: 'withdrawal.reportNotReceived', proofImageId: 'x' })).toBe(
      false,
    );
    expect(
      canApply('awaitingConfirmation', {
        type: 'withdrawal.reportPartial',
        receivedMinor: '0',
        remainingMinor: '5',
      }),
    ).toBe(false);
    expect(canApply('notReceived', { type: 'withdrawal.autoConfirm' })).toBe(false);
  });
});

describe("a partial receipt (the member's report, from JSON)", () => {
  const partial = (receivedMinor: string, remainingMinor: string) =>
    ({ type: 'withdrawal.reportPartial', receivedMinor, remainingMinor }) as const;

  it('takes two positive whole amounts in minor units, and nothing else', () => {
    expect(canApply('awaitingConfirmation', partial('1500', '500'))).toBe(true);
    for (const [received, remaining] of [
      ['0', '500'],
      ['1500', '0'],
      ['15a', '500'],
      ['a15', '500'],
      ['1500', '50a'],
      ['1500', 'a50'],
      ['15.5', '500'],
    ] as const)
      expect(canApply('awaitingConfirmation', partial(received, remaining)), received).toBe(false);
  });

  it('stores the two amounts the member reported, and nothing for a report it refuses', () => {
    const empty = { proofImageId: null, receivedMinor: null, remainingMinor: null };
    expect(
      nextWithdrawalState(
        'awaitingConfirmation',
        { ...empty, autoConfirmed: false },
        partial('0', '500'),
      ),
    ).toBeNull();
    expect(
      nextWithdrawalState(
        'awaitingConfirmation',
        { proofImageId: null, receivedMinor: null, remainingMinor: null, autoConfirmed: false },
        partial('1500', '500'),
      ),
    ).toEqual({
      state: 'partiallyReceived',
      context: {
        ...{ proofImageId: null, receivedMinor: '1500', remainingMinor: '500' },
        autoConfirmed: false,
      },
    });
  });
});

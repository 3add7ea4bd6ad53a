import { assign, setup, transition } from 'xstate';

/**
 * The withdrawal confirmation lifecycle (spec 4), one definition for the page and the server:
 * the page offers only the events the current state accepts; the server replays the stored
 * state, sends the requested event, and refuses it when the state does not change.
 *
 * requested (funds held) → paid by the operator → the player confirms: received, not received
 * (with a proof image), or partially received (amount received and remaining); a partial
 * receipt ends with "all received" or the operator's forced receipt. Without an answer for the
 * configured minutes the job counts it as received. A forced receipt is never refunded; only an
 * operator's refund after a "not received" report (or a rejection) returns the held funds.
 */
export type WithdrawalEvent =
  | { type: 'withdrawal.reject' }
  | { type: 'withdrawal.pay' }
  | { type: 'withdrawal.confirmReceived' }
  | { type: 'withdrawal.reportNotReceived'; proofImageId: string }
  | { type: 'withdrawal.reportPartial'; receivedMinor: string; remainingMinor: string }
  | { type: 'withdrawal.confirmAllReceived' }
  | { type: 'withdrawal.forceReceived' }
  | { type: 'withdrawal.refund' }
  | { type: 'withdrawal.autoConfirm' };

export interface WithdrawalContext {
  proofImageId: string | null;
  receivedMinor: string | null;
  remainingMinor: string | null;
  /** True when the job, not the player, counted it as received. */
  autoConfirmed: boolean;
}

/** Events a player may send; the others are the operator's or the job's. */
export const playerWithdrawalEvents = [
  'withdrawal.confirmReceived',
  'withdrawal.reportNotReceived',
  'withdrawal.reportPartial',
  'withdrawal.confirmAllReceived',
] as const;

export const withdrawalConfirmationMachine = setup({
  types: { context: {} as WithdrawalContext, events: {} as WithdrawalEvent },
  guards: {
    partsAddUp: ({ event }) =>
      event.type === 'withdrawal.reportPartial' &&
      /^\d+$/.test(event.receivedMinor) &&
      /^\d+$/.test(event.remainingMinor) &&
      BigInt(event.receivedMinor) > 0n &&
      BigInt(event.remainingMinor) > 0n,
  },
}).createMachine({
  id: 'withdrawalConfirmation',
  initial: 'requested',
  context: { proofImageId: null, receivedMinor: null, remainingMinor: null, autoConfirmed: false },
  states: {
    // Funds are held; the operator pays out or rejects.
    requested: {
      on: { 'withdrawal.pay': 'awaitingConfirmation', 'withdrawal.reject': 'rejected' },
    },
    awaitingConfirmation: {
      on: {
        'withdrawal.confirmReceived': 'received',
        'withdrawal.autoConfirm': { target: 'received', actions: assign({ autoConfirmed: true }) },
        'withdrawal.reportNotReceived': {
          target: 'notReceived',
          actions: assign({ proofImageId: ({ event }) => event.proofImageId }),
        },
        'withdrawal.reportPartial': {
          guard: 'partsAddUp',
          target: 'partiallyReceived',
          actions: assign({
            receivedMinor: ({ event }) => event.receivedMinor,
            remainingMinor: ({ event }) => event.remainingMinor,
          }),
        },
      },
    },
    // The operator investigates the proof: refund, or force the receipt.
    notReceived: {
      on: { 'withdrawal.refund': 'refunded', 'withdrawal.forceReceived': 'forcedReceived' },
    },
    partiallyReceived: {
      on: {
        'withdrawal.confirmAllReceived': 'received',
        'withdrawal.forceReceived': 'forcedReceived',
        'withdrawal.autoConfirm': { target: 'received', actions: assign({ autoConfirmed: true }) },
      },
    },
    received: { type: 'final' },
    forcedReceived: { type: 'final' },
    refunded: { type: 'final' },
    rejected: { type: 'final' },
  },
});

const emptyContext: WithdrawalContext = {
  proofImageId: null,
  receivedMinor: null,
  remainingMinor: null,
  autoConfirmed: false,
};

const snapshotAt = (state: string, context: WithdrawalContext = emptyContext) =>
  withdrawalConfirmationMachine.resolveState({ value: state, context });

/** Whether `event` changes the lifecycle from `state` (the server's legality check). */
export function canApply(state: string, event: WithdrawalEvent): boolean {
  return snapshotAt(state).can(event);
}

/**
 * The state and context after `event`, or null when the machine refuses it: the server stores
 * what this returns, so the machine alone decides where each answer leads.
 */
export function nextWithdrawalState(
  state: string,
  context: WithdrawalContext,
  event: WithdrawalEvent,
): { state: string; context: WithdrawalContext } | null {
  const current = snapshotAt(state, context);
  if (!current.can(event)) return null;
  const [next] = transition(withdrawalConfirmationMachine, current, event);
  return { state: String(next.value), context: next.context };
}

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorCodeOf } from './errorCode';

/** An amount as the forms take it: up to 15 digits, and up to two decimals. */
export const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

export interface MoneyRequestInput {
  /**
   * Makes a request's idempotency key (the page gives `newIdempotencyKey` of src/api/wallet):
   * injected so the machine stays pure and a test can tell its keys apart.
   */
  newKey: () => string;
}

export interface MoneyRequestContext {
  /** The amount of the request being sent or last sent. */
  amount: string;
  /**
   * The key of the next request: kept after a failure, so a retry is the same request to the
   * server and can never move money twice; renewed only once a request succeeded.
   */
  idempotencyKey: string;
  /** The error code of the last refused amount or failed request, or null. */
  error: string | null;
  /** The last successful request's answer (what the page shows in `done`). */
  result: unknown;
  newKey: () => string;
}

export type MoneyRequestEvent = { type: 'submit'; amount: string } | { type: 'reset' };

/** What the page's `send` actor gets: the amount and the key to send it with. */
export interface MoneySendInput {
  amount: string;
  idempotencyKey: string;
}

/**
 * One money-moving request from a form (deposit, withdraw, transfer, claim…): the amount is
 * checked, then sent by the `send` actor the page provides (`.provide({ actors: { send } })`)
 * with the amount and the request's idempotency key; a success shows its answer (`done`), a
 * failure goes back to editing with its code. The form stays usable after a result: another
 * submit from `done` is a new request (with a new key).
 */
export const moneyRequestMachine = setup({
  types: {
    context: {} as MoneyRequestContext,
    events: {} as MoneyRequestEvent,
    input: {} as MoneyRequestInput,
  },
  actors: {
    send: fromPromise<unknown, MoneySendInput>(async () => {
      throw new Error('send must be provided');
    }),
  },
  guards: {
    amountValid: ({ event }) => event.type === 'submit' && AMOUNT.test(event.amount),
  },
}).createMachine({
  id: 'moneyRequest',
  initial: 'editing',
  context: ({ input }) => ({
    amount: '',
    idempotencyKey: input.newKey(),
    error: null,
    result: null,
    newKey: input.newKey,
  }),
  // Back to an empty form; a request in flight is cancelled (its key is kept: if it reached
  // the server, sending again answers its first result).
  on: { reset: { target: '.editing', actions: assign({ error: null, result: null }) } },
  states: {
    editing: {
      on: {
        submit: [
          {
            guard: 'amountValid',
            target: 'sending',
            actions: assign({ amount: ({ event }) => event.amount, error: null }),
          },
          { actions: assign({ error: 'amount_invalid' }) },
        ],
      },
    },
    // A second submit is ignored: one request at a time.
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({
          amount: context.amount,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'done',
          actions: assign({
            result: ({ event }) => event.output,
            idempotencyKey: ({ context }) => context.newKey(),
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorCodeOf(event.error) }),
        },
      },
    },
    done: {
      on: {
        submit: [
          {
            guard: 'amountValid',
            target: 'sending',
            actions: assign({ amount: ({ event }) => event.amount, error: null }),
          },
          { target: 'editing', actions: assign({ error: 'amount_invalid' }) },
        ],
      },
    },
  },
});

export type MoneyRequestSnapshot = SnapshotFrom<typeof moneyRequestMachine>;

/** What a form shows: editing (with the last error), sending, or done with the answer. */
export type MoneyRequestState<T> =
  { kind: 'editing'; error: string | null } | { kind: 'sending' } | { kind: 'done'; result: T };

/** The form's view of a snapshot; `T` is what the page's `send` answers. */
export function moneyRequestState<T>(snapshot: MoneyRequestSnapshot): MoneyRequestState<T> {
  if (snapshot.matches('sending')) return { kind: 'sending' };
  if (snapshot.matches('done')) return { kind: 'done', result: snapshot.context.result as T };
  return { kind: 'editing', error: snapshot.context.error };
}

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorCodeOf } from './errorCode';

/**
 * One action a page asks of the server that moves money or points without an amount form
 * (issue 29): claim a reward, claim them all, give up the bonus, convert points, redeem goods.
 * `send` names what it acts on (`target`: a reward's id, `all`, `forfeit`, a goods id) with its
 * `payload` (the points, a payment password); the page's `send` actor does the call with the
 * request's idempotency key. One request at a time: a second `send` while one is in flight is
 * ignored (a double click claims once).
 *
 * The key belongs to one request: after a failure the same target and payload sent again (a
 * retry after a lost network) carry the same key, so the server answers the first outcome and
 * nothing moves twice; anything else — another target, another payload, any request after a
 * success — carries a new key.
 */
export interface ActionRequestInput {
  /** Makes an idempotency key (the page gives `newIdempotencyKey`; a test counts its own). */
  newKey: () => string;
}

export interface ActionRequestContext {
  /** What the request in flight, or the last one, acts on. */
  target: string | null;
  payload: unknown;
  /** The key of the request in flight or the last one sent. */
  idempotencyKey: string | null;
  /** The last request failed: its key may be sent again for the same target and payload. */
  retryable: boolean;
  /**
   * The request in flight, or the last one, repeats a failed one (its key): the error that one
   * ended with; null for a new request. After `network_error` the server may have acted on the
   * first: the answer is then that first outcome, and nothing moves twice.
   */
  retryOf: string | null;
  /** The error code of the last failed request, or null. */
  error: string | null;
  /** The last successful request's answer. */
  result: unknown;
  newKey: () => string;
}

export type ActionRequestEvent =
  { type: 'send'; target: string; payload?: unknown } | { type: 'reset' };

/** What the page's `send` actor gets. */
export interface ActionSendInput {
  target: string;
  payload: unknown;
  idempotencyKey: string;
}

/** Payloads are plain data (numbers, strings, ids): the same JSON is the same request. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const actionRequestMachine = setup({
  types: {
    context: {} as ActionRequestContext,
    events: {} as ActionRequestEvent,
    input: {} as ActionRequestInput,
  },
  actors: {
    send: fromPromise<unknown, ActionSendInput>(async () => {
      throw new Error('send must be provided');
    }),
  },
  actions: {
    startRequest: assign(
      ({ context, event }: { context: ActionRequestContext; event: ActionRequestEvent }) => {
        if (event.type !== 'send') return {};
        const payload = event.payload ?? null;
        const retry =
          context.retryable &&
          context.idempotencyKey !== null &&
          context.target === event.target &&
          same(context.payload, payload);
        return {
          target: event.target,
          payload,
          idempotencyKey: retry ? context.idempotencyKey : context.newKey(),
          retryOf: retry ? context.error : null,
          retryable: false,
          error: null,
        };
      },
    ),
  },
}).createMachine({
  id: 'actionRequest',
  initial: 'idle',
  context: ({ input }) => ({
    target: null,
    payload: null,
    idempotencyKey: null,
    retryable: false,
    retryOf: null,
    error: null,
    result: null,
    newKey: input.newKey,
  }),
  states: {
    idle: {
      on: {
        send: { target: 'sending', actions: 'startRequest' },
        reset: { actions: assign({ error: null }) },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({
          target: context.target ?? '',
          payload: context.payload,
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => errorCodeOf(event.error), retryable: true }),
        },
      },
    },
    done: {
      on: {
        send: { target: 'sending', actions: 'startRequest' },
        reset: { target: 'idle', actions: assign({ error: null, result: null }) },
      },
    },
  },
});

export type ActionRequestSnapshot = SnapshotFrom<typeof actionRequestMachine>;

/** What a page shows: idle (with the last error), sending (what), or done with the answer. */
export type ActionRequestState<T> =
  | { kind: 'idle'; error: string | null; target: string | null }
  | { kind: 'sending'; target: string }
  | { kind: 'done'; target: string; result: T };

export function actionRequestState<T>(snapshot: ActionRequestSnapshot): ActionRequestState<T> {
  const target = snapshot.context.target ?? '';
  if (snapshot.matches('sending')) return { kind: 'sending', target };
  if (snapshot.matches('done'))
    return { kind: 'done', target, result: snapshot.context.result as T };
  return { kind: 'idle', error: snapshot.context.error, target: snapshot.context.target };
}

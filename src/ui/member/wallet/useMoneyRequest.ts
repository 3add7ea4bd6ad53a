import { useMachine } from '@xstate/react';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { newIdempotencyKey } from '../../../shared/idempotency';
import {
  moneyRequestMachine,
  moneyRequestState,
  type MoneySendInput,
} from '../../../machines/moneyRequest';

/**
 * A form's money request (issue 29): the money-request machine (src/machines/moneyRequest.ts)
 * with the page's `send` as its actor and `newIdempotencyKey` as its key maker. The machine
 * checks the amount and keeps one idempotency key until a request succeeds (a retry after a
 * network error can never move money twice); `state` is editing / sending / done for the form.
 * `send` may change with every render (it reads the form's other fields): the request uses the
 * one of the render the user submitted from.
 */
export function useMoneyRequest<T>(send: (amount: string, idempotencyKey: string) => Promise<T>) {
  const latest = useRef(send);
  useLayoutEffect(() => {
    latest.current = send;
  });
  const machine = useMemo(
    () =>
      moneyRequestMachine.provide({
        actors: {
          // Read when the machine sends a request (after a submit), never while rendering.
          // eslint-disable-next-line react-hooks/refs
          send: fromPromise<unknown, MoneySendInput>(({ input }) =>
            latest.current(input.amount, input.idempotencyKey),
          ),
        },
      }),
    [],
  );
  const [snapshot, sendEvent] = useMachine(machine, { input: { newKey: newIdempotencyKey } });
  const submit = useCallback(
    (amount: string) => sendEvent({ type: 'submit', amount }),
    [sendEvent],
  );
  const reset = useCallback(() => sendEvent({ type: 'reset' }), [sendEvent]);
  return { state: moneyRequestState<T>(snapshot), snapshot, submit, reset };
}

import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  actionRequestMachine,
  actionRequestState,
  type ActionSendInput,
} from '../../machines/actionRequest';
import { newIdempotencyKey } from '../../shared/idempotency';

/**
 * A page's money or points action (issue 29: claim, claim all, forfeit, convert, redeem) as the
 * action-request machine (src/machines/actionRequest.ts): one request at a time, and a retry of
 * the same request after a failure carries the same idempotency key. `send` is the page's call
 * (a feature module's command); the request uses the one of the render the user acted from.
 * `state` is idle (with the last error) / sending (which target) / done (with the answer).
 */
export function useActionRequest<T>(
  send: (target: string, payload: unknown, idempotencyKey: string) => Promise<T>,
  answers: {
    /** Once per successful request, with its answer. */
    onDone?: (result: T, target: string) => void;
    /** Once per failed request, with its error code. */
    onError?: (code: string, target: string) => void;
  } = {},
) {
  const latest = useRef({ send, answers });
  useLayoutEffect(() => {
    latest.current = { send, answers };
  });
  const machine = useMemo(
    () =>
      actionRequestMachine.provide({
        actors: {
          // Read when the machine sends a request (after an action), never while rendering.
          // eslint-disable-next-line react-hooks/refs
          send: fromPromise<unknown, ActionSendInput>(({ input }) =>
            latest.current.send(input.target, input.payload, input.idempotencyKey),
          ),
        },
      }),
    [],
  );
  const [snapshot, sendEvent, actor] = useMachine(machine, {
    input: { newKey: newIdempotencyKey },
  });
  // Each answer once, as the machine leaves `sending` (a subscription, not a render effect).
  useEffect(() => {
    let previous = actor.getSnapshot();
    const subscription = actor.subscribe((next) => {
      const left = previous.matches('sending') && !next.matches('sending');
      previous = next;
      if (!left) return;
      const target = next.context.target ?? '';
      const { onDone, onError } = latest.current.answers;
      if (next.matches('done')) onDone?.(next.context.result as T, target);
      else if (next.context.error) onError?.(next.context.error, target);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  const act = useCallback(
    (target: string, payload?: unknown) => sendEvent({ type: 'send', target, payload }),
    [sendEvent],
  );
  const reset = useCallback(() => sendEvent({ type: 'reset' }), [sendEvent]);
  return { state: actionRequestState<T>(snapshot), snapshot, act, reset };
}

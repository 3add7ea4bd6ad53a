import { useCallback, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../../api/wallet';

export type MoneyRequestState<T> =
  { kind: 'editing'; error: string | null } | { kind: 'sending' } | { kind: 'done'; result: T };

const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/**
 * One money-moving request from a form: checks the amount, keeps one idempotency key until the
 * request succeeds (so a retry after a network error can never move money twice), and exposes
 * editing / sending / done for the page.
 */
export function useMoneyRequest<T>(send: (amount: string, idempotencyKey: string) => Promise<T>) {
  const [state, setState] = useState<MoneyRequestState<T>>({ kind: 'editing', error: null });
  const key = useRef(newIdempotencyKey());
  const submit = useCallback(
    async (amount: string) => {
      if (!AMOUNT.test(amount)) {
        setState({ kind: 'editing', error: 'amount_invalid' });
        return;
      }
      setState({ kind: 'sending' });
      try {
        const result = await send(amount, key.current);
        key.current = newIdempotencyKey();
        setState({ kind: 'done', result });
      } catch (error) {
        setState({ kind: 'editing', error: (error as { code?: string }).code ?? 'unknown_error' });
      }
    },
    [send],
  );
  const reset = useCallback(() => setState({ kind: 'editing', error: null }), []);
  return { state, submit, reset };
}

import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../../shared/records';
import type { WithdrawalView } from '../../../shared/withdrawals';
import { mergeWithdrawal } from '../../../streams/withdrawals';
import { useServices } from '../../core/ServicesContext';

export type WithdrawalListState =
  | { kind: 'loading' }
  | { kind: 'failed'; code: string }
  | { kind: 'ready'; page: Page<WithdrawalView> };

/**
 * A page of the member's withdrawals, kept live: snapshot from REST, then `withdrawal` socket
 * events by version; a reconnect fetches the page again (events may have been missed).
 */
export function useWithdrawals(pageNumber: number) {
  const { withdrawalApi, realtime } = useServices();
  const [state, setState] = useState<WithdrawalListState>({ kind: 'loading' });
  const [fetches, setFetches] = useState(0);

  useEffect(() => {
    let current = true;
    withdrawalApi.records({ page: pageNumber }).then(
      (page) => current && setState({ kind: 'ready', page }),
      (error: { code?: string }) =>
        current && setState({ kind: 'failed', code: error.code ?? 'unknown_error' }),
    );
    return () => {
      current = false;
    };
  }, [withdrawalApi, pageNumber, fetches]);

  const apply = useCallback(
    (event: WithdrawalView) =>
      setState((current) =>
        current.kind !== 'ready'
          ? current
          : {
              kind: 'ready',
              page: {
                ...current.page,
                items: mergeWithdrawal(current.page.items, event, current.page.page === 1),
              },
            },
      ),
    [],
  );

  useEffect(() => {
    const events = realtime.event$('withdrawal').subscribe(apply);
    const reconnects = realtime.reconnected$.subscribe(() => setFetches((count) => count + 1));
    return () => {
      events.unsubscribe();
      reconnects.unsubscribe();
    };
  }, [realtime, apply]);

  return { state, apply, retry: () => setFetches((count) => count + 1) };
}

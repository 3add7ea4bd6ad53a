import {
  catchError,
  defer,
  distinctUntilChanged,
  EMPTY,
  filter,
  merge,
  type Observable,
  type ObservableInput,
  of,
  scan,
  shareReplay,
  startWith,
  Subject,
  switchMap,
} from 'rxjs';
import type { WalletSnapshot } from '../api/wallet';
import type { BalanceEvent } from '../shared/realtime';

export interface MainBalance {
  /** Decimal string as the server sent it; parse with parseMoney to compute. */
  balance: string;
  currencySymbol: string;
  seq: number;
}

/**
 * balance$ (ARCHITECTURE, Streams): while logged in, the REST snapshot, then socket `balance`
 * events with a higher seq. A reconnect or a refresh fetches the snapshot again, so a missed
 * event never leaves a stale number; logged out, it is null.
 */
export function createBalanceStore(deps: {
  loggedIn$: Observable<boolean>;
  reconnected$: Observable<void>;
  events$: Observable<BalanceEvent>;
  fetchSnapshot: () => ObservableInput<WalletSnapshot>;
}) {
  const refresh$ = new Subject<void>();
  const balance$: Observable<MainBalance | null> = deps.loggedIn$.pipe(
    distinctUntilChanged(),
    switchMap((loggedIn) =>
      !loggedIn
        ? of(null)
        : merge(deps.reconnected$, refresh$).pipe(
            startWith(undefined),
            switchMap(() =>
              defer(() => deps.fetchSnapshot()).pipe(
                // A failed refresh keeps the last number; the next event or refresh mends it.
                catchError(() => EMPTY),
              ),
            ),
            switchMap((snapshot) => {
              const main = snapshot.wallets.find((wallet) => wallet.wallet === 'MAIN');
              const initial: MainBalance = {
                balance: snapshot.balance,
                currencySymbol: snapshot.currencySymbol,
                seq: main?.seq ?? 0,
              };
              return deps.events$.pipe(
                filter((event) => event.wallet === 'MAIN'),
                scan<BalanceEvent, MainBalance>(
                  (current, event) =>
                    event.seq > current.seq
                      ? { ...current, balance: event.balance, seq: event.seq }
                      : current,
                  initial,
                ),
                startWith(initial),
                distinctUntilChanged((a, b) => a.seq === b.seq && a.balance === b.balance),
              );
            }),
          ),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  return { balance$, refresh: () => refresh$.next() };
}

export type BalanceStore = ReturnType<typeof createBalanceStore>;

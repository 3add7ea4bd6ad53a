import {
  distinctUntilChanged,
  filter,
  from,
  map,
  merge,
  type Observable,
  type ObservableInput,
  of,
  shareReplay,
  Subject,
  switchMap,
} from 'rxjs';
import type { WalletSnapshot } from '../api/wallet';
import type { BalanceEvent } from '../shared/realtime';
import { liveValue } from './live';

export interface MainBalance {
  /** Decimal string as the server sent it; parse with parseMoney to compute. */
  balance: string;
  currencySymbol: string;
  seq: number;
}

/**
 * balance$ (ARCHITECTURE, Streams): while logged in, the main wallet's balance as the live
 * primitive keeps it (live.ts): socket `balance` events are listened to before the REST
 * snapshot is fetched, so one committed while the snapshot is on its way still shows; a
 * reconnect that lost events or a refresh fetches the snapshot again. Logged out, it is null.
 */
export function createBalanceStore(deps: {
  loggedIn$: Observable<boolean>;
  reconnected$: Observable<void>;
  events$: Observable<BalanceEvent>;
  fetchSnapshot: () => ObservableInput<WalletSnapshot>;
}) {
  const refresh$ = new Subject<void>();
  const main$ = liveValue<MainBalance, BalanceEvent>({
    fetch: () =>
      from(deps.fetchSnapshot()).pipe(
        map((snapshot) => ({
          balance: snapshot.balance,
          currencySymbol: snapshot.currencySymbol,
          seq: snapshot.wallets.find((wallet) => wallet.wallet === 'MAIN')?.seq ?? 0,
        })),
      ),
    events$: deps.events$.pipe(filter((event) => event.wallet === 'MAIN')),
    merge: (current, event) => ({ ...current, balance: event.balance, seq: event.seq }),
    refetch$: merge(deps.reconnected$, refresh$),
  });
  const balance$: Observable<MainBalance | null> = deps.loggedIn$.pipe(
    distinctUntilChanged(),
    switchMap((loggedIn) => (loggedIn ? main$ : of(null))),
    distinctUntilChanged(
      (a, b) => a === b || (a !== null && b !== null && a.seq === b.seq && a.balance === b.balance),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  return { balance$, refresh: () => refresh$.next() };
}

export type BalanceStore = ReturnType<typeof createBalanceStore>;

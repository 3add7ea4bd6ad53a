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
import { isNewer, live } from './live';

export interface MainBalance {
  /** Decimal string as the server sent it; parse with parseMoney to compute. */
  balance: string;
  currencySymbol: string;
  seq: number;
  /** The bonus balance (issue 28): bonus money and its wins, locked until wagering is met. */
  bonus: string;
  /** The seq of the bonus balance's last change: each balance has its own. */
  bonusSeq: number;
}

/** One balance event on the two balances: each applies only when newer than its own. */
export function applyBalanceEvent(state: MainBalance, event: BalanceEvent): MainBalance {
  if (event.wallet === 'BONUS') {
    return event.seq > state.bonusSeq
      ? { ...state, bonus: event.balance, bonusSeq: event.seq }
      : state;
  }
  return isNewer(event, state) ? { ...state, balance: event.balance, seq: event.seq } : state;
}

/**
 * balance$ (ARCHITECTURE, Streams): while logged in, the main wallet's balance and the bonus
 * balance (issue 28), each with its own seq, as the live primitive keeps them (live.ts): socket `balance` events are listened to before the REST
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
  const main$ = live<MainBalance, BalanceEvent>({
    fetch: () =>
      from(deps.fetchSnapshot()).pipe(
        map((snapshot) => ({
          balance: snapshot.balance,
          currencySymbol: snapshot.currencySymbol,
          seq: snapshot.wallets.find((wallet) => wallet.wallet === 'MAIN')?.seq ?? 0,
          bonus: snapshot.bonus?.balance ?? '0.00',
          bonusSeq: snapshot.bonus?.seq ?? 0,
        })),
      ),
    events$: deps.events$.pipe(
      filter((event) => event.wallet === 'MAIN' || event.wallet === 'BONUS'),
    ),
    apply: applyBalanceEvent,
    refetch$: merge(deps.reconnected$, refresh$),
  });
  const balance$: Observable<MainBalance | null> = deps.loggedIn$.pipe(
    distinctUntilChanged(),
    switchMap((loggedIn) => (loggedIn ? main$ : of(null))),
    distinctUntilChanged(
      (a, b) =>
        a === b ||
        (a !== null &&
          b !== null &&
          a.seq === b.seq &&
          a.balance === b.balance &&
          a.bonusSeq === b.bonusSeq &&
          a.bonus === b.bonus),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
  return { balance$, refresh: () => refresh$.next() };
}

export type BalanceStore = ReturnType<typeof createBalanceStore>;

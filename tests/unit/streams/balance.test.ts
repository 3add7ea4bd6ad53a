import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { WalletSnapshot } from '../../../src/api/wallet';
import type { BalanceEvent } from '../../../src/shared/realtime';
import { createBalanceStore } from '../../../src/streams/balance';

const snapshot = (balance: string, seq: number): WalletSnapshot => ({
  currency: 'USD',
  currencySymbol: '$',
  balance,
  bonus: { balance: '0.00', seq: 0 },
  wallets: [{ wallet: 'MAIN', balance, seq }],
});
const main = (balance: string, seq: number) => ({
  balance,
  currencySymbol: '$',
  seq,
  bonus: '0.00',
  bonusSeq: 0,
});
const event = (balance: string, seq: number, wallet = 'MAIN'): BalanceEvent => ({
  wallet,
  balance,
  currency: 'USD',
  seq,
});

describe('balance$', () => {
  it('is the snapshot, then newer MAIN events; stale ones and other wallets are ignored', () => {
    new TestScheduler((a, b) => expect(a).toEqual(b)).run(({ cold, hot, expectObservable }) => {
      const store = createBalanceStore({
        loggedIn$: hot('a---------', { a: true }),
        reconnected$: cold('-'),
        events$: hot('--b-c-d-e-', {
          b: event('90.00', 6),
          c: event('80.00', 4), // older than what we have: dropped
          d: event('5.00', 9, 'PG'), // another wallet: not the main balance
          e: event('70.00', 10),
        }),
        fetchSnapshot: () => cold('-(s|)', { s: snapshot('100.00', 5) }),
      });
      expectObservable(store.balance$, '^---------!').toBe('-sb-----e-', {
        s: main('100.00', 5),
        b: main('90.00', 6),
        e: main('70.00', 10),
      });
    });
  });

  it('shows an event committed while the snapshot was in flight (issue 13)', () => {
    new TestScheduler((a, b) => expect(a).toEqual(b)).run(({ cold, hot, expectObservable }) => {
      const store = createBalanceStore({
        loggedIn$: hot('a-----', { a: true }),
        reconnected$: cold('-'),
        // The snapshot says seq 4 and answers at frame 3; event 5 came at frame 1.
        events$: hot('-e----', { e: event('150.00', 5) }),
        fetchSnapshot: () => cold('---(s|)', { s: snapshot('100.00', 4) }),
      });
      expectObservable(store.balance$, '^-----!').toBe('---s--', {
        s: main('150.00', 5),
      });
    });
  });

  it('keeps the bonus balance apart, each balance with its own seq (issue 28)', () => {
    new TestScheduler((a, b) => expect(a).toEqual(b)).run(({ cold, hot, expectObservable }) => {
      const store = createBalanceStore({
        loggedIn$: hot('a---------', { a: true }),
        reconnected$: cold('-'),
        events$: hot('--b-c-d---', {
          // A bet took bonus money (entry 8) and then real money moved (entry 7 is older than
          // the bonus's, yet news for the main balance).
          b: event('40.00', 8, 'BONUS'),
          c: event('0.00', 7),
          d: event('30.00', 6, 'BONUS'), // older than the bonus balance's: dropped
        }),
        fetchSnapshot: () => cold('-(s|)', { s: snapshot('10.00', 5) }),
      });
      expectObservable(store.balance$, '^---------!').toBe('-sb-c-----', {
        s: main('10.00', 5),
        b: { ...main('10.00', 5), bonus: '40.00', bonusSeq: 8 },
        c: { ...main('0.00', 7), bonus: '40.00', bonusSeq: 8 },
      });
    });
  });

  it('re-fetches on reconnect and goes to null on logout', async () => {
    const loggedIn$ = new Subject<boolean>();
    const reconnected$ = new Subject<void>();
    const events$ = new Subject<BalanceEvent>();
    let fetches = 0;
    const store = createBalanceStore({
      loggedIn$,
      reconnected$,
      events$,
      fetchSnapshot: async () => snapshot(fetches++ === 0 ? '100.00' : '250.00', fetches * 10),
    });
    const seen: (string | null)[] = [];
    const subscription = store.balance$.subscribe((value) => seen.push(value?.balance ?? null));
    loggedIn$.next(true);
    await Promise.resolve();
    await Promise.resolve();
    events$.next(event('90.00', 11));
    events$.next(event('80.00', 3));
    reconnected$.next();
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    loggedIn$.next(false);
    expect(seen).toEqual(['100.00', '90.00', '250.00', '250.00', null]);
    expect(fetches).toBe(3);
    subscription.unsubscribe();
  });
});

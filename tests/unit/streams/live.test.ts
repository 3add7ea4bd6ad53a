import type { Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { live, liveList, liveValue, mergeKeyed } from '../../../src/streams/live';

interface Value {
  amount: string;
  seq: number;
}
const v = (amount: string, seq: number): Value => ({ amount, seq });
const merge = (state: Value, event: Value): Value => ({ ...state, ...event });

/** A fetch that answers with each of `answers` in turn. */
function inTurn<T>(answers: Observable<T>[]): () => Observable<T> {
  let next = 0;
  return () => answers[next++]!;
}

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('live value', () => {
  it('keeps an event that arrives while the snapshot is in flight (the issue-13 race)', () => {
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      // The snapshot was taken at seq 4 and answers at frame 3; event 5 arrives at frame 1.
      const events$ = hot('-e----', { e: v('50.00', 5) });
      const fetch$ = cold('---(s|)', { s: v('40.00', 4) });
      const value$ = liveValue({ fetch: () => fetch$, events$, merge });
      expectObservable(value$).toBe('---s--', { s: v('50.00', 5) });
      // The events were listened to before the fetch started.
      expectSubscriptions(events$.subscriptions).toBe('^-----');
    });
  });

  it('drops a buffered event the snapshot already holds, and a stale live one', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const events$ = hot('-a---b-c-', { a: v('40.00', 4), b: v('30.00', 3), c: v('60.00', 6) });
      const value$ = liveValue({
        fetch: () => cold('---(s|)', { s: v('45.00', 5) }),
        events$,
        merge,
      });
      expectObservable(value$).toBe('---s---c-', { s: v('45.00', 5), c: v('60.00', 6) });
    });
  });

  it('fetches again on a gap in a contiguous seq, and applies what came meanwhile', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const events$ = hot('---a-c-d--', {
        a: v('20.00', 2),
        c: v('40.00', 4), // 3 never came: a gap
        d: v('50.00', 5), // arrives while the second fetch is in flight
      });
      const value$ = liveValue({
        fetch: inTurn([cold('-(s|)', { s: v('10.00', 1) }), cold('-(s|)', { s: v('40.00', 4) })]),
        events$,
        merge,
        contiguous: true,
      });
      // The second snapshot (seq 4) answers at frame 6; event 5 comes after it.
      expectObservable(value$, '^---------!').toBe('-s-a--td--', {
        s: v('10.00', 1),
        a: v('20.00', 2),
        t: v('40.00', 4),
        d: v('50.00', 5),
      });
    });
  });

  it('fetches again on reconnect; the newest fetch wins and events meanwhile stay', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const reconnected$ = hot('---r------');
      const events$ = hot('--a--b----', { a: v('20.00', 2), b: v('40.00', 4) });
      const value$ = liveValue({
        fetch: inTurn([cold('-(s|)', { s: v('10.00', 1) }), cold('---(t|)', { t: v('30.00', 3) })]),
        events$,
        merge,
        refetch$: reconnected$,
      });
      // Event 4 arrives while the reconnect's fetch is in flight (frames 3 to 6): it is shown at
      // once and again on top of the (older) snapshot when that arrives.
      expectObservable(value$, '^---------!').toBe('-sa--bt---', {
        s: v('10.00', 1),
        a: v('20.00', 2),
        b: v('40.00', 4),
        t: v('40.00', 4),
      });
    });
  });

  it('keeps the value when a fetch fails, and fetches again on demand', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const value$ = liveValue({
        fetch: inTurn([
          cold('-(s|)', { s: v('10.00', 1) }),
          cold<Value>('-#'),
          cold('-(t|)', { t: v('70.00', 7) }),
        ]),
        events$: hot('-----a---', { a: v('20.00', 2) }),
        merge,
        refetch$: hot('--r----r-'),
      });
      expectObservable(value$, '^--------!').toBe('-s---a--t', {
        s: v('10.00', 1),
        a: v('20.00', 2),
        t: v('70.00', 7),
      });
    });
  });

  it('shares one subscription and one fetch, and replays the latest to a late subscriber', () => {
    let fetches = 0;
    scheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const events$ = hot('--a---', { a: v('20.00', 2) });
      const value$ = liveValue({
        fetch: () => {
          fetches++;
          return cold('-(s|)', { s: v('10.00', 1) });
        },
        events$,
        merge,
      });
      expectObservable(value$).toBe('-sa---', { s: v('10.00', 1), a: v('20.00', 2) });
      expectObservable(value$, '----^-').toBe('----a-', { a: v('20.00', 2) });
      expectSubscriptions(events$.subscriptions).toBe('^-----');
    });
    expect(fetches).toBe(1);
  });
});

describe('live list', () => {
  interface Row {
    id: string;
    status: string;
    version: number;
  }
  interface Page {
    items: readonly Row[];
    first: boolean;
  }
  const row = (id: string, status: string, version: number): Row => ({ id, status, version });
  const rules = {
    keyOf: (item: Row) => item.id,
    seqOf: (item: Row) => item.version,
    insert: (page: Page, item: Row): Page =>
      page.first ? { ...page, items: [item, ...page.items] } : page,
  };

  it('replaces a row with a newer version, drops an older one, puts a new one on top', () => {
    const page: Page = { items: [row('a', 'pending', 1), row('b', 'paid', 3)], first: true };
    expect(mergeKeyed(page, row('a', 'paid', 2), rules).items).toEqual([
      row('a', 'paid', 2),
      row('b', 'paid', 3),
    ]);
    expect(mergeKeyed(page, row('b', 'pending', 2), rules)).toBe(page);
    expect(mergeKeyed(page, row('c', 'pending', 1), rules).items[0]).toEqual(
      row('c', 'pending', 1),
    );
    expect(mergeKeyed({ ...page, first: false }, row('c', 'pending', 1), rules).items).toHaveLength(
      2,
    );
  });

  it('applies a row event that arrived while the page was in flight', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      const events$ = hot('-x----', { x: row('a', 'paid', 2) });
      const page$ = liveList<Row, Page>({
        fetch: () => cold('---(p|)', { p: { items: [row('a', 'pending', 1)], first: true } }),
        events$,
        ...rules,
      });
      expectObservable(page$).toBe('---p--', {
        p: { items: [row('a', 'paid', 2)], first: true },
      });
    });
  });
});

describe('live', () => {
  it('fetches on every event a source says needs it (counts without a seq)', () => {
    scheduler().run(({ cold, hot, expectObservable }) => {
      let fetches = 0;
      const count$ = live<number, 'changed'>({
        fetch: () => cold('-(n|)', { n: ++fetches }),
        events$: hot('---c-----', { c: 'changed' }),
        apply: (count) => count,
        refetchOn: () => true,
      });
      expectObservable(count$, '^--------!').toBe('-1--2----', { 1: 1, 2: 2 });
    });
  });
});

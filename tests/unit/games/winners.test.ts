import { map, NEVER, type Observable, of, Subject, take, throwError, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  batchWithin,
  createWinnersStore,
  type RankListQuery,
  type WinnerBoard,
} from '../../../src/app/features/games/winners';
import type { WinnerEntry } from '../../../src/shared/games';
import { winner } from './fixtures';

const testScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const names = (entries: readonly WinnerEntry[]) => entries.map((one) => one.customerName);
const amounts = (board: WinnerBoard) => [...board.top, ...board.rest].map((one) => one.winAmount);

/** Runs the store under virtual time and records each emission with its frame. */
function record(
  scheduler: TestScheduler,
  winners$: Observable<WinnerBoard>,
  until: number,
): { at: number; board: WinnerBoard }[] {
  const seen: { at: number; board: WinnerBoard }[] = [];
  const subscription = winners$.subscribe((board) => seen.push({ at: scheduler.now(), board }));
  scheduler.schedule(() => subscription.unsubscribe(), until);
  return seen;
}

describe('batchWithin', () => {
  it('emits one array per window while values flow, and nothing while idle', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      const source = hot('a-b-c----------d------|');
      // A window of 5 frames from the first value of each quiet spell; nothing empty is sent.
      expectObservable(source.pipe(batchWithin(5))).toBe('-----x--------------y-|', {
        x: ['a', 'b', 'c'],
        y: ['d'],
      });
    });
  });
});

describe('batchWithin on completion', () => {
  it('sends what is left when the source completes inside a window', () => {
    testScheduler().run(({ hot, expectObservable }) => {
      expectObservable(hot('a-b|').pipe(batchWithin(5))).toBe('---(x|)', { x: ['a', 'b'] });
    });
  });
});

describe('winners$ (spec 2, 3, 9)', () => {
  it('fetches the rank list (ALL, language, 20) and ranks it by amount as money', () => {
    const queries: RankListQuery[] = [];
    const scheduler = testScheduler();
    let seen: { at: number; board: WinnerBoard }[] = [];
    scheduler.run(({ cold }) => {
      const store = createWinnersStore({
        language$: of('EN'),
        reconnected$: NEVER,
        events$: NEVER,
        scheduler,
        fetchRankList: (query) => {
          queries.push(query);
          // As strings '9.50' > '100.00' and as floats 0.1+0.2 trouble: neither is used.
          return cold('--(s|)', {
            s: [
              winner('a', '9.50'),
              winner('b', '100.00'),
              winner('c', '10'),
              winner('d', '99.99'),
              winner('e', '100.01'),
            ],
          });
        },
      });
      seen = record(scheduler, store.winners$, 100);
    });
    expect(queries).toEqual([{ gameCategory: 'ALL', language: 'EN', limitNum: 20 }]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.at).toBe(2);
    const board = seen[0]!.board;
    expect(names(board.top)).toEqual(['e', 'b', 'd']);
    expect(names(board.rest)).toEqual(['c', 'a']);
    expect(board.recent).toEqual([]);
  });

  it('merges live wins into the ranking, caps it at 20, and a tie does not displace', () => {
    const scheduler = testScheduler();
    let seen: { at: number; board: WinnerBoard }[] = [];
    scheduler.run(({ cold, hot }) => {
      const snapshot = Array.from({ length: 20 }, (_, index) =>
        winner(`s${index}`, `${100 - index}.00`),
      );
      const store = createWinnersStore({
        language$: of('EN'),
        reconnected$: NEVER,
        events$: hot('----------a-b-c', {
          a: winner('live-big', '1000.00'),
          b: winner('live-tie', '81.00'), // ties the last place (s19): stays out
          c: winner('live-bad', '1e5'), // not money: dropped
        }),
        fetchRankList: () => cold('(s|)', { s: snapshot }),
        scheduler,
        batchMs: 10,
      });
      seen = record(scheduler, store.winners$, 100);
    });
    expect(seen.map((one) => one.at)).toEqual([0, 20]);
    const board = seen[1]!.board;
    expect(names(board.top)).toEqual(['live-big', 's0', 's1']);
    expect(board.rest).toHaveLength(17);
    expect(names(board.rest).at(-1)).toBe('s18');
    expect(names(board.recent)).toEqual(['live-tie', 'live-big']);
  });

  it('shapes a burst: 1,000 wins in one second cost at most 5 renders, and none is lost', () => {
    const scheduler = testScheduler();
    let seen: { at: number; board: WinnerBoard }[] = [];
    scheduler.run(({ cold }) => {
      // One win a millisecond, each bigger than the last: every one would change the board.
      const burst$ = timer(0, 1).pipe(
        take(1000),
        map((index) => winner(`p${index}`, `${index + 1}.00`, `t${index}`)),
      );
      const store = createWinnersStore({
        language$: of('EN'),
        reconnected$: NEVER,
        events$: burst$,
        fetchRankList: () => cold('(s|)', { s: [winner('old', '5000.00')] }),
        scheduler,
      });
      seen = record(scheduler, store.winners$, 5000);
    });
    const renders = seen.slice(1);
    // Windows of 250 ms: four renders (the last when this test's burst source completes); 5 is
    // the bound for any phase of a burst against the windows.
    expect(renders.map((one) => one.at)).toEqual([250, 500, 750, 999]);
    expect(renders.length).toBeLessThanOrEqual(5);
    const last = seen.at(-1)!.board;
    // The best 20 of everything: the snapshot's 5000, then 1000 down to 982.
    expect(amounts(last)).toEqual([
      '5000.00',
      ...Array.from({ length: 19 }, (_, index) => `${1000 - index}.00`),
    ]);
    expect(names(last.recent)).toEqual(Array.from({ length: 10 }, (_, index) => `p${999 - index}`));
    // Every render holds at most a board and a ticker: the page's work is bounded too.
    for (const { board } of seen) {
      expect(board.top.length + board.rest.length).toBeLessThanOrEqual(20);
      expect(board.recent.length).toBeLessThanOrEqual(10);
    }
  });

  it('stays silent while no wins arrive (no idle timers)', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const store = createWinnersStore({
        language$: of('EN'),
        reconnected$: NEVER,
        events$: NEVER,
        fetchRankList: () => cold('-(s|)', { s: [] }),
      });
      expectObservable(store.winners$, '^ 10s !').toBe('-e', {
        e: { top: [], rest: [], recent: [] },
      });
    });
  });

  it('re-fetches on reconnect and on a language change, in the new language', () => {
    const queries: string[] = [];
    const scheduler = testScheduler();
    let seen: { at: number; board: WinnerBoard }[] = [];
    scheduler.run(({ cold, hot }) => {
      const store = createWinnersStore({
        language$: hot('l-------------m', { l: 'EN', m: 'ES' }),
        reconnected$: hot('-----r'),
        events$: NEVER,
        fetchRankList: ({ language }) => {
          queries.push(language);
          const round = queries.length;
          return cold('-(s|)', { s: [winner(`${language}-${round}`, '1.00')] });
        },
        scheduler,
      });
      seen = record(scheduler, store.winners$, 100);
    });
    expect(queries).toEqual(['EN', 'EN', 'ES']);
    expect(seen.map(({ at, board }) => [at, names(board.top)])).toEqual([
      [1, ['EN-1']],
      [6, ['EN-2']],
      [15, ['ES-3']],
    ]);
  });

  it('drops the answer of a fetch overtaken by a newer one', () => {
    const scheduler = testScheduler();
    let seen: { at: number; board: WinnerBoard }[] = [];
    scheduler.run(({ cold, hot }) => {
      let round = 0;
      const store = createWinnersStore({
        language$: hot('a--b', { a: 'EN', b: 'ES' }),
        reconnected$: NEVER,
        events$: NEVER,
        fetchRankList: ({ language }) => {
          round += 1;
          return cold(round === 1 ? '-----(s|)' : '-(s|)', { s: [winner(language, '1.00')] });
        },
        scheduler,
      });
      seen = record(scheduler, store.winners$, 100);
    });
    expect(seen.map(({ board }) => names(board.top))).toEqual([['ES']]);
  });

  it('keeps live wins that arrive while the snapshot loads, and counts a win once', () => {
    const scheduler = testScheduler();
    let seen: { at: number; board: WinnerBoard }[] = [];
    scheduler.run(({ cold, hot }) => {
      const both = winner('both', '50.00', 'x');
      const store = createWinnersStore({
        language$: of('EN'),
        reconnected$: NEVER,
        events$: hot('-ab', { a: winner('early', '70.00'), b: both }),
        // The snapshot was read before "early" was committed, but after "both".
        fetchRankList: () => cold('----------(s|)', { s: [both, winner('snap', '60.00')] }),
        scheduler,
        batchMs: 2,
      });
      seen = record(scheduler, store.winners$, 100);
    });
    expect(seen).toHaveLength(1);
    expect(names(seen[0]!.board.top)).toEqual(['early', 'snap', 'both']);
    expect(seen[0]!.board.rest).toEqual([]);
  });

  it('shows live wins when the snapshot fails, and keeps the board when a refetch fails', () => {
    const scheduler = testScheduler();
    let seen: { at: number; board: WinnerBoard }[] = [];
    scheduler.run(({ cold, hot }) => {
      let round = 0;
      const store = createWinnersStore({
        language$: of('EN'),
        reconnected$: hot('----------r'),
        events$: hot('-----a', { a: winner('live', '5.00') }),
        fetchRankList: () => {
          round += 1;
          return round === 1 ? throwError(() => new Error('down')) : cold('-#');
        },
        scheduler,
        batchMs: 1,
      });
      seen = record(scheduler, store.winners$, 100);
    });
    expect(seen.map(({ at, board }) => [at, names(board.top)])).toEqual([
      [0, []],
      [6, ['live']],
    ]);
  });

  it('replays the current board to a view that mounts later', () => {
    const events$ = new Subject<WinnerEntry>();
    const store = createWinnersStore({
      language$: of('EN'),
      reconnected$: NEVER,
      events$,
      fetchRankList: () => of([winner('a', '1.00')]),
    });
    const first: WinnerBoard[] = [];
    const second: WinnerBoard[] = [];
    const one = store.winners$.subscribe((board) => first.push(board));
    const two = store.winners$.subscribe((board) => second.push(board));
    expect(second).toEqual(first);
    expect(second).toHaveLength(1);
    one.unsubscribe();
    two.unsubscribe();
    expect(events$.observed).toBe(false);
  });
});

import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createFavouritesStore,
  type FavouriteFailure,
  type FavouritesState,
} from '../../../src/app/features/games/favourites';
import type { FavouriteList, FavouritePayload, GameItem } from '../../../src/shared/games';
import { card } from './fixtures';

/** A call the test answers: `ok(value)` resolves it, `fail()` rejects it. */
class Call<T> extends Subject<T> {
  ok(value: T) {
    this.next(value);
    this.complete();
  }
  fail(error: unknown = new Error('offline')) {
    this.error(error);
  }
}

const pg1 = card({ vassalage: 'PG', nodeId: 'pg1', gameType: 'RNG' });
const pg2 = card({ vassalage: 'PG', nodeId: 'pg2', gameType: 'RNG' });
const jdb = card({ vassalage: 'JDB', nodeId: 'jdb', gameType: 'RNG' });
const live = card({ vassalage: 'EVO', nodeId: 'evo', gameType: 'LIVE' });
const page = (...content: GameItem[]): FavouriteList => ({ content, pageNum: 1, totalPages: 1 });

function setUp({ loggedIn = true, withClock = true } = {}) {
  const calls = {
    ids: [] as Call<string[]>[],
    list: [] as Call<FavouriteList>[],
    add: [] as { payload: FavouritePayload; call: Call<unknown> }[],
    remove: [] as { payload: FavouritePayload; call: Call<unknown> }[],
  };
  const last = <T>(items: T[]): T => {
    const item = items.at(-1);
    if (!item) throw new Error('no such call');
    return item;
  };
  const loggedIn$ = new BehaviorSubject(loggedIn);
  const openLogin = vi.fn();
  let now = 0;
  const store = createFavouritesStore({
    loggedIn$,
    openLogin,
    ...(withClock ? { scheduler: { now: () => now } } : {}),
    api: {
      ids: () => {
        const call = new Call<string[]>();
        calls.ids.push(call);
        return call;
      },
      list: () => {
        const call = new Call<FavouriteList>();
        calls.list.push(call);
        return call;
      },
      add: (payload) => {
        const call = new Call<unknown>();
        calls.add.push({ payload, call });
        return call;
      },
      remove: (payload) => {
        const call = new Call<unknown>();
        calls.remove.push({ payload, call });
        return call;
      },
    },
  });
  const states: FavouritesState[] = [];
  const failures: FavouriteFailure[] = [];
  const subscription = store.state$.subscribe((state) => states.push(state));
  subscription.add(store.failures$.subscribe((failure) => failures.push(failure)));
  return {
    store,
    calls,
    last,
    loggedIn$,
    openLogin,
    states,
    failures,
    subscription,
    state: () => last(states),
    advance: (ms: number) => (now += ms),
    /** Answers the first load: these favourites, and the list page with these games. */
    load(ids: string[], list: GameItem[]) {
      last(calls.ids).ok(ids);
      last(calls.list).ok(page(...list));
    },
  };
}

describe('favourites for a guest (spec 6)', () => {
  it('opens the login popup and calls nothing', () => {
    const t = setUp({ loggedIn: false });
    t.store.toggle(pg1);
    t.store.add(jdb);
    expect(t.openLogin).toHaveBeenCalledTimes(2);
    expect(t.state()).toEqual({ status: 'guest', ids: [], list: [], pending: [] });
    expect(t.calls.ids).toHaveLength(0);
    expect(t.calls.add).toHaveLength(0);
  });
});

describe('favourites after login (spec 4)', () => {
  it('loads the ids and the list; the list shows favourites only', () => {
    const t = setUp();
    expect(t.state().status).toBe('loading');
    t.load(['pg1', 'jdb'], [pg1, pg2, jdb]);
    expect(t.state()).toEqual({
      status: 'ready',
      ids: ['pg1', 'jdb'],
      list: [pg1, jdb],
      pending: [],
    });
  });

  it('adds on the server first, then fills the heart and re-reads the list', () => {
    const t = setUp();
    t.load(['pg1'], [pg1]);
    t.store.toggle(jdb);
    expect(t.last(t.calls.add).payload).toEqual({ nodeId: 'jdb', vendor: 'JDB', gameType: 'RNG' });
    expect(t.state()).toMatchObject({ ids: ['pg1'], pending: ['jdb'] });
    t.last(t.calls.add).call.ok({});
    expect(t.state()).toMatchObject({ ids: ['pg1', 'jdb'], pending: [] });
    expect(t.calls.list).toHaveLength(2);
    t.last(t.calls.list).ok(page(jdb, pg1));
    expect(t.state().list).toEqual([jdb, pg1]);
  });

  it('skips an add when the game is already a favourite', () => {
    const t = setUp();
    t.load(['pg1'], [pg1]);
    t.store.add(pg1);
    expect(t.calls.add).toHaveLength(0);
    expect(t.calls.remove).toHaveLength(0);
  });

  it('a failed add leaves the heart empty and reports it', () => {
    const t = setUp();
    t.load([], []);
    t.store.toggle(live);
    t.last(t.calls.add).call.fail('nope');
    expect(t.state()).toMatchObject({ ids: [], pending: [] });
    expect(t.failures).toEqual([{ action: 'add', nodeId: 'evo', error: 'nope' }]);
  });

  it('removes from ids and list before the call answers', () => {
    const t = setUp();
    t.load(['pg1', 'pg2', 'jdb'], [pg1, pg2, jdb]);
    t.store.toggle(pg2);
    expect(t.last(t.calls.remove).payload).toEqual({
      nodeId: 'pg2',
      vendor: 'PG',
      gameType: 'RNG',
    });
    expect(t.state()).toEqual({
      status: 'ready',
      ids: ['pg1', 'jdb'],
      list: [pg1, jdb],
      pending: ['pg2'],
    });
    t.last(t.calls.remove).call.ok({});
    expect(t.state()).toMatchObject({ ids: ['pg1', 'jdb'], list: [pg1, jdb], pending: [] });
  });

  it('puts a game back at its old place when the remove fails', () => {
    const t = setUp();
    t.load(['pg1', 'pg2', 'jdb'], [pg1, pg2, jdb]);
    t.store.remove(pg2);
    t.last(t.calls.remove).call.fail('server said no');
    expect(t.state()).toEqual({
      status: 'ready',
      ids: ['pg1', 'pg2', 'jdb'],
      list: [pg1, pg2, jdb],
      pending: [],
    });
    expect(t.failures).toEqual([{ action: 'remove', nodeId: 'pg2', error: 'server said no' }]);
  });

  it('skips a remove of a game that is not a favourite', () => {
    const t = setUp();
    t.load(['pg1'], [pg1]);
    t.store.remove(jdb);
    expect(t.calls.remove).toHaveLength(0);
  });

  it('ignores clicks on a heart whose call is in flight', () => {
    const t = setUp();
    t.load([], []);
    t.store.toggle(pg1);
    t.advance(5000);
    t.store.toggle(pg1);
    expect(t.calls.add).toHaveLength(1);
    expect(t.calls.remove).toHaveLength(0);
  });

  it('ignores hearts until the ids are known; after a failed load, refresh retries', () => {
    const t = setUp();
    t.store.toggle(pg1);
    expect(t.calls.add).toHaveLength(0);
    t.last(t.calls.ids).fail('down');
    expect(t.state().status).toBe('failed');
    expect(t.failures).toEqual([{ action: 'load', nodeId: null, error: 'down' }]);
    t.advance(1000);
    t.store.toggle(pg1);
    expect(t.calls.add).toHaveLength(0);
    t.store.refresh();
    t.load(['jdb'], [jdb]);
    expect(t.state()).toMatchObject({ status: 'ready', ids: ['jdb'] });
  });

  it('a read that raced a removal does not bring the game back', () => {
    const t = setUp();
    t.load(['pg1', 'jdb'], [pg1, jdb]);
    t.store.refresh();
    const staleIds = t.last(t.calls.ids);
    const staleList = t.last(t.calls.list);
    t.store.remove(pg1);
    // The refresh read before the removal reached the server.
    staleIds.ok(['pg1', 'jdb']);
    staleList.ok(page(pg1, jdb));
    expect(t.state()).toMatchObject({ ids: ['jdb'], list: [jdb] });
  });

  it('re-reads after a write when a read was in flight, so the newer truth wins', () => {
    const t = setUp();
    t.load(['pg1'], [pg1]);
    t.store.refresh();
    t.store.toggle(jdb);
    t.last(t.calls.add).call.ok({});
    // The refresh in flight may predate the add: it is read again, in full.
    expect(t.calls.ids).toHaveLength(3);
    t.load(['pg1', 'jdb'], [pg1, jdb]);
    expect(t.state()).toMatchObject({ ids: ['pg1', 'jdb'], list: [pg1, jdb] });
  });

  it('forgets everything on logout and drops the answers of calls in flight', () => {
    const t = setUp();
    t.load(['pg1'], [pg1]);
    t.store.toggle(jdb);
    const inFlight = t.last(t.calls.add).call;
    t.loggedIn$.next(false);
    expect(inFlight.observed).toBe(false);
    inFlight.ok({});
    expect(t.state()).toEqual({ status: 'guest', ids: [], list: [], pending: [] });
    t.advance(1000);
    t.store.toggle(jdb);
    expect(t.openLogin).toHaveBeenCalledTimes(1);
  });

  it('tells one heart whether its game is a favourite, only when that changes', () => {
    const t = setUp();
    const seen: boolean[] = [];
    t.subscription.add(t.store.isFavourite$('jdb').subscribe((value) => seen.push(value)));
    t.load(['pg1'], [pg1]);
    t.store.toggle(pg2);
    t.store.toggle(jdb);
    t.last(t.calls.add).call.ok({});
    expect(seen).toEqual([false, true]);
  });

  it('unsubscribes from the API when the last view leaves', () => {
    const t = setUp();
    const load = t.last(t.calls.ids);
    t.subscription.unsubscribe();
    expect(load.observed).toBe(false);
  });
});

describe('favourite throttle: one toggle per game per 1000 ms (spec 4, 9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops further clicks on the same heart within 1000 ms, leading edge', () => {
    const t = setUp();
    t.load([], []);
    t.store.toggle(pg1);
    t.last(t.calls.add).call.ok({});
    t.advance(999);
    t.store.toggle(pg1);
    expect(t.calls.remove).toHaveLength(0);
    t.advance(1);
    t.store.toggle(pg1);
    expect(t.calls.remove).toHaveLength(1);
  });

  it('measures the window from the last accepted click, not from dropped ones', () => {
    const t = setUp();
    t.load([], []);
    t.store.toggle(pg1);
    t.last(t.calls.add).call.ok({});
    for (let step = 0; step < 9; step++) {
      t.advance(100);
      t.store.toggle(pg1);
    }
    expect(t.calls.remove).toHaveLength(0);
    t.advance(100);
    t.store.toggle(pg1);
    expect(t.calls.remove).toHaveLength(1);
  });

  it('lets another game answer at once', () => {
    const t = setUp();
    t.load([], []);
    t.store.toggle(pg1);
    t.store.toggle(jdb);
    expect(t.calls.add.map((one) => one.payload.nodeId)).toEqual(['pg1', 'jdb']);
  });

  it('runs on the real clock by default (fake timers stand in for it)', () => {
    vi.useFakeTimers();
    const t = setUp({ withClock: false });
    t.load([], []);
    t.store.toggle(pg1);
    t.last(t.calls.add).call.ok({});
    vi.advanceTimersByTime(500);
    t.store.toggle(pg1);
    expect(t.calls.remove).toHaveLength(0);
    vi.advanceTimersByTime(500);
    t.store.toggle(pg1);
    expect(t.calls.remove).toHaveLength(1);
  });
});

import {
  asyncScheduler,
  distinctUntilChanged,
  forkJoin,
  from,
  ignoreElements,
  map,
  Observable,
  type ObservableInput,
  type SchedulerLike,
  shareReplay,
  startWith,
  Subject,
  Subscription,
  switchMap,
  tap,
} from 'rxjs';
import type { FavouriteList, FavouritePayload, GameItem } from '../../../shared/games';

/**
 * The player's favourite games (spec 3 "Favourites", spec 4, spec 6): the ids of every favourite
 * (MCSFE_getFavoriteGames) and the favourite list page (MCSFE_getFavoriteGamesList).
 *
 * Decisions:
 * - Guests get the login popup for every favourite action (spec 6). Trial accounts are logged in
 *   and keep favourites: a favourite moves no money, and spec 5 blocks only the member centre
 *   and starting a game.
 * - Add is confirmed: the heart fills when the server said yes, then the list is re-read (the
 *   server decides which favourites the list shows and in what order). Add is skipped when the
 *   game is already a favourite.
 * - Remove is optimistic (spec 4): ids and list lose the game before the call, and get it back,
 *   at its old place, if the call fails.
 * - The list never shows a game that is not in the ids, so a list read that raced a removal
 *   cannot bring the game back.
 * - The 1000 ms throttle (spec 4, 9) is per game and leading-edge: the first click on a heart
 *   acts, further clicks on that heart within 1000 ms are dropped, while another game's heart
 *   answers at once. Its purpose is to stop double clicks from racing add against remove.
 * - While a game's call is in flight its heart ignores clicks; until the ids have loaded (or when
 *   loading failed) every heart does, since we cannot tell add from remove. `refresh()` retries.
 * - Actions act while `state$` is observed (the hearts' views observe it); a logout drops calls
 *   in flight and their answers.
 */

export const FAVOURITE_THROTTLE_MS = 1000;

export type FavouriteGame = Pick<GameItem, 'nodeId' | 'vassalage' | 'gameType'>;

export interface FavouritesApi {
  ids: () => ObservableInput<string[]>;
  list: () => ObservableInput<FavouriteList>;
  add: (payload: FavouritePayload) => ObservableInput<unknown>;
  remove: (payload: FavouritePayload) => ObservableInput<unknown>;
}

export interface FavouritesState {
  status: 'guest' | 'loading' | 'ready' | 'failed';
  /** nodeIds of every favourite, as the server listed them (new ones last). */
  ids: readonly string[];
  list: readonly GameItem[];
  /** Games with an add or remove call in flight. */
  pending: readonly string[];
}

export interface FavouriteFailure {
  action: 'load' | 'list' | 'add' | 'remove';
  nodeId: string | null;
  error: unknown;
}

type Command = { type: 'toggle' | 'add' | 'remove'; game: FavouriteGame } | { type: 'refresh' };

const GUEST: FavouritesState = { status: 'guest', ids: [], list: [], pending: [] };

const payloadOf = (game: FavouriteGame): FavouritePayload => ({
  nodeId: game.nodeId,
  vendor: game.vassalage,
  gameType: game.gameType,
});

const without = <T>(items: readonly T[], item: T) => items.filter((one) => one !== item);

/** Puts an item back at its old index (or the end if the array got shorter). */
const insertAt = <T>(items: readonly T[], index: number, item: T) => [
  ...items.slice(0, index),
  item,
  ...items.slice(index),
];

export function createFavouritesStore(deps: {
  loggedIn$: Observable<boolean>;
  api: FavouritesApi;
  /** Opens the login popup (spec 6: favourites ask a visitor to log in). */
  openLogin: () => void;
  /** The clock of the throttle; a TestScheduler or a fake in tests. */
  scheduler?: Pick<SchedulerLike, 'now'>;
  throttleMs?: number;
}) {
  const commands$ = new Subject<Command>();
  const failures$ = new Subject<FavouriteFailure>();
  const clock = deps.scheduler ?? asyncScheduler;
  const throttleMs = deps.throttleMs ?? FAVOURITE_THROTTLE_MS;
  const lastAccepted = new Map<string, number>();

  /** Leading-edge throttle per game. */
  function accept(nodeId: string): boolean {
    const now = clock.now();
    const last = lastAccepted.get(nodeId);
    if (last !== undefined && now - last < throttleMs) return false;
    lastAccepted.set(nodeId, now);
    return true;
  }

  const guest$ = commands$.pipe(
    tap((command) => {
      if (command.type !== 'refresh') deps.openLogin();
    }),
    ignoreElements(),
    startWith(GUEST),
  );

  const state$: Observable<FavouritesState> = deps.loggedIn$.pipe(
    distinctUntilChanged(),
    switchMap((loggedIn) => (loggedIn ? memberFavourites(deps.api, commands$, failures$) : guest$)),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  function act(type: 'toggle' | 'add' | 'remove', game: FavouriteGame) {
    if (accept(game.nodeId)) commands$.next({ type, game });
  }

  return {
    state$,
    failures$: failures$.asObservable(),
    isFavourite$: (nodeId: string) =>
      state$.pipe(
        map((state) => state.ids.includes(nodeId)),
        distinctUntilChanged(),
      ),
    /** The heart: add when not a favourite, remove when it is. */
    toggle: (game: FavouriteGame) => act('toggle', game),
    add: (game: FavouriteGame) => act('add', game),
    remove: (game: FavouriteGame) => act('remove', game),
    /** Re-reads ids and list (after a failed load, or to pick up changes from elsewhere). */
    refresh: () => commands$.next({ type: 'refresh' }),
  };
}

export type FavouritesStore = ReturnType<typeof createFavouritesStore>;

/** One logged-in session's favourites; unsubscribing (logout) drops every call in flight. */
function memberFavourites(
  api: FavouritesApi,
  commands$: Observable<Command>,
  failures$: Subject<FavouriteFailure>,
): Observable<FavouritesState> {
  return new Observable<FavouritesState>((subscriber) => {
    let state: FavouritesState = { status: 'loading', ids: [], list: [], pending: [] };
    const set = (next: Partial<FavouritesState>) => {
      state = { ...state, ...next };
      subscriber.next(state);
    };
    const calls = new Subscription();
    /** The read of ids and list, and the read of the list alone; the latest of each wins. */
    let loading: Subscription | null = null;
    let listing: Subscription | null = null;
    /** Games removed locally whose call has not answered yet: reads must not bring them back. */
    const removing = new Set<string>();
    const visible = (list: readonly GameItem[], ids: readonly string[]) =>
      list.filter((game) => ids.includes(game.nodeId));
    const inFlight = (read: Subscription | null) => read !== null && !read.closed;

    function loadAll() {
      loading?.unsubscribe();
      listing?.unsubscribe();
      loading = forkJoin([from(api.ids()), from(api.list())]).subscribe({
        next: ([ids, page]) => {
          const kept = ids.filter((id) => !removing.has(id));
          set({ status: 'ready', ids: kept, list: visible(page.content, kept) });
        },
        error: (error: unknown) => {
          if (state.status !== 'ready') set({ status: 'failed' });
          failures$.next({ action: 'load', nodeId: null, error });
        },
      });
      calls.add(loading);
    }

    function readList() {
      // A full read in flight may have read before the write: read again, in full.
      if (inFlight(loading)) return loadAll();
      listing?.unsubscribe();
      listing = from(api.list()).subscribe({
        next: (page) => set({ list: visible(page.content, state.ids) }),
        error: (error: unknown) => failures$.next({ action: 'list', nodeId: null, error }),
      });
      calls.add(listing);
    }

    /** After a write, a read still in flight may hold the old truth: start it again. */
    function rereadInFlight() {
      if (inFlight(loading)) loadAll();
      else if (inFlight(listing)) readList();
    }

    function add(game: FavouriteGame) {
      const { nodeId } = game;
      if (state.ids.includes(nodeId)) return;
      set({ pending: [...state.pending, nodeId] });
      calls.add(
        from(api.add(payloadOf(game))).subscribe({
          complete: () => {
            set({
              ids: state.ids.includes(nodeId) ? state.ids : [...state.ids, nodeId],
              pending: without(state.pending, nodeId),
            });
            readList();
          },
          error: (error: unknown) => {
            set({ pending: without(state.pending, nodeId) });
            failures$.next({ action: 'add', nodeId, error });
          },
        }),
      );
    }

    function remove(game: FavouriteGame) {
      const { nodeId } = game;
      const idIndex = state.ids.indexOf(nodeId);
      if (idIndex < 0) return;
      const listIndex = state.list.findIndex((item) => item.nodeId === nodeId);
      const item = state.list[listIndex];
      removing.add(nodeId);
      set({
        ids: without(state.ids, nodeId),
        list: item ? without(state.list, item) : state.list,
        pending: [...state.pending, nodeId],
      });
      calls.add(
        from(api.remove(payloadOf(game))).subscribe({
          complete: () => {
            removing.delete(nodeId);
            set({ pending: without(state.pending, nodeId) });
            rereadInFlight();
          },
          error: (error: unknown) => {
            removing.delete(nodeId);
            const restored = state.ids.includes(nodeId)
              ? state.ids
              : insertAt(state.ids, idIndex, nodeId);
            const back = item !== undefined && !state.list.some((one) => one.nodeId === nodeId);
            set({
              ids: restored,
              list: back ? insertAt(state.list, listIndex, item) : state.list,
              pending: without(state.pending, nodeId),
            });
            failures$.next({ action: 'remove', nodeId, error });
          },
        }),
      );
    }

    calls.add(
      commands$.subscribe((command) => {
        if (command.type === 'refresh') return loadAll();
        if (state.status !== 'ready' || state.pending.includes(command.game.nodeId)) return;
        const adding =
          command.type === 'add' ||
          (command.type === 'toggle' && !state.ids.includes(command.game.nodeId));
        if (adding) add(command.game);
        else remove(command.game);
      }),
    );
    subscriber.next(state);
    loadAll();
    return () => calls.unsubscribe();
  });
}

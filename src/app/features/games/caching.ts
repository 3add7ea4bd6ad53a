import type { GameCategoryVendors, GameItem } from '../../../shared/games';

/**
 * Session caches of the lobby's slow-changing data (spec 4 "Caching": hot games, game vendor and
 * merchant wallet are cached for the session; hot games refreshable, vendors refreshable by a
 * flush; spec 4 "Language change" reloads hot games, winners and game vendors).
 */

export interface SessionCache<T> {
  /** The cached value, else the load in flight, else a new load. A failure is not cached. */
  get(): Promise<T>;
  /**
   * Loads anew. Until it answers, `get()` waits for it and `peek()` still gives the old value;
   * if it fails, the old value stays and the caller gets the error.
   */
  refresh(): Promise<T>;
  /** Forgets the value; a load in flight is disowned, the next `get()` loads. */
  flush(): void;
  /** The cached value without loading. */
  peek(): T | undefined;
}

export function createSessionCache<T>(load: () => Promise<T>): SessionCache<T> {
  let value: { current: T } | null = null;
  let inFlight: Promise<T> | null = null;
  /** Bumped by every refresh and flush: an older load's answer is then not stored. */
  let generation = 0;

  function start(): Promise<T> {
    const mine = ++generation;
    const loading = Promise.resolve()
      .then(load)
      .then(
        (loaded) => {
          if (mine === generation) {
            value = { current: loaded };
            inFlight = null;
          }
          return loaded;
        },
        (error: unknown) => {
          if (mine === generation) inFlight = null;
          throw error;
        },
      );
    inFlight = loading;
    return loading;
  }

  return {
    get: () => inFlight ?? (value ? Promise.resolve(value.current) : start()),
    refresh: start,
    flush() {
      generation += 1;
      value = null;
      inFlight = null;
    },
    peek: () => value?.current,
  };
}

/** GCS_merchantWallet (spec 3 "Merchant wallet"). */
export interface MerchantWallet {
  isSingle: boolean;
}

/**
 * The lobby's caches. Hot games and vendors are per language, so a language change reloads
 * them (the winner board reloads itself from language$, see winners.ts). The merchant wallet
 * belongs to the logged-in member: a logout forgets it.
 */
export function createGameCaches(deps: {
  language: () => string;
  fetchHotGames: (language: string) => Promise<GameItem[]>;
  fetchVendors: (language: string) => Promise<GameCategoryVendors[]>;
  fetchMerchantWallet: () => Promise<MerchantWallet>;
}) {
  const hotGames = createSessionCache(() => deps.fetchHotGames(deps.language()));
  const vendors = createSessionCache(() => deps.fetchVendors(deps.language()));
  const merchantWallet = createSessionCache(deps.fetchMerchantWallet);
  return {
    hotGames,
    vendors,
    merchantWallet,
    /**
     * Reloads what depends on the language. Both reloads run even if one fails; the first
     * failure rejects (spec 7: a failed game vendor load rejects to the caller).
     */
    async languageChanged(): Promise<void> {
      const results = await Promise.allSettled([hotGames.refresh(), vendors.refresh()]);
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    loggedOut: () => merchantWallet.flush(),
  };
}

export type GameCaches = ReturnType<typeof createGameCaches>;

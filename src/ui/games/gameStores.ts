import { defer, startWith } from 'rxjs';
import { createFavouritesStore, type FavouritesStore } from '../../games/favourites';
import { createWinnersStore, type WinnersStore } from '../../games/winners';
import { useServices } from '../core/ServicesContext';
import type { Services } from '../core/services';

export interface GameStores {
  /** Spec 3/4 favourites: ids and list, optimistic removal, throttled toggles. */
  favourites: FavouritesStore;
  /** winners$: the winner board, snapshot then live big wins, rate-shaped. */
  winners: WinnersStore;
}

/**
 * One set of game stores per tab, built the first time a game view asks: they live in the
 * lobby's chunks, not in the first download (bench/ bundle budget).
 */
const storesOf = new WeakMap<Services, GameStores>();

function createGameStores(services: Services): GameStores {
  const { gamesApi, realtime, language } = services;
  return {
    favourites: createFavouritesStore({
      loggedIn$: services.loggedIn$,
      openLogin: () => services.loginRequests$.next(),
      api: {
        ids: () => gamesApi.favouriteIds(),
        list: () => gamesApi.favouriteList(language.current()),
        add: (payload) => gamesApi.addFavourite(payload),
        remove: (payload) => gamesApi.removeFavourite(payload.nodeId),
      },
    }),
    winners: createWinnersStore({
      language$: defer(() => language.changed$.pipe(startWith(language.current()))),
      reconnected$: realtime.reconnected$,
      events$: realtime.event$('winner'),
      fetchRankList: (query) => gamesApi.rankList(query.language),
    }),
  };
}

export function useGameStores(): GameStores {
  const services = useServices();
  let stores = storesOf.get(services);
  if (!stores) {
    stores = createGameStores(services);
    storesOf.set(services, stores);
  }
  return stores;
}

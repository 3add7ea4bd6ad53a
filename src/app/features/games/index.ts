import { defer, startWith } from 'rxjs';
import { createGamesApi } from '../../../api/games';
import { createLaunchFallbackApi } from '../../../api/launchFallback';
import { createLotteryApi } from '../../../api/lottery';
import { createSeamlessApi } from '../../../api/seamless';
import { createFavouritesStore, type FavouritesStore } from './favourites';
import { createWinnersStore, type WinnersStore } from './winners';
import { defineFeature } from '../../feature';

/**
 * Games (spec 2 game lists, lottery, launch; spec 3/4 favourites and the winner board): the
 * lists and a launch, the lottery lobby, the seamless wallet, and the two stores the lobby
 * shows. Built the first time a game view asks, so its code comes with the lobby's chunks, not
 * the first download (bench/ bundle budget).
 */
export const gamesFeature = defineFeature('games', ({ http, merchantCode }, services) => {
  const games = createGamesApi(http, { merchantCode });
  const { realtime, language } = services;
  const favourites: FavouritesStore = createFavouritesStore({
    loggedIn$: services.loggedIn$,
    openLogin: () => services.loginRequests$.next(),
    api: {
      ids: () => games.favouriteIds(),
      list: () => games.favouriteList(language.current()),
      add: (payload) => games.addFavourite(payload),
      remove: (payload) => games.removeFavourite(payload.nodeId),
    },
  });
  const winners: WinnersStore = createWinnersStore({
    language$: defer(() => language.changed$.pipe(startWith(language.current()))),
    reconnected$: realtime.reconnected$,
    events$: realtime.event$('winner'),
    fetchRankList: (query) => games.rankList(query.language),
  });
  return {
    ...games,
    lottery: createLotteryApi(http),
    seamless: createSeamlessApi(http),
    launchFallback: createLaunchFallbackApi(http).fallback,
    /** Spec 3/4 favourites: ids and list, optimistic removal, throttled toggles. */
    favourites,
    /** The winner board: snapshot then live big wins, rate-shaped. */
    winners,
  };
});

export type GamesFeature = ReturnType<typeof gamesFeature>;

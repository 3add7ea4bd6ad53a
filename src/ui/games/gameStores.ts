import { gamesFeature } from '../../app/features/games';
import type { FavouritesStore } from '../../app/features/games/favourites';
import type { WinnersStore } from '../../app/features/games/winners';
import { useFeature } from '../core/useFeature';

export interface GameStores {
  /** Spec 3/4 favourites: ids and list, optimistic removal, throttled toggles. */
  favourites: FavouritesStore;
  /** winners$: the winner board, snapshot then live big wins, rate-shaped. */
  winners: WinnersStore;
}

/** The lobby's stores: the games feature's (src/app/features/games.ts), one set per tab. */
export function useGameStores(): GameStores {
  return useFeature(gamesFeature);
}

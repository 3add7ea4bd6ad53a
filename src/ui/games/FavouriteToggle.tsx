import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { map } from 'rxjs';
import type { GameItem } from '../../shared/games';
import { useGameStores } from './gameStores';
import { Icon } from '../components/Icon';
import { useObservable } from '../hooks/useObservable';

/** The card's heart: favourite or not, pending while its call runs (spec 3/4 favourites). */
export function FavouriteToggle({ game }: { game: GameItem }) {
  const { t } = useTranslation();
  const { favourites } = useGameStores();
  const view$ = useMemo(
    () =>
      favourites.state$.pipe(
        map((state) => ({
          on: state.ids.includes(game.nodeId),
          pending: state.pending.includes(game.nodeId),
        })),
      ),
    [favourites, game.nodeId],
  );
  const view = useObservable(view$, { on: false, pending: false });
  return (
    <button
      type="button"
      className={`favourite-toggle ${view.on ? 'on' : ''}`}
      aria-pressed={view.on}
      aria-busy={view.pending}
      aria-label={view.on ? t('games.unfavourite') : t('games.favourite')}
      data-testid="favourite-toggle"
      onClick={() => favourites.toggle(game)}
    >
      <Icon name="heart" size={22} />
    </button>
  );
}

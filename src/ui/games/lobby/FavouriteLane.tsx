import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { capPerVendor } from '../../../shared/gameLanes';
import { GameCard } from '../GameCard';
import { useGameStores } from '../gameStores';
import { useObservable } from '../../hooks/useObservable';

/** Spec 2 home list of favourites: the member's favourite games, when there are any. */
export function FavouriteLane() {
  const { t } = useTranslation();
  const { favourites } = useGameStores();
  const state = useObservable(favourites.state$, null);
  if (!state || state.status !== 'ready' || state.list.length === 0) return null;
  return (
    <section className="home-lane" aria-labelledby="lane-FAV" data-testid="home-lane-FAV">
      <header className="home-lane-header">
        <h2 id="lane-FAV">{t('games.fav')}</h2>
        <Link to="/favorite">{t('games.more')}</Link>
      </header>
      <div className="game-row">
        {capPerVendor(state.list).map((game) => (
          <GameCard key={game.nodeId} game={game} />
        ))}
      </div>
    </section>
  );
}

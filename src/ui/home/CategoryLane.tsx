import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { capPerVendor } from '../../games/lanes';
import { GameCard, GameCardSkeleton } from '../games/GameCard';
import { useGameList } from '../games/useGameList';

const LIST_PAGES: Record<string, string> = {
  RNG: '/rng',
  FISH: '/fish',
  LIVE: '/live',
  PVP: '/pvp',
};

/** A home list of one category: 12 games, at most 5 per vendor (spec 2, spec 9). */
export function CategoryLane({ category }: { category: string }) {
  const { t } = useTranslation();
  const { state } = useGameList({ gameType: category, pageSize: 12 });
  const games = capPerVendor(state.games);
  if (state.kind === 'ready' && games.length === 0) return null;
  const page = LIST_PAGES[category];
  return (
    <section
      className="home-lane"
      aria-labelledby={`lane-${category}`}
      data-testid={`home-lane-${category}`}
    >
      <header className="home-lane-header">
        <h2 id={`lane-${category}`}>{t(`games.${category.toLowerCase()}`)}</h2>
        {page && <Link to={page}>{t('games.more')}</Link>}
      </header>
      {state.kind === 'loading' && games.length === 0 ? (
        <div className="game-row" role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 4 }, (_, index) => (
            <GameCardSkeleton key={index} />
          ))}
        </div>
      ) : (
        <div className="game-row">
          {games.map((game) => (
            <GameCard key={game.nodeId} game={game} />
          ))}
        </div>
      )}
    </section>
  );
}

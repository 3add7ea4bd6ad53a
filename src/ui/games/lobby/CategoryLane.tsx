import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { capPerVendor } from '../../../shared/gameLanes';
import { GameCard, GameCardSkeleton } from '../GameCard';
import { useGameList } from '../useGameList';
import { useNearViewport } from '../../hooks/useNearViewport';

const LIST_PAGES: Record<string, string> = {
  RNG: '/rng',
  FISH: '/fish',
  LIVE: '/live',
  PVP: '/pvp',
};

/**
 * A home list of one category: 12 games, at most 5 per vendor (spec 2, spec 9). A lane asks for
 * its games when it comes within a screen of the viewport: the phone's first screen shows the
 * banners, the winner board and hot games, and five lists of cards rendered at start were most
 * of the page's blocking time. Until then it is its own skeleton, so nothing moves.
 */
export function CategoryLane({ category }: { category: string }) {
  const { t } = useTranslation();
  const [near, ref] = useNearViewport<HTMLElement>();
  const page = LIST_PAGES[category];
  const loading = (
    <div className="game-row" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: 4 }, (_, index) => (
        <GameCardSkeleton key={index} />
      ))}
    </div>
  );
  const lane = (body: ReactNode) => (
    <section
      ref={ref}
      className="home-lane"
      aria-labelledby={`lane-${category}`}
      data-testid={`home-lane-${category}`}
    >
      <header className="home-lane-header">
        <h2 id={`lane-${category}`}>{t(`games.${category.toLowerCase()}`)}</h2>
        {page && <Link to={page}>{t('games.more')}</Link>}
      </header>
      {body}
    </section>
  );
  if (!near) return lane(loading);
  return <LaneGames category={category} loading={loading} lane={lane} />;
}

function LaneGames({
  category,
  loading,
  lane,
}: {
  category: string;
  loading: ReactNode;
  lane: (body: ReactNode) => ReactNode;
}) {
  const { state } = useGameList({ gameType: category, pageSize: 12 });
  const games = capPerVendor(state.games);
  if (state.kind === 'ready' && games.length === 0) return null;
  return lane(
    state.kind === 'loading' && games.length === 0 ? (
      loading
    ) : (
      <div className="game-row">
        {games.map((game) => (
          <GameCard key={game.nodeId} game={game} />
        ))}
      </div>
    ),
  );
}

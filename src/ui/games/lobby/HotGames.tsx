import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../../shared/games';
import { GameCard, GameCardSkeleton } from '../GameCard';
import { useNearViewport } from '../../hooks/useNearViewport';
import { useQuery } from '../../hooks/useQuery';
import { Button } from '../../components/Button';
import { gamesFeature } from '../../../app/features/games';
import { useFeature } from '../../core/useFeature';

/**
 * Hot games, cached for the session per language (spec 4); the refresh button asks again. Like
 * the category lanes, asked for when the lane comes near the viewport (below the first screen
 * of a phone).
 */
const cache = new Map<string, Promise<GameItem[]>>();

export function HotGames() {
  const { t, i18n } = useTranslation();
  const gamesModule = useFeature(gamesFeature);
  const language = i18n.language.toUpperCase();
  const [near, ref] = useNearViewport<HTMLElement>();
  const { state, refresh } = useQuery(
    near ? language : null,
    () => {
      let pending = cache.get(language);
      if (!pending) {
        pending = Promise.resolve(gamesModule.hotGames(language));
        cache.set(language, pending);
        pending.catch(() => cache.delete(language));
      }
      // A lane that cannot be had shows empty; the refresh button asks again.
      return pending.catch((): GameItem[] => []);
    },
    { transition: true },
  );
  const games = state.kind === 'ready' ? state.value : null;
  return (
    <section
      ref={ref}
      className="home-lane"
      aria-labelledby="hot-games-title"
      data-testid="hot-games"
    >
      <header className="home-lane-header">
        <h2 id="hot-games-title">{t('games.hot')}</h2>
        <Button
          onClick={() => {
            cache.delete(language);
            refresh();
          }}
        >
          {t('games.refresh')}
        </Button>
      </header>
      {games === null ? (
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

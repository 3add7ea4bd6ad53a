import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../shared/games';
import { useServices } from '../core/ServicesContext';
import { GameCard, GameCardSkeleton } from '../games';
import { useNearViewport } from '../hooks/useNearViewport';
import { Button } from '../components/Button';

/**
 * Hot games, cached for the session per language (spec 4); the refresh button asks again. Like
 * the category lanes, asked for when the lane comes near the viewport (below the first screen
 * of a phone).
 */
const cache = new Map<string, Promise<GameItem[]>>();

export function HotGames() {
  const { t, i18n } = useTranslation();
  const { gamesApi } = useServices();
  const language = i18n.language.toUpperCase();
  const [version, setVersion] = useState(0);
  const [shown, setShown] = useState<{ key: string; games: GameItem[] | null }>({
    key: '',
    games: null,
  });
  const key = `${language}:${version}`;
  const [near, ref] = useNearViewport<HTMLElement>();
  useEffect(() => {
    if (!near) return;
    let current = true;
    let pending = cache.get(language);
    if (!pending) {
      pending = Promise.resolve(gamesApi.hotGames(language));
      cache.set(language, pending);
      pending.catch(() => cache.delete(language));
    }
    pending.then(
      (games) => current && startTransition(() => setShown({ key, games })),
      () => current && setShown({ key, games: [] }),
    );
    return () => {
      current = false;
    };
  }, [gamesApi, language, key, near]);
  const games = shown.key === key ? shown.games : null;
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
            setVersion((n) => n + 1);
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

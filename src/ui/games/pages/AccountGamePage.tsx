import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameItem } from '../../../shared/games';
import { useServices } from '../../core/ServicesContext';
import { useErrorText } from '../../components/forms/useErrorText';
import { EmptyState } from '../../components/EmptyState';
import { GameCard } from '../GameCard';
import { useGameStores } from '../gameStores';
import { GameLaunchProvider } from '../GameLaunchContext';
import { useObservable } from '../../hooks/useObservable';
import { Button } from '../../components/Button';

/** Lazy section AccountGame: /favorite (my collection, live) and /recent (recent games). */
export default function AccountGamePage({ kind }: { kind: 'favorite' | 'recent' }) {
  const { t } = useTranslation();
  return (
    <GameLaunchProvider>
      <div className="section-page" data-testid={`${kind}-page`}>
        <h1>{t(`section.${kind}`)}</h1>
        {kind === 'favorite' ? <FavouriteGames /> : <RecentGames />}
      </div>
    </GameLaunchProvider>
  );
}

function FavouriteGames() {
  const { t } = useTranslation();
  const { favourites } = useGameStores();
  const state = useObservable(favourites.state$, null);
  if (!state || state.status === 'loading') {
    return <p role="status">{t('common.loading')}</p>;
  }
  if (state.status === 'failed') {
    return (
      <p role="alert">
        {t('errors.network')} <Button onClick={favourites.refresh}>{t('common.retry')}</Button>
      </p>
    );
  }
  if (state.list.length === 0) return <EmptyState title={t('games.noFavourites')} icon="♡" />;
  return (
    <div className="game-grid" data-testid="favourite-games">
      {state.list.map((game) => (
        <GameCard key={game.nodeId} game={game} headingLevel={2} />
      ))}
    </div>
  );
}

function RecentGames() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const { gamesApi } = useServices();
  const [games, setGames] = useState<GameItem[] | { failed: string } | null>(null);
  useEffect(() => {
    let current = true;
    gamesApi.recentGames(i18n.language.toUpperCase()).then(
      (list) => current && setGames(list),
      (error: { code?: string }) => current && setGames({ failed: error.code ?? 'unknown_error' }),
    );
    return () => {
      current = false;
    };
  }, [gamesApi, i18n.language]);
  if (games === null) return <p role="status">{t('common.loading')}</p>;
  if ('failed' in games) return <p role="alert">{errorText(games.failed)}</p>;
  if (games.length === 0) return <EmptyState title={t('games.noRecent')} icon="🕘" />;
  return (
    <div className="game-grid" data-testid="recent-games">
      {games.map((game) => (
        <GameCard key={game.nodeId} game={game} headingLevel={2} />
      ))}
    </div>
  );
}

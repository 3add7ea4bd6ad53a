import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/forms/useErrorText';
import { EmptyState } from '../../components/EmptyState';
import { GameCard } from '../GameCard';
import { useGameStores } from '../gameStores';
import { GameLaunchProvider } from '../GameLaunchContext';
import { useObservable } from '../../hooks/useObservable';
import { useQuery } from '../../hooks/useQuery';
import { Button } from '../../components/Button';
import { gamesFeature } from '../../../app/features/games';
import { useFeature } from '../../core/useFeature';

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
  if (state.list.length === 0) return <EmptyState title={t('games.noFavourites')} icon="heart" />;
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
  const gamesModule = useFeature(gamesFeature);
  const language = i18n.language.toUpperCase();
  const { state } = useQuery(`recent:${language}`, () => gamesModule.recentGames(language));
  if (state.kind === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (state.kind === 'failed') return <p role="alert">{errorText(state.code)}</p>;
  const games = state.value;
  if (games.length === 0) return <EmptyState title={t('games.noRecent')} icon="clock" />;
  return (
    <div className="game-grid" data-testid="recent-games">
      {games.map((game) => (
        <GameCard key={game.nodeId} game={game} headingLevel={2} />
      ))}
    </div>
  );
}

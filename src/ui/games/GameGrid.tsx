import { GAME_LIST_PRIORITY_CARDS } from '../../shared/gameListQuery';
import { useTranslation } from 'react-i18next';
import type { LaunchOrigin } from '../../shared/gameLaunch';
import { useErrorText } from '../components/forms/useErrorText';
import { EmptyState } from '../components/EmptyState';
import { GameCard, GameCardSkeleton } from './GameCard';
import { useGameList } from './useGameList';
import { Button } from '../components/Button';

/** A grid of games for a filter, with loading, empty, error and "more" states. */
export function GameGrid({
  gameType,
  vassalage,
  gameClassify,
  keyword,
  pageSize,
  testId,
  origin = 'gameList',
  headingLevel = 2,
}: {
  gameType: string;
  vassalage?: string;
  gameClassify?: string;
  keyword?: string;
  pageSize: number;
  testId: string;
  origin?: LaunchOrigin;
  /** The cards' heading level: 2 right under the page's h1, 3 under a section title. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { state, hasMore, loadMore, retry } = useGameList({
    gameType,
    vassalage,
    gameClassify,
    keyword,
    pageSize,
  });
  return (
    <section
      className="game-grid-section"
      data-testid={testId}
      aria-busy={state.kind === 'loading'}
    >
      {state.games.length > 0 && (
        <div className="game-grid">
          {state.games.map((game, index) => (
            <GameCard
              key={game.nodeId}
              game={game}
              origin={origin}
              headingLevel={headingLevel}
              // The first row (two on a phone, up to four wide): the page's largest picture.
              priority={index < GAME_LIST_PRIORITY_CARDS}
            />
          ))}
        </div>
      )}
      {state.kind === 'loading' && state.games.length === 0 && (
        <div className="game-grid" aria-hidden="true">
          {Array.from({ length: 6 }, (_, index) => (
            <GameCardSkeleton key={index} />
          ))}
        </div>
      )}
      {state.kind === 'loading' && (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert">
          {errorText(state.code)} <Button onClick={retry}>{t('common.retry')}</Button>
        </p>
      )}
      {state.kind === 'ready' &&
        state.games.length === 0 &&
        (keyword ? (
          <EmptyState title={t('games.noMatch', { query: keyword })} icon="search">
            <p>{t('games.noMatchBody')}</p>
          </EmptyState>
        ) : (
          <EmptyState title={t('games.none')} />
        ))}
      {hasMore && (
        <Button onClick={loadMore} data-testid={`${testId}-more`}>
          {t('games.more')}
        </Button>
      )}
    </section>
  );
}

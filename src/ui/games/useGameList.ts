import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_LIST_PATH, gameListParams } from '../../shared/gameListQuery';
import type { GameItem, GameListPage } from '../../shared/games';
import { useServices } from '../core/ServicesContext';
import { gamesFeature } from '../../app/features/games';
import { useFeature } from '../core/useFeature';

export type GameListState =
  | { kind: 'loading'; games: GameItem[] }
  | { kind: 'failed'; code: string; games: GameItem[] }
  | { kind: 'ready'; games: GameItem[]; totalPages: number };

/**
 * Pages of a game list (GCSGAME_gameList), appended as the player asks for more; a new filter
 * or language starts over. A slow answer for an old filter never lands on the new one.
 */
export function useGameList(filter: {
  /** None: every category (a name search). */
  gameType?: string;
  vassalage?: string;
  gameClassify?: string;
  keyword?: string;
  pageSize: number;
}) {
  const { takeBootAnswer, merchantCode } = useServices();
  const gamesModule = useFeature(gamesFeature);
  const { i18n } = useTranslation();
  const language = i18n.language.toUpperCase();
  const key = JSON.stringify({ ...filter, language });
  // The first page the server put into the page, when it is this list's: shown at once.
  const [booted] = useState(() => {
    const query = gameListParams({ ...filter, language, pageNo: 1 }, merchantCode());
    const answer = takeBootAnswer(GAME_LIST_PATH, query) as GameListPage | undefined;
    return answer ? { key, answer } : null;
  });
  const bootShown = useRef(false);
  const [pages, setPages] = useState<{
    key: string;
    games: GameItem[];
    totalPages: number;
    loaded: number;
  }>(() =>
    booted
      ? { key, games: booted.answer.games, totalPages: booted.answer.totalPages, loaded: 1 }
      : { key: '', games: [], totalPages: 0, loaded: 0 },
  );
  const [wanted, setWanted] = useState({ key: '', page: 1 });
  const page = wanted.key === key ? wanted.page : 1;
  const [failure, setFailure] = useState<{ key: string; page: number; code: string } | null>(null);

  useEffect(() => {
    // Already there, from the page: the first time only (a filter changed and back asks again).
    if (booted?.key === key && page === 1 && !bootShown.current) {
      bootShown.current = true;
      return;
    }
    let current = true;
    const query = JSON.parse(key) as typeof filter & { language: string };
    gamesModule.gameList({ ...query, pageNo: page }).then(
      (answer) => {
        if (!current) return;
        // A list of cards is not urgent: rendered in slices, it does not block a tap.
        startTransition(() =>
          setPages((previous) => ({
            key,
            games:
              page === 1 || previous.key !== key
                ? answer.games
                : [...previous.games, ...answer.games],
            totalPages: answer.totalPages,
            loaded: page,
          })),
        );
      },
      (error: { code?: string }) =>
        current && setFailure({ key, page, code: error.code ?? 'unknown_error' }),
    );
    return () => {
      current = false;
    };
  }, [gamesModule, key, page, booted]);

  const games = pages.key === key ? pages.games : [];
  const state: GameListState =
    failure &&
    failure.key === key &&
    failure.page === page &&
    !(pages.key === key && pages.loaded >= page)
      ? { kind: 'failed', code: failure.code, games }
      : pages.key === key && pages.loaded >= page
        ? { kind: 'ready', games, totalPages: pages.totalPages }
        : { kind: 'loading', games };
  const hasMore = state.kind === 'ready' && page < state.totalPages;
  return {
    state,
    hasMore,
    loadMore: () => setWanted({ key, page: page + 1 }),
    retry: () => {
      setFailure(null);
      setWanted({ key, page });
    },
  };
}

import { useEffect, useState } from 'react';
import { gamesFeature } from '../../../app/features/games';
import { useFeature } from '../../core/useFeature';
import type { LobbyGame, OpenedDraw } from '../../../shared/lottery';
import { useSiteInfo } from '../../core/SiteInfoContext';
import { type QueryState, useQuery } from '../../hooks/useQuery';

/** After a period closes, how long before asking: the draw job opens it within a moment. */
const AFTER_CLOSE_MS = 2_000;

export interface LotteryDraws {
  lobby: QueryState<LobbyGame[]>;
  results: QueryState<OpenedDraw[]>;
  /** The chosen game's opened draws (null: no game chosen). */
  history: QueryState<OpenedDraw[]> | null;
  /** Now, ticking each second while a countdown shows. */
  now: number;
  /** Asks everything again (Retry). */
  retry: () => void;
}

/**
 * The lottery page's draws (issue 16): the vendor's lobby info and recent results from the
 * configured paths, and the chosen game's opened draws; all asked again a moment after the
 * soonest open draw closes, so the new numbers show without a reload.
 */
export function useLotteryDraws(
  vendor: string | null,
  gameCode: string | null,
  language: string,
): LotteryDraws {
  const gamesModule = useFeature(gamesFeature);
  const { lottery: paths } = useSiteInfo().info;
  const api = gamesModule.lottery;
  const [round, setRound] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  // No vendor yet (the page's prize mode is not known): nothing is asked.
  const lobby = useQuery(vendor ? `lobby:${vendor}:${language}:${round}` : null, (signal) =>
    api.lobby(paths.lobbyInfo, vendor!, language, signal),
  );
  const results = useQuery(vendor ? `results:${vendor}:${language}:${round}` : null, (signal) =>
    api.results(paths.recentResults, vendor!, language, signal),
  );
  const history = useQuery(gameCode ? `history:${gameCode}:${language}:${round}` : null, (signal) =>
    api.openedDraws(gameCode!, language, signal),
  );
  const games =
    lobby.state.kind === 'ready'
      ? lobby.state.value
      : lobby.state.kind === 'loading'
        ? lobby.state.previous
        : null;
  const soonest = games?.length
    ? Math.min(...games.map((game) => Date.parse(game.current.closesAt)))
    : null;
  // The countdowns tick; the next close asks everything again.
  useEffect(() => {
    if (soonest === null) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    const reload = window.setTimeout(
      () => setRound((value) => value + 1),
      Math.max(0, soonest - Date.now()) + AFTER_CLOSE_MS,
    );
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(reload);
    };
  }, [soonest]);
  return {
    lobby: lobby.state,
    results: results.state,
    history: gameCode ? history.state : null,
    now,
    retry: () => setRound((value) => value + 1),
  };
}

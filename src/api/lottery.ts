import type { LobbyGame, OpenedDraw } from '../shared/lottery';
import type { Http } from './http';

/**
 * The lottery lobby's calls (issue 16): the lobby info and recent results at the paths the
 * status info gives (spec 7: "paths come from configuration"), and a game's opened draws. Made
 * by the lottery pages' own hook, so the first page's download carries none of it.
 */
export function createLotteryApi(http: Http) {
  return {
    lobby: (path: string, vendor: string, language: string, signal?: AbortSignal) =>
      http.get<LobbyGame[]>(path, { searchParams: { vendor, language, device: 'WEB' }, signal }),
    results: (path: string, vendor: string, language: string, signal?: AbortSignal) =>
      http.get<OpenedDraw[]>(path, { searchParams: { vendor, language, device: 'WEB' }, signal }),
    openedDraws: (gameCode: string, language: string, signal?: AbortSignal) =>
      http.get<OpenedDraw[]>('/lgw/vn/numeros/opened/game', {
        searchParams: { gameCode, language, limit: 10 },
        signal,
      }),
  };
}

export type LotteryApi = ReturnType<typeof createLotteryApi>;

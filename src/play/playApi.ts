import { createHttp } from '../api/http';
import type { LobbyGame, LottoLaunch } from '../shared/lottery';

/** The demo vendor's calls, from the game page (its own entry; no session of the site needed). */
export interface PlaySession {
  gameName: string;
  vendor: string;
  engine: 'slot' | 'draw';
  demo: boolean;
  balance: string;
  currency: string;
  betLevels: string[];
  rtp: number;
  symbols: string[];
  /** A lottery launch's fields (issue 16); null for a game card's launch. */
  lotto: LottoLaunch | null;
  /** The lobby view's games; null otherwise. */
  lobby: LobbyGame[] | null;
  /** The launched game's draw (lottery launches). */
  draw: LobbyGame | null;
  /** The site's page of the vendor's lottery (the lobby's Bet links). */
  lotteryRoute: string | null;
}

export interface RoundAnswer {
  roundId: string;
  bet: string;
  win: string;
  balance: string;
  demo: boolean;
  symbols?: string[];
  pick?: number;
  drawn?: number;
}

export function createPlayApi(language: string) {
  const http = createHttp({
    merchantCode: () => 'DEFAULT',
    language: () => language.toUpperCase(),
    token: () => null,
  });
  return {
    session: (launch: string) =>
      http.get<PlaySession>('/wps/demo-vendor/session', { searchParams: { launch } }),
    spin: (body: { launch: string; bet: string; roundId: string }) =>
      http.post<RoundAnswer>('/wps/demo-vendor/spin', body),
    draw: (body: { launch: string; bet: string; roundId: string; pick: number }) =>
      http.post<RoundAnswer>('/wps/demo-vendor/draw', body),
  };
}

export type PlayApi = ReturnType<typeof createPlayApi>;

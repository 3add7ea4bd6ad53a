import { createHttp } from '../api/http';

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

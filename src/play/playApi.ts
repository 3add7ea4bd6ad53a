import { createHttp } from '../api/http';
import type { LobbyGame, LottoLaunch } from '../shared/lottery';
import type {
  VnLottoSession,
  VnOpenDraw,
  VnResultEntry,
  VnSlipAnswer,
  VnSlipRequest,
  VnLine,
} from '../shared/vnLotto';
import type { DrawLine, DrawLottoSession, DrawResultEntry, SlipTicket } from '../shared/drawBets';

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
  /**
   * A real-money launch of a Vietnamese lottery game (issue 34): its scheduled draws, bet types
   * and odds; null otherwise (free trials keep the digit draw).
   */
  vnLotto: VnLottoSession | null;
  /**
   * A real-money launch of another scheduled lottery (SSC, K3, PK10, 11X5, LOTTO, KENO, THAI,
   * LAO, 4D…): its draws and its group's bet types; null otherwise.
   */
  drawLotto: DrawLottoSession | null;
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
    /** A scheduled lottery (issue 34): a slip of lines on the open draw, as one ticket. */
    vnPlace: (body: VnSlipRequest<VnLine | DrawLine>) =>
      http.post<VnSlipAnswer<SlipTicket>>('/wps/demo-vendor/vn/slips', body),
    /** The draw taking bets now. */
    vnDraw: (launch: string) =>
      http.get<VnOpenDraw>('/wps/demo-vendor/vn/draw', { searchParams: { launch } }),
    /** This player's tickets of this game, newest first. */
    vnTickets: (launch: string) =>
      http.get<SlipTicket[]>('/wps/demo-vendor/vn/tickets', { searchParams: { launch } }),
    /** This game's last results, newest first. */
    vnResults: (launch: string, limit = 10) =>
      http.get<VnResultEntry[] | DrawResultEntry[]>('/wps/demo-vendor/vn/results', {
        searchParams: { launch, limit },
      }),
  };
}

export type PlayApi = ReturnType<typeof createPlayApi>;

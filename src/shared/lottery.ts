/**
 * The demo vendor's scheduled number draws (issue 16): what a draw of each lottery group draws,
 * how a period is named, and the shapes of the lottery lobby's calls. Shared by the server,
 * the site's lottery pages and the game page.
 */

/** What one draw of a group draws: `count` numbers from `min` to `max`, distinct or not. */
export interface DrawShape {
  count: number;
  min: number;
  max: number;
  distinct: boolean;
}

const digits = (count: number): DrawShape => ({ count, min: 0, max: 9, distinct: false });

/**
 * Per lottery group of the catalogue. The Vietnamese lotteries draw their special prize (five
 * digits in the north, six in the centre and the south; every prize tier is in src/shared/
 * vnLotto.ts), 4D four digits, Thai and Lao six; the Chinese-style ones their own kinds (Fast 3
 * three dice, Racing the order of ten cars, 11 Pick 5 five of eleven); lotto six of 49, keno
 * twenty of 80. A group not listed draws five digits.
 */
export const drawShapes: Readonly<Record<string, DrawShape>> = {
  VN_NORTH: digits(5),
  VN_CENTRAL: digits(6),
  VN_SOUTH: digits(6),
  VN_FAST: digits(5),
  THAI: digits(6),
  LAO: digits(6),
  FOUR_D: digits(4),
  SSC: digits(5),
  K3: { count: 3, min: 1, max: 6, distinct: false },
  PK10: { count: 10, min: 1, max: 10, distinct: true },
  '11X5': { count: 5, min: 1, max: 11, distinct: true },
  LOTTO: { count: 6, min: 1, max: 49, distinct: true },
  KENO: { count: 20, min: 1, max: 80, distinct: true },
  BALLS: digits(3),
  DICE: { count: 3, min: 1, max: 6, distinct: false },
};

export const DEFAULT_DRAW_SHAPE: DrawShape = digits(5);

export function drawShapeOf(group: string): DrawShape {
  return Object.hasOwn(drawShapes, group) ? drawShapes[group]! : DEFAULT_DRAW_SHAPE;
}

const DAY_SECONDS = 86_400;

/** A draw period: its numero (`YYYYMMDD-NNNN`, UTC day and period from 1) and its bounds. */
export interface DrawPeriod {
  numero: string;
  opensAt: Date;
  closesAt: Date;
}

/** The period of `intervalSeconds` (a divisor of a day) that holds the instant `at`. */
export function periodAt(intervalSeconds: number, at: Date): DrawPeriod {
  const seconds = Math.floor(at.getTime() / 1000);
  const start = seconds - (seconds % intervalSeconds);
  return periodStarting(intervalSeconds, start);
}

/** The period that starts at `startSeconds` (Unix seconds, on the interval's grid). */
export function periodStarting(intervalSeconds: number, startSeconds: number): DrawPeriod {
  const dayStart = startSeconds - (startSeconds % DAY_SECONDS);
  const index = (startSeconds - dayStart) / intervalSeconds + 1;
  const day = new Date(dayStart * 1000).toISOString().slice(0, 10).replaceAll('-', '');
  return {
    numero: `${day}-${String(index).padStart(4, '0')}`,
    opensAt: new Date(startSeconds * 1000),
    closesAt: new Date((startSeconds + intervalSeconds) * 1000),
  };
}

/** An opened draw: its numbers are out. */
export interface OpenedDraw {
  gameCode: string;
  gameName: string;
  numero: string;
  numbers: number[];
  openedAt: string;
}

/** One game of the lottery lobby: the draw open for bets now and the last opened one. */
export interface LobbyGame {
  gameCode: string;
  gameName: string;
  groupCode: string;
  groupName: string;
  intervalSeconds: number;
  /** The period taking bets now. */
  current: { numero: string; closesAt: string };
  last: { numero: string; numbers: number[]; openedAt: string } | null;
}

/** The configured paths of the lobby info and recent results (spec 7: "from configuration"). */
export interface LotteryPaths {
  lobbyInfo: string;
  recentResults: string;
}

/** A lottery launch's lotto fields as the game page gets them back (launchGame, issue 16). */
export interface LottoLaunch {
  area: string;
  prizeMode: string;
  view: 'lobby' | 'betting';
}

/** m:ss (or h:mm:ss) until `until` (ms), never negative: a draw's countdown. */
export function countdownText(until: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The Vietnamese lottery (xổ số, issue 34 finding 4): what a draw of each region draws (its prize
 * tiers), the bet types a player places on it (lô, đề, 3 càng, xiên), what each pays, and the
 * shapes of the game page's calls. Pure: shared by the server (which draws and settles) and the
 * game page (which shows the grid, the slip and the results). docs/decisions.md "The Vietnam
 * lottery" says why the odds are these.
 */

/** A draw's format: the north draws 27 prizes (XSMB), the centre and the south 18 (XSMN/XSMT). */
export type VnFormat = 'north' | 'south';

/** The lottery groups of the catalogue that draw Vietnamese results, and their format. */
export const VN_GROUP_FORMATS: Readonly<Record<string, VnFormat>> = {
  VN_NORTH: 'north',
  VN_FAST: 'north',
  VN_CENTRAL: 'south',
  VN_SOUTH: 'south',
};

export function vnFormatOf(group: string): VnFormat | null {
  return Object.hasOwn(VN_GROUP_FORMATS, group) ? VN_GROUP_FORMATS[group]! : null;
}

/** A prize tier: the special prize (giải đặc biệt) and the first to the eighth (giải nhất … tám). */
export type PrizeTier = 'DB' | 'G1' | 'G2' | 'G3' | 'G4' | 'G5' | 'G6' | 'G7' | 'G8';

export interface TierShape {
  tier: PrizeTier;
  /** How many numbers the tier draws. */
  count: number;
  /** How many digits each has. */
  digits: number;
}

/** Each format's tiers, special prize first. */
export const PRIZE_TIERS: Readonly<Record<VnFormat, readonly TierShape[]>> = {
  north: [
    { tier: 'DB', count: 1, digits: 5 },
    { tier: 'G1', count: 1, digits: 5 },
    { tier: 'G2', count: 2, digits: 5 },
    { tier: 'G3', count: 6, digits: 5 },
    { tier: 'G4', count: 4, digits: 4 },
    { tier: 'G5', count: 6, digits: 4 },
    { tier: 'G6', count: 3, digits: 3 },
    { tier: 'G7', count: 4, digits: 2 },
  ],
  south: [
    { tier: 'DB', count: 1, digits: 6 },
    { tier: 'G1', count: 1, digits: 5 },
    { tier: 'G2', count: 1, digits: 5 },
    { tier: 'G3', count: 2, digits: 5 },
    { tier: 'G4', count: 7, digits: 5 },
    { tier: 'G5', count: 1, digits: 4 },
    { tier: 'G6', count: 3, digits: 4 },
    { tier: 'G7', count: 1, digits: 3 },
    { tier: 'G8', count: 1, digits: 2 },
  ],
};

/** How many numbers a draw of the format has: the lô slots (27 in the north, 18 elsewhere). */
export function prizeCount(format: VnFormat): number {
  return PRIZE_TIERS[format].reduce((sum, tier) => sum + tier.count, 0);
}

/**
 * The order a results table shows the tiers in, as Vietnamese players read them: the north's
 * special prize on top, the south's eighth prize on top and the special prize at the bottom.
 */
export function displayTiers(format: VnFormat): readonly TierShape[] {
  return format === 'north' ? PRIZE_TIERS.north : [...PRIZE_TIERS.south].reverse();
}

export interface VnPrize {
  tier: PrizeTier;
  /** The tier's numbers, each a string of the tier's digits ("04719"). */
  numbers: string[];
}

/** A draw's result: every tier of its format, in PRIZE_TIERS order. */
export type VnResult = VnPrize[];

/** Draws a result of the format with `randomDigit` (0-9; the server passes node:crypto's). */
export function drawVnResult(format: VnFormat, randomDigit: () => number): VnResult {
  return PRIZE_TIERS[format].map(({ tier, count, digits }) => ({
    tier,
    numbers: Array.from({ length: count }, () =>
      Array.from({ length: digits }, () => String(randomDigit())).join(''),
    ),
  }));
}

/** A result's shape is its format's: every tier, each number of the tier's digits. */
export function isVnResult(format: VnFormat, result: unknown): result is VnResult {
  const tiers = PRIZE_TIERS[format];
  return (
    Array.isArray(result) &&
    result.length === tiers.length &&
    tiers.every((shape, index) => {
      const prize = result[index] as Partial<VnPrize> | undefined;
      return (
        prize?.tier === shape.tier &&
        Array.isArray(prize.numbers) &&
        prize.numbers.length === shape.count &&
        prize.numbers.every(
          (number) =>
            typeof number === 'string' && new RegExp(`^\\d{${shape.digits}}$`).test(number),
        )
      );
    })
  );
}

/** The special prize's number. */
export function specialPrize(result: VnResult): string {
  return result.find((prize) => prize.tier === 'DB')!.numbers[0]!;
}

/** Every prize's last two digits (the lô numbers), with repeats: 27 or 18 of them. */
export function loNumbers(result: VnResult): string[] {
  return result.flatMap((prize) => prize.numbers.map((number) => number.slice(-2)));
}

/**
 * The bet types. Lô 2 số: a two-digit number against the last two digits of every prize, paid
 * per prize it matches. Đề: the special prize's last two digits. 3 càng: its last three. Xiên
 * 2/3/4: two to four different lô numbers that must all come out (once each is enough).
 */
export type VnBetType = 'lo2' | 'de' | 'bacang' | 'xien2' | 'xien3' | 'xien4';

export interface VnBetTypeShape {
  betType: VnBetType;
  /** How many numbers one line names. */
  picks: number;
  /** How many digits each number has. */
  digits: 2 | 3;
  /**
   * What one unit staked returns on a win, in hundredths (350: 3.5 times the stake, the stake
   * included), per format; a lô line is paid this per prize its number matches.
   */
  payout: Readonly<Record<VnFormat, number>>;
}

/**
 * The paytable. Each payout is set so that the return to player, computed exactly from the
 * format's prize count (tests/unit/shared/vnLotto.test.ts), is between 92 % and 96 %: the house
 * keeps an edge on every bet type, in both formats.
 */
export const VN_BET_TYPES: readonly VnBetTypeShape[] = [
  { betType: 'lo2', picks: 1, digits: 2, payout: { north: 350, south: 530 } },
  { betType: 'de', picks: 1, digits: 2, payout: { north: 9_500, south: 9_500 } },
  { betType: 'bacang', picks: 1, digits: 3, payout: { north: 95_000, south: 95_000 } },
  { betType: 'xien2', picks: 2, digits: 2, payout: { north: 1_700, south: 3_600 } },
  { betType: 'xien3', picks: 3, digits: 2, payout: { north: 7_500, south: 24_000 } },
  { betType: 'xien4', picks: 4, digits: 2, payout: { north: 35_000, south: 170_000 } },
];

export function betTypeShape(betType: VnBetType): VnBetTypeShape {
  return VN_BET_TYPES.find((shape) => shape.betType === betType)!;
}

export function isVnBetType(value: string): value is VnBetType {
  return VN_BET_TYPES.some((shape) => shape.betType === value);
}

/** The odds as a player reads them: "3.5", "95", "1700". */
export function oddsText(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const cents = hundredths % 100;
  return cents === 0
    ? String(whole)
    : `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** One line of a bet slip: a bet type, its numbers, a unit (a bet level) and a multiplier. */
export interface VnLine {
  betType: VnBetType;
  numbers: string[];
  /** One of the site's bet levels, as money ("1.00"). */
  unit: string;
  /** 1 to MAX_MULTIPLIER: the line stakes unit × multiplier. */
  multiplier: number;
}

export const MAX_MULTIPLIER = 100;
export const MAX_LINES = 50;

/**
 * Why a line cannot be placed, or null. The numbers must be the type's count of distinct numbers
 * of its digits; the caller checks the unit against the bet levels.
 */
export function lineProblem(line: VnLine): 'lotto_numbers_invalid' | 'bet_invalid' | null {
  const shape = VN_BET_TYPES.find((candidate) => candidate.betType === line.betType);
  if (!shape) return 'lotto_numbers_invalid';
  if (
    !Number.isInteger(line.multiplier) ||
    line.multiplier < 1 ||
    line.multiplier > MAX_MULTIPLIER
  ) {
    return 'bet_invalid';
  }
  const pattern = new RegExp(`^\\d{${shape.digits}}$`);
  if (
    line.numbers.length !== shape.picks ||
    !line.numbers.every((number) => pattern.test(number)) ||
    new Set(line.numbers).size !== line.numbers.length
  ) {
    return 'lotto_numbers_invalid';
  }
  return null;
}

/** How many times a line wins against a result: lô counts each matching prize, others 0 or 1. */
export function lineHits(line: Pick<VnLine, 'betType' | 'numbers'>, result: VnResult): number {
  const special = specialPrize(result);
  const lo = loNumbers(result);
  switch (line.betType) {
    case 'lo2':
      return lo.filter((number) => number === line.numbers[0]).length;
    case 'de':
      return special.slice(-2) === line.numbers[0] ? 1 : 0;
    case 'bacang':
      return special.slice(-3) === line.numbers[0] ? 1 : 0;
    case 'xien2':
    case 'xien3':
    case 'xien4':
      return line.numbers.every((number) => lo.includes(number)) ? 1 : 0;
  }
}

/** What a line wins, in minor units: stake × payout × hits, rounded down to the cent. */
export function lineWin(stake: bigint, payoutHundredths: number, hits: number): bigint {
  return (stake * BigInt(payoutHundredths) * BigInt(hits)) / 100n;
}

/** The shapes of the game page's calls (server/http/games/vnLottoRoutes.ts). */

/** The draw taking bets: bets are refused from `betsCloseAt` until its close. */
export interface VnOpenDraw {
  numero: string;
  closesAt: string;
  betsCloseAt: string;
}

/** What the session call adds for a Vietnamese lottery launch. */
export interface VnLottoSession {
  format: VnFormat;
  betTypes: { betType: VnBetType; picks: number; digits: 2 | 3; odds: string }[];
  open: VnOpenDraw;
  maxLines: number;
  maxMultiplier: number;
}

export interface VnSlipRequest<L = VnLine> {
  launch: string;
  /** The client's id for the slip (8-64 of A-Z a-z 0-9 _ -): a retry places it once. */
  slipId: string;
  /** The draw the player saw: refused (draw_closed) when it no longer takes bets. */
  numero: string;
  lines: L[];
}

export interface VnTicketLine extends VnLine {
  stake: string;
  odds: string;
  /** Null until the draw settles. */
  hits: number | null;
  win: string | null;
}

export interface VnTicket {
  slipId: string;
  gameCode: string;
  gameName: string;
  numero: string;
  placedAt: string;
  stake: string;
  status: 'open' | 'settled';
  win: string | null;
  settledAt: string | null;
  lines: VnTicketLine[];
}

export interface VnSlipAnswer<T = VnTicket> {
  ticket: T;
  /** What the game can still stake (real money: a ticket is paid from real money only). */
  balance: string;
  replayed?: boolean;
}

export interface VnResultEntry {
  numero: string;
  openedAt: string;
  prizes: VnResult;
}

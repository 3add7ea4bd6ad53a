/**
 * The bet types of the scheduled lotteries other than the Vietnamese one (issue 34, finding 4):
 * what a player bets on a draw of each shape (digits, three dice, the order of ten cars, balls
 * drawn from a drum), what each pays, and how a line is checked against the drawn numbers. Pure:
 * shared by the server (which validates and settles slips) and the game page (which shows the
 * chooser and the slip). docs/decisions.md "The other scheduled lotteries" says why.
 */
import { drawShapeOf, type DrawShape } from './lottery';
import type { VnOpenDraw, VnTicket } from './vnLotto';

/** A draw's kind, from its shape: digits 0–9, three dice, ten cars in order, or balls. */
export type DrawKind = 'digits' | 'dice' | 'cars' | 'balls';

export function drawKindOf(shape: DrawShape): DrawKind {
  if (shape.min === 0 && shape.max === 9) return 'digits';
  if (shape.count === 3 && shape.min === 1 && shape.max === 6 && !shape.distinct) return 'dice';
  if (shape.distinct && shape.count === shape.max && shape.min === 1) return 'cars';
  return 'balls';
}

/**
 * The bet types. Digit draws: `digit` (a digit 0–9 at a position), `last2` (the draw's last two
 * digits, 00–99), `bigSmall` (a position's digit big, 5–9, or small, 0–4). Dice: `diceSum` (the
 * three dice's sum, 4–17), `diceBigSmall` (big 11–17 or small 4–10; a triple loses), `diceNumber`
 * (a face 1–6 shows on at least one die). Cars: `car` (a car 1–10 at a place). Balls: `ball` (a
 * number is among those drawn).
 */
export type DrawBetType =
  'digit' | 'last2' | 'bigSmall' | 'diceSum' | 'diceBigSmall' | 'diceNumber' | 'car' | 'ball';

export const DRAW_BET_TYPES: readonly DrawBetType[] = [
  'digit',
  'last2',
  'bigSmall',
  'diceSum',
  'diceBigSmall',
  'diceNumber',
  'car',
  'ball',
];

export function isDrawBetType(value: string): value is DrawBetType {
  return (DRAW_BET_TYPES as readonly string[]).includes(value);
}

/** A chance as a fraction: `wins` outcomes of `of`. */
export interface Chance {
  wins: number;
  of: number;
}

export interface DrawBetShape {
  betType: DrawBetType;
  /** How many positions the player chooses among (a digit's place, a car's place); 0: none. */
  positions: number;
  /** The values a line may name, in the order the picker shows them. */
  values: readonly string[];
  /** The chance that a line on `value` wins (the same at every position). */
  chance: (value: string) => Chance;
}

const range = (from: number, to: number, pad = 0) =>
  Array.from({ length: to - from + 1 }, (_, index) => String(from + index).padStart(pad, '0'));

/** How many of the 216 throws of three dice make each sum. */
export const DICE_SUM_WAYS: Readonly<Record<number, number>> = {
  3: 1,
  4: 3,
  5: 6,
  6: 10,
  7: 15,
  8: 21,
  9: 25,
  10: 27,
  11: 27,
  12: 25,
  13: 21,
  14: 15,
  15: 10,
  16: 6,
  17: 3,
  18: 1,
};

/** The bet types a draw of this shape offers, in the order the chooser shows them. */
export function drawBetShapes(shape: DrawShape): DrawBetShape[] {
  switch (drawKindOf(shape)) {
    case 'digits':
      return [
        {
          betType: 'digit',
          positions: shape.count,
          values: range(0, 9),
          chance: () => ({ wins: 1, of: 10 }),
        },
        // A draw of two digits or more: its last two.
        ...(shape.count >= 2
          ? [
              {
                betType: 'last2' as const,
                positions: 0,
                values: range(0, 99, 2),
                chance: () => ({ wins: 1, of: 100 }),
              },
            ]
          : []),
        {
          betType: 'bigSmall',
          positions: shape.count,
          values: ['big', 'small'],
          chance: () => ({ wins: 5, of: 10 }),
        },
      ];
    case 'dice':
      return [
        {
          betType: 'diceSum',
          positions: 0,
          values: range(4, 17),
          chance: (value) => ({ wins: DICE_SUM_WAYS[Number(value)] ?? 0, of: 216 }),
        },
        {
          // 4–10 or 11–17 but no triple: 105 throws of 216 each.
          betType: 'diceBigSmall',
          positions: 0,
          values: ['big', 'small'],
          chance: () => ({ wins: 105, of: 216 }),
        },
        {
          // At least one die shows it: 216 − 5³ = 91 throws.
          betType: 'diceNumber',
          positions: 0,
          values: range(1, 6),
          chance: () => ({ wins: 91, of: 216 }),
        },
      ];
    case 'cars':
      return [
        {
          betType: 'car',
          positions: shape.count,
          values: range(shape.min, shape.max),
          chance: () => ({ wins: 1, of: shape.max - shape.min + 1 }),
        },
      ];
    case 'balls':
      return [
        {
          betType: 'ball',
          positions: 0,
          values: range(shape.min, shape.max),
          chance: () => ({ wins: shape.count, of: shape.max - shape.min + 1 }),
        },
      ];
  }
}

/** The house pays 95 % of the fair odds, rounded down to the hundredth. */
export const PAYOUT_SHARE_PERCENT = 95;

/**
 * What one unit staked on `value` returns on a win, in hundredths (950: 9.5 times the stake, the
 * stake included): 95 % of the fair odds (of / wins), rounded down, so every bet's return to
 * player is at most 95 % and, no chance being above a half, at least 94.5 %
 * (tests/unit/shared/drawBets.test.ts computes each exactly).
 */
export function drawPayout(shape: DrawBetShape, value: string): number {
  const { wins, of } = shape.chance(value);
  return Math.floor((PAYOUT_SHARE_PERCENT * of) / wins);
}

/** A group's bet type by name, or null when the group does not offer it. */
export function drawBetShapeOf(group: string, betType: string): DrawBetShape | null {
  return drawBetShapes(drawShapeOf(group)).find((shape) => shape.betType === betType) ?? null;
}

/** One line of a slip on a non-Vietnamese draw: a bet type, its position, its value. */
export interface DrawLine {
  betType: DrawBetType;
  /** The position (1 = the first digit, the winner's place), for bet types that take one. */
  position?: number;
  /** The one value the line names ("7", "27", "big", "11"). */
  numbers: string[];
  /** One of the site's bet levels, as money ("1.00"). */
  unit: string;
  /** 1 to MAX_MULTIPLIER (src/shared/vnLotto.ts): the line stakes unit × multiplier. */
  multiplier: number;
}

/** Why a line cannot be placed on a game of `group`, or null (the caller checks the unit). */
export function drawLineProblem(
  group: string,
  line: Pick<DrawLine, 'betType' | 'position' | 'numbers' | 'multiplier'>,
  maxMultiplier: number,
): 'lotto_numbers_invalid' | 'bet_invalid' | null {
  const shape = drawBetShapeOf(group, line.betType);
  if (!shape) return 'lotto_numbers_invalid';
  if (
    !Number.isInteger(line.multiplier) ||
    line.multiplier < 1 ||
    line.multiplier > maxMultiplier
  ) {
    return 'bet_invalid';
  }
  const positioned =
    shape.positions === 0
      ? line.position === undefined
      : Number.isInteger(line.position) && line.position! >= 1 && line.position! <= shape.positions;
  if (!positioned || line.numbers.length !== 1 || !shape.values.includes(line.numbers[0]!)) {
    return 'lotto_numbers_invalid';
  }
  return null;
}

/** Whether a line wins against the drawn numbers (1) or not (0). */
export function drawLineHits(
  line: Pick<DrawLine, 'betType' | 'position' | 'numbers'>,
  drawn: readonly number[],
): number {
  const value = line.numbers[0]!;
  const at = drawn[(line.position ?? 1) - 1];
  const sum = drawn.reduce((total, number) => total + number, 0);
  const triple = drawn.length === 3 && drawn.every((number) => number === drawn[0]);
  let win: boolean;
  switch (line.betType) {
    case 'digit':
    case 'car':
      win = at === Number(value);
      break;
    case 'last2':
      win = drawn.slice(-2).join('') === value;
      break;
    case 'bigSmall':
      win = at !== undefined && (at >= 5 ? 'big' : 'small') === value;
      break;
    case 'diceSum':
      win = sum === Number(value);
      break;
    case 'diceBigSmall':
      win = !triple && (sum >= 11 ? 'big' : 'small') === value;
      break;
    case 'diceNumber':
    case 'ball':
      win = drawn.includes(Number(value));
      break;
  }
  return win ? 1 : 0;
}

/** The shapes of the game page's calls for these lotteries (server/http/games/vnLottoRoutes.ts). */

/** What the session call adds for a real launch of a non-Vietnamese scheduled lottery. */
export interface DrawLottoSession {
  group: string;
  kind: DrawKind;
  /** How many numbers a draw has, and their range. */
  shape: DrawShape;
  betTypes: {
    betType: DrawBetType;
    positions: number;
    values: string[];
    /** The odds per value ("9.5"), in the order of `values`. */
    odds: string[];
  }[];
  open: VnOpenDraw;
  maxLines: number;
  maxMultiplier: number;
}

export interface DrawTicketLine extends DrawLine {
  stake: string;
  odds: string;
  hits: number | null;
  win: string | null;
}

export type DrawTicket = Omit<VnTicket, 'lines'> & { lines: DrawTicketLine[] };

/** A ticket of either lottery, as the tickets call answers it. */
export type SlipTicket = VnTicket | DrawTicket;

export interface DrawResultEntry {
  numero: string;
  openedAt: string;
  numbers: number[];
}

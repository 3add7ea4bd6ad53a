import { parseMoney, toMoneyString } from '../../shared/money';
import {
  betTypeShape,
  lineProblem,
  lineWin,
  type VnBetType,
  type VnFormat,
  type VnLine,
} from '../../shared/vnLotto';
import type { DrawLine } from '../../shared/drawBets';

/** A line of either lottery's slips (src/shared/vnLotto.ts, src/shared/drawBets.ts). */
export type AnyLine = VnLine | DrawLine;

/** A line of the slip on screen: the line, a key for the list, and a multiplier being typed. */
export type SlipLine<L extends AnyLine = AnyLine> = L & {
  key: string;
  /** The multiplier's text while the player types it (it may be empty or out of range). */
  draft?: string;
};

/** How the slip and the tickets name a line: its bet type, its pick, and what it wins. */
export interface LineText {
  name: string;
  pick: string;
  /** "Wins 9.50" (or "Wins 3.50 per hit"), for the slip. */
  wins: string;
}

/** A refusal that belongs to some of the slip's lines (errorFields.ts: `lines`), by their keys. */
export type LineErrors = { keys: readonly string[]; text: string } | null;

/** The two-digit numbers of the grid, "00" to "99". */
export const TWO_DIGIT_NUMBERS: readonly string[] = Array.from({ length: 100 }, (_, n) =>
  String(n).padStart(2, '0'),
);

/** What a line stakes: unit × multiplier, as money ("5.00"). */
export function lineStake(line: Pick<VnLine, 'unit' | 'multiplier'>): string {
  return toMoneyString(parseMoney(line.unit) * BigInt(line.multiplier));
}

/** The slip's total stake, as money. */
export function slipTotal(lines: readonly Pick<VnLine, 'unit' | 'multiplier'>[]): string {
  return toMoneyString(
    lines.reduce((sum, line) => sum + parseMoney(line.unit) * BigInt(line.multiplier), 0n),
  );
}

/** What a line wins on one hit (a lô line wins this per matching prize), as money. */
export function winPerHit(line: Pick<VnLine, 'betType' | 'unit' | 'multiplier'>, format: VnFormat) {
  return toMoneyString(
    lineWin(
      parseMoney(line.unit) * BigInt(line.multiplier),
      betTypeShape(line.betType).payout[format],
      1,
    ),
  );
}

/**
 * The lines the picker's choice makes: one per number for lô, đề and 3 càng, one line of all
 * the numbers for xiên. Each is checked with the contract's lineProblem; the first problem is
 * returned instead of lines.
 */
export function linesOf(
  betType: VnBetType,
  numbers: readonly string[],
  unit: string,
  multiplier: number,
): { lines: VnLine[] } | { problem: 'lotto_numbers_invalid' | 'bet_invalid' } {
  const sorted = [...numbers].sort();
  const shape = betTypeShape(betType);
  const lines: VnLine[] =
    shape.picks > 1
      ? [{ betType, numbers: sorted, unit, multiplier }]
      : sorted.map((number) => ({ betType, numbers: [number], unit, multiplier }));
  if (lines.length === 0) return { problem: 'lotto_numbers_invalid' };
  for (const line of lines) {
    const problem = lineProblem(line);
    if (problem) return { problem };
  }
  return { lines };
}

/** A random pick of `count` distinct numbers among `from`, leaving out `except`. */
export function randomPick(
  from: readonly string[],
  count: number,
  except: readonly string[] = [],
  random: () => number = Math.random,
): string[] {
  const pool = from.filter((number) => !except.includes(number));
  const picked: string[] = [];
  while (picked.length < count && pool.length > 0) {
    const [number] = pool.splice(Math.floor(random() * pool.length), 1);
    picked.push(number!);
  }
  return picked;
}

/** A random three-digit number, "000" to "999". */
export function randomBacang(random: () => number = Math.random): string {
  return String(Math.floor(random() * 1000)).padStart(3, '0');
}

/** Odds as the player's language writes numbers: "3.5" → "3,5" in Vietnamese, "1700" → "1.700". */
export function oddsInLanguage(odds: string, language: string): string {
  const value = Number(odds);
  if (!Number.isFinite(value)) return odds;
  try {
    return value.toLocaleString(language, { maximumFractionDigits: 2 });
  } catch {
    return odds;
  }
}

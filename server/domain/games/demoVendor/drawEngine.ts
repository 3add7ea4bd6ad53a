import { randomInt } from 'node:crypto';

/**
 * The demo vendor's number draw: the player picks a digit, one digit 0-9 is drawn (server-side,
 * node:crypto); a match pays 9.6 times the bet, so the return to player is exactly 96%.
 */
export const DRAW_DIGITS = 10;
/** The win multiple as a fraction, so money stays in integers: 96 / 10. */
export const DRAW_PAYOUT = { numerator: 96n, denominator: 10n } as const;

export function drawDigit(): number {
  return randomInt(DRAW_DIGITS);
}

export function drawWin(bet: bigint, pick: number, drawn: number): bigint {
  return pick === drawn ? (bet * DRAW_PAYOUT.numerator) / DRAW_PAYOUT.denominator : 0n;
}

export function drawRtp(): number {
  return Number(DRAW_PAYOUT.numerator) / Number(DRAW_PAYOUT.denominator) / DRAW_DIGITS;
}

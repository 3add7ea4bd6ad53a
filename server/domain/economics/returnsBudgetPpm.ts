import { parseRateBasisPoints } from '../../../src/shared/contracts';

/**
 * The returns budget's figures: integer millionths of the stake (ppm); returns round up, edges
 * down.
 */

/** One million, as a bigint: the ppm scale of money ratios. */
export const PPM_N = 1_000_000n;

/** A percent string ("1.5") in millionths. */
export const ppmOfPercent = (percent: string): number => parseRateBasisPoints(percent) * 100;

/** ceil(numerator × 10⁶ / denominator) of two amounts, Infinity for a positive over nothing. */
export function ratioPpm(numerator: bigint, denominator: bigint): number {
  if (numerator <= 0n) return 0;
  if (denominator <= 0n) return Number.POSITIVE_INFINITY;
  return Number((numerator * PPM_N + denominator - 1n) / denominator);
}

/** 38510 → "3.8510 %"; Infinity → "unbounded". */
export function formatPpm(ppm: number): string {
  if (!Number.isFinite(ppm)) return ppm > 0 ? 'unbounded' : '-unbounded';
  const sign = ppm < 0 ? '-' : '';
  const abs = Math.abs(ppm);
  return `${sign}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, '0')} %`;
}

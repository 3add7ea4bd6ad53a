import { z } from 'zod';
import {
  MAX_AMOUNT_MINOR,
  MAX_AMOUNT_TEXT,
  parseMoney,
  toMoneyString,
} from '../../src/shared/money';
import { lineWin, VN_BET_TYPES, type VnBetType } from '../../src/shared/vnLotto';

/**
 * `lottery.liabilityCaps` in config/platform.json: the Vietnamese lottery's liability cap per
 * number and draw (docs/decisions.md "Liability cap per number"). For each bet type, the most
 * the house may owe on one number of one draw if that number comes out (a lô number once, a
 * xiên line's payout counted against each of its numbers), in the site's currency ("20000.00").
 * There is no "unlimited": an operator who leaves the section out gets these defaults, and a
 * cap too small to take one line of the smallest bet level refuses the start.
 */
export const DEFAULT_LIABILITY_CAPS: Readonly<Record<VnBetType, string>> = {
  lo2: '50000.00',
  de: '20000.00',
  bacang: '10000.00',
  xien2: '20000.00',
  xien3: '10000.00',
  xien4: '10000.00',
};

const CAP_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const cap = z
  .string()
  .regex(CAP_PATTERN, 'an amount such as 20000.00')
  .refine((text) => !CAP_PATTERN.test(text) || parseMoney(text) > 0n, {
    message: 'more than 0 (there is no "no cap")',
  })
  .refine((text) => !CAP_PATTERN.test(text) || parseMoney(text) <= MAX_AMOUNT_MINOR, {
    message: `at most ${MAX_AMOUNT_TEXT}`,
  });

export const liabilityCapsSchema = z
  .object({
    lo2: cap.default(DEFAULT_LIABILITY_CAPS.lo2),
    de: cap.default(DEFAULT_LIABILITY_CAPS.de),
    bacang: cap.default(DEFAULT_LIABILITY_CAPS.bacang),
    xien2: cap.default(DEFAULT_LIABILITY_CAPS.xien2),
    xien3: cap.default(DEFAULT_LIABILITY_CAPS.xien3),
    xien4: cap.default(DEFAULT_LIABILITY_CAPS.xien4),
  })
  .strict()
  .default({ ...DEFAULT_LIABILITY_CAPS });

export type LiabilityCaps = z.infer<typeof liabilityCapsSchema>;

/**
 * The caps that could not take a single line of the smallest bet level (one unit, multiplier 1)
 * in either format: that bet type would refuse every slip. Typically caps left in another
 * currency's amounts; each names its bet type and the least it must be.
 */
export function liabilityCapProblems(
  caps: LiabilityCaps,
  betLevels: readonly string[],
): { betType: VnBetType; least: string }[] {
  if (betLevels.length === 0) return [];
  const smallest = betLevels.map(parseMoney).reduce((a, b) => (b < a ? b : a));
  return VN_BET_TYPES.flatMap((shape) => {
    const payout = Math.max(shape.payout.north, shape.payout.south);
    const least = lineWin(smallest, payout, 1);
    const text = caps[shape.betType];
    return typeof text === 'string' && CAP_PATTERN.test(text) && parseMoney(text) < least
      ? [{ betType: shape.betType, least: toMoneyString(least) }]
      : [];
  });
}

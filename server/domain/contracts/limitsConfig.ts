import { z } from 'zod';
import {
  CONTRACT_TYPES,
  type ContractLimits,
  capBasisPoints,
  formatRate,
  parseRateBasisPoints,
} from '../../../src/shared/contracts';
import { drawRtp } from '../games/demoVendor/drawEngine';
import { slotRtp } from '../games/demoVendor/slotEngine';

const rate = z.string().refine(
  (text) => {
    try {
      const basisPoints = parseRateBasisPoints(text);
      return basisPoints > 0 && basisPoints <= 10_000;
    } catch {
      return false;
    }
  },
  { message: 'a percentage above 0 and at most 100, with up to two decimals ("1.50")' },
);

/**
 * The house's edge on the games agents' teams play, in basis points of the bet (rounded down):
 * the built-in vendor's best return to player. Salaries and dividends are paid out of it.
 */
export function houseEdgeBasisPoints(): number {
  return Math.floor((1 - Math.max(slotRtp(), drawRtp())) * 10_000);
}

/**
 * What one valid bet can cost the house in agents' pay at worst, in basis points of the bet
 * (hundredths): the turnover cap, plus the dividend cap's share of the house's expected result.
 */
export function worstPayPerBet(limits: ContractLimits, edge: number): number {
  const turnover = Math.max(
    ...CONTRACT_TYPES.filter((type) => type !== 'dividend').map((type) =>
      capBasisPoints(limits, type),
    ),
  );
  return turnover + (capBasisPoints(limits, 'dividend') * edge) / 10_000;
}

/**
 * `contracts` in config/platform.json: the operator's caps (issue 11). Checked at start against
 * the games' edge, so a careless raise cannot make every colluding pair a winner: if salaries
 * and the dividend together paid more than the house keeps, an agent and its own downline
 * would come out ahead by just playing.
 */
export const contractLimitsSchema = z
  .object({
    maxRate: z.object({
      dividend: rate,
      dailySalary: rate,
      hourlySalary: rate,
      realTimeSalary: rate,
    }),
    maxTurnoverRate: rate,
  })
  .strict()
  .superRefine((limits, ctx) => {
    const edge = houseEdgeBasisPoints();
    let worst: number;
    try {
      worst = worstPayPerBet(limits, edge);
    } catch {
      return; // A rate that is not one has its own issue above.
    }
    if (worst >= edge) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxTurnoverRate'],
        message:
          `salaries (${formatRate(Math.round(worst - (capBasisPoints(limits, 'dividend') * edge) / 10_000))} % ` +
          `of turnover) plus the dividend cap (${limits.maxRate.dividend} % of the house's result) ` +
          `would pay ${(worst / 100).toFixed(2)} % of every bet, not less than the games' house edge ` +
          `(${formatRate(edge)} %): an agent and its own downline would win by playing. Lower them.`,
      });
    }
  }) satisfies z.ZodType<ContractLimits>;

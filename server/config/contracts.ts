import { z } from 'zod';
import { type ContractLimits, parseRateBasisPoints } from '../../src/shared/contracts';

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
 * `contracts` in config/platform.json: the operator's caps (issue 11). At start the platform
 * checks them, with every other per-bet return, against the games' edge (the returns budget,
 * server/domain/economics/returnsBudget.ts): a careless raise cannot make every colluding pair a
 * winner.
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
  .strict() satisfies z.ZodType<ContractLimits>;

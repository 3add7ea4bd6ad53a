import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { platformConfigSchema } from '../../../server/config/schema';
import { contractLimitsSchema } from '../../../server/config/contracts';
import {
  ENGINE_EDGE_PPM,
  budgetPromotionsOf,
  returnsBudget,
  returnsBudgetIssues,
} from '../../../server/domain/economics/returnsBudget';
import { catalogueGameEngines } from '../../../server/seed/catalogueEngines';

/** The operator's caps (issue 11), as a careless operator might set them. */
describe('contract limits in the configuration', () => {
  const shipped = async () => JSON.parse(await readFile('config/platform.json', 'utf8'));

  it('ships caps below the games’ edge', async () => {
    const config = platformConfigSchema.parse(await shipped());
    expect(config.contracts).toEqual({
      maxRate: {
        realTimeSalary: '1.50',
        hourlySalary: '1.50',
        dailySalary: '1.50',
        dividend: '30.00',
      },
      maxTurnoverRate: '1.50',
    });
    // The demo vendor's best return to player is 96.15 %: the house keeps 3.85 % of a bet.
    expect(ENGINE_EDGE_PPM.slot).toBe(38_510);
  });

  it('refuses caps that would let an agent and its own downline win by playing', async () => {
    const unsafe = {
      maxRate: {
        realTimeSalary: '2.00',
        hourlySalary: '2.00',
        dailySalary: '2.00',
        dividend: '50.00',
      },
      maxTurnoverRate: '2.00',
    };
    // The caps are one part of the returns budget (issue 28), checked with everything else.
    const config = platformConfigSchema.parse(await shipped());
    const gameTypes = await catalogueGameEngines();
    const refused = (limits: typeof unsafe) =>
      returnsBudgetIssues(
        returnsBudget({
          config: { ...config, contracts: contractLimitsSchema.parse(limits) },
          promotions: budgetPromotionsOf(config.promotions),
          gameTypes,
          now: new Date(),
        }),
      );
    expect(refused(unsafe)[0]?.message).toMatch(/house edge/);
    expect(refused(unsafe)[0]?.message).toMatch(/salary caps \(2\.00 % of turnover\) 2\.0000 %/);
    // A higher salary cap alone, or a 100 % dividend, is refused too.
    expect(refused({ ...unsafe, maxTurnoverRate: '4.00' }).length).toBeGreaterThan(0);
    expect(
      refused({ maxRate: { ...unsafe.maxRate, dividend: '100' }, maxTurnoverRate: '0.10' }).length,
    ).toBeGreaterThan(0);
    // The shipped caps pass.
    expect(refused(config.contracts)).toEqual([]);
  });

  it('refuses a missing section and rates that are not percentages', async () => {
    const config = await shipped();
    delete config.contracts;
    expect(platformConfigSchema.safeParse(config).success).toBe(false);
    for (const rate of ['0', '-1', '1.234', '101', 'abc', ''])
      expect(
        contractLimitsSchema.safeParse({
          maxRate: {
            realTimeSalary: rate,
            hourlySalary: '1',
            dailySalary: '1',
            dividend: '10',
          },
          maxTurnoverRate: '1',
        }).success,
        rate,
      ).toBe(false);
  });
});

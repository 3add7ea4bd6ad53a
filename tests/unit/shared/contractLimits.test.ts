import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TYPES,
  type ContractLimits,
  capBasisPoints,
  offerableRate,
  payBasisOf,
  shareBasisPoints,
  splitChain,
} from '../../../src/shared/contracts';

const limits: ContractLimits = {
  maxRate: {
    realTimeSalary: '1.50',
    hourlySalary: '1.20',
    dailySalary: '1.50',
    dividend: '30.00',
  },
  maxTurnoverRate: '1.50',
};

describe('contract limits (issue 11)', () => {
  it('caps each type by its own maximum and the salaries by the turnover cap', () => {
    expect(capBasisPoints(limits, 'realTimeSalary')).toBe(150);
    expect(capBasisPoints(limits, 'hourlySalary')).toBe(120);
    expect(capBasisPoints({ ...limits, maxTurnoverRate: '1.00' }, 'dailySalary')).toBe(100);
    expect(capBasisPoints({ ...limits, maxTurnoverRate: '1.00' }, 'dividend')).toBe(3000);
  });

  it('lets an agent offer the lower of the cap and what it holds', () => {
    expect(offerableRate(limits, 'realTimeSalary', 120)).toBe('1.20');
    expect(offerableRate(limits, 'realTimeSalary', 900)).toBe('1.50');
    expect(offerableRate(limits, 'dividend', 0)).toBe('0.00');
  });

  it('splits a chain by level difference: the nearest takes its rate, each above the rest', () => {
    const shares = splitChain(limits, [
      { contractType: 'realTimeSalary', rateBasisPoints: 100 },
      { contractType: 'dividend', rateBasisPoints: 1000 },
      { contractType: 'dailySalary', rateBasisPoints: 150 },
      { contractType: 'hourlySalary', rateBasisPoints: 200 }, // above its 1.20 cap
      { contractType: 'dividend', rateBasisPoints: 2500 },
    ]);
    expect(shares.map((share) => shareBasisPoints(share, 10_000))).toEqual([
      100, 1000, 50, 0, 1500,
    ]);
  });

  it('never pays a chain more than the cap of its basis, whatever the chain', () => {
    const contract = fc.record({
      contractType: fc.constantFrom(...CONTRACT_TYPES),
      rateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(fc.array(contract, { maxLength: 12 }), (chain) => {
        const shares = splitChain(limits, chain);
        for (const basis of ['turnover', 'loss'] as const) {
          const total = shares
            .filter((_, index) => payBasisOf(chain[index]!.contractType) === basis)
            .reduce(
              (sum, share, index) =>
                sum + shareBasisPoints(share, capBasisPoints(limits, chain[index]!.contractType)),
              0,
            );
          expect(total).toBeLessThanOrEqual(basis === 'loss' ? 3000 : 150);
        }
      }),
    );
  });

  it('pays at a lowered cap: never more than the cap now, never more than accrued', () => {
    const [nearest, above] = splitChain(limits, [
      { contractType: 'realTimeSalary', rateBasisPoints: 100 },
      { contractType: 'realTimeSalary', rateBasisPoints: 150 },
    ]);
    expect(shareBasisPoints(nearest!, 80)).toBe(80);
    expect(shareBasisPoints(above!, 80)).toBe(0);
    expect(shareBasisPoints(above!, 120)).toBe(20);
  });
});

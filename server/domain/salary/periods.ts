import type { ContractType } from '../../../src/shared/contracts';

/** How long one salary period lasts (spec 9: real-time salary every 5 minutes). */
const PERIOD_MS: Record<ContractType, number> = {
  realTimeSalary: 5 * 60_000,
  hourlySalary: 60 * 60_000,
  dailySalary: 24 * 60 * 60_000,
  dividend: 24 * 60 * 60_000,
};

/**
 * The period a moment belongs to. Periods are aligned to UTC (a day starts at 00:00 UTC): one
 * clock for every agent, whatever their GMT offset, so a period is the same rows everywhere.
 */
export function periodOf(type: ContractType, at: Date): { start: Date; end: Date } {
  const length = PERIOD_MS[type];
  const start = Math.floor(at.getTime() / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

/**
 * A period is settled this long after it ended: a bet's transaction that began inside the
 * period (its accrual carries that period) has committed by then, so no accrual arrives after
 * its period was paid.
 */
export const SETTLE_AFTER_SECONDS = 60;

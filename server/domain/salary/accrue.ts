import {
  CONTRACT_TYPES,
  type ContractLimits,
  type ContractType,
  capBasisPoints,
} from '../../../src/shared/contracts';
import { MAX_TEAM_DEPTH } from '../../../src/shared/agentReports';
import type { Queryable } from '../../db/types';
import { periodOf } from './periods';

/** One accrual made by a bet, for the `salary` socket event after the commit. */
export interface Accrued {
  agentId: string;
  contractType: ContractType;
  periodStart: Date;
  periodEnd: Date;
}

/** The bet as the accrual functions take it (migration 046): amounts in minor units, as text. */
export interface AccrualBet {
  id: string;
  memberId: string;
  valid: bigint;
  stake: bigint;
  win: bigint;
  at: Date;
}

/** The salary step's database function (migration 046). */
export const SALARY_FUNCTION = 'salary_accrue_bet';
/** The same over a batch of bets, folded after their commits (migration 050, issue 31). */
export const SALARY_FOLD = 'salary_accrue_fold';

/**
 * What the salary function is given for a bet at `at`: the chain's depth bound, each type's cap
 * (basis points) and the period of each type that `at` falls in.
 */
export function salaryArguments(limits: ContractLimits, at: Date): Record<string, unknown> {
  const caps: Record<string, number> = {};
  const periods: Record<string, [string, string]> = {};
  for (const type of CONTRACT_TYPES) {
    caps[type] = capBasisPoints(limits, type);
    const period = periodOf(type, at);
    periods[type] = [period.start.toISOString(), period.end.toISOString()];
  }
  return { maxDepth: MAX_TEAM_DEPTH, caps, periods };
}

/** The accruals the salary function answered, for the salary events after the commit. */
export function accruedOf(answer: unknown): Accrued[] {
  const accrued = (answer as { accrued?: AccruedRow[] } | null)?.accrued ?? [];
  return accrued.map((row) => ({
    agentId: row.agentId,
    contractType: row.contractType,
    periodStart: new Date(row.periodStart),
    periodEnd: new Date(row.periodEnd),
  }));
}

interface AccruedRow {
  agentId: string;
  contractType: ContractType;
  periodStart: string;
  periodEnd: string;
}

/** The bet as the accrual functions read it. */
export const accrualBetJson = (bet: AccrualBet & { gameType?: string }) => ({
  id: bet.id || null,
  memberId: bet.memberId,
  gameType: bet.gameType ?? null,
  valid: bet.valid.toString(),
  stake: bet.stake.toString(),
  win: bet.win.toString(),
  at: bet.at.toISOString(),
});

/**
 * One bet's salaries, inside the caller's transaction (the demo vendor folds them in after the
 * bet's answer instead: `salary_accrue_fold`, issue 31; this runs the same function for one bet).
 * A contract covers its downline's team (the downline and everyone under it), as its terms do:
 * "active members" and "period bet" are the team's.
 *
 * Who is paid (issue 34, migration 051): each contract in effect up the bettor's chain pays its
 * downline its rate, bounded by what its upline holds and the operator's cap (issue 11); the
 * upline at the top of the type's contracts keeps the level difference, up to what it holds
 * itself. Nearest the bettor first, each level earns its rate minus the highest one below it on
 * the same basis (`splitChain` states the split), so the chain together never earns more than
 * the cap. One statement.
 */
export async function accrueWithin(
  tx: Queryable,
  limits: ContractLimits,
  bet: AccrualBet,
): Promise<Accrued[]> {
  const [row] = await tx.query<{ answer: unknown }>(
    `select ${SALARY_FUNCTION}($1::jsonb, $2::jsonb, '{}'::jsonb) as answer`,
    [JSON.stringify(accrualBetJson(bet)), JSON.stringify(salaryArguments(limits, bet.at))],
  );
  return accruedOf(row?.answer ?? null);
}

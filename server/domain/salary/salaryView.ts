import type { ContractType } from '../../../src/shared/contracts';
import { toMoneyString } from '../../../src/shared/money';
import type { SalaryView } from '../../../src/shared/salary';
import type { Queryable } from '../../db/types';
import { periodOf, SETTLE_AFTER_SECONDS } from './periods';

/**
 * The snapshot behind salary$ (snapshot then deltas): the current period's running total, the
 * unsettled total of ended periods (paid at the next job run), and the latest settlements. The
 * member is paid as the downline of the contract it holds and, for the contracts it offered,
 * the level difference (issue 34).
 */
export async function salaryView(
  db: Queryable,
  agentId: string,
  contractType: ContractType,
  now = new Date(),
): Promise<SalaryView> {
  const period = periodOf(contractType, now);
  const [current] = await db.query<{ total: string; seq: string | null }>(
    `select coalesce(sum(amount), 0)::text as total, max(id)::text as seq from salary_accruals
     where agent_id = $1 and contract_type = $2 and period_start = $3`,
    [agentId, contractType, period.start],
  );
  const [pending] = await db.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::text as total from salary_accruals
     where agent_id = $1 and contract_type = $2 and period_start < $3 and settlement_id is null`,
    [agentId, contractType, period.start],
  );
  const settlements = await db.query<{ period_start: Date; period_end: Date; amount: string }>(
    `select period_start, period_end, amount::text from salary_settlements
     where agent_id = $1 and contract_type = $2 order by period_start desc limit 20`,
    [agentId, contractType],
  );
  const [contracts] = await db.query<{ offered: number; held: number }>(
    `select count(*) filter (where upline_id = $1)::int as offered,
       count(*) filter (where downline_id = $1)::int as held
     from contracts where (upline_id = $1 or downline_id = $1) and contract_type = $2
       and state in ('active', 'terminationRequested')`,
    [agentId, contractType],
  );
  return {
    contractType,
    current: {
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
      settlesAt: new Date(period.end.getTime() + SETTLE_AFTER_SECONDS * 1000).toISOString(),
      accrued: toMoneyString(BigInt(current!.total)),
      seq: Number(current!.seq ?? 0),
    },
    awaitingSettlement: toMoneyString(BigInt(pending!.total)),
    settlements: settlements.map((row) => ({
      periodStart: new Date(row.period_start).toISOString(),
      periodEnd: new Date(row.period_end).toISOString(),
      amount: toMoneyString(BigInt(row.amount)),
    })),
    contractsInEffect: contracts!.offered,
    contractsHeld: contracts!.held,
  };
}

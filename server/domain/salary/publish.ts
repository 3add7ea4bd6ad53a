import type { ContractType } from '../../../src/shared/contracts';
import { toMoneyString } from '../../../src/shared/money';
import type { SalaryEvent } from '../../../src/shared/realtime';
import type { AppDeps } from '../../http/deps';

/** A salary change for one agent: the period's running total, after the commit. */
export interface SalaryChange {
  agentId: string;
  event: SalaryEvent;
}

/**
 * Tells each agent the new total of the period an accrual (or a settlement) touched: the page
 * shows the figure, not a sum of deltas, so a missed event never leaves it wrong (the `seq` is
 * the newest accrual's id, so stale events are dropped).
 */
export async function publishSalary(
  deps: AppDeps,
  touched: {
    agentId: string;
    contractType: ContractType;
    periodStart: Date;
    periodEnd: Date;
    settled?: boolean;
  }[],
): Promise<void> {
  const seen = new Set<string>();
  for (const item of touched) {
    const key = `${item.agentId}:${item.contractType}:${item.periodStart.toISOString()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [row] = await deps.db.query<{ total: string; seq: string | null; settled: boolean }>(
      `select coalesce(sum(amount), 0)::text as total, max(id)::text as seq,
         coalesce(bool_and(settlement_id is not null), false) as settled
       from salary_accruals where agent_id = $1 and contract_type = $2 and period_start = $3`,
      [item.agentId, item.contractType, item.periodStart],
    );
    deps.salaryEvents.announce({
      agentId: item.agentId,
      event: {
        contractType: item.contractType,
        accrued: toMoneyString(BigInt(row?.total ?? '0')),
        periodStart: item.periodStart.toISOString(),
        periodEnd: item.periodEnd.toISOString(),
        settled: item.settled ?? row?.settled ?? false,
        seq: Number(row?.seq ?? 0),
      },
    });
  }
}

import type { ContractType } from '../../../src/shared/contracts';
import { toMoneyString } from '../../../src/shared/money';
import type { Platform } from '../../platform/platform';
import type { SalaryChange } from '../../platform/changes';
import type { Change } from '../../platform/changes';
export type { SalaryChange };

/**
 * Tells each agent the new total of the period an accrual (or a settlement) touched: the page
 * shows the figure, not a sum of deltas, so a missed event never leaves it wrong (the `seq` is
 * the newest accrual's id, so stale events are dropped).
 */
export async function salaryTotals(
  deps: Pick<Platform, 'db'>,
  touched: {
    agentId: string;
    contractType: ContractType;
    periodStart: Date;
    periodEnd: Date;
    settled?: boolean;
  }[],
): Promise<Change[]> {
  const changes: Change[] = [];
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
    changes.push({
      kind: 'salary',
      change: {
        agentId: item.agentId,
        event: {
          contractType: item.contractType,
          accrued: toMoneyString(BigInt(row?.total ?? '0')),
          periodStart: item.periodStart.toISOString(),
          periodEnd: item.periodEnd.toISOString(),
          settled: item.settled ?? row?.settled ?? false,
          seq: Number(row?.seq ?? 0),
        },
      },
    });
  }
  return changes;
}

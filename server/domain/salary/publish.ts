import type { ContractType } from '../../../src/shared/contracts';
import { toMoneyString } from '../../../src/shared/money';
import type { Platform } from '../../platform/platform';
import type { SalaryChange } from '../../platform/changes';
import type { Change } from '../../platform/changes';
export type { SalaryChange };

/** A period's total being read, and whether commits came after the read began. */
interface Reading {
  again: boolean;
}
const reading = new WeakMap<object, Map<string, Reading>>();

/**
 * `salaryTotals` for the bets' accruals (issue 31): a period already being read for the agent is
 * not read again by every bet of its team; the read in progress runs once more when it ends,
 * so its figure includes every accrual committed before that, and answers the newest. Many bets
 * a second for one agent cost a few reads, not one each.
 */
export async function salaryTotalsCoalesced(
  deps: Pick<Platform, 'db'>,
  touched: Parameters<typeof salaryTotals>[1],
): Promise<Change[]> {
  const map = reading.get(deps.db) ?? new Map<string, Reading>();
  reading.set(deps.db, map);
  const changes: Change[] = [];
  for (const item of touched) {
    const key = `${item.agentId}:${item.contractType}:${item.periodStart.toISOString()}`;
    const inProgress = map.get(key);
    if (inProgress) {
      inProgress.again = true;
      continue;
    }
    const mine: Reading = { again: false };
    map.set(key, mine);
    try {
      let latest: Change[];
      do {
        mine.again = false;
        latest = await salaryTotals(deps, [item]);
      } while (mine.again);
      changes.push(...latest);
    } finally {
      map.delete(key);
    }
  }
  return changes;
}

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

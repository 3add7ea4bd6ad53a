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
  // The periods not being read already are read together, in one statement (a bet touches the
  // contract's downline and its upline's difference: issue 34).
  const mine: Reading = { again: false };
  const keys: string[] = [];
  const items: typeof touched = [];
  for (const item of touched) {
    const key = `${item.agentId}:${item.contractType}:${item.periodStart.toISOString()}`;
    const inProgress = map.get(key);
    if (inProgress) {
      inProgress.again = true;
      continue;
    }
    if (keys.includes(key)) continue;
    map.set(key, mine);
    keys.push(key);
    items.push(item);
  }
  if (items.length === 0) return [];
  try {
    let latest: Change[];
    do {
      mine.again = false;
      latest = await salaryTotals(deps, items);
    } while (mine.again);
    return latest;
  } finally {
    for (const key of keys) map.delete(key);
  }
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
  const items = touched.filter(
    (item, index) =>
      touched.findIndex(
        (other) =>
          other.agentId === item.agentId &&
          other.contractType === item.contractType &&
          other.periodStart.getTime() === item.periodStart.getTime(),
      ) === index,
  );
  if (items.length === 0) return [];
  // Every period in one statement.
  const rows = await deps.db.query<{
    i: number;
    total: string;
    seq: string | null;
    settled: boolean;
  }>(
    `select t.i, coalesce(sum(a.amount), 0)::text as total, max(a.id)::text as seq,
       coalesce(bool_and(a.settlement_id is not null), false) as settled
     from jsonb_to_recordset($1::jsonb)
       as t(i int, agent_id bigint, contract_type text, period_start timestamptz)
     left join salary_accruals a on a.agent_id = t.agent_id
       and a.contract_type = t.contract_type and a.period_start = t.period_start
     group by t.i order by t.i`,
    [
      JSON.stringify(
        items.map((item, i) => ({
          i,
          agent_id: item.agentId,
          contract_type: item.contractType,
          period_start: item.periodStart.toISOString(),
        })),
      ),
    ],
  );
  return items.map((item, i): Change => {
    const row = rows.find((candidate) => Number(candidate.i) === i);
    return {
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
    };
  });
}

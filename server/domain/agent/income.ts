import { type IncomeDay, INCOME_KINDS } from '../../../src/shared/agentReports';
import { toMoneyString } from '../../../src/shared/money';
import type { Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { pageOf, type RecordsWindow } from '../records/query';
import { money, Params } from './team';

interface DayRow {
  salary: string;
  upline: string;
}

const amounts = (row: DayRow): Omit<IncomeDay, 'day'> => ({
  salary: money(row.salary),
  uplineTransfers: money(row.upline),
  total: toMoneyString(BigInt(row.salary) + BigInt(row.upline)),
});

/**
 * agentRevenueReport (my income): the agent's own income per local day — salaries settled into
 * their main wallet (kind 'salary', posted by the salary settlement) and money their downlines
 * transferred up (kind 'upline_transfer', the credits only) — with totals. `type` narrows it
 * to one kind.
 */
export async function agentIncome(
  db: Queryable,
  agentId: string,
  window: RecordsWindow,
): Promise<Page<IncomeDay>> {
  if (window.type !== null && !(INCOME_KINDS as readonly string[]).includes(window.type)) {
    throw new ApiError(400, 'invalid_request', `Unknown income type: ${window.type}.`);
  }
  const params = new Params();
  const agent = params.add(agentId);
  const from = params.add(window.from);
  const to = params.add(window.to);
  const tz = params.add(window.tz);
  const kinds = window.type ? [window.type] : [...INCOME_KINDS];
  const daily = `with daily as (
    select (e.created_at + make_interval(mins => ${tz}))::date as day,
      sum(case when x.kind = 'salary' then e.amount else 0 end) as salary,
      sum(case when x.kind = 'upline_transfer' then e.amount else 0 end) as upline
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id and e.amount > 0
      and e.created_at >= ${from} and e.created_at < ${to}
    join ledger_transactions x on x.id = e.transaction_id
      and x.kind = any(string_to_array(${params.add(kinds.join(','))}, ','))
    where a.member_id = ${agent} and a.kind = 'main'
    group by 1
  )`;
  const [summary] = await db.query<DayRow & { total: string }>(
    `${daily} select count(*)::text as total, coalesce(sum(salary), 0)::text as salary,
       coalesce(sum(upline), 0)::text as upline from daily`,
    params.values,
  );
  const limit = params.add(window.limit);
  const offset = params.add(window.offset);
  const rows = await db.query<DayRow & { day: string }>(
    `${daily} select to_char(day, 'YYYY-MM-DD') as day, salary::text, upline::text from daily
     order by day desc limit ${limit} offset ${offset}`,
    params.values,
  );
  const { total, ...sums } = summary!;
  return pageOf(
    window,
    rows.map((row) => ({ day: row.day, ...amounts(row) })),
    total,
    amounts(sums),
  );
}

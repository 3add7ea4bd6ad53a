import type { TeamProfitRow } from '../../../src/shared/agentReports';
import type { Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { pageOf, type RecordsWindow } from '../records/query';
import { accountFilter, money, Params, profitOf, teamCte } from './team';

interface Sums {
  bet: string;
  valid: string;
  win: string;
  deposits: string;
  withdrawals: string;
  bonus: string;
}

const SUMS = `coalesce(sum(bet), 0)::text as bet, coalesce(sum(valid), 0)::text as valid,
  coalesce(sum(win), 0)::text as win, coalesce(sum(deposits), 0)::text as deposits,
  coalesce(sum(withdrawals), 0)::text as withdrawals, coalesce(sum(bonus), 0)::text as bonus`;

function amounts(row: Sums): Omit<TeamProfitRow, 'memberId' | 'account' | 'level'> {
  return {
    betAmount: money(row.bet),
    validBetAmount: money(row.valid),
    winAmount: money(row.win),
    profit: profitOf(row.win, row.bet),
    deposits: money(row.deposits),
    withdrawals: money(row.withdrawals),
    bonus: money(row.bonus),
  };
}

/**
 * palStatementsAgentCopy (user profit and loss): one row per team member with play or money in
 * the range — settled bets from `bets`, deposits, net withdrawals and bonuses from the ledger of
 * their main wallet, as on the member's own profit and loss — biggest bettors first; totals
 * over every row. Grouped in SQL.
 */
export async function teamProfit(
  db: Queryable,
  agentId: string,
  window: RecordsWindow,
  filters: { account?: string },
): Promise<Page<TeamProfitRow>> {
  const params = new Params();
  const agent = params.add(agentId);
  const from = params.add(window.from);
  const to = params.add(window.to);
  const member = accountFilter(params, 't.id', filters.account);
  const perMember = `with recursive ${teamCte(agent)},
    activity as (
      select b.member_id, b.bet_amount as bet, b.valid_bet_amount as valid, b.win_amount as win,
        0::bigint as deposits, 0::bigint as withdrawals, 0::bigint as bonus
      from team t join bets b on b.member_id = t.id
      where ${member} and b.status = 'settled' and b.created_at >= ${from} and b.created_at < ${to}
      union all
      select a.member_id, 0, 0, 0,
        case when x.kind = 'deposit' then e.amount else 0 end,
        case when x.kind in ('withdrawal_hold', 'withdrawal_refund') then -e.amount else 0 end,
        case when x.kind = 'bonus' then e.amount else 0 end
      from team t
      join ledger_accounts a on a.member_id = t.id and a.kind = 'main'
      join ledger_entries e on e.account_id = a.id
        and e.created_at >= ${from} and e.created_at < ${to}
      join ledger_transactions x on x.id = e.transaction_id
        and x.kind in ('deposit', 'withdrawal_hold', 'withdrawal_refund', 'bonus')
      where ${member}
    ),
    per_member as (
      select member_id, sum(bet) as bet, sum(valid) as valid, sum(win) as win,
        sum(deposits) as deposits, sum(withdrawals) as withdrawals, sum(bonus) as bonus
      from activity group by member_id
    )`;
  const [summary] = await db.query<Sums & { total: string }>(
    `${perMember} select count(*)::text as total, ${SUMS} from per_member`,
    params.values,
  );
  const limit = params.add(window.limit);
  const offset = params.add(window.offset);
  const rows = await db.query<Sums & { member_id: string; account: string; level: number }>(
    `${perMember}
     select p.member_id::text, m.account, t.level, p.bet::text, p.valid::text, p.win::text,
       p.deposits::text, p.withdrawals::text, p.bonus::text
     from per_member p join members m on m.id = p.member_id join team t on t.id = p.member_id
     order by p.bet desc, m.account limit ${limit} offset ${offset}`,
    params.values,
  );
  const { total, ...sums } = summary!;
  return pageOf(
    window,
    rows.map((row) => ({
      memberId: row.member_id,
      account: row.account,
      level: Number(row.level),
      ...amounts(row),
    })),
    total,
    amounts(sums),
  );
}

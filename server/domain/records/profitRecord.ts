import { toMoneyString } from '../../../src/shared/money';
import type { Page, ProfitDay } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { pageOf, type RecordsWindow } from './query';

const money = (minor: string) => toMoneyString(BigInt(minor));

/**
 * One row per local day of the member's play and money: bets from `bets`, deposits,
 * withdrawals and bonuses from the ledger entries of their main wallet (a bonus to wager counts
 * when it turns real money, issue 28). Grouped in SQL.
 */
const DAILY = `
  with activity as (
    select (created_at + make_interval(mins => $4))::date as day,
      bet_amount as bet, valid_bet_amount as valid, win_amount as win,
      0::bigint as deposits, 0::bigint as withdrawals, 0::bigint as bonus
    from bets
    where member_id = $1 and status = 'settled' and created_at >= $2 and created_at < $3
    union all
    select (e.created_at + make_interval(mins => $4))::date,
      0, 0, 0,
      case when t.kind = 'deposit' then e.amount else 0 end,
      case when t.kind in ('withdrawal_hold', 'withdrawal_refund') then -e.amount else 0 end,
      case when t.kind in ('bonus', 'bonus_release') then e.amount else 0 end
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id and a.member_id = $1 and a.kind = 'main'
    join ledger_transactions t on t.id = e.transaction_id
    where e.created_at >= $2 and e.created_at < $3
      and t.kind in ('deposit', 'withdrawal_hold', 'withdrawal_refund', 'bonus', 'bonus_release')
  ),
  daily as (
    select day, sum(bet) as bet, sum(valid) as valid, sum(win) as win,
      sum(deposits) as deposits, sum(withdrawals) as withdrawals, sum(bonus) as bonus
    from activity group by day
  )`;

interface DailyRow {
  day: string;
  bet: string;
  valid: string;
  win: string;
  deposits: string;
  withdrawals: string;
  bonus: string;
}

const COLUMNS = `bet::text, valid::text, win::text, deposits::text, withdrawals::text,
  bonus::text`;
const SUMS = `coalesce(sum(bet), 0)::text as bet, coalesce(sum(valid), 0)::text as valid,
  coalesce(sum(win), 0)::text as win, coalesce(sum(deposits), 0)::text as deposits,
  coalesce(sum(withdrawals), 0)::text as withdrawals, coalesce(sum(bonus), 0)::text as bonus`;

function toDay(row: Omit<DailyRow, 'day'>): Omit<ProfitDay, 'day'> {
  return {
    betAmount: money(row.bet),
    validBetAmount: money(row.valid),
    winAmount: money(row.win),
    profit: toMoneyString(BigInt(row.win) - BigInt(row.bet)),
    deposits: money(row.deposits),
    withdrawals: money(row.withdrawals),
    bonus: money(row.bonus),
  };
}

/** Profit and loss (spec 2 personalProfit): per local day, newest first, with totals. */
export async function profitRecord(
  db: Queryable,
  memberId: string,
  window: RecordsWindow,
): Promise<Page<ProfitDay>> {
  const params = [memberId, window.from, window.to, window.tz];
  const [summary] = await db.query<Omit<DailyRow, 'day'> & { total: string }>(
    `${DAILY} select count(*)::text as total, ${SUMS} from daily`,
    params,
  );
  const rows = await db.query<DailyRow>(
    `${DAILY} select to_char(day, 'YYYY-MM-DD') as day, ${COLUMNS} from daily
     order by day desc limit $5 offset $6`,
    [...params, window.limit, window.offset],
  );
  const { total, ...sums } = summary!;
  return pageOf(
    window,
    rows.map((row) => ({ day: row.day, ...toDay(row) })),
    total,
    toDay(sums),
  );
}

import type { TeamOverview, TeamOverviewDay } from '../../../src/shared/agentReports';
import type { Queryable } from '../../db/types';
import type { RecordsWindow } from '../records/query';
import { money, Params, profitOf, teamCte } from './team';

/**
 * agentTeamOverview: the team's size and, in the range, its new and active members, its play
 * (settled bets) and its money in and out (deposits, net withdrawals: held minus returned, as
 * on the member's own profit and loss). One statement; every part is reached through the team.
 */
export async function teamOverview(
  db: Queryable,
  agentId: string,
  window: RecordsWindow,
): Promise<TeamOverview> {
  const params = new Params();
  const agent = params.add(agentId);
  const from = params.add(window.from);
  const to = params.add(window.to);
  const [row] = await db.query<{
    team_size: string;
    direct: string;
    new_members: string;
    active: string;
    bets: string;
    bet: string;
    valid: string;
    win: string;
    deposits: string;
    withdrawals: string;
  }>(
    `with recursive ${teamCte(agent)},
     play as (
       select count(*) as bets, count(distinct b.member_id) as active,
         coalesce(sum(b.bet_amount), 0) as bet, coalesce(sum(b.valid_bet_amount), 0) as valid,
         coalesce(sum(b.win_amount), 0) as win
       from team t join bets b on b.member_id = t.id
       where b.status = 'settled' and b.created_at >= ${from} and b.created_at < ${to}
     ),
     cash as (
       select
         coalesce(sum(case when x.kind = 'deposit' then e.amount else 0 end), 0) as deposits,
         coalesce(sum(case when x.kind <> 'deposit' then -e.amount else 0 end), 0) as withdrawals
       from team t
       join ledger_accounts a on a.member_id = t.id and a.kind = 'main'
       join ledger_entries e on e.account_id = a.id
         and e.created_at >= ${from} and e.created_at < ${to}
       join ledger_transactions x on x.id = e.transaction_id
         and x.kind in ('deposit', 'withdrawal_hold', 'withdrawal_refund')
     )
     select (select count(*) from team)::text as team_size,
       (select count(*) from team where level = 1)::text as direct,
       (select count(*) from team t join members m on m.id = t.id
         where m.created_at >= ${from} and m.created_at < ${to})::text as new_members,
       play.active::text, play.bets::text, play.bet::text, play.valid::text, play.win::text,
       cash.deposits::text, cash.withdrawals::text
     from play, cash`,
    params.values,
  );
  const r = row!;
  return {
    daily: await overviewDays(db, agentId, window),
    teamSize: Number(r.team_size),
    directMembers: Number(r.direct),
    newMembers: Number(r.new_members),
    activeMembers: Number(r.active),
    betCount: Number(r.bets),
    betAmount: money(r.bet),
    validBetAmount: money(r.valid),
    winAmount: money(r.win),
    profit: profitOf(r.win, r.bet),
    deposits: money(r.deposits),
    withdrawals: money(r.withdrawals),
  };
}

/**
 * The overview's charts: per local day of the range, the team's settled bets (count, amount,
 * distinct players) and the agent's own income (salary and upline-transfer credits to its main
 * wallet, as on the income report). At most 92 rows (the longest range).
 */
async function overviewDays(
  db: Queryable,
  agentId: string,
  window: RecordsWindow,
): Promise<TeamOverviewDay[]> {
  const params = new Params();
  const agent = params.add(agentId);
  const from = params.add(window.from);
  const to = params.add(window.to);
  const tz = params.add(window.tz);
  const rows = await db.query<{
    day: string;
    bets: string;
    bet: string;
    active: string;
    income: string;
  }>(
    `with recursive ${teamCte(agent)},
     play as (
       select (b.created_at + make_interval(mins => ${tz}))::date as day, count(*) as bets,
         coalesce(sum(b.bet_amount), 0) as bet, count(distinct b.member_id) as active
       from team t join bets b on b.member_id = t.id
       where b.status = 'settled' and b.created_at >= ${from} and b.created_at < ${to}
       group by 1
     ),
     income as (
       select (e.created_at + make_interval(mins => ${tz}))::date as day, sum(e.amount) as income
       from ledger_accounts a
       join ledger_entries e on e.account_id = a.id and e.amount > 0
         and e.created_at >= ${from} and e.created_at < ${to}
       join ledger_transactions x on x.id = e.transaction_id
         and x.kind in ('salary', 'upline_transfer')
       where a.member_id = ${agent} and a.kind = 'main'
       group by 1
     )
     select to_char(coalesce(play.day, income.day), 'YYYY-MM-DD') as day,
       coalesce(play.bets, 0)::text as bets, coalesce(play.bet, 0)::text as bet,
       coalesce(play.active, 0)::text as active, coalesce(income.income, 0)::text as income
     from play full join income on income.day = play.day
     order by 1`,
    params.values,
  );
  return rows.map((day) => ({
    day: day.day,
    betCount: Number(day.bets),
    betAmount: money(day.bet),
    activeMembers: Number(day.active),
    income: money(day.income),
  }));
}

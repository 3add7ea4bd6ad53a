import type { TeamBet } from '../../../src/shared/agentReports';
import type { Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { pageOf, type RecordsWindow } from '../records/query';
import { accountFilter, money, Params, profitOf, teamCte } from './team';

/**
 * personalHistoryCopy in the back office (team betting): every round of the team in the range,
 * newest first, by member account and vendor; totals over every matching round.
 */
export async function teamBets(
  db: Queryable,
  agentId: string,
  window: RecordsWindow,
  filters: { account?: string; vendor?: string },
): Promise<Page<TeamBet>> {
  const params = new Params();
  const agent = params.add(agentId);
  const where = [
    `b.created_at >= ${params.add(window.from)}`,
    `b.created_at < ${params.add(window.to)}`,
    filters.vendor ? `b.vendor = ${params.add(filters.vendor)}` : 'true',
    accountFilter(params, 'b.member_id', filters.account),
  ].join(' and ');
  const from = `from team t join bets b on b.member_id = t.id`;
  const [summary] = await db.query<{ total: string; bet: string; valid: string; win: string }>(
    `with recursive ${teamCte(agent)}
     select count(*)::text as total, coalesce(sum(b.bet_amount), 0)::text as bet,
       coalesce(sum(b.valid_bet_amount), 0)::text as valid,
       coalesce(sum(b.win_amount), 0)::text as win
     ${from} where ${where}`,
    params.values,
  );
  const limit = params.add(window.limit);
  const offset = params.add(window.offset);
  const rows = await db.query<{
    id: string;
    created_at: Date;
    account: string;
    level: number;
    vendor: string;
    game_name: string;
    round_id: string;
    bet_amount: string;
    valid_bet_amount: string;
    win_amount: string;
    status: TeamBet['status'];
  }>(
    `with recursive ${teamCte(agent)},
     chosen as (
       select b.id, t.level ${from} where ${where}
       order by b.created_at desc, b.id desc limit ${limit} offset ${offset}
     )
     select b.id::text, b.created_at, m.account, c.level, b.vendor, b.game_name, b.round_id,
       b.bet_amount::text, b.valid_bet_amount::text, b.win_amount::text, b.status
     from chosen c join bets b on b.id = c.id join members m on m.id = b.member_id
     order by b.created_at desc, b.id desc`,
    params.values,
  );
  const s = summary!;
  return pageOf(
    window,
    rows.map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      account: row.account,
      level: Number(row.level),
      vendor: row.vendor,
      gameName: row.game_name,
      roundId: row.round_id,
      betAmount: money(row.bet_amount),
      validBetAmount: money(row.valid_bet_amount),
      winAmount: money(row.win_amount),
      profit: profitOf(row.win_amount, row.bet_amount),
      status: row.status,
    })),
    s.total,
    {
      betAmount: money(s.bet),
      validBetAmount: money(s.valid),
      winAmount: money(s.win),
      profit: profitOf(s.win, s.bet),
    },
  );
}

import type { DayFigures } from '../../../src/shared/backOfficeMoney';
import type { Queryable } from '../../db/types';

export type { DayFigures };

/**
 * The dashboard's figures, today and per day for the last 30 days, from the ledger in one
 * statement. Days are UTC days, as the daily withdrawal cap counts them
 * (server/domain/withdrawals/requestWithdrawal.ts): no platform time zone is configured.
 * A transaction's amount is the sum of its positive entries (double entry: what moved).
 * Bonus cost is house-funded money given to players: `bonus` (bonuses, rewards, rebates) and
 * `points_convert`, less `bonus_forfeit` (bonus balance that went back to the house). Agent
 * `salary` is commission, not a player bonus, and `trial_credit` is play money: both left out.
 */
export async function dailyFigures(deps: { db: Queryable }, days = 30): Promise<DayFigures[]> {
  const rows = await deps.db.query<{
    day: string;
    deposits: string;
    withdrawals: string;
    bets: string;
    payouts: string;
    bonus_cost: string;
    active_players: string;
  }>(
    `with days as (
       select to_char(d, 'YYYY-MM-DD') as day
       from generate_series(
         (now() at time zone 'UTC')::date - ($1::int - 1), (now() at time zone 'UTC')::date, interval '1 day'
       ) d
     ),
     moved as (
       select to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, t.kind, t.member_id,
              sum(e.amount) filter (where e.amount > 0) as amount
       from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
       where t.created_at >= ((now() at time zone 'UTC')::date - ($1::int - 1)) at time zone 'UTC'
       group by t.id
     )
     select d.day,
       coalesce(sum(m.amount) filter (where m.kind = 'deposit'), 0)::text as deposits,
       coalesce(sum(m.amount) filter (where m.kind = 'withdrawal_payout'), 0)::text as withdrawals,
       coalesce(sum(m.amount) filter (where m.kind = 'bet'), 0)::text as bets,
       coalesce(sum(m.amount) filter (where m.kind = 'win'), 0)::text as payouts,
       (coalesce(sum(m.amount) filter (where m.kind in ('bonus', 'points_convert')), 0)
        - coalesce(sum(m.amount) filter (where m.kind = 'bonus_forfeit'), 0))::text as bonus_cost,
       count(distinct m.member_id) filter (where m.kind = 'bet')::text as active_players
     from days d left join moved m on m.day = d.day
     group by d.day order by d.day`,
    [days],
  );
  return rows.map((row) => {
    const bets = BigInt(row.bets);
    const payouts = BigInt(row.payouts);
    const bonusCost = BigInt(row.bonus_cost);
    return {
      day: row.day,
      deposits: cents(BigInt(row.deposits)),
      withdrawals: cents(BigInt(row.withdrawals)),
      bets: cents(bets),
      payouts: cents(payouts),
      ggr: cents(bets - payouts),
      bonusCost: cents(bonusCost),
      ngr: cents(bets - payouts - bonusCost),
      activePlayers: Number(row.active_players),
    };
  });
}

function cents(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

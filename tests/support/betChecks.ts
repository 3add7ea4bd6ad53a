import type { Database } from '../../server/db/types';
import type { Bettor } from './bettors';

/**
 * The books and each accrual against the bets that `bettors` (tests/support/bettors.ts) made:
 * the bets bench's checks after its runs, held in CI by tests/server/demoVendor/betCost.test.ts
 * so that a change of design (a new payee, a new accrual) cannot leave them stale unnoticed.
 * Call it once every queued accrual is folded in and the reads after the commits are done.
 */
export async function checkBets(
  db: Database,
  bettors: Bettor[],
): Promise<{ bets: number; anomalies: string[] }> {
  const ids = `{${bettors.map((bettor) => bettor.id).join(',')}}`;
  const anomalies: string[] = [];
  const [books] = await db.query<{ total: string }>(
    'select coalesce(sum(balance), 0)::text as total from ledger_accounts',
  );
  if (books!.total !== '0') anomalies.push(`books sum to ${books!.total}, not 0`);
  const [bets] = await db.query<{ count: string; valid: string; stake: string; win: string }>(
    `select count(*)::text as count, coalesce(sum(valid_bet_amount), 0)::text as valid,
       coalesce(sum(bet_amount), 0)::text as stake, coalesce(sum(win_amount), 0)::text as win
     from bets where member_id = any($1::bigint[])`,
    [ids],
  );
  const expect = async (name: string, sql: string, want: string) => {
    const [row] = await db.query<{ value: string }>(sql, [ids]);
    if (row!.value !== want) anomalies.push(`${name}: ${row!.value}, expected ${want}`);
  };
  // Two payees a bet since migration 051 (a contract pays its downline, the upline keeps the
  // level difference): the bettor, whose contract with agent1 pays it, and agent1.
  await expect(
    'salary accruals (the bettor and agent1, once each per bet)',
    `select count(*)::text as value from salary_accruals a join bets b on b.id = a.bet_id
     where b.member_id = any($1::bigint[])
       and (a.agent_id = b.member_id or a.agent_id = (select id from members where account = 'agent1'))`,
    String(2n * BigInt(bets!.count)),
  );
  await expect(
    'bets without a salary accrual to both payees',
    `select count(*)::text as value from bets b
     where b.member_id = any($1::bigint[])
       and (select count(distinct a.agent_id) from salary_accruals a where a.bet_id = b.id) <> 2`,
    '0',
  );
  await expect(
    'VIP valid bet',
    `select coalesce(sum(valid_bet), 0)::text as value from vip_daily_totals
     where member_id = any($1::bigint[])`,
    bets!.valid,
  );
  await expect(
    'rebate valid bet',
    `select coalesce(sum(valid_bet), 0)::text as value from rebate_balances
     where member_id = any($1::bigint[])`,
    bets!.valid,
  );
  await expect(
    'responsible-gaming wagered',
    `select coalesce(sum(wagered), 0)::text as value from rg_usage
     where member_id = any($1::bigint[])`,
    bets!.stake,
  );
  await expect(
    'bonus wagered',
    `select coalesce(sum(wagered), 0)::text as value from wagering_requirements
     where member_id = any($1::bigint[])`,
    bets!.valid,
  );
  await expect(
    'bets without their ledger posting',
    `select count(*)::text as value from bets b
     where b.member_id = any($1::bigint[]) and not exists (
       select 1 from ledger_transactions t
       where t.idempotency_key = 'round:' || b.vendor || ':' || b.round_id || ':bet')`,
    '0',
  );
  const [points] = await db.query<{ value: string }>(
    `select coalesce(sum(balance), 0)::text as value from point_balances
     where member_id = any($1::bigint[])`,
    [ids],
  );
  if (BigInt(bets!.count) > 0n && points!.value === '0') anomalies.push('no points were earned');
  return { bets: Number(bets!.count), anomalies };
}

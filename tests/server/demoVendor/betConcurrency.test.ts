import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bettor, prepareBettors } from '../../support/bettors';
import { HOUSE_BALANCE_SQL } from '../../../server/domain/ledger/accounts';
import { ledgerSum, newKey } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { foldAccruals } from '../../../server/domain/accruals/fold';

/**
 * A bet's guarantees under bursts (issue 31: the bet's writes became one batch, the replay check
 * moved to the end): parallel bets of one member never pass a wager limit together, and parallel
 * requests with one round id play it once, every answer the same round. On both engines; on
 * PostgreSQL they really run at once.
 */
describe.each(engines)('bets in parallel on %s', (engine) => {
  let server: TestServer;
  let limited: Bettor;
  let replayer: Bettor;
  let pair: Bettor[];

  beforeAll(async () => {
    server = await startTestServer(engine);
    const made = await prepareBettors(server.deps, 4, `burst${engine}`, false);
    limited = made[0]!;
    replayer = made[1]!;
    pair = made.slice(2);
    // 10.00 a day, of which the bets below may stake no more.
    await server.deps.db.query(
      `insert into rg_limits (member_id, kind, period, amount) values ($1, 'wager', 'day', 1000)`,
      [limited!.id],
    );
  });
  afterAll(() => server?.close());

  const spin = (bettor: Bettor, roundId: string) =>
    call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch: bettor.slot, bet: '1.00', roundId },
    });

  it('lets 30 parallel bets of 1.00 pass a 10.00 wager limit only as far as it goes', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, () => spin(limited, newKey())));
    const played = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(played).toHaveLength(10);
    expect(new Set(refused.map((reply) => `${reply.status} ${reply.body.code}`))).toEqual(
      new Set(['403 rg_wager_limit']),
    );
    const [usage] = await server.deps.db.query<{ wagered: string; bets: string }>(
      `select (select coalesce(sum(wagered), 0) from rg_usage where member_id = $1)::text
         as wagered,
         (select count(*) from bets where member_id = $1)::text as bets`,
      [limited.id],
    );
    expect(usage).toEqual({ wagered: '1000', bets: '10' });
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('plays a round id sent 8 times at once exactly once', async () => {
    const roundId = newKey();
    const replies = await Promise.all(Array.from({ length: 8 }, () => spin(replayer, roundId)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
    const rounds = replies.map((reply) => {
      const { replayed: _replayed, ...round } = reply.body.value as Record<string, unknown>;
      return round;
    });
    for (const round of rounds) expect(round).toEqual(rounds[0]);
    expect(
      replies.filter((reply) => !(reply.body.value as { replayed?: boolean }).replayed),
    ).toHaveLength(1);
    // The salary is folded in after the answer (issue 31): once, like the round. Its contract
    // (agent1's, at 1.00 %) writes two rows: the bettor's and agent1's difference (issue 34).
    await foldAccruals(server.deps);
    const [stored] = await server.deps.db.query<{
      bets: string;
      postings: string;
      accrued: string;
    }>(
      `select (select count(*) from bets where member_id = $1)::text as bets,
         (select count(*) from ledger_transactions where idempotency_key like $2)::text
           as postings,
         (select count(*) from salary_accruals a join bets b on b.id = a.bet_id
          where b.member_id = $1)::text as accrued`,
      [replayer.id, `round:%:${replayer.id}:${roundId}:bet`],
    );
    expect(stored).toEqual({ bets: '1', postings: '1', accrued: '2' });
    expect(await ledgerSum(server)).toBe(0n);
  });

  it("posts each member's bets to its own row of the house's vendors account", async () => {
    // Migration 048: 16 rows, so members' bets do not all wait for one row lock.
    const rows = await server.deps.db.query<{ id: string; name: string }>(
      `select id::text, name from ledger_accounts
       where kind = 'house' and split_part(name, '#', 1) = 'vendors'
       order by name = 'vendors' desc, length(name), name`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      'vendors',
      ...Array.from({ length: 15 }, (_, i) => `vendors#${i + 1}`),
    ]);
    const rowsOf = async (bettor: Bettor) => {
      expect((await spin(bettor, newKey())).status).toBe(200);
      const used = await server.deps.db.query<{ name: string }>(
        `select distinct a.name from ledger_entries e
         join ledger_transactions t on t.id = e.transaction_id
         join ledger_accounts a on a.id = e.account_id
         where t.member_id = $1 and t.kind in ('bet', 'win') and a.kind = 'house'`,
        [bettor.id],
      );
      return used.map((row) => row.name);
    };
    // Two members with consecutive ids meet different rows, each always the same one.
    const [a, b] = [await rowsOf(pair[0]!), await rowsOf(pair[1]!)];
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    expect(a[0]).not.toBe(b[0]);
    // The account's balance is the sum of its rows: what the members lost, the house won.
    const [after] = await server.deps.db.query<{ balance: string }>(HOUSE_BALANCE_SQL, ['vendors']);
    const [members] = await server.deps.db.query<{ net: string }>(
      `select coalesce(-sum(e.amount), 0)::text as net from ledger_entries e
       join ledger_transactions t on t.id = e.transaction_id
       join ledger_accounts a on a.id = e.account_id
       where t.kind in ('bet', 'win') and a.member_id is not null`,
    );
    expect(after!.balance).toBe(members!.net);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/types';
import { seedAgentDemo } from '../../../server/seed/seedAgentDemo';
import { seedCatalogue } from '../../../server/seed/seedCatalogue';
import { seedDemo } from '../../../server/seed/seedDemo';
import { engines, openTestDatabase } from '../../support/testServer';

/** The demo team's play is real ledger money, written as the demo vendor writes it, once. */
describe.each(engines)('agent demo seed on %s', (engine) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(engine));
    await migrate(db);
    await seedCatalogue(db);
    // How long seeding takes is a figure of `npm run bench -- coldStart`, not a test's limit.
    await seedDemo(db);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const counts = async () =>
    (
      await db.query<{ members: number; bets: number; transactions: number; entries: number }>(
        `select (select count(*) from members)::int as members, (select count(*) from bets)::int as bets,
           (select count(*) from ledger_transactions)::int as transactions,
           (select count(*) from ledger_entries)::int as entries`,
      )
    )[0]!;

  it('seeds only once', async () => {
    const before = await counts();
    expect(before.bets).toBe(300);
    await seedAgentDemo(db);
    await seedDemo(db);
    expect(await counts()).toEqual(before);
  });

  it('keeps the books: zero-sum transactions, balances that match their last entry', async () => {
    const [total] = await db.query<{ sum: string }>(
      'select coalesce(sum(balance), 0)::text as sum from ledger_accounts',
    );
    expect(total!.sum).toBe('0');
    const unbalanced = await db.query(
      `select t.id from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
       group by t.id having sum(e.amount) <> 0 or count(*) < 2`,
    );
    expect(unbalanced).toEqual([]);
    const drifted = await db.query(
      `select a.id from ledger_accounts a
       join lateral (select balance_after from ledger_entries e where e.account_id = a.id
         order by e.id desc limit 1) last on true
       where last.balance_after <> a.balance`,
    );
    expect(drifted).toEqual([]);
    const negative = await db.query(
      `select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.kind = 'main' and e.balance_after < 0`,
    );
    expect(negative).toEqual([]);
  });

  it('writes each round as the demo vendor does: a bet posting, and a win posting when it won', async () => {
    const rounds = await db.query<{
      round_id: string;
      bet: string;
      win: string;
      staked: string | null;
      paid: string | null;
    }>(
      `select b.round_id, b.bet_amount::text as bet, b.win_amount::text as win,
         (select -e.amount from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
           join ledger_accounts a on a.id = e.account_id and a.kind = 'main'
           where t.idempotency_key = 'round:' || b.vendor || ':' || b.round_id || ':bet' and t.kind = 'bet')::text as staked,
         (select e.amount from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
           join ledger_accounts a on a.id = e.account_id and a.kind = 'main'
           where t.idempotency_key = 'round:' || b.vendor || ':' || b.round_id || ':win' and t.kind = 'win')::text as paid
       from bets b`,
    );
    expect(rounds.length).toBe(300);
    for (const round of rounds) {
      expect(round.staked, round.round_id).toBe(round.bet);
      expect(round.paid ?? '0', round.round_id).toBe(round.win);
    }
    const games = await db.query(
      `select b.id from bets b left join games g on g.node_id = b.game_code where g.node_id is null`,
    );
    expect(games).toEqual([]);
    const deposits = await db.query<{ id: string }>(
      `select d.id::text from deposits d left join ledger_transactions t on t.id = d.ledger_transaction_id
       where d.status <> 'credited' or t.idempotency_key is distinct from 'deposit:' || d.id`,
    );
    expect(deposits).toEqual([]);
  });
});

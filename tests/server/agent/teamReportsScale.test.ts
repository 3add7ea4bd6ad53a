import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamOverview } from '../../../src/shared/agentReports';
import { loginToken } from '../../support/identityClient';
import { engines, startTestServer, type TestServer } from '../../support/testServer';
import { pageOf } from './agentClient';

const BETS = 100_000;
const MEMBERS = 1_000;
/**
 * The reports stay fast on a big team: 1,000 members three levels deep under agent2 (levels 2 to 4 of agent1's team), 100,000
 * settled bets over 30 days with their ledger entries. Every report (totals over the whole
 * range, a page deep in the list) answers right; how fast is the reports bench's (bench/README.md,
 * "Agent team reports at 100,000 bets").
 */
describe.each(engines)('agent reports at 100,000 bets on %s', (engine) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    const db = server.deps.db;
    // 1,000 players: 10 under agent2, then each level hangs 10 under each member above.
    await db.query(
      `insert into members (account, nickname, password_hash, type, upline_id)
       select 'big' || n, 'Big ' || n, 'x', 0,
         case when n <= 10 then (select id from members where account = 'agent2') end
       from generate_series(1, $1) as n`,
      [MEMBERS],
    );
    await db.query(
      `update members m set upline_id = u.id
       from members u
       where m.account ~ '^big[0-9]+$' and m.upline_id is null
         and u.account = 'big' || ((substring(m.account from 4)::int - 1) / 10)`,
    );
    await db.query(
      `insert into ledger_accounts (member_id, kind, name)
       select id, 'main', '' from members where account ~ '^big[0-9]+$'`,
    );
    await db.query(
      `insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
         valid_bet_amount, win_amount, status, created_at, settled_at)
       select m.id, case when n % 3 = 0 then 'PG' else 'JDB' end, 'G', 'Game', 'scale-' || n,
         100 * (1 + n % 5), 100 * (1 + n % 5), case when n % 2 = 0 then 150 * (1 + n % 5) else 0 end,
         'settled', now() - make_interval(secs => n * 25), now() - make_interval(secs => n * 25)
       from generate_series(1, $1) as n
       join members m on m.account = 'big' || (1 + n % $2)`,
      [BETS, MEMBERS],
    );
    await db.query(
      `insert into ledger_transactions (idempotency_key, kind, member_id, created_at)
       select 'scale:' || b.id, 'bet', b.member_id, b.created_at
       from bets b where b.round_id like 'scale-%'`,
    );
    await db.query(
      `insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
       select t.id, a.id, -b.bet_amount, 0, b.created_at
       from bets b
       join ledger_transactions t on t.idempotency_key = 'scale:' || b.id
       join ledger_accounts a on a.member_id = b.member_id and a.kind = 'main'
       where b.round_id like 'scale-%'`,
    );
    await db.exec('analyze');
    token = await loginToken(server, 'agent1');
  }, 240_000);
  afterAll(() => server.close());

  const month = () => ({
    from: new Date(Date.now() - 31 * 86_400_000).toISOString(),
    to: new Date(Date.now() + 60_000).toISOString(),
  });

  it('answers every report, totals over the whole range', async () => {
    const timings: Record<string, number> = {};
    const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const value = await run();
      timings[name] = Math.round(performance.now() - started);
      return value;
    };
    const overview = await timed('overview', () =>
      pageOf<never>(server, token, '/wps/agent/team/overview', month()),
    );
    expect((overview as unknown as TeamOverview).teamSize).toBe(9 + MEMBERS);
    expect((overview as unknown as TeamOverview).betCount).toBe(BETS + 300);

    const bets = await timed('bets (page 40)', () =>
      pageOf(server, token, '/wps/agent/team/bets', { ...month(), page: 40, pageSize: 50 }),
    );
    expect(bets.total).toBe(BETS + 300);
    expect(bets.items.length).toBe(50);
    await timed('bets by vendor', () =>
      pageOf(server, token, '/wps/agent/team/bets', { ...month(), vendor: 'PG' }),
    );
    await timed('bets by member', () =>
      pageOf(server, token, '/wps/agent/team/bets', { ...month(), account: 'big500' }),
    );
    const profit = await timed('profit', () =>
      pageOf(server, token, '/wps/agent/team/profit', { ...month(), page: 10 }),
    );
    expect(profit.total).toBe(MEMBERS + 5);
    const entries = await timed('transactions', () =>
      pageOf(server, token, '/wps/agent/team/transactions', { ...month(), page: 100 }),
    );
    expect(entries.total).toBeGreaterThan(BETS);
    await timed('transactions of one type', () =>
      pageOf(server, token, '/wps/agent/team/transactions', { ...month(), type: 'deposit' }),
    );
    const members = await timed('members (level 4)', () =>
      pageOf(server, token, '/wps/agent/team/members', { level: 4, page: 5 }),
    );
    expect(members.total).toBe(890); // big111 … big1000
    await timed('members by account', () =>
      pageOf(server, token, '/wps/agent/team/members', { account: 'big99' }),
    );
    await timed('income', () => pageOf(server, token, '/wps/agent/income', month()));

    process.stdout.write(
      `agent reports on ${engine} at ${BETS} bets (ms): ${JSON.stringify(timings)}\n`,
    );
    // No timed assertion (CI red once: the overview took 3.2 s against a 2.5 s budget while
    // the e2e suite ran beside it): speed goals live in bench/ (`npm run bench -- reports`),
    // and the figures above are printed for the record. What this test holds is the answers'
    // correctness at 100,000 bets.
  });
});

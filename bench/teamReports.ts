import type { Database } from '../server/db/types';
import { walletId } from '../server/domain/ledger/accounts';
import {
  bearer,
  call,
  loginToken,
  type PlatformServer,
  startPlatformServer,
} from './support/platformServer';
import { withPostgres } from './support/postgres';
import { type LatencySummary, summarize } from './support/stats';

/**
 * The agent back office's team reports at scale: agent1's team grown by 1,000 members over three
 * levels (10 direct sub-agents, 90 sub-agents under them, 900 players under those) with 100,000
 * settled bets over the last 30 days and their ledger entries (a 'bet' debit per round, a 'win'
 * credit per winning round, deposits and withdrawal holds per member), plus 30 daily salaries
 * on agent1's own wallet for "my income". Seeded with a few set-based statements
 * (generate_series), as tests/server/agent/teamReportsScale.test.ts does, then `analyze`.
 *
 * Each report's HTTP endpoint is asked as agent1 over a 30-day range, first page, one request
 * at a time: GET /wps/agent/team/overview, /team/members, /team/bets, /team/profit,
 * /team/transactions and /wps/agent/income; p50/p99 per report, on in-memory PGlite and on
 * PostgreSQL. Rounds go round robin (baseline, then each report once), so the machine's load
 * falls on every report alike.
 *
 * The baseline, in the same run and the same rounds: GET /wps/system/status on the same server
 * (no database, no session), timed the same way; the ratio per report is what the report costs
 * over an HTTP round trip to this server.
 */

export const REPORT_MEMBERS = 1_000;
export const REPORT_BETS = 100_000;
export const REPORT_ROUNDS = 30;
const WARM_UP_ROUNDS = 3;
/** Per engine: no new round starts after this (the warm-up counts). */
export const REPORT_BUDGET_MS = 45_000;
const DAY_MS = 86_400_000;

export const REPORTS = [
  { name: 'overview', path: '/wps/agent/team/overview', ranged: true },
  { name: 'members', path: '/wps/agent/team/members', ranged: false },
  { name: 'teamBets', path: '/wps/agent/team/bets', ranged: true },
  { name: 'teamProfit', path: '/wps/agent/team/profit', ranged: true },
  { name: 'teamTransactions', path: '/wps/agent/team/transactions', ranged: true },
  { name: 'income', path: '/wps/agent/income', ranged: true },
] as const;
const BASELINE_PATH = '/wps/system/status';

export interface ReportTiming {
  name: string;
  path: string;
  latency: LatencySummary;
  failed: number;
  firstError?: string;
  /** What the first answer said, to read the figure against (rows, totals). */
  note: string;
}

export interface SeedFigures {
  ms: number;
  members: number;
  bets: number;
  ledgerEntries: number;
}

export interface TeamReportsEngine {
  engine: 'pglite' | 'postgres';
  source?: string;
  skipped?: string;
  seed?: SeedFigures;
  rounds?: number;
  stoppedEarly?: boolean;
  baseline?: LatencySummary;
  reports?: ReportTiming[];
}

/** agent1's big team, its play and its money; returns counts and the time it took. */
export async function seedTeam(db: Database): Promise<SeedFigures> {
  const started = performance.now();
  const [agent] = await db.query<{ id: string }>(
    `select id::text from members where account = 'agent1'`,
  );
  const agentId = agent!.id;
  const main = await walletId(db, agentId, null);
  // One transaction. As a superuser (PGlite; the throw-away cluster) the foreign-key triggers
  // are switched off for it (session_replication_role = replica): the rows reference what they
  // should by construction, and 250,000 checks one by one take longer than the inserts.
  const [role] = await db.query<{ super: boolean }>(
    `select rolsuper as super from pg_roles where rolname = current_user`,
  );
  await db.transaction(async (tx) => {
    if (role?.super) await tx.query('set local session_replication_role = replica');
    // 10 under agent1, then each member hangs 10 under bench((n - 1) / 10): levels 1, 2, 3 hold
    // 10, 90 and 900. Those with a downline are sub-agents (type 2), the rest players. Joined
    // over the last ~42 days, so some are new in the range.
    await tx.query(
      `insert into members (account, nickname, password_hash, type, upline_id, created_at)
       select 'bench' || n, 'Bench ' || n, 'x', case when n < 100 then 2 else 0 end,
         case when n <= 10 then $2::bigint end, now() - make_interval(hours => n)
       from generate_series(1, $1) as n`,
      [REPORT_MEMBERS, agentId],
    );
    await tx.query(
      `update members m set upline_id = u.id
       from members u
       where m.account ~ '^bench[0-9]+$' and m.upline_id is null
         and u.account = 'bench' || ((substring(m.account from 6)::int - 1) / 10)`,
    );
    await tx.query(
      `insert into ledger_accounts (member_id, kind, name)
       select id, 'main', '' from members where account ~ '^bench[0-9]+$'`,
    );
    // 100,000 settled rounds, one every 25 s back from now (28.9 days), on real catalogue games
    // (picked from arrays: a join on a computed key would be a nested loop).
    await tx.query(
      `with g as (
         select array_agg(g.node_id order by g.node_id) as codes,
           array_agg(g.vendor order by g.node_id) as vendors,
           array_agg(coalesce(n.name, g.node_id) order by g.node_id) as names
         from games g left join game_names n on n.node_id = g.node_id and n.language = 'EN'
       ),
       m as (select array_agg(id order by id) as ids from members where account ~ '^bench[0-9]+$')
       insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
         valid_bet_amount, win_amount, status, created_at, settled_at)
       select m.ids[1 + n % cardinality(m.ids)], g.vendors[1 + n % cardinality(g.codes)],
         g.codes[1 + n % cardinality(g.codes)], g.names[1 + n % cardinality(g.codes)],
         'bench-' || n, 100 * (1 + n % 5), 100 * (1 + n % 5),
         case when n % 2 = 0 then 150 * (1 + n % 5) else 0 end,
         'settled', now() - make_interval(secs => n * 25), now() - make_interval(secs => n * 25)
       from generate_series(1, $1) as n, g, m`,
      [REPORT_BETS],
    );
    // Their ledger: the member side of each posting (the reports read only members' wallets).
    await tx.query(
      `with posted as (
         insert into ledger_transactions (idempotency_key, kind, member_id, created_at)
         select 'bench:' || b.id || ':' || k.kind, k.kind, b.member_id, b.created_at
         from bets b cross join (values ('bet'), ('win')) as k (kind)
         where b.round_id like 'bench-%' and (k.kind = 'bet' or b.win_amount > 0)
         returning id, idempotency_key, kind, created_at
       )
       insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
       select posted.id, a.id,
         case when posted.kind = 'bet' then -b.bet_amount else b.win_amount end, 0, posted.created_at
       from posted
       join bets b on b.id = split_part(posted.idempotency_key, ':', 2)::bigint
       join ledger_accounts a on a.member_id = b.member_id and a.kind = 'main'`,
    );
    // Per member three deposits of 500.00 and one withdrawal hold of 200.00 in the range.
    await tx.query(
      `with posted as (
         insert into ledger_transactions (idempotency_key, kind, member_id, created_at)
         select 'bench:cash:' || m.id || ':' || k,
           case when k < 3 then 'deposit' else 'withdrawal_hold' end, m.id,
           now() - make_interval(mins => ((m.id % 600) + k * 9000)::int)
         from members m cross join generate_series(0, 3) as k
         where m.account ~ '^bench[0-9]+$'
         returning id, kind, member_id, created_at
       )
       insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
       select posted.id, a.id, case when posted.kind = 'deposit' then 50000 else -20000 end, 0, posted.created_at
       from posted join ledger_accounts a on a.member_id = posted.member_id and a.kind = 'main'`,
    );
    // "My income": a settled salary on agent1's main wallet each of the last 30 days.
    await tx.query(
      `with posted as (
         insert into ledger_transactions (idempotency_key, kind, member_id, created_at)
         select 'bench:salary:' || d, 'salary', $1::bigint, now() - make_interval(days => d)
         from generate_series(0, 29) as d
         returning id, created_at
       )
       insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
       select posted.id, $2::bigint, 1234, 0, posted.created_at from posted`,
      [agentId, main],
    );
  });
  await db.exec('analyze');
  const [counts] = await db.query<{ members: string; bets: string; entries: string }>(
    `select (select count(*) from members)::text as members,
       (select count(*) from bets)::text as bets,
       (select count(*) from ledger_entries)::text as entries`,
  );
  return {
    ms: performance.now() - started,
    members: Number(counts!.members),
    bets: Number(counts!.bets),
    ledgerEntries: Number(counts!.entries),
  };
}

/** What a first answer holds, in a few words. */
function describe(value: unknown): string {
  const page = value as { total?: number; items?: unknown[]; totals?: Record<string, string> };
  if (Array.isArray(page.items)) {
    const totals = page.totals
      ? `; totals ${Object.entries(page.totals)
          .slice(0, 2)
          .map(([key, amount]) => `${key} ${amount}`)
          .join(', ')}`
      : '';
    return `${page.items.length} rows of ${page.total}${totals}`;
  }
  const overview = value as { teamSize?: number; betCount?: number; activeMembers?: number };
  return `team ${overview.teamSize}, ${overview.betCount} bets, ${overview.activeMembers} active`;
}

async function timeReports(
  server: PlatformServer,
): Promise<Pick<TeamReportsEngine, 'rounds' | 'stoppedEarly' | 'baseline' | 'reports'>> {
  const token = await loginToken(server, 'agent1');
  const to = new Date(Date.now() + 60_000);
  const range = new URLSearchParams({
    from: new Date(to.getTime() - 30 * DAY_MS).toISOString(),
    to: to.toISOString(),
  }).toString();
  const targets = [
    { name: 'baseline', path: BASELINE_PATH, url: BASELINE_PATH, headers: {} },
    ...REPORTS.map((report) => ({
      name: report.name,
      path: report.path,
      url: report.ranged ? `${report.path}?${range}` : report.path,
      headers: bearer(token),
    })),
  ];
  const samples = targets.map(() => [] as number[]);
  const failed = targets.map(() => 0);
  const firstError: (string | undefined)[] = targets.map(() => undefined);
  const notes: string[] = targets.map(() => '');

  const started = performance.now();
  let rounds = 0;
  let stoppedEarly = false;
  for (let round = 0; round < WARM_UP_ROUNDS + REPORT_ROUNDS; round += 1) {
    if (performance.now() - started > REPORT_BUDGET_MS) {
      stoppedEarly = true;
      break;
    }
    const counted = round >= WARM_UP_ROUNDS;
    for (const [index, target] of targets.entries()) {
      const before = performance.now();
      const reply = await call(server, target.url, { headers: target.headers });
      const elapsed = performance.now() - before;
      if (!reply.body.success) {
        failed[index]! += 1;
        firstError[index] ??= `${reply.status} ${reply.body.code} ${reply.body.message}`;
        continue;
      }
      if (round === 0 && index > 0) notes[index] = describe(reply.body.value);
      if (counted) samples[index]!.push(elapsed);
    }
    if (counted) rounds += 1;
  }
  return {
    rounds,
    stoppedEarly,
    baseline: summarize(samples[0]!),
    reports: REPORTS.map((report, k) => ({
      name: report.name,
      path: report.path,
      latency: summarize(samples[k + 1]!),
      failed: failed[k + 1]!,
      firstError: firstError[k + 1],
      note: notes[k + 1]!,
    })),
  };
}

async function measureEngine(databaseUrl?: string): Promise<Omit<TeamReportsEngine, 'engine'>> {
  const server = await startPlatformServer({ databaseUrl });
  try {
    const seed = await seedTeam(server.deps.db);
    return { seed, ...(await timeReports(server)) };
  } finally {
    await server.close();
  }
}

export async function measureTeamReports(): Promise<TeamReportsEngine[]> {
  const engines: TeamReportsEngine[] = [{ engine: 'pglite', ...(await measureEngine()) }];
  const postgres: TeamReportsEngine = { engine: 'postgres' };
  engines.push(postgres);
  try {
    postgres.source = await withPostgres(async (databaseUrl) => {
      Object.assign(postgres, await measureEngine(databaseUrl));
    });
  } catch (error) {
    postgres.skipped = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
  return engines;
}

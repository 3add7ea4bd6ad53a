import { randomBytes } from 'node:crypto';
import { toMoneyString } from '../src/shared/money';
import { postTransaction } from '../server/domain/ledger/post';
import { foldAccruals } from '../server/domain/accruals/fold';
import { readsSettled } from '../server/platform/unitOfWork';
import type { Database } from '../server/db/types';
import { countStatements, type StatementCount } from '../server/db/statementCount';
import { type Bettor, prepareBettors } from '../tests/support/bettors';
import { checkBets } from '../tests/support/betChecks';
import { type LoadRun, runLoad } from './support/load';
import { type CpuSample, type CpuSpent, cpuSample, cpuSpent } from './support/cpu';
import { startPlatformServer, type PlatformServer } from './support/platformServer';
import { withPostgres } from './support/postgres';
import { type PoolRun, runPool } from './support/stats';

/**
 * Bets per second through the real HTTP API (issue 31): slot spins (`POST
 * /wps/demo-vendor/spin`) and lottery bets (`POST /wps/demo-vendor/draw`) of 1.00 by
 * `BET_PLAYERS` real members, each with every accrual active — a realTimeSalary contract with
 * agent1, a rebate promotion for everyone, points, the daily missions, VIP, loss and wager
 * limits and a session limit in force, and a bonus being wagered — one at a time and with
 * `IN_FLIGHT` in flight over the bettors (keep-alive connections from a worker thread). Against
 * two baselines measured in the same run on the same database: an authenticated no-op (`GET
 * /wps/relay/GCS_merchantWallet`, one session lookup) hit the same way, and ledger transfers between
 * the bettors' main wallets in process at the same concurrency. Afterwards the books and every
 * accrual are checked against the bets that were made; the statements one bet executes are
 * counted first (server/db/statementCount.ts), with the fold of its accruals after its answer;
 * after each run, the bets still queued for their accruals and the time to fold them in.
 */
export const BET_PLAYERS = 64;
/**
 * The authenticated no-op: a call that looks up the session and answers from configuration.
 * `GET /wps/deposit/channels` was it until issue 34 made it read the member's deposit limits
 * and answers from them: no longer a no-op.
 */
export const NOOP_PATH = '/wps/relay/GCS_merchantWallet';
export const IN_FLIGHT = 32;
const WARM_UP_MS = 500;
const RUN_MS = 4_000;
const BET = '1.00';

export interface BetRuns {
  single: LoadRun;
  parallel: LoadRun;
  /**
   * After each run (issue 31: what only counts is folded in after the answers): how long the
   * queued accruals took to be folded in once the load stopped, and how many bets were waiting
   * (0 and ~0 ms: the folds kept up with the bets).
   */
  backlog?: { single: Backlog; parallel: Backlog };
  /**
   * The CPU the run with many in flight spent in its measured window: the machine's, this
   * process's (server and load worker) and PostgreSQL's (0 on PGlite, whose engine runs in this
   * process). Null where /proc cannot be read.
   */
  parallelCpu?: CpuSpent | null;
}

/** `runLoad` with many in flight, and the CPU spent in its measured window. */
async function loadWithCpu(
  options: Parameters<typeof runLoad>[0],
): Promise<{ run: LoadRun; cpu: CpuSpent | null }> {
  let opened: CpuSample | null = null;
  let closed: CpuSample | null = null;
  const run = await runLoad({
    ...options,
    onWindow: (window) => {
      if (window === 'open') opened = cpuSample();
      else closed = cpuSample();
    },
  });
  return { run, cpu: cpuSpent(opened, closed) };
}

export interface Backlog {
  queued: number;
  drainMs: number;
}

export interface BetsEngineFigures {
  engine: 'pglite' | 'postgres';
  source?: string;
  skipped?: string;
  /** What one spin and one lottery bet execute, counted on a warm server. */
  statements?: { spin: StatementCount; draw: StatementCount };
  noop?: BetRuns;
  spins?: BetRuns;
  draws?: BetRuns;
  ledger?: { single: PoolRun; parallel: PoolRun };
  /** What the checks afterwards found wrong (none: the books and every accrual agree). */
  anomalies?: string[];
  betsChecked?: number;
}

const key = () => randomBytes(12).toString('base64url');

const spinBody = (bettor: Bettor) =>
  JSON.stringify({ launch: bettor.slot, bet: BET, roundId: '__ROUND__' });
const drawBody = (bettor: Bettor) =>
  JSON.stringify({ launch: bettor.draw, bet: BET, roundId: '__ROUND__', pick: 7 });

async function betRuns(
  server: PlatformServer,
  bettors: Bettor[],
  path: string,
  body: (bettor: Bettor) => string,
): Promise<BetRuns> {
  const requests = bettors.map((bettor) => ({
    url: server.url + path,
    method: 'POST' as const,
    headers: {},
    body: body(bettor),
  }));
  const options = { requests, urls: [], warmUpMs: WARM_UP_MS, durationMs: RUN_MS };
  const single = await runLoad({ ...options, requests: requests.slice(0, 1), connections: 1 });
  const singleBacklog = await backlog(server);
  const parallel = await loadWithCpu({ ...options, connections: IN_FLIGHT });
  return {
    single,
    parallel: parallel.run,
    parallelCpu: parallel.cpu,
    backlog: { single: singleBacklog, parallel: await backlog(server) },
  };
}

/** The bets still queued for their accruals, and the time they take to be folded in. */
async function backlog(server: PlatformServer): Promise<Backlog> {
  const started = performance.now();
  const [row] = await server.deps.db.query<{ queued: number }>(
    'select count(*)::int as queued from bet_accrual_queue',
  );
  await foldAccruals(server.deps);
  return { queued: row!.queued, drainMs: performance.now() - started };
}

async function noopRuns(server: PlatformServer, bettors: Bettor[]): Promise<BetRuns> {
  const requests = bettors.map((bettor) => ({
    url: `${server.url}${NOOP_PATH}`,
    method: 'GET' as const,
    headers: { authorization: `Bearer ${bettor.token}` },
  }));
  const options = { requests, urls: [], warmUpMs: WARM_UP_MS, durationMs: RUN_MS };
  const single = await runLoad({ ...options, requests: requests.slice(0, 1), connections: 1 });
  const parallel = await loadWithCpu({ ...options, connections: IN_FLIGHT });
  return { single, parallel: parallel.run, parallelCpu: parallel.cpu };
}

async function ledgerRuns(db: Database, bettors: Bettor[]): Promise<BetsEngineFigures['ledger']> {
  const transfer = async (i: number) => {
    const from = bettors[i % bettors.length]!;
    const to = bettors[(i * 7 + 1) % bettors.length]!;
    const pair = from === to ? bettors[(i + 1) % bettors.length]! : to;
    await postTransaction(db, {
      idempotencyKey: `transfer:bench-bets:${key()}`,
      kind: 'wallet_transfer',
      memberId: from.id,
      postings: [
        { accountId: from.main, amount: -1n },
        { accountId: pair.main, amount: 1n },
      ],
    });
  };
  return {
    single: await runPool(1_000_000, 1, RUN_MS, transfer),
    parallel: await runPool(1_000_000, IN_FLIGHT, RUN_MS, transfer),
  };
}

/** One spin and one lottery bet of a warm bettor, each statement counted. */
async function countOneBet(
  server: PlatformServer,
  bettor: Bettor,
): Promise<{ spin: StatementCount; draw: StatementCount }> {
  const bet = async (path: string, body: string) => {
    const { count } = await countStatements(server.deps.db, async () => {
      const response = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.replace('__ROUND__', key()),
      });
      const text = await response.text();
      if (!text.includes('"success":true')) throw new Error(`${path}: ${text}`);
      // The fold a moment after the answer (issue 31) is counted with the bet.
      await readsSettled(server.deps);
    });
    return count;
  };
  // Warm: the first bets of a member create its rows (VIP, points, missions).
  for (let i = 0; i < 3; i++) {
    await bet('/wps/demo-vendor/spin', spinBody(bettor));
    await bet('/wps/demo-vendor/draw', drawBody(bettor));
  }
  return {
    spin: await bet('/wps/demo-vendor/spin', spinBody(bettor)),
    draw: await bet('/wps/demo-vendor/draw', drawBody(bettor)),
  };
}

async function measureEngine(
  engine: 'pglite' | 'postgres',
  databaseUrl?: string,
): Promise<BetsEngineFigures> {
  const server = await startPlatformServer(databaseUrl ? { databaseUrl } : {});
  try {
    const bettors = await prepareBettors(server.deps, BET_PLAYERS, 'betbench');
    const statements = await countOneBet(server, bettors[0]!);
    const noop = await noopRuns(server, bettors);
    const spins = await betRuns(server, bettors, '/wps/demo-vendor/spin', spinBody);
    const draws = await betRuns(server, bettors, '/wps/demo-vendor/draw', drawBody);
    const ledger = await ledgerRuns(server.deps.db, bettors);
    // Every bet folded in and the reads after the commits (salary totals) done.
    await foldAccruals(server.deps);
    await readsSettled(server.deps);
    const checked = await checkBets(server.deps.db, bettors);
    return {
      engine,
      statements,
      noop,
      spins,
      draws,
      ledger,
      anomalies: checked.anomalies,
      betsChecked: checked.bets,
    };
  } finally {
    await server.close();
  }
}

export async function measureBets(): Promise<BetsEngineFigures[]> {
  const figures: BetsEngineFigures[] = [await measureEngine('pglite')];
  let postgres: BetsEngineFigures | null = null;
  try {
    const source = await withPostgres(async (url) => {
      postgres = await measureEngine('postgres', url);
    });
    figures.push({ ...postgres!, source });
  } catch (error) {
    figures.push({
      engine: 'postgres',
      skipped: error instanceof Error ? error.message : String(error),
    });
  }
  return figures;
}

export const BET_AMOUNT = toMoneyString(100n);

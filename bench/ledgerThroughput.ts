import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import type { Database } from '../server/db/types';
import { houseAccountId, walletId } from '../server/domain/ledger/accounts';
import { postTransaction } from '../server/domain/ledger/post';
import { startPostgres } from '../tests/support/postgresCluster';
import { type PoolRun, runPool } from './support/stats';

/**
 * Ledger throughput in one process: `postTransaction` transfers between random members' main
 * wallets (two balance updates, two entries, a transaction row with a unique idempotency key,
 * all in one database transaction), on in-memory PGlite and on PostgreSQL.
 *
 * The baseline, on the same database in the same run, is the cheapest write transaction there is:
 * one `update … set balance = balance + 1` in its own `db.transaction`, the same number of times
 * with the same concurrency. The ratio says what the ledger's bookkeeping costs over the bare
 * round trips of a transaction on this machine. It runs on a table of its own (`bench_counters`,
 * one row per member) so the ledger's books still balance.
 */

export const LEDGER_MEMBERS = 32;
export const LEDGER_TRANSFERS = 2_000;
/** Each engine stops starting new work after this long (in-flight operations finish). */
export const ENGINE_BUDGET_MS = 20_000;
const BASELINE_BUDGET_MS = 6_000;
const WARM_UP = 50;
/** Every member starts with 1,000,000.00 (minor units): no transfer below runs out of money. */
const STARTING_BALANCE = 100_000_000n;

export interface EngineFigures {
  engine: 'pglite' | 'postgres';
  /** Set when the engine could not be used; nothing else is then. */
  skipped?: string;
  /** Where PostgreSQL came from (BENCH_DATABASE_URL or a throw-away cluster). */
  source?: string;
  concurrency: number;
  requested: number;
  transfers?: PoolRun;
  baseline?: PoolRun;
}

interface Fixture {
  wallets: string[];
}

async function prepare(db: Database): Promise<Fixture> {
  await migrate(db);
  const members = await db.query<{ id: string }>(
    `insert into members (account, nickname, password_hash)
     select 'bench' || g, 'Bench ' || g, 'not-a-hash' from generate_series(1, $1::int) g
     returning id::text`,
    [LEDGER_MEMBERS],
  );
  const deposits = await houseAccountId(db, 'deposits');
  const wallets: string[] = [];
  for (const member of members) {
    const wallet = await walletId(db, member.id, null);
    await postTransaction(db, {
      idempotencyKey: `bench-fund-${member.id}`,
      kind: 'deposit',
      memberId: member.id,
      postings: [
        { accountId: deposits, amount: -STARTING_BALANCE },
        { accountId: wallet, amount: STARTING_BALANCE },
      ],
    });
    wallets.push(wallet);
  }
  await db.exec(
    `create table bench_counters (id int primary key, balance bigint not null default 0);
     insert into bench_counters (id) select g from generate_series(1, ${LEDGER_MEMBERS}) g;`,
  );
  return { wallets };
}

/** One transfer of 0.01–1.00 between two different random members' main wallets. */
function transfer(db: Database, fixture: Fixture, key: string): Promise<unknown> {
  const from = randomInt(fixture.wallets.length);
  const to = (from + 1 + randomInt(fixture.wallets.length - 1)) % fixture.wallets.length;
  const amount = BigInt(randomInt(1, 101));
  return postTransaction(db, {
    idempotencyKey: key,
    kind: 'wallet_transfer',
    memberId: null,
    postings: [
      { accountId: fixture.wallets[from]!, amount: -amount },
      { accountId: fixture.wallets[to]!, amount },
    ],
  });
}

function bump(db: Database): Promise<unknown> {
  return db.transaction((tx) =>
    tx.query('update bench_counters set balance = balance + 1 where id = $1', [
      randomInt(1, LEDGER_MEMBERS + 1),
    ]),
  );
}

async function measureEngine(
  db: Database,
  figures: EngineFigures,
  budgetStarted: number,
): Promise<void> {
  const fixture = await prepare(db);
  const run = randomBytes(4).toString('hex');
  // Warm up both paths (connections, plans, JIT) before anything is timed.
  for (let i = 0; i < WARM_UP; i += 1) {
    await transfer(db, fixture, `bench-warm-${run}-${i}`);
    await bump(db);
  }
  figures.baseline = await runPool(
    figures.requested,
    figures.concurrency,
    BASELINE_BUDGET_MS,
    async () => {
      await bump(db);
    },
  );
  const left = ENGINE_BUDGET_MS - (performance.now() - budgetStarted);
  figures.transfers = await runPool(
    figures.requested,
    figures.concurrency,
    Math.max(2_000, left),
    async (i) => {
      await transfer(db, fixture, `bench-${run}-${i}`);
    },
  );
  // Bookkeeping check for the reader, not an assertion: money is neither made nor lost.
  const [sum] = await db.query<{ total: string }>(
    'select coalesce(sum(balance), 0)::text as total from ledger_accounts',
  );
  if (sum?.total !== '0') console.warn(`  warning: ledger accounts sum to ${sum?.total}, not 0`);
}

async function measurePglite(): Promise<EngineFigures> {
  // PGlite is one connection that runs one transaction at a time: more in flight only queues.
  const figures: EngineFigures = { engine: 'pglite', concurrency: 1, requested: LEDGER_TRANSFERS };
  const started = performance.now();
  const db = await openPglite(null);
  try {
    await measureEngine(db, figures, started);
  } finally {
    await db.close();
  }
  return figures;
}

/** A fresh database on the server at `adminUrl`, dropped afterwards. */
async function withScratchDatabase(
  adminUrl: string,
  work: (db: Database) => Promise<void>,
): Promise<void> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    try {
      await work(db);
    } finally {
      await db.close();
      // Let the pool's backends finish exiting before the database is dropped under them.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

async function measurePostgres(): Promise<EngineFigures> {
  // openPostgres's pool has 10 connections: 8 transfers in flight use most of them.
  const figures: EngineFigures = {
    engine: 'postgres',
    concurrency: 8,
    requested: LEDGER_TRANSFERS,
  };
  let adminUrl = process.env.BENCH_DATABASE_URL;
  let stop: (() => void) | null = null;
  if (adminUrl) figures.source = 'BENCH_DATABASE_URL';
  else {
    try {
      const cluster = await startPostgres();
      adminUrl = cluster.url;
      stop = () => cluster.stop();
      figures.source = 'throw-away cluster (fsync off, synchronous_commit off)';
    } catch (error) {
      figures.skipped = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return figures;
    }
  }
  const started = performance.now();
  try {
    await withScratchDatabase(adminUrl, (db) => measureEngine(db, figures, started));
  } catch (error) {
    figures.skipped = error instanceof Error ? error.message.split('\n')[0] : String(error);
  } finally {
    stop?.();
  }
  return figures;
}

export async function measureLedgerThroughput(): Promise<EngineFigures[]> {
  return [await measurePglite(), await measurePostgres()];
}

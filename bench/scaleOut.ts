import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { startPostgres } from '../tests/support/postgresCluster';
import { redisServerBinary, startRedis } from '../tests/support/redisServer';
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
} from '../tests/support/serverProcess';
import { bearer, call, loginToken } from './support/platformServer';
import { closeSockets, connectSockets, type FanoutRun, timeFanout } from './support/sockets';

/**
 * Balance events at scale (issue 13): 5,000 sockets, on one process and split over two processes
 * that fan out through Redis (socket.io's Redis Streams adapter), all on one PostgreSQL. player1
 * has LISTENERS of those sockets (half on each process when there are two); the rest are
 * guests. Each round, an operator bonus of 0.01 through process A emits one `balance` event to
 * player1's room; the figure is the time from just before the request to the event's arrival,
 * per listener, so on two processes it includes the trip through Redis for the listeners on B.
 *
 * Baseline, in the same run: the same sockets and rounds on one process without Redis.
 * Also: the server's resident memory per idle socket (its RSS with the sockets connected, less
 * its RSS before, divided by their number), on the single process.
 *
 * Goals (quiet machine): p99 ≤ 150 ms at 5,000 sockets; ≤ 30 KB per idle socket.
 */
export const SCALE_SOCKETS = 5_000;
const LISTENERS = 50;
const ROUNDS = 100;
const WARM_UP = 10;
const ROUND_BUDGET_MS = 20_000;
const OPS_TOKEN = randomBytes(24).toString('base64url');

export interface ScaleOutFigures {
  skipped?: string;
  sockets: number;
  listeners: number;
  single?: FanoutRun;
  /** Listeners on the process that committed (A), and on the other one (B, through Redis). */
  splitSame?: FanoutRun;
  splitOther?: FanoutRun;
  connectSingleMs?: number;
  connectSplitMs?: number;
  /** Resident memory added per idle connected socket, in bytes. */
  bytesPerSocket?: number;
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

/** What settles the RSS reading: the server's work on the new sockets is done. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

async function rounds(
  server: ServerProcess,
  listeners: { all: Socket[]; same: Socket[]; other: Socket[] },
): Promise<{ all: FanoutRun; same: FanoutRun; other: FanoutRun }> {
  const bonus = async () => {
    const reply = await call(server, '/ops/bonus', {
      method: 'POST',
      headers: bearer(OPS_TOKEN),
      json: {
        account: 'player1',
        amount: '0.01',
        reason: 'bench',
        idempotencyKey: randomBytes(12).toString('base64url'),
      },
    });
    if (!reply.body.success) throw new Error(`bonus refused: ${reply.body.message}`);
  };
  const fanout = { event: 'balance', perRound: 1, budgetMs: ROUND_BUDGET_MS, trigger: bonus };
  await timeFanout({ ...fanout, listeners: listeners.all, rounds: WARM_UP });
  // The same rounds, timed once per group of listeners: each group's own percentiles.
  const all = await timeFanout({ ...fanout, listeners: listeners.all, rounds: ROUNDS });
  const same = await timeFanout({ ...fanout, listeners: listeners.same, rounds: ROUNDS });
  const other = listeners.other.length
    ? await timeFanout({ ...fanout, listeners: listeners.other, rounds: ROUNDS })
    : same;
  return { all, same, other };
}

export async function measureScaleOut(): Promise<ScaleOutFigures> {
  const figures: ScaleOutFigures = { sockets: SCALE_SOCKETS, listeners: LISTENERS };
  if (!redisServerBinary()) return { ...figures, skipped: 'redis-server is not installed' };
  const entry = existsSync('dist-server/main.js') ? ['dist-server/main.js'] : undefined;
  const pg = await startPostgres();
  const redis = await startRedis();
  const root = await mkdtemp(path.join(tmpdir(), 'platform-scale-'));
  const start = (name: string, env: Record<string, string>) =>
    startServerProcess({
      dataDir: path.join(root, name),
      databaseUrl: pg.url,
      entry,
      env: { OPS_TOKEN, DEV_TOOLS: '0', MAX_CONNECTIONS: '20000', ...env },
    });
  try {
    // One process, no Redis: the baseline, and the memory per socket.
    const single = await start('single', {});
    const token = await loginToken(single, 'player1');
    const before = await residentBytes(single.pid);
    let started = performance.now();
    let sockets = await connectSockets(single.url, SCALE_SOCKETS, (i) =>
      i < LISTENERS ? { token } : {},
    );
    figures.connectSingleMs = performance.now() - started;
    await settle();
    figures.bytesPerSocket = ((await residentBytes(single.pid)) - before) / SCALE_SOCKETS;
    try {
      const listeners = sockets.slice(0, LISTENERS);
      figures.single = (await rounds(single, { all: listeners, same: listeners, other: [] })).all;
    } finally {
      closeSockets(sockets);
      await single.stop();
    }

    // Two processes through Redis, the sockets split evenly, the bonus always through A.
    const env = { REDIS_URL: redis.url };
    const a = await start('a', env);
    const b = await start('b', env);
    started = performance.now();
    sockets = await connectSockets(a.url, SCALE_SOCKETS / 2, (i) =>
      i < LISTENERS / 2 ? { token } : {},
    );
    const onB = await connectSockets(b.url, SCALE_SOCKETS / 2, (i) =>
      i < LISTENERS / 2 ? { token } : {},
    );
    figures.connectSplitMs = performance.now() - started;
    try {
      const same = sockets.slice(0, LISTENERS / 2);
      const other = onB.slice(0, LISTENERS / 2);
      const split = await rounds(a, { all: [...same, ...other], same, other });
      figures.splitSame = split.same;
      figures.splitOther = split.other;
    } finally {
      closeSockets(sockets);
      closeSockets(onB);
    }
    return figures;
  } finally {
    await killServerProcesses();
    await redis.stop();
    pg.stop();
    await rm(root, { recursive: true, force: true });
  }
}

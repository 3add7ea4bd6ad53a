import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';
import type { Database } from './db/types';

/**
 * Prometheus metrics of this process (issue 13), served on their own port (METRICS_PORT), never
 * on the public one: they tell an attacker which routes are slow and how busy the site is.
 * One registry per process; what it counts is the process's own (a WEB_CONCURRENCY primary
 * adds its workers' up).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpDuration = new Histogram({
  name: 'platform_http_request_duration_seconds',
  help: 'HTTP requests by method, route (its pattern, not the URL) and status, with their latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const socketEvents = new Counter({
  name: 'platform_socket_events_emitted_total',
  help: 'socket.io events emitted by this process, by event (one per room emit)',
  labelNames: ['event'] as const,
  registers,
});

export const ledgerPostings = new Counter({
  name: 'platform_ledger_postings_total',
  help:
    'Ledger transactions by kind and outcome: written (inside its database transaction, which ' +
    'may still roll back) or replayed (an idempotency key seen before)',
  labelNames: ['kind', 'outcome'] as const,
  registers,
});

export const jobRuns = new Counter({
  name: 'platform_job_runs_total',
  help: 'Job runs by job and outcome: ran, skipped (another process held the lock) or failed',
  labelNames: ['job', 'outcome'] as const,
  registers,
});

export const jobDuration = new Histogram({
  name: 'platform_job_duration_seconds',
  help: 'How long a job run took',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30],
  registers,
});

export const jobLastSuccess = new Gauge({
  name: 'platform_job_last_success_timestamp_seconds',
  help: 'When a job last ran to the end (Unix time): alert on time() minus this',
  labelNames: ['job'] as const,
  aggregator: 'max',
  registers,
});

/** Sources read at scrape time; boot points them at this process's server and database. */
const sources: {
  sockets: () => number;
  db: Database | null;
} = { sockets: () => 0, db: null };

new Gauge({
  name: 'platform_sockets_open',
  help: 'socket.io connections open on this process',
  registers,
  collect() {
    this.set(sources.sockets());
  },
});

new Gauge({
  name: 'platform_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting = callers queued for one)',
  labelNames: ['state'] as const,
  registers,
  collect() {
    const stats = sources.db?.poolStats?.();
    if (!stats) return;
    for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
  },
});

new Gauge({
  name: 'platform_salary_settlement_lag_seconds',
  help: 'Age of the oldest salary period that has ended and is not settled yet (0 when none)',
  aggregator: 'max',
  registers,
  async collect() {
    if (!sources.db) return;
    const [row] = await sources.db
      .query<{ lag: string | null }>(
        `select extract(epoch from now() - min(period_end))::text as lag
         from salary_accruals where settlement_id is null and period_end <= now()`,
      )
      .catch(() => [{ lag: null }]);
    this.set(Math.max(0, Number(row?.lag ?? 0)));
  },
});

new Gauge({
  name: 'platform_accrual_fold_lag_seconds',
  help: 'Age of the oldest bet queued for its accruals and not folded in yet (0 when none; issue 31: folds run every 0.1 s, so a growing figure means they fail)',
  aggregator: 'max',
  registers,
  async collect() {
    if (!sources.db) return;
    const [row] = await sources.db
      .query<{ lag: string | null }>(
        `select extract(epoch from now() - min(queued_at))::text as lag from bet_accrual_queue`,
      )
      .catch(() => [{ lag: null }]);
    this.set(Math.max(0, Number(row?.lag ?? 0)));
  },
});

export function observe(options: { sockets: () => number; db: Database }): void {
  sources.sockets = options.sockets;
  sources.db = options.db;
}

/** Times a job run and counts its outcome. */
export async function timedJob<T extends { ran: boolean }>(
  job: string,
  run: () => Promise<T>,
): Promise<T> {
  const end = jobDuration.startTimer({ job });
  try {
    const result = await run();
    end();
    jobRuns.inc({ job, outcome: result.ran ? 'ran' : 'skipped' });
    if (result.ran) jobLastSuccess.set({ job }, Date.now() / 1000);
    return result;
  } catch (error) {
    end();
    jobRuns.inc({ job, outcome: 'failed' });
    throw error;
  }
}

/**
 * GET /metrics on METRICS_HOST:METRICS_PORT. In a WEB_CONCURRENCY primary it answers the sum
 * of its workers (prom-client's cluster aggregation over the IPC channel).
 */
export async function startMetricsServer(host: string, port: number): Promise<Server> {
  const aggregate = cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0;
  const aggregator = aggregate ? new AggregatorRegistry() : null;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    const collect = aggregator ? aggregator.clusterMetrics() : metricsRegistry.metrics();
    collect.then(
      (body) => {
        response.writeHead(200, { 'content-type': metricsRegistry.contentType });
        response.end(body);
      },
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** A WEB_CONCURRENCY worker answers its primary's aggregation with this registry. */
export function shareWithPrimary(): void {
  // Constructing one is what makes prom-client answer the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metricsRegistry]);
}

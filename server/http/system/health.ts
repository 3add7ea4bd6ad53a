import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** What the process is doing, as the readiness probe reports it. */
export interface Lifecycle {
  /** Set when shutdown began: a load balancer should send nothing new here. */
  draining: boolean;
}

/** A dependency check gets this long before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

type CheckResult = 'ok' | `failed: ${string}`;

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return `failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for an orchestrator or a load balancer (issue 13), outside the API's prefixes so the
 * maintenance and region rules never answer them:
 * - `GET /healthz`: the process is alive and answering (200 `{ status: "ok" }`); restart it
 *   when this fails.
 * - `GET /readyz`: it can serve: the database answers and, when REDIS_URL is set, Redis does. 200
 *   `{ status: "ready", checks }`, else 503 `{ status: "unavailable" | "draining", checks }`;
 *   send it no traffic while this fails.
 * Both say nothing secret (no versions, no addresses) and are never cached.
 */
export async function healthRoutes(
  http: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'redis'>,
  lifecycle: Lifecycle,
): Promise<void> {
  http.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  http.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.draining) return reply.status(503).send({ status: 'draining', checks: {} });
    const { redis } = deps;
    const [database, fanOut] = await Promise.all([
      check(() => deps.db.query('select 1')),
      redis ? check(() => redis.ping()) : null,
    ]);
    // Without Redis this process's events would reach only its own sockets: not ready.
    const checks = fanOut ? { database, redis: fanOut } : { database };
    const ready = Object.values(checks).every((result) => result === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', checks });
  });
}

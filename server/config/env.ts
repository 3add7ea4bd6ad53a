import path from 'node:path';
import { z } from 'zod';
import { defaultHttpLimits, type HttpLimits } from './httpLimits';

const milliseconds = (fallback: number, min = 1_000) =>
  z.coerce.number().int().min(min).max(3_600_000).default(fallback);

/** Environment variables; every one is documented in .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Redis for more than one process (socket.io's Redis Streams adapter): every live event and
   * the maintenance switch reach the pages of every process. Unset: one process.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * The operator token (`npm run ops`, /ops/*). Unset: each start makes a new one and writes it
   * to DATA_DIR/server.json. Set it when the ops commands must reach any of several machines.
   */
  OPS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The key that seals staff members' two-factor secrets in the database (issue 30): 32 random
   * bytes in base64 (`openssl rand -base64 32`), the same for every process, kept outside the
   * database. Unset: the secrets are stored as they are (production warns at start).
   */
  STAFF_SECRET_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  /**
   * Prometheus metrics (GET /metrics) on this port, on METRICS_HOST; unset: none. Never the
   * public port: keep it reachable by the scraper only.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  PLATFORM_CONFIG: z.string().default('config/platform.json'),
  /** proxy-addr trust setting, e.g. "loopback" or "10.0.0.0/8"; unset = trust no proxy. */
  TRUST_PROXY: z.string().optional(),
  /** Serve the built site from dist/ (off under `npm run dev`, where Vite serves it). */
  SERVE_STATIC: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).default(1),
  /**
   * The development tools (SMS outbox, captcha answers, game rig, salary settle): off unless
   * `DEV_TOOLS=1`, and refused in production. The test servers set it; `npm start` never does.
   */
  DEV_TOOLS: z
    .enum(['', '0', '1', 'false', 'true'], { message: 'must be 1 (on) or 0 (off)' })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /**
   * A lighter human check (its proof of work's largest counter) for the end-to-end tests, where
   * a busy machine can take seconds per login. Only with DEV_TOOLS=1, and at least 1,000.
   */
  DEV_HUMAN_CHECK_MAX_COUNTER: z.coerce.number().int().min(1_000).max(1_000_000).optional(),
  /**
   * A lighter password hash for the end-to-end tests: scrypt's N as a power of two (10 to 15;
   * the default is 15, ~170 ms of a core per login on the 2-core CI machine). Only with
   * DEV_TOOLS=1.
   */
  DEV_PASSWORD_COST: z.coerce.number().int().min(10).max(15).optional(),
  REQUEST_TIMEOUT_MS: milliseconds(defaultHttpLimits.requestTimeoutMs),
  HEADERS_TIMEOUT_MS: milliseconds(defaultHttpLimits.headersTimeoutMs),
  CONNECTION_TIMEOUT_MS: milliseconds(defaultHttpLimits.connectionTimeoutMs),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(defaultHttpLimits.keepAliveTimeoutMs),
  MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(defaultHttpLimits.maxConnections),
  /**
   * On SIGTERM/SIGINT: how long the process may take to finish the requests in flight after it
   * stopped accepting and told its sockets to go; then it exits anyway (status 1).
   */
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000, 100),
  /**
   * On SIGTERM/SIGINT, how long the process keeps serving (sockets included) after /readyz
   * turned 503, so a load balancer takes it out of rotation before it stops accepting: at least
   * the balancer's check interval × the failures it needs (deploy/haproxy.cfg: 2 s × 2).
   * 0 (the default) for a process that no balancer checks.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string; httpLimits: HttpLimits };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.DATABASE_URL) {
    // PGlite is one connection owned by one process (ARCHITECTURE, Storage).
    throw new Error(
      'WEB_CONCURRENCY > 1 needs DATABASE_URL: the embedded database is single-process.',
    );
  }
  if (parsed.data.WEB_CONCURRENCY > 1 && !parsed.data.REDIS_URL) {
    throw new Error(
      'WEB_CONCURRENCY > 1 needs REDIS_URL: without it a balance change made by one process ' +
        'would never reach the pages connected to another.',
    );
  }
  if (parsed.data.DEV_TOOLS && parsed.data.NODE_ENV === 'production') {
    throw new Error(
      'DEV_TOOLS=1 is refused with NODE_ENV=production: the development tools would show every ' +
        'SMS code and let anyone rig a game. Unset DEV_TOOLS (the operator reads the outbox with ' +
        '`npm run ops -- outbox`).',
    );
  }
  if (parsed.data.DEV_HUMAN_CHECK_MAX_COUNTER !== undefined && !parsed.data.DEV_TOOLS) {
    throw new Error(
      'DEV_HUMAN_CHECK_MAX_COUNTER weakens the human check and is a development tool: it needs ' +
        'DEV_TOOLS=1 (and so is refused in production).',
    );
  }
  if (parsed.data.DEV_PASSWORD_COST !== undefined && !parsed.data.DEV_TOOLS) {
    throw new Error(
      'DEV_PASSWORD_COST weakens every new password hash and is a development tool: it needs ' +
        'DEV_TOOLS=1 (and so is refused in production).',
    );
  }
  const data = parsed.data;
  return {
    ...data,
    dataDir: path.resolve(data.DATA_DIR),
    httpLimits: {
      requestTimeoutMs: data.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: data.HEADERS_TIMEOUT_MS,
      connectionTimeoutMs: data.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: data.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: data.MAX_CONNECTIONS,
    },
  };
}

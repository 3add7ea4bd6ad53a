import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from './config/env';
import { loadPlatformConfig } from './config/load';
import type { PlatformConfig } from './config/schema';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { Database } from './db/types';
import { createDeps } from './deps';
import { demoMoneyRefusal } from './domain/payments/channels';
import {
  budgetPromotionsOf,
  describeLine,
  returnsBudget,
  returnsBudgetIssues,
} from './domain/economics/returnsBudget';
import { storedReturnsBudget } from './domain/economics/storedBudget';
import { catalogueGameEngines } from './seed/catalogueEngines';
import { type App, createApp } from './http/app';
import type { AppDeps } from './deps';
import { confirmPendingDemoDeposits } from './jobs/demoChannelCatchUp';
import { schedulePendingDemoPayouts } from './domain/withdrawals/demoChannel';
import { missingAnnouncementLanguages } from './config/announcements';
import { startJobs } from './jobs/scheduler';
import { loadSettings } from './domain/backOffice/economySettings';
import { seedCatalogue } from './seed/seedCatalogue';
import { seedDemo } from './seed/seedDemo';
import { demoLoginsWarning, secureDemoLogins } from './seed/demoInProduction';
import { upsertPromotion } from './domain/promotions/catalogue';
import { seedGoods } from './domain/points/points';
import { ensureRaffleSeed } from './domain/raffles/raffles';
import type { RedisLink } from './platform/redis';
import { observe, shareWithPrimary, startMetricsServer } from './metrics';
import type { Server as HttpServer } from 'node:http';
import { publishOne } from './platform/unitOfWork';
import { setDevelopmentPasswordCost } from './domain/identity/password';

export interface Running {
  app: App;
  deps: AppDeps;
  url: string;
  /** Where GET /metrics answers (METRICS_PORT), or null. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** Where `npm run ops` finds the running server and its operator token. */
export function serverInfoFile(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

/** How often a process that runs beside others re-reads the switches they share. */
const SHARED_STATE_REFRESH_MS = 10_000;

export interface BootOptions {
  /**
   * Write DATA_DIR/server.json once listening (the default). A WEB_CONCURRENCY worker does not:
   * the cluster's primary writes it once every worker listens.
   */
  announce?: boolean;
  /** A WEB_CONCURRENCY worker: socket.io over WebSocket only (no sticky sessions). */
  websocketOnly?: boolean;
}

/**
 * Tells `npm run ops` and the test harness where the server is. Written whole then renamed, so
 * nobody reads a half-written file; `pid` is the process to signal (a cluster's primary).
 */
export async function writeServerInfo(
  dataDir: string,
  info: { url: string; opsToken: string; workers?: number; metricsUrl?: string | null },
): Promise<void> {
  const infoFile = serverInfoFile(dataDir);
  await writeFile(`${infoFile}.tmp`, JSON.stringify({ ...info, pid: process.pid }), {
    mode: 0o600,
  });
  await rename(`${infoFile}.tmp`, infoFile);
}

/** http://host:port of a listening server. */
export function addressOf(server: HttpServer): string {
  const address = server.address();
  if (typeof address !== 'object' || !address) return '';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** DEV_PASSWORD_COST (readEnv refuses it without DEV_TOOLS, and so in production). */
function applyPasswordCost(env: Env): void {
  if (env.DEV_PASSWORD_COST !== undefined) setDevelopmentPasswordCost(env.DEV_PASSWORD_COST);
}

/**
 * Migrations and seeds; each is a no-op when already done. In production the demo seed never
 * runs, and the demo logins of a database first started in development are made safe
 * (secureDemoLogins): the answer is the warning to print, if any, and the member sessions that
 * ended (for the realtime layer to tell their open pages once it runs).
 */
export async function prepareDatabase(
  db: Database,
  config: PlatformConfig,
  production: boolean,
): Promise<{ warning: string | null; endedSessions: string[] }> {
  await migrate(db);
  // The game catalogue is product data, seeded in production too (skipped when unchanged).
  await seedCatalogue(db);
  // The configuration's promotions that do not exist yet (the operator's edits stay).
  for (const promotion of config.promotions)
    await upsertPromotion(db, promotion, { onlyNew: true });
  // The points mall's goods likewise (the stock the operator set stays).
  await seedGoods(db, config.points.goods);
  // Every raffle has its committed seed (those created before raffles drew get theirs now).
  const raffles = await db.query<{ id: string }>(
    `select p.id::text from promotions p left join raffle_draws d on d.promotion_id = p.id
     where p.type = 'raffle' and d.promotion_id is null`,
  );
  for (const raffle of raffles) await ensureRaffleSeed(db, raffle.id);
  if (!production) {
    await seedDemo(db);
    return { warning: null, endedSessions: [] };
  }
  const found = await secureDemoLogins(db);
  return { warning: demoLoginsWarning(found), endedSessions: found.endedSessions };
}

/** A first start's PGlite cluster from the build's template; its code (and tar) loaded only then. */
async function fillFromTemplate(folder: string): Promise<boolean> {
  const { fillFromPgliteTemplate } = await import('./seed/pgliteTemplate');
  return fillFromPgliteTemplate(folder);
}

/**
 * For a WEB_CONCURRENCY primary: the database made ready once, before the workers start, so
 * they do not all migrate and seed at the same moment.
 */
export async function prepareSharedDatabase(env: Env): Promise<PlatformConfig> {
  applyPasswordCost(env);
  const config = await loadPlatformConfig(env.PLATFORM_CONFIG);
  const refusal = demoMoneyRefusal(config, env.NODE_ENV === 'production', env.PLATFORM_CONFIG);
  if (refusal) throw new Error(refusal);
  await refuseUnsafeEconomics(config, env.PLATFORM_CONFIG);
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    template: fillFromTemplate,
  });
  try {
    // The sessions it ended have no open page here yet (the workers start after). A socket open
    // on another machine's instance still running is not told: its session answers no request,
    // and the socket keeps its private rooms until it reconnects.
    const { warning } = await prepareDatabase(db, config, env.NODE_ENV === 'production');
    if (warning) console.error(warning);
  } finally {
    await db.close();
  }
  return config;
}

/**
 * Before anything is opened: a configuration whose returns would let a player or a colluding
 * pair come out ahead of the house is refused, itemised as a schema error is (the returns
 * budget, issue 28: contract caps, VIP rebates, the file's rebate promotions, points, upgrade
 * bonuses and missions per game type and VIP level, against the lowest edge less the margin).
 */
async function refuseUnsafeEconomics(config: PlatformConfig, file: string): Promise<void> {
  const budget = returnsBudget({
    config,
    promotions: budgetPromotionsOf(config.promotions),
    gameTypes: await catalogueGameEngines(),
    now: new Date(),
  });
  const issues = returnsBudgetIssues(budget);
  if (issues.length === 0) return;
  const lines = issues.map((issue) => `  ${issue.path}: ${issue.message}`);
  throw new Error(`Invalid configuration ${file}:\n${lines.join('\n')}`);
}

/**
 * Once the database is ready: the promotions as stored (the operator's edits, which the file
 * never undoes) against the budget. A database from before the budget may hold a rebate
 * promotion above it; the server still starts, since the operator fixes it through the running
 * server (`npm run ops -- promotion update|close`), and says what to change.
 */
async function warnStoredEconomics(db: Database, config: PlatformConfig): Promise<string | null> {
  const budget = await storedReturnsBudget(db, config, new Date());
  if (budget.ok) return null;
  const broken = budget.lines.filter((line) => !line.ok);
  return [
    `Warning: the stored promotions break the returns budget on ${broken.length} line(s); the worst:`,
    `  ${describeLine(budget.worst, budget.marginPpm)}`,
    'Lower or close the rebate promotions named (npm run ops -- promotion update|close).',
  ].join('\n');
}

/** config → db → http → realtime (ARCHITECTURE). Used by main.ts, the tests and the benchmarks. */
export async function boot(env: Env, options: BootOptions = {}): Promise<Running> {
  applyPasswordCost(env);
  const config = await loadPlatformConfig(env.PLATFORM_CONFIG);
  const production = env.NODE_ENV === 'production';
  // Before anything is opened or listened on: production never runs demo money by accident.
  const refusal = demoMoneyRefusal(config, production, env.PLATFORM_CONFIG);
  if (refusal) throw new Error(refusal);
  await refuseUnsafeEconomics(config, env.PLATFORM_CONFIG);
  await mkdir(env.dataDir, { recursive: true });
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    template: fillFromTemplate,
  });
  const { warning: demoWarning, endedSessions } = await prepareDatabase(db, config, production);
  // A cluster's workers find what the primary already found: it warned once.
  if (demoWarning && options.announce !== false) console.error(demoWarning);
  // The VIP levels and missions the back office saved replace the file's (issue 30).
  const settingsWarning = await loadSettings(db, config);
  if (settingsWarning && options.announce !== false) console.error(settingsWarning);
  const economicsWarning = await warnStoredEconomics(db, config);
  if (economicsWarning && options.announce !== false) console.error(economicsWarning);

  const opsToken = env.OPS_TOKEN ?? randomBytes(24).toString('base64url');
  const staticDir = path.resolve('dist');
  if (env.SERVE_STATIC && !existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run build` first (npm start does).');
  }
  let redis: RedisLink | null = null;
  try {
    if (env.REDIS_URL) {
      // Loaded only for a process that runs beside others: the client and the adapter are a
      // fifth of a single process's start (bench/README, Start-up).
      const { connectRedis } = await import('./platform/redis');
      redis = await connectRedis(env.REDIS_URL, (message) => console.error(`  ${message}`));
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  const deps = await createDeps({
    config,
    db,
    redis,
    trustProxy: env.TRUST_PROXY,
    opsToken,
    staticDir: env.SERVE_STATIC ? staticDir : null,
    production,
    devTools: env.DEV_TOOLS,
    humanCheckMaxCounter: env.DEV_HUMAN_CHECK_MAX_COUNTER,
    staffSecretKey: env.STAFF_SECRET_KEY ? Buffer.from(env.STAFF_SECRET_KEY, 'base64') : null,
  });
  if (production && !env.STAFF_SECRET_KEY && options.announce !== false) {
    console.error(
      'Warning: STAFF_SECRET_KEY is not set: staff two-factor secrets are stored unsealed in ' +
        'the database. Set it (openssl rand -base64 32) on every process and keep it outside ' +
        'the database.',
    );
  }
  const app = await createApp(deps, {
    trustProxy: env.TRUST_PROXY,
    logLevel: process.env.LOG_LEVEL,
    limits: env.httpLimits,
    websocketOnly: options.websocketOnly,
  });
  observe({ sockets: () => app.io.engine.clientsCount, db });
  // A language offered without its announcements shows English bodies under its own buttons.
  const untranslated = missingAnnouncementLanguages(
    deps.config.announcements,
    deps.config.brand.languages,
  );
  if (untranslated.length > 0) {
    app.http.log.warn(
      `announcements shown in English where a language lacks them: ${untranslated.join('; ')}`,
    );
  }
  // Demo members disabled at this start: their open pages log out, as at a logout (with Redis,
  // on the other instances too).
  publishOne(deps, 'sessionsEnded', { sessionIds: endedSessions, reason: 'disabled' });
  await app.http.listen({ port: env.PORT, host: env.HOST });
  // A WEB_CONCURRENCY worker's metrics are served by its primary, summed over the workers.
  let metricsServer: HttpServer | null = null;
  if (options.announce === false) shareWithPrimary();
  else if (env.METRICS_PORT !== undefined)
    metricsServer = await startMetricsServer(env.METRICS_HOST, env.METRICS_PORT);
  await confirmPendingDemoDeposits(deps);
  await schedulePendingDemoPayouts(deps);
  const stopJobs = startJobs(deps, (message) => app.http.log.warn(message));
  // Another process's switch arrives through Redis at once; this catches one that did not.
  const refresher = env.DATABASE_URL
    ? setInterval(() => {
        void deps.maintenance.refresh().catch(() => {});
        // Another process's saved VIP and mission settings (issue 30).
        void loadSettings(deps.db, deps.config).catch(() => {});
      }, SHARED_STATE_REFRESH_MS)
    : null;
  refresher?.unref();
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}`;
  const metricsUrl = metricsServer ? addressOf(metricsServer) : null;
  if (options.announce !== false) await writeServerInfo(env.dataDir, { url, opsToken, metricsUrl });

  return {
    app,
    deps,
    url,
    metricsUrl,
    /**
     * Graceful: readiness turns 503 and, for SHUTDOWN_DRAIN_MS, the process goes on serving while
     * a balancer notices and sends nothing new; then the jobs stop, every socket's
     * connection is closed without a goodbye (its client reconnects by itself, to another
     * process when there is one), the server stops accepting and finishes the requests in
     * flight, then the database closes. main.ts bounds the whole with SHUTDOWN_TIMEOUT_MS.
     */
    async close() {
      app.lifecycle.draining = true;
      if (env.SHUTDOWN_DRAIN_MS > 0) {
        await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
      }
      // A job under way finishes the one it is in: the database closes under none.
      await stopJobs();
      if (refresher) clearInterval(refresher);
      app.io.engine.close();
      await app.http.close();
      await redis?.close();
      await new Promise((resolve) =>
        metricsServer ? metricsServer.close(resolve) : resolve(null),
      );
      await db.close();
    },
  };
}

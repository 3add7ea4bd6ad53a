import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from './config/env';
import { loadPlatformConfig } from './config/load';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { createDeps } from './deps';
import { demoMoneyRefusal } from './domain/payments/channels';
import { type App, createApp } from './http/app';
import type { AppDeps } from './http/deps';
import { confirmPendingDemoDeposits } from './http/wallet/walletRoutes';
import { schedulePendingDemoPayouts } from './domain/withdrawals/demoChannel';
import { startJobs } from './jobs/scheduler';
import { seedCatalogue } from './seed/seedCatalogue';
import { seedDemo } from './seed/seedDemo';

export interface Running {
  app: App;
  deps: AppDeps;
  url: string;
  close(): Promise<void>;
}

/** Where `npm run ops` finds the running server and its operator token. */
export function serverInfoFile(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

/** config → db → http → realtime (ARCHITECTURE). Used by main.ts, the tests and the benchmarks. */
export async function boot(env: Env): Promise<Running> {
  const config = await loadPlatformConfig(env.PLATFORM_CONFIG);
  const production = env.NODE_ENV === 'production';
  // Before anything is opened or listened on: production never runs demo money by accident.
  const refusal = demoMoneyRefusal(config, production, env.PLATFORM_CONFIG);
  if (refusal) throw new Error(refusal);
  await mkdir(env.dataDir, { recursive: true });
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  await migrate(db);
  // The game catalogue is product data, seeded in production too (skipped when unchanged).
  await seedCatalogue(db);
  if (!production) await seedDemo(db);

  const opsToken = randomBytes(24).toString('base64url');
  const staticDir = path.resolve('dist');
  if (env.SERVE_STATIC && !existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run build` first (npm start does).');
  }
  const deps = await createDeps({
    config,
    db,
    trustProxy: env.TRUST_PROXY,
    opsToken,
    staticDir: env.SERVE_STATIC ? staticDir : null,
    production,
    devTools: env.DEV_TOOLS,
    humanCheckMaxCounter: env.DEV_HUMAN_CHECK_MAX_COUNTER,
  });
  const app = await createApp(deps, {
    trustProxy: env.TRUST_PROXY,
    logLevel: process.env.LOG_LEVEL,
    limits: env.httpLimits,
  });
  await app.http.listen({ port: env.PORT, host: env.HOST });
  await confirmPendingDemoDeposits(deps);
  await schedulePendingDemoPayouts(deps);
  const stopJobs = startJobs(deps, (message) => app.http.log.warn(message));
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${port}`;
  // Written whole then renamed, so `npm run ops` never reads a half-written file.
  const infoFile = serverInfoFile(env.dataDir);
  await writeFile(`${infoFile}.tmp`, JSON.stringify({ url, opsToken, pid: process.pid }), {
    mode: 0o600,
  });
  await rename(`${infoFile}.tmp`, infoFile);

  return {
    app,
    deps,
    url,
    /**
     * Graceful: readiness turns 503 (a balancer sends nothing new), the jobs stop, every socket's
     * connection is closed without a goodbye (its client reconnects by itself, to another
     * process when there is one), the server stops accepting and finishes the requests in
     * flight, then the database closes. main.ts bounds the whole with SHUTDOWN_TIMEOUT_MS.
     */
    async close() {
      app.lifecycle.draining = true;
      stopJobs();
      app.io.engine.close();
      await app.http.close();
      await db.close();
    },
  };
}

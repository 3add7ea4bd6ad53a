import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { loadPlatformConfig } from '../../server/config/load';
import type { PlatformConfig } from '../../server/config/schema';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { createDeps } from '../../server/deps';
import { type App, type AppOptions, createApp } from '../../server/http/app';
import type { AppDeps } from '../../server/deps';
import { seedCatalogue } from '../../server/seed/seedCatalogue';
import { seedDemo } from '../../server/seed/seedDemo';
import { checkAnswers } from './answerContract';
import { setDevelopmentPasswordCost } from '../../server/domain/identity/password';
import { relaxForTests } from './testConfig';

// The test servers hash passwords at 2^10 rather than 2^15 (as DEV_PASSWORD_COST does for the
// end-to-end server): ~5 ms a login rather than ~170 ms. The demo accounts of the template were
// hashed at it too (databaseTemplates.ts); tests/unit/password.test.ts holds the default.
setDevelopmentPasswordCost(10);

export type Engine = 'pglite' | 'postgres';
export const engines: Engine[] = ['pglite', 'postgres'];

export interface TestServer {
  url: string;
  app: App;
  deps: AppDeps;
  opsToken: string;
  close(): Promise<void>;
}

/** The template dump, read once per test file. */
let pgliteTemplate: Promise<Blob> | null = null;

/**
 * A fresh database of the engine: in-memory PGlite, or a new PostgreSQL database. Empty, or with
 * `seeded` a copy of the run's template (migrated, catalogue and demo accounts: see
 * databaseTemplates.ts).
 */
export async function openTestDatabase(
  engine: Engine,
  options: { seeded?: boolean } = {},
): Promise<{ db: Database; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    pgliteTemplate ??= readFile(inject('pgliteTemplateDump')).then((bytes) => new Blob([bytes]));
    const db = await openPglite(null, options.seeded ? { loadDataDir: await pgliteTemplate } : {});
    return { db, drop: async () => undefined };
  }
  const adminUrl = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    options.seeded
      ? `create database ${name} template ${inject('postgresTemplate')}`
      : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return {
    db,
    async drop() {
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      // Let the closed pool's backends finish exiting first: forcing them out while a client
      // is still saying goodbye surfaces as an uncaught "terminating connection" error.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const [row] = (
          await cleaner.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          )
        ).rows;
        if (row.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

/** The real server (createApp) on an ephemeral loopback port, on a fresh database. */
export async function startTestServer(
  engine: Engine,
  options: {
    config?: (base: PlatformConfig) => PlatformConfig;
    trustProxy?: string;
    database?: Database;
    /** The development routes (/wps/dev/…, /dev/outbox); on unless a test asks otherwise. */
    devTools?: boolean;
    /** createApp's options (limits, log level and stream); trustProxy above wins. */
    app?: Omit<AppOptions, 'trustProxy'>;
    /** A built site to serve (a folder like dist/); none by default, as in API-only runs. */
    staticDir?: string;
    /** Runs after createApp and before listen: a test may add a route of its own. */
    beforeListen?: (app: App, deps: AppDeps) => void | Promise<void>;
  } = {},
): Promise<TestServer> {
  // The caps on new accounts and the four-eyes amounts lifted (./testConfig.ts).
  const base = relaxForTests(await loadPlatformConfig('config/platform.json'));
  const config = options.config ? options.config(structuredClone(base)) : base;
  const owned = options.database ? null : await openTestDatabase(engine, { seeded: true });
  const db = options.database ?? owned!.db;
  await migrate(db);
  await seedCatalogue(db);
  await seedDemo(db);
  const opsToken = randomBytes(16).toString('hex');
  const deps = await createDeps({
    config,
    db,
    trustProxy: options.trustProxy,
    opsToken,
    staticDir: options.staticDir ?? null,
    production: false,
    devTools: options.devTools ?? true,
    // A small proof of work keeps the tests fast; the check itself is the same.
    humanCheckMaxCounter: 300,
    // Staff two-factor secrets sealed as production should run (STAFF_SECRET_KEY).
    staffSecretKey: randomBytes(32),
  });
  const app = await createApp(deps, {
    logLevel: 'silent',
    ...options.app,
    trustProxy: options.trustProxy,
  });
  // Every answer held to the API's document (a violation fails the test after it).
  checkAnswers(app.http);
  await options.beforeListen?.(app, deps);
  await app.http.listen({ port: 0, host: '127.0.0.1' });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    deps,
    opsToken,
    async close() {
      await app.http.close();
      if (owned) {
        await db.close();
        await owned.drop();
      }
    },
  };
}

export { call } from './httpCall';

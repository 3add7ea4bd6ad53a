import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate } from '../../server/db/migrate';
import { pgliteDatabase } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import { seedCatalogue } from '../../server/seed/seedCatalogue';
import { seedDemo } from '../../server/seed/seedDemo';
import { setDevelopmentPasswordCost } from '../../server/domain/identity/password';

/**
 * The database every test server starts from, built once per run: migrated, with the catalogue
 * and the demo accounts. Creating an in-memory PGlite cluster costs 2–4 s here (initdb in WASM)
 * and the seeds another second; loading this dump costs ~0.6 s. On PostgreSQL a test database
 * is a copy of the template database (`create database … template …`). startTestServer still
 * runs migrate and the seeds on the copy: they are idempotent, so the template only saves time.
 */
export interface DatabaseTemplates {
  /** A PGlite `dumpDataDir()` tarball on disk. */
  pgliteDump: string;
  /** A database on the run's PostgreSQL server to copy. */
  postgresTemplate: string;
  remove(): Promise<void>;
}

async function seeded(db: Database): Promise<void> {
  await migrate(db);
  await seedCatalogue(db);
  await seedDemo(db);
}

export async function buildDatabaseTemplates(postgresUrl: string): Promise<DatabaseTemplates> {
  // The demo accounts' hashes at the test servers' cost (testServer.ts).
  setDevelopmentPasswordCost(10);
  const pglite = await PGlite.create();
  await seeded(pgliteDatabase(pglite));
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const pgliteDump = path.join(tmpdir(), `platform-test-template-${process.pid}.tar`);
  await writeFile(pgliteDump, Buffer.from(await dump.arrayBuffer()));

  const postgresTemplate = `template_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${postgresTemplate}`);
    await admin.query(`create database ${postgresTemplate}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${postgresTemplate}`;
    const db = await openPostgres(url.toString());
    await seeded(db);
    await db.close();
    // A database is copied only while nobody is connected to it.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [postgresTemplate],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
  return {
    pgliteDump,
    postgresTemplate,
    async remove() {
      await rm(pgliteDump, { force: true });
      const cleaner = new pg.Client({ connectionString: postgresUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${postgresTemplate} with (force)`);
      await cleaner.end();
    },
  };
}

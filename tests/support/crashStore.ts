import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import type { Database } from '../../server/db/types';
import type { Engine } from './testServer';

/**
 * Where a crash test's server process keeps the books (a PGlite folder, or a PostgreSQL
 * database), and how the test reads them itself around the SIGKILLs.
 */
export interface CrashStore {
  /** A temporary folder of the test's own (config files, copies). */
  root: string;
  /** The process's DATA_DIR. */
  dataDir: string;
  /** Set on PostgreSQL: the process's DATABASE_URL. */
  databaseUrl?: string;
  /** The books exactly as the crash left them, read without disturbing the server's copy. */
  openCrashState(): Promise<Database>;
  /** The books; for PGlite only while no server runs on them (it is single-process). */
  open(): Promise<Database>;
  /** PostgreSQL only: the books can be read from outside while the server runs. */
  watchable: boolean;
  remove(): Promise<void>;
}

export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function createCrashStore(engine: Engine, prefix: string): Promise<CrashStore> {
  const root = await mkdtemp(path.join(tmpdir(), `platform-${prefix}-`));
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  if (engine === 'pglite') {
    const live = path.join(dataDir, 'pglite'); // server/db/open.ts
    let copies = 0;
    return {
      root,
      dataDir,
      async openCrashState() {
        // Opening PGlite runs its recovery: do it on a copy, so the restarted server still
        // finds the files as the SIGKILL left them and has to recover them itself.
        copies += 1;
        const copy = path.join(root, `crash-copy-${copies}`);
        await cp(live, copy, { recursive: true });
        return openPglite(copy);
      },
      open: () => openPglite(live),
      watchable: false,
      remove: () => rm(root, { recursive: true, force: true }),
    };
  }
  // PostgreSQL itself is not killed, only the server: the test reads it directly.
  const adminUrl = inject('postgresUrl');
  const name = `${prefix.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    root,
    dataDir,
    databaseUrl: url.toString(),
    openCrashState: () => openPostgres(url.toString()),
    open: () => openPostgres(url.toString()),
    watchable: true,
    async remove() {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(root, { recursive: true, force: true });
    },
  };
}

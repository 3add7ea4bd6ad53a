import { mkdir, open, readdir, readFile, rm, unlink } from 'node:fs/promises';
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, SqlParam } from './types';

/**
 * The transaction a piece of work runs in, while it is open. PGlite is one connection: a query
 * on the database itself (not on the transaction's `tx`) from inside that work waits for the
 * transaction to end, which waits for the query — a hang with no error. Such a call is refused
 * at once instead, naming the mistake (issue 29: a unit of work reads through its `tx`).
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

function refuseInsideTransaction(): void {
  if (openTransaction.getStore()?.open) {
    throw new Error(
      'The database was used beside the transaction in progress: use its tx (on the embedded ' +
        'engine this call would wait for the transaction, and the transaction for it).',
    );
  }
}

/** Our Database over one PGlite instance (which serialises its queries itself). */
export function pgliteDatabase(pg: PGlite): Database {
  const run = async <Row>(
    target: Pick<PGlite, 'query'>,
    sql: string,
    params?: SqlParam[],
  ): Promise<Row[]> => (await target.query<Row>(sql, params)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => {
      refuseInsideTransaction();
      return run(pg, sql, params);
    },
    transaction: (work) => {
      refuseInsideTransaction();
      return pg.transaction((tx) => {
        const scoped: Queryable = {
          query: (sql, params) => run(tx, sql, params),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        };
        const state = { open: true };
        return openTransaction.run(state, async () => {
          try {
            return await work(scoped);
          } finally {
            state.open = false;
          }
        });
      });
    },
    exec: async (sql) => {
      refuseInsideTransaction();
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}

/** Whether a process with this id is running (EPERM: it is, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per PGlite folder (issue 13): two would each hold their own copy of the database
 * and drift apart. The lock is a file beside the folder (`<folder>.lock`: PostgreSQL wants its
 * own folder to itself) holding the owner's process id, created exclusively; one left by a
 * process that is gone (a crash, a SIGKILL) is taken over. Returns its release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = `${path.resolve(dataDir)}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        const owner = await readFile(file, 'utf8').catch(() => '');
        if (owner === String(process.pid)) await unlink(file).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner}. One process per ` +
          'folder: stop that one, give this one its own DATA_DIR, or set DATABASE_URL so that ' +
          `several processes share a PostgreSQL. (If no such process is running, delete ${file}.)`,
      );
    }
    // Left by a process that is gone (or by this one): take it over.
    await unlink(file).catch(() => {});
  }
  throw new Error(`Could not take the lock ${file}.`);
}

/** Removes what is in `folder` (a start from a template that did not take). */
export async function emptyFolder(folder: string): Promise<void> {
  for (const name of await readdir(folder).catch(() => [])) {
    await rm(path.join(folder, name), { recursive: true, force: true });
  }
}

/**
 * Embedded PostgreSQL in a folder (or in memory when `dataDir` is null, for tests). `loadDataDir`
 * starts it from a `dumpDataDir()` tarball instead of an empty cluster (the tests' template).
 * `template` is asked to fill the folder only when it is empty (a first start: the build's
 * template, server/seed/pgliteTemplate.ts, answers whether it did); a cluster from it that does
 * not open is removed for an empty one made here, as without a template. A folder is locked to
 * this process until the database is closed (`lockDataDir`).
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob; template?: (folder: string) => Promise<boolean> } = {},
): Promise<Database> {
  const { template, ...engine } = options;
  if (!dataDir) return pgliteDatabase(await PGlite.create(engine));
  await mkdir(dataDir, { recursive: true });
  const release = await lockDataDir(dataDir);
  try {
    const fromTemplate =
      !engine.loadDataDir && template !== undefined && (await readdir(dataDir)).length === 0
        ? await template(dataDir)
        : false;
    let pg: PGlite;
    try {
      pg = await PGlite.create({ dataDir, ...engine });
    } catch (error) {
      if (!fromTemplate) throw error;
      console.error(
        `The database template did not open (${(error as Error).message}): starting empty.`,
      );
      await emptyFolder(dataDir);
      pg = await PGlite.create({ dataDir });
    }
    const database = pgliteDatabase(pg);
    return {
      ...database,
      close: async () => {
        await database.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

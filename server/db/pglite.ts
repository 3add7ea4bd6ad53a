import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, SqlParam } from './types';

/** Our Database over one PGlite instance (which serialises its queries itself). */
export function pgliteDatabase(pg: PGlite): Database {
  const run = async <Row>(
    target: Pick<PGlite, 'query'>,
    sql: string,
    params?: SqlParam[],
  ): Promise<Row[]> => (await target.query<Row>(sql, params)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    transaction: (work) =>
      pg.transaction((tx) => {
        const scoped: Queryable = {
          query: (sql, params) => run(tx, sql, params),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        };
        return work(scoped);
      }),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}

/**
 * Embedded PostgreSQL in a folder (or in memory when `dataDir` is null, for tests). `loadDataDir`
 * starts it from a `dumpDataDir()` tarball instead of an empty cluster (the tests' template).
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return pgliteDatabase(await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...options }));
}

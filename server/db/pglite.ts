import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, SqlParam } from './types';

/** Embedded PostgreSQL in a folder (or in memory when `dataDir` is null, for tests). */
export async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pg = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
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

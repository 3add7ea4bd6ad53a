import pg from 'pg';
import type { Database, Queryable } from './types';

// BIGINT (int8) columns come back as strings by default; money code parses them as bigint
// explicitly, so keep the lossless string form here.

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closes (restart, failover, admin shutdown) must not crash
  // the process: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // Fail at start, not at the first request, when the database cannot be reached.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const scoped: Queryable = {
          query: async (sql, params) => (await client.query(sql, params)).rows,
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await work(scoped);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

import pg from 'pg';
import type { Database, Queryable } from './types';

// BIGINT (int8) columns come back as strings by default; money code parses them as bigint
// explicitly, so keep the lossless string form here.

/** A statement run this often is prepared (issue 31). */
const PREPARE_AT = 3;
/** At most this many statements are prepared per pool (each connection keeps its own plans). */
const MAX_PREPARED = 500;

/**
 * Names the statements that run again and again, so that each connection parses and plans them
 * once and then only binds and executes them (node-postgres prepares a named query on a
 * connection the first time it runs there). Measured on the bet's first statement — the member's
 * lock with its limits, stake accounts, probes and session, one statement with many subqueries —
 * planning was most of its ~2.9 ms on PostgreSQL. A statement is named on its third run, so
 * one-off SQL (a migration, an operator's report with its text built for the call) is never
 * kept; the names are bounded.
 */
export function preparedStatements() {
  const runs = new Map<string, number>();
  const names = new Map<string, string>();
  return (text: string, values?: unknown[]): pg.QueryConfig => {
    let name = names.get(text);
    if (!name) {
      const count = (runs.get(text) ?? 0) + 1;
      if (count >= PREPARE_AT && names.size < MAX_PREPARED) {
        name = `s${names.size + 1}`;
        names.set(text, name);
        runs.delete(text);
      } else {
        // Counting starts over rather than growing without bound (texts built per call).
        if (runs.size >= 10 * MAX_PREPARED) runs.clear();
        runs.set(text, count);
      }
    }
    return name ? { name, text, values } : { text, values };
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const statement = preparedStatements();
  // An idle connection the server closes (restart, failover, admin shutdown) must not crash
  // the process: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // Fail at start, not at the first request, when the database cannot be reached.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(statement(sql, params))).rows,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const scoped: Queryable = {
          query: async (sql, params) => (await client.query(statement(sql, params))).rows,
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

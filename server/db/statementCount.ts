import type { Database, Queryable, SqlParam } from './types';

/** What a piece of work executed on a database (issue 31: what one bet costs). */
export interface StatementCount {
  /** SQL statements sent by the code, inside transactions or not. */
  statements: number;
  /** Transactions opened (each adds a `begin` and a `commit`). */
  transactions: number;
  /** Statements plus each transaction's `begin` and `commit`: the database's round trips. */
  roundTrips: number;
  /** The statements, whitespace folded, in order (`tx:` inside a transaction). */
  sql: string[];
  /** Milliseconds each statement took, from its call to its answer (same order as `sql`). */
  ms: number[];
}

const folded = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/**
 * Runs `work` while counting every statement `db` executes, from any caller: a measuring tool
 * for benchmarks and the test that holds a bet's statement count, never used by the server.
 * Nothing else should use the database meanwhile (a job's statements would be counted too).
 */
export async function countStatements<T>(
  db: Database,
  work: () => Promise<T>,
): Promise<{ result: T; count: StatementCount }> {
  const count: StatementCount = { statements: 0, transactions: 0, roundTrips: 0, sql: [], ms: [] };
  const original = { query: db.query, exec: db.exec, transaction: db.transaction };
  const seen = async <R>(sql: string, inside: boolean, run: () => Promise<R>): Promise<R> => {
    count.statements += 1;
    count.sql.push(`${inside ? 'tx: ' : ''}${folded(sql)}`);
    const index = count.ms.push(0) - 1;
    const started = performance.now();
    try {
      return await run();
    } finally {
      count.ms[index] = performance.now() - started;
    }
  };
  const counted = (tx: Queryable): Queryable => ({
    query: <Row>(sql: string, params?: SqlParam[]) =>
      seen(sql, true, () => tx.query<Row>(sql, params)),
    exec: (sql) => seen(sql, true, () => tx.exec(sql)),
  });
  db.query = <Row>(sql: string, params?: SqlParam[]) =>
    seen(sql, false, () => original.query.call(db, sql, params) as Promise<Row[]>);
  db.exec = (sql) => seen(sql, false, () => original.exec.call(db, sql));
  db.transaction = <R>(run: (tx: Queryable) => Promise<R>) => {
    count.transactions += 1;
    return original.transaction.call(db, (tx) => run(counted(tx))) as Promise<R>;
  };
  try {
    const result = await work();
    count.roundTrips = count.statements + 2 * count.transactions;
    return { result, count };
  } finally {
    Object.assign(db, original);
  }
}

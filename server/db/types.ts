/**
 * The one database interface the domain code sees. Both engines speak PostgreSQL, so the same
 * SQL and migrations run on embedded PGlite and on a real PostgreSQL (ARCHITECTURE, Storage).
 */
export type SqlParam = string | number | bigint | boolean | null | Date | Uint8Array;

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connections of a pool (PostgreSQL), for the metrics; absent on the embedded engine. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

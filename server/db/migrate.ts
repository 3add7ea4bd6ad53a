import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './types';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A constant key for the advisory lock that keeps two processes from migrating at once. */
const MIGRATION_LOCK = 7_201_001;

/**
 * Applies numbered migrations (`NNN_name.sql`) not yet recorded, each in its own transaction,
 * in file-name order. Safe to call from several processes at once on PostgreSQL.
 */
export async function migrate(db: Database): Promise<string[]> {
  // Under the lock too: two processes starting together would both try to create the table
  // (`if not exists` is not safe against a concurrent create).
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
  });
  const files = (await readdir(migrationsDir))
    .filter((name) => /^\d{3}_.+\.sql$/.test(name))
    .sort();
  // Those recorded already, in one read (a restart applies nothing): each file left is checked
  // again under the lock, since another process may be applying it now.
  const recorded = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
  );
  const applied: string[] = [];
  for (const name of files.filter((file) => !recorded.has(file))) {
    const sql = await readFile(path.join(migrationsDir, name), 'utf8');
    const didApply = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('select 1 from schema_migrations where name = $1', [name]);
      if (done.length > 0) return false;
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}

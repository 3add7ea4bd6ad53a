import path from 'node:path';
import type { Database } from './types';

/**
 * PostgreSQL when a URL is given, else PGlite stored under `<dataDir>/pglite` (a first start filled by
 * `template`: see openPglite). Each engine's module (and its driver) is loaded only when it is the
 * one used: a start on PostgreSQL does not compile PGlite, nor one on PGlite `pg` (bench/README,
 * Start-up).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  template?: (folder: string) => Promise<boolean>;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite');
  return openPglite(options.dataDir ? path.join(options.dataDir, 'pglite') : null, {
    ...(options.template ? { template: options.template } : {}),
  });
}

import path from 'node:path';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

/**
 * PostgreSQL when a URL is given, else PGlite stored under `<dataDir>/pglite` (a first start from
 * `template` when it answers one: see openPglite).
 */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  template?: () => Promise<Blob | null>;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ? path.join(options.dataDir, 'pglite') : null, {
    ...(options.template ? { template: options.template } : {}),
  });
}

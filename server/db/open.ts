import path from 'node:path';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

/**
 * PostgreSQL when a URL is given, else PGlite stored under `<dataDir>/pglite` (a first start filled by
 * `template`: see openPglite).
 */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  template?: (folder: string) => Promise<boolean>;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ? path.join(options.dataDir, 'pglite') : null, {
    ...(options.template ? { template: options.template } : {}),
  });
}

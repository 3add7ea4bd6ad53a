import type { TestProject } from 'vitest/node';
import { buildDatabaseTemplates } from './databaseTemplates';
import { startPostgres } from './postgresCluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the server tests create their databases on. */
    postgresUrl: string;
    /** The seeded starting points of the test servers (databaseTemplates.ts). */
    pgliteTemplateDump: string;
    postgresTemplate: string;
  }
}

/**
 * Starts one PostgreSQL for the whole run (or uses TEST_DATABASE_URL), builds the test servers'
 * database templates, and removes both after.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  const cluster = external ? null : await startPostgres();
  const url = external ?? cluster!.url;
  project.provide('postgresUrl', url);
  const templates = await buildDatabaseTemplates(url);
  project.provide('pgliteTemplateDump', templates.pgliteDump);
  project.provide('postgresTemplate', templates.postgresTemplate);
  return async () => {
    await templates.remove();
    cluster?.stop();
  };
}

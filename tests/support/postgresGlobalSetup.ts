import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgresCluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the server tests create their databases on. */
    postgresUrl: string;
  }
}

/** Starts one PostgreSQL for the whole run (or uses TEST_DATABASE_URL) and stops it after. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const cluster = await startPostgres();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}

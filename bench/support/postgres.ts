import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startPostgres } from '../../tests/support/postgresCluster';

/**
 * Runs `work` on a fresh PostgreSQL database: a scratch database (created, then dropped) on
 * `BENCH_DATABASE_URL` when it is set, else a throw-away cluster from
 * tests/support/postgresCluster.ts (fsync off), stopped afterwards. Returns where it came from;
 * throws when PostgreSQL cannot be started or reached.
 */
export async function withPostgres(work: (url: string) => Promise<void>): Promise<string> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const cluster = await startPostgres();
    try {
      await work(cluster.url);
    } finally {
      cluster.stop();
    }
    return 'throw-away cluster (fsync off, synchronous_commit off)';
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      await work(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
  return 'BENCH_DATABASE_URL';
}

import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/**
 * A throw-away PostgreSQL server on a loopback port for the server tests, started from the
 * machine's PostgreSQL binaries (.ci/run installs them). Data lives in a temp folder and is
 * removed on stop.
 */
export interface PostgresCluster {
  url: string;
  stop(): void;
}

function findBinDir(): string | null {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export async function startPostgres(): Promise<PostgresCluster> {
  const binDir = findBinDir();
  if (!binDir) {
    throw new Error(
      'PostgreSQL binaries not found (looked in /usr/lib/postgresql/*/bin and POSTGRES_BIN_DIR). ' +
        'Install them (apt-get install -y postgresql; `bash .ci/run` does) or set TEST_DATABASE_URL.',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'platform-pg-'));
  const dataDir = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: run it as the postgres system user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(binDir, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(binDir, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };

  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'postgres.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

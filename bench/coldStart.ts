import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withPostgres } from './support/postgres';

/**
 * Time from spawning a server process to its first served page (GET / answered 200).
 * The baseline is a bare Fastify serving one static file, started the same way in the same run,
 * so the ratio says what our boot (config, migrations, seed, app) costs on this machine. The
 * restart is measured twice: through tsx (development) and compiled (dist-server/, production).
 */
async function timeToFirstPage(
  command: string[],
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2_000);
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      // A server that stopped will never answer: say why now instead of polling for a minute.
      if (exited()) throw new Error(`${command.join(' ')} exited (${child.exitCode}): ${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${command.join(' ')} did not serve a page within 60 s`);
  } finally {
    // Waiting for 'exit' of a process that has already exited would wait forever.
    if (!exited()) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }
  }
}

export interface ColdStartReport {
  baselineMs: number;
  firstBootMs: number;
  restartMs: number;
  /** The same restart with the compiled server (`node dist-server/main.js`, as `npm start`). */
  compiledRestartMs: number | null;
  /** A first boot of the compiled server in another empty folder (`npm start` on a new machine). */
  compiledFirstBootMs: number | null;
  /**
   * The compiled server on PostgreSQL (`DATABASE_URL`, a fresh database): its first boot
   * (migrate and seed) and a restart on it; null when not built or PostgreSQL cannot be started.
   */
  postgres: { firstBootMs: number; restartMs: number; source: string } | null;
  /** Whether the build's database template was there (server/seed/pgliteTemplate.ts). */
  template: boolean;
}

async function compiledOnPostgres(
  compiled: string,
  env: NodeJS.ProcessEnv,
  dataDir: string,
  port: number,
): Promise<ColdStartReport['postgres']> {
  const measured: { firstBootMs: number; restartMs: number }[] = [];
  try {
    const source = await withPostgres(async (url) => {
      const onPostgres = { ...env, DATABASE_URL: url, DATA_DIR: path.join(dataDir, 'postgres') };
      const firstBootMs = await timeToFirstPage(['node', compiled], onPostgres, port);
      const restartMs = await timeToFirstPage(['node', compiled], onPostgres, port);
      measured.push({ firstBootMs, restartMs });
    });
    return measured[0] ? { ...measured[0], source } : null;
  } catch (error) {
    console.warn(`  compiled server on PostgreSQL not measured: ${String(error)}`);
    return null;
  }
}

export async function measureColdStart(port = 4391): Promise<ColdStartReport> {
  const baselineScript = path.resolve('bench/support/bareServer.ts');
  const baselineMs = await timeToFirstPage(
    ['node', '--import', 'tsx', baselineScript],
    { PORT: String(port) },
    port,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-cold-'));
  try {
    const env = { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'development' };
    const server = ['node', '--import', 'tsx', 'server/main.ts'];
    // First boot creates, migrates and seeds the database; a restart finds it ready.
    const firstBootMs = await timeToFirstPage(server, env, port);
    const restartMs = await timeToFirstPage(server, env, port);
    const compiled = path.resolve('dist-server/main.js');
    const built = existsSync(compiled);
    const compiledRestartMs = built ? await timeToFirstPage(['node', compiled], env, port) : null;
    const compiledFirstBootMs = built
      ? await timeToFirstPage(
          ['node', compiled],
          { ...env, DATA_DIR: path.join(dataDir, 'compiled') },
          port,
        )
      : null;
    const postgres = built ? await compiledOnPostgres(compiled, env, dataDir, port) : null;
    const template = existsSync(path.resolve('dist-server/pglite-template.tar.gz.json'));
    return {
      baselineMs,
      firstBootMs,
      restartMs,
      compiledRestartMs,
      compiledFirstBootMs,
      postgres,
      template,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
    stdio: 'ignore',
  });
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${command.join(' ')} did not serve a page within 60 s`);
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
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
  /** Whether the build's database template was there (server/seed/pgliteTemplate.ts). */
  template: boolean;
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
    const template = existsSync(path.resolve('dist-server/pglite-template.tar.gz.json'));
    return { baselineMs, firstBootMs, restartMs, compiledRestartMs, compiledFirstBootMs, template };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './ports';

/**
 * A throw-away Redis on a loopback port (Debian's redis-server; .ci/run installs it), nothing
 * written to disk. Stopped by the test that started it.
 */
export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

export function redisServerBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** Resolves once the port answers PING with PONG. */
async function waitForPong(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${child.exitCode}`);
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not answer within ${timeoutMs} ms`);
}

export async function startRedis(): Promise<RedisServer> {
  const binary = redisServerBinary();
  if (!binary) {
    throw new Error(
      'redis-server not found: install it (apt-get install -y redis-server; `bash .ci/run` does).',
    );
  }
  const port = await freePort();
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPong(port, child, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

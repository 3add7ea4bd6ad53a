import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { serverInfoFile } from '../../server/boot';

/**
 * A start (migrations, the seed, the first connections) on a machine busy with other tests can
 * take far longer than on an idle one: a test waits for the server, it does not time it.
 */
const READY_MS = 90_000;

/**
 * The real server as a child process (`node --import tsx server/main.ts`, as `npm run serve`
 * starts it), for tests that need what an in-process server cannot give: a SIGKILL, a restart
 * on the same data. It binds to 127.0.0.1 on a port the system picks.
 */
export interface ServerProcess {
  url: string;
  pid: number;
  /** What the process printed (stdout and stderr, the last 20 000 characters), for failures. */
  output(): string;
  /** SIGKILL: no handler runs, nothing is flushed or closed. Resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM (main.ts closes http and the database), SIGKILL if it has not exited in time. */
  stop(timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set<ChildProcess>();

export interface ServerProcessOptions {
  /** DATA_DIR: PGlite lives in <dataDir>/pglite unless databaseUrl is set; server.json too. */
  dataDir: string;
  databaseUrl?: string;
  /** PLATFORM_CONFIG; config/platform.json when not given. */
  configFile?: string;
  /** How long the start may take (default READY_MS). */
  readyTimeoutMs?: number;
  /** Variables set on top of the defaults below (e.g. NODE_ENV: 'production', DEV_TOOLS: '0'). */
  env?: Record<string, string>;
  /** The server's entry as node runs it; the TypeScript source through tsx by default. */
  entry?: string[];
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  // A server.json left by an earlier (killed) process must not be mistaken for this one's.
  const infoFile = serverInfoFile(options.dataDir);
  await rm(infoFile, { force: true });

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development', // seeds the demo accounts, like `npm run serve`
    DEV_TOOLS: '1', // the tests read the outbox and use the rigs
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: options.dataDir,
    SERVE_STATIC: 'false',
    WEB_CONCURRENCY: '1',
    LOG_LEVEL: 'warn',
    PLATFORM_CONFIG: options.configFile ?? 'config/platform.json',
  };
  // The database is the caller's choice, never one inherited from the shell running the tests.
  delete env.DATABASE_URL;
  delete env.TRUST_PROXY;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);

  const entry = options.entry ?? ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );

  try {
    const url = await waitForInfo(infoFile, child, options.readyTimeoutMs ?? READY_MS);
    return {
      url,
      pid: child.pid!,
      output: () => printed,
      async kill() {
        child.kill('SIGKILL');
        await exited;
      },
      async stop(timeoutMs = 10_000) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        try {
          return await exited;
        } finally {
          clearTimeout(timer);
        }
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${(error as Error).message}\n--- server output ---\n${printed}`, {
      cause: error,
    });
  }
}

/**
 * boot() writes server.json (url, pid) once it listens and has re-scheduled pending work:
 * the server is ready when the file names this child's pid.
 */
async function waitForInfo(
  infoFile: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited before it was ready: ${child.exitCode ?? child.signalCode}`);
    const info = await readFile(infoFile, 'utf8')
      .then((text) => JSON.parse(text) as { url: string; pid: number })
      .catch(() => null); // not written yet, or half-written: read it again
    if (info && info.pid === child.pid) return info.url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server was not ready within ${timeoutMs} ms`);
}

/** Kills every server process still running: for afterAll, whatever the test got to. */
export async function killServerProcesses(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          if (!child.kill('SIGKILL')) resolve();
        }),
    ),
  );
}

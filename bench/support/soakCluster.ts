import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres, type PostgresCluster } from '../../tests/support/postgresCluster';
import { freePort } from '../../tests/support/ports';
import { startRedis, type RedisServer } from '../../tests/support/redisServer';
import { relaxForTests } from '../../tests/support/testConfig';
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
} from '../../tests/support/serverProcess';

/**
 * The soak's platform (issue 35): PostgreSQL and Redis, two real server processes on them
 * (tests/support/serverProcess.ts) on ports chosen here, so that the one killed can come back
 * on the same address, and the machine's HAProxy in front of both with the shipped
 * deploy/haproxy.cfg, run the way tests/server/operations/loadBalancer.test.ts runs it.
 * Everything listens on 127.0.0.1. `stop()` stops all of it, whatever was started.
 */
export interface SoakCluster {
  /** HAProxy's address: every player's request and socket goes through it. */
  url: string;
  /** PostgreSQL (the bench reads the books directly for its checks). */
  databaseUrl: string;
  opsToken: string;
  /** The two instances, by HAProxy's server name; the entry changes when one is restarted. */
  instances: Map<InstanceName, ServerProcess>;
  /** Each instance's Prometheus endpoint (METRICS_PORT, on loopback; kept across a restart). */
  metricsUrls: Map<InstanceName, string>;
  /** SIGKILL: no handler runs, nothing is flushed. */
  kill(name: InstanceName): Promise<void>;
  /** Starts the instance again on the same port and data folder; resolves once it is ready. */
  restart(name: InstanceName): Promise<ServerProcess>;
  /** Resolves once HAProxy's checks have both instances in rotation (or throws after `ms`). */
  waitForBoth(ms: number): Promise<void>;
  stop(): Promise<void>;
}

export type InstanceName = 'app1' | 'app2';

export function haproxyBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], {
    encoding: 'utf8',
  });
  const binary = found.stdout.trim().split('\n')[0];
  return found.status === 0 && binary ? binary : null;
}

/**
 * config/platform.json with what the test servers lift (tests/support/testServer.ts): the caps
 * on new accounts (every player registers from loopback) and the four-eyes amounts (the operator
 * pays in one call). The demo payout channel is left to the operator (`demoPaySeconds: null`):
 * the soak's operator pays every withdrawal itself.
 */
async function writeSoakConfig(file: string): Promise<void> {
  // The file's shape is server/config/schema.ts's; only the keys below are touched.
  const config = JSON.parse(await readFile('config/platform.json', 'utf8')) as {
    registration: { limits: unknown };
    payments: { withdrawal: { demoPaySeconds: number | null } };
    backOffice?: { approvals?: unknown };
  };
  relaxForTests(config);
  config.payments.withdrawal.demoPaySeconds = null;
  await writeFile(file, JSON.stringify(config, null, 2));
}

/** The instance HAProxy's stickiness cookie names. */
function instanceOf(response: Response): string | null {
  return /platform_instance=(\w+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;
}

export async function startSoakCluster(options: {
  /** The compiled server (dist-server/main.js) rather than the sources through tsx. */
  compiled: boolean;
}): Promise<SoakCluster> {
  const binary = haproxyBinary();
  if (!binary) throw new Error('haproxy not found (apt-get install -y haproxy; .ci/run does)');
  const opsToken = randomBytes(24).toString('base64url');
  const root = await mkdtemp(path.join(tmpdir(), 'platform-soak-'));
  const stops: (() => Promise<void> | void)[] = [() => rm(root, { recursive: true, force: true })];
  let haproxy: ChildProcess | null = null;
  const stop = async () => {
    haproxy?.kill('SIGKILL');
    await killServerProcesses();
    // In reverse order of starting; one failing does not keep the others running.
    const steps = stops.splice(0).reverse();
    for (const step of steps) await (async () => step())().catch(() => undefined);
  };
  try {
    const pg: PostgresCluster = await startPostgres();
    stops.push(() => pg.stop());
    const redis: RedisServer = await startRedis();
    stops.push(() => redis.stop());
    const configFile = path.join(root, 'platform.json');
    await writeSoakConfig(configFile);
    const ports = new Map<InstanceName, number>([
      ['app1', await freePort()],
      ['app2', await freePort()],
    ]);
    const metricsPorts = new Map<InstanceName, number>([
      ['app1', await freePort()],
      ['app2', await freePort()],
    ]);
    const start = async (name: InstanceName) => {
      const dataDir = path.join(root, name);
      await mkdir(dataDir, { recursive: true });
      return startServerProcess({
        dataDir,
        databaseUrl: pg.url,
        configFile,
        entry: options.compiled ? ['dist-server/main.js'] : undefined,
        env: {
          PORT: String(ports.get(name)),
          METRICS_PORT: String(metricsPorts.get(name)),
          METRICS_HOST: '127.0.0.1',
          REDIS_URL: redis.url,
          OPS_TOKEN: opsToken,
          // HAProxy is on loopback: its X-Forwarded-For is believed.
          TRUST_PROXY: 'loopback',
          SHUTDOWN_DRAIN_MS: '5000',
          MAX_CONNECTIONS: '20000',
          // As the end-to-end servers: a light proof of work and password hash, so that
          // registering and logging a thousand players in is not the whole run.
          DEV_HUMAN_CHECK_MAX_COUNTER: '1000',
          DEV_PASSWORD_COST: '10',
        },
      });
    };
    const instances = new Map<InstanceName, ServerProcess>();
    // One first (it migrates and seeds), then the other on the migrated database.
    instances.set('app1', await start('app1'));
    instances.set('app2', await start('app2'));

    const listen = await freePort();
    const url = `http://127.0.0.1:${listen}`;
    haproxy = spawn(binary, ['-f', 'deploy/haproxy.cfg', '-db'], {
      env: {
        ...process.env,
        LISTEN: `127.0.0.1:${listen}`,
        APP1: `127.0.0.1:${ports.get('app1')}`,
        APP2: `127.0.0.1:${ports.get('app2')}`,
        OPERATOR_NETWORKS: '127.0.0.1/32',
      },
      stdio: 'ignore',
    });
    const cluster: SoakCluster = {
      url,
      databaseUrl: pg.url,
      opsToken,
      instances,
      metricsUrls: new Map(
        [...metricsPorts].map(([name, port]) => [name, `http://127.0.0.1:${port}/metrics`]),
      ),
      async kill(name) {
        await instances.get(name)?.kill();
      },
      async restart(name) {
        const started = await start(name);
        instances.set(name, started);
        return started;
      },
      async waitForBoth(ms) {
        const deadline = Date.now() + ms;
        while (Date.now() < deadline) {
          const seen = new Set<string | null>();
          for (let i = 0; i < 4; i += 1) {
            const response = await fetch(`${url}/healthz`).catch(() => null);
            if (response) {
              seen.add(instanceOf(response));
              await response.body?.cancel();
            }
          }
          if (seen.has('app1') && seen.has('app2')) return;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        throw new Error(`HAProxy did not have both instances in rotation within ${ms} ms`);
      },
      stop,
    };
    await cluster.waitForBoth(30_000);
    return cluster;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A process's resident memory in bytes (VmRSS), or NaN when it is gone. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

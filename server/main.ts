import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { addressOf, boot, prepareSharedDatabase, type Running, writeServerInfo } from './boot';
import { startMetricsServer } from './metrics';
import { type Env, readEnv } from './config/env';
import type { PlatformConfig } from './config/schema';
import { demoDepositsOn, demoPayoutsOn } from './domain/payments/channels';
import { DEMO_PASSWORD, DEMO_PAYMENT_PASSWORD, demoAccounts } from './seed/demoAccounts';

/** A worker tells the primary it listens (WEB_CONCURRENCY). */
interface WorkerReady {
  type: 'platform:ready';
  url: string;
}

const isWorkerReady = (message: unknown): message is WorkerReady =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'platform:ready';

/**
 * `npm start` / `npm run serve`: one process serving the site, the API and socket.io; with
 * WEB_CONCURRENCY=N, a primary and N such workers sharing the port (docs/operations.md).
 */
async function main(): Promise<void> {
  const env = readEnv();
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary) return runPrimary(env);
  if (cluster.isWorker) return runWorker(env);
  const running = await runServer(env, boot(env));
  console.log(banner(env, running.url, running.deps.config, 1, running.metricsUrl));
}

/**
 * Boots and closes on SIGTERM/SIGINT. The handlers are set before boot resolves: boot()
 * announces the server (server.json) before it returns, and a signal in between would otherwise
 * kill the process without closing anything.
 */
async function runServer(env: Env, booting: Promise<Running>): Promise<Running> {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (!cluster.isWorker) console.log(`\n  ${signal}: closing…`);
    // Requests still running after the bound are cut: the process must end for a restart.
    setTimeout(() => {
      console.error(`  Still busy after ${env.SHUTDOWN_TIMEOUT_MS} ms: exiting anyway.`);
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS).unref();
    await (await booting).close();
    process.exit(0);
  };
  // A boot that failed is main's to report (below).
  const onSignal = (signal: string) => void shutdown(signal).catch(() => process.exit(1));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A worker whose primary is gone (killed) closes too, instead of serving on unsupervised.
  if (cluster.isWorker) process.on('disconnect', () => onSignal('primary gone'));
  return booting;
}

/** A WEB_CONCURRENCY worker: the same server, on the port the primary shares out. */
async function runWorker(env: Env): Promise<void> {
  const running = await runServer(env, boot(env, { announce: false, websocketOnly: true }));
  const ready: WorkerReady = { type: 'platform:ready', url: running.url };
  process.send?.(ready);
}

/**
 * WEB_CONCURRENCY=N on one machine: Node's cluster hands each new connection to a worker.
 * socket.io runs over WebSocket only there (one connection, so one worker: no sticky sessions
 * needed); Redis carries the events between the workers. The primary prepares the database
 * once, gives the workers one operator token, replaces a worker that dies, and on SIGTERM stops
 * them all (each closes gracefully) before it exits.
 */
async function runPrimary(env: Env): Promise<void> {
  const config = await prepareSharedDatabase(env);
  const opsToken = env.OPS_TOKEN ?? randomBytes(24).toString('base64url');
  const workerEnv = { OPS_TOKEN: opsToken };
  let stopping = false;
  let started = false;
  const restarts: number[] = [];

  const fork = () => cluster.fork(workerEnv);
  const stopAll = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };

  const ready = new Promise<string>((resolve, reject) => {
    let count = 0;
    cluster.on('message', (_worker: Worker, message: unknown) => {
      if (!isWorkerReady(message) || started) return;
      count += 1;
      if (count === env.WEB_CONCURRENCY) resolve(message.url);
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      if (!started) {
        reject(new Error(`a worker exited while starting (${signal ?? `status ${code}`})`));
        return;
      }
      // A crash loop is not hidden behind endless restarts: give up after 5 in a minute.
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
      if (restarts.length > 5) {
        console.error('  Workers keep dying (6 in a minute): stopping.');
        stopping = true;
        stopAll('SIGTERM');
        process.exitCode = 1;
        return;
      }
      console.error(
        `  Worker ${worker.process.pid} exited (${signal ?? `status ${code}`}): replaced.`,
      );
      fork();
    });
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping ${env.WEB_CONCURRENCY} workers…`);
    stopAll('SIGTERM');
    // Each worker bounds its own close by SHUTDOWN_TIMEOUT_MS; this bounds a stuck one.
    setTimeout(() => {
      stopAll('SIGKILL');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + 2_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // The primary exits when its last worker has (after a shutdown, or a give-up above).
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  });

  for (let i = 0; i < env.WEB_CONCURRENCY; i += 1) fork();
  let url: string;
  try {
    url = await ready;
  } catch (error) {
    stopping = true;
    stopAll('SIGKILL');
    throw error;
  }
  started = true;
  const metrics =
    env.METRICS_PORT === undefined
      ? null
      : await startMetricsServer(env.METRICS_HOST, env.METRICS_PORT);
  await writeServerInfo(env.dataDir, {
    url,
    opsToken,
    workers: env.WEB_CONCURRENCY,
    metricsUrl: metrics ? addressOf(metrics) : null,
  });
  console.log(banner(env, url, config, env.WEB_CONCURRENCY, metrics ? addressOf(metrics) : null));
}

function banner(
  env: Env,
  url: string,
  config: PlatformConfig,
  workers = 1,
  metricsUrl: string | null = null,
): string {
  const engine = env.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${env.dataDir}`;
  const lines = [
    '',
    `  Platform running at ${url}  (database: ${engine})`,
    workers > 1 ? `  ${workers} worker processes, live events through Redis (REDIS_URL).` : '',
    workers === 1 && env.REDIS_URL ? '  Live events through Redis (REDIS_URL).' : '',
    env.SERVE_STATIC ? '' : '  API only: open the Vite dev server for the site.',
    metricsUrl ? `  Metrics: ${metricsUrl}/metrics` : '',
  ];
  if (env.NODE_ENV !== 'production') {
    lines.push(
      `  Demo logins (password for all: ${DEMO_PASSWORD}, payment password ${DEMO_PAYMENT_PASSWORD}):`,
    );
    for (const demo of demoAccounts) lines.push(`    ${demo.account.padEnd(8)} ${demo.role}`);
    lines.push(
      '    agent2   sub-agent of agent1 (player4, player5, and agent3 with player6)',
      '    player4..player8  team players with money and played rounds (reports are not empty)',
      '    support1 support staff of the operator console (/support)',
    );
  }
  if (env.NODE_ENV === 'production' && (demoDepositsOn(config) || demoPayoutsOn(config))) {
    lines.push(
      '  WARNING: demo payment channels are on in production (payments.allowDemoMoneyInProduction):',
      '           deposits are credited and withdrawals paid with no money moving.',
    );
  }
  if (env.DEV_TOOLS) lines.push('  DEV_TOOLS=1: development routes on (/dev/outbox, /wps/dev/…).');
  if (env.DEV_PASSWORD_COST !== undefined) {
    lines.push(
      `  DEV_PASSWORD_COST=${env.DEV_PASSWORD_COST}: new password hashes are weaker (tests only).`,
    );
  }
  lines.push(
    '  SMS codes and e-mails sent: npm run ops -- outbox [--recipient +84900000001]',
    '  Operator: npm run ops -- maintenance on --until <iso> | maintenance off | status',
    '            npm run ops -- withdrawals | withdrawal <id> pay|reject|refund|forceReceived',
    '            npm run ops -- bonus <account> <amount> --reason <text>',
    '            npm run ops -- outbox [--recipient <number or e-mail>] [--limit <n>]',
    '            npm run ops -- agent rate <account> <contract type> <percent|none> | agent rates <account>',
    '            npm run ops -- promotion list | promotion create|update --file <json> | promotion close <code>',
    '            npm run ops -- promotion applications [<code>] | promotion approve|reject <code> <account>',
    '            npm run ops -- redeem list | redeem approve|reject <id> | goods upsert --file <json>',
    '            npm run ops -- feedback list [--all] | feedback show <id> | feedback answer <id> <text>',
    '            npm run ops -- announce create --kind announcement|notice|popup --title EN=<text> --body EN=<html> | announce list | announce end <id>',
    '            npm run ops -- rg <account> | rg extend <account> --until <iso> | rg extend <account> --permanent',
    '            npm run ops -- rg payout <account> [--key <request key>]',
    '            npm run ops -- support add <name> [--display-name <name>] [--roles <role,…>] | support list | support password|disable|enable <name>',
    '            npm run ops -- staff roles <name> <role,…> --reason <text> | staff reset-2fa <name> --reason <text>',
    '            npm run ops -- audit list [--actor …] [--action …] | audit export --file <csv> | audit verify',
    '            npm run ops -- approvals | approve <id> | reject <id> --reason <text>   (four-eyes on money)',
    '            npm run ops -- member password <account> | member disable|enable <account>',
    '            npm run ops -- member search <text> | member show <account> | member note <account> <text>',
    '            npm run ops -- settings show | settings check|save --file <json>   (VIP levels and missions)',
    '',
  );
  return lines.filter((line, i) => line !== '' || i === 0 || i === lines.length - 1).join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

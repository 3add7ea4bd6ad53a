import { boot } from './boot';
import { readEnv } from './config/env';
import { demoDepositsOn, demoPayoutsOn } from './domain/payments/channels';
import { DEMO_PASSWORD, DEMO_PAYMENT_PASSWORD, demoAccounts } from './seed/demoAccounts';

/** `npm start` / `npm run serve`: one process serving the site, the API and socket.io. */
async function main(): Promise<void> {
  const env = readEnv();
  // Listened for before booting: boot() announces the server (server.json) before it returns,
  // and a signal in between would otherwise kill the process without closing anything.
  const booting = boot(env);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n  ${signal}: closing…`);
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
  const running = await booting;
  const engine = env.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${env.dataDir}`;
  const lines = [
    '',
    `  Platform running at ${running.url}  (database: ${engine})`,
    env.SERVE_STATIC ? '' : '  API only: open the Vite dev server for the site.',
  ];
  if (env.NODE_ENV !== 'production') {
    lines.push(
      `  Demo logins (password for all: ${DEMO_PASSWORD}, payment password ${DEMO_PAYMENT_PASSWORD}):`,
    );
    for (const demo of demoAccounts) lines.push(`    ${demo.account.padEnd(8)} ${demo.role}`);
    lines.push(
      '    agent2   sub-agent of agent1 (player4, player5, and agent3 with player6)',
      '    player4..player8  team players with money and played rounds (reports are not empty)',
    );
  }
  const { config } = running.deps;
  if (env.NODE_ENV === 'production' && (demoDepositsOn(config) || demoPayoutsOn(config))) {
    lines.push(
      '  WARNING: demo payment channels are on in production (payments.allowDemoMoneyInProduction):',
      '           deposits are credited and withdrawals paid with no money moving.',
    );
  }
  if (env.DEV_TOOLS) lines.push('  DEV_TOOLS=1: development routes on (/dev/outbox, /wps/dev/…).');
  lines.push(
    '  SMS codes and e-mails sent: npm run ops -- outbox [--recipient +84900000001]',
    '  Operator: npm run ops -- maintenance on --until <iso> | maintenance off | status',
    '            npm run ops -- withdrawals | withdrawal <id> pay|reject|refund|forceReceived',
    '            npm run ops -- bonus <account> <amount> --reason <text>',
    '            npm run ops -- outbox [--recipient <number or e-mail>] [--limit <n>]',
    '            npm run ops -- agent rate <account> <contract type> <percent|none> | agent rates <account>',
    '',
  );
  console.log(
    lines.filter((line, i) => line !== '' || i === 0 || i === lines.length - 1).join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

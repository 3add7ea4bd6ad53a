import { accountCommands } from './commands/accounts';
import { backOfficeCommands } from './commands/backOffice';
import { type CommandGroup, parseCommand } from './commands/args';
import { messageCommands } from './commands/messages';
import { moneyCommands } from './commands/money';
import { promotionCommands } from './commands/promotions';
import { responsibleGamingCommands } from './commands/responsibleGaming';
import { systemCommands } from './commands/system';
import { usage } from './commands/usage';
import { PendingApproval } from './commands/client';

/**
 * Operator commands against the running server (it owns the embedded database, so the CLI
 * talks to it over loopback with the token the server wrote to its data folder):
 *   npm run ops -- maintenance on [--until 2026-12-01T06:00:00Z]
 *   npm run ops -- maintenance off
 *   npm run ops -- status
 *   npm run ops -- withdrawals [--status requested]
 *   npm run ops -- withdrawal <id> pay|reject|refund|forceReceived
 *   npm run ops -- bonus <account> <amount> --reason "Welcome"
 *   npm run ops -- outbox [--recipient +84900000001] [--limit 20]
 *   npm run ops -- agent rate agent1 realTimeSalary 1.5   (or `none` to remove it)
 *   npm run ops -- agent rates agent1
 *   npm run ops -- promotion list | create --file promo.json | update --file promo.json | close CODE
 *   npm run ops -- promotion applications [CODE] [--all] | approve|reject CODE ACCOUNT
 *   npm run ops -- redeem list | redeem approve <id> | redeem reject <id> [--reason "Out of stock"]
 *   npm run ops -- goods upsert --file goods.json
 *   npm run ops -- feedback list [--all] | feedback show <id> | feedback answer <id> "<text>"
 *   npm run ops -- announce create --kind popup --execution B --title EN="Hello" --title ES="Hola"
 *                  --body EN="<p>…</p>" [--start <iso>] [--end <iso>] [--go-reward] [--account a1]
 *   npm run ops -- announce create --file announcement.json | announce list [--all] | announce end op-3
 *   npm run ops -- rg player1
 *   npm run ops -- rg extend player1 --until 2031-01-01T00:00:00Z | rg extend player1 --permanent
 *   npm run ops -- rg payout player1 [--key <request key>]
 *   npm run ops -- support add <name> [--display-name "Mai"] [--roles finance,risk] | support list
 *   npm run ops -- staff roles <name> finance,risk --reason "Joined the payments team"
 *   npm run ops -- staff reset-2fa <name> --reason "Lost phone"
 *   npm run ops -- audit list [--actor staff:mai] [--action withdrawals] [--text player1] [--from <iso>]
 *   npm run ops -- audit export --file audit.csv [the same filters] | audit verify
 *   npm run ops -- approvals [--status pending|approved|rejected|failed|all] | approve <id> | reject <id> --reason "…"
 *   npm run ops -- support password <name> | support disable <name> | support enable <name>
 *   npm run ops -- member password <account> | member disable <account> | member enable <account>
 *   npm run ops -- economics   (the configuration's returns budget, itemised; no server needed)
 *
 * This file is the entry (dist-server/ops.js): the groups of commands are in commands/, the help
 * text in commands/usage.ts.
 */

/** Every group of commands; each answers only its own command words, so their order is free. */
const groups: readonly CommandGroup[] = [
  accountCommands,
  backOfficeCommands,
  moneyCommands,
  messageCommands,
  promotionCommands,
  responsibleGamingCommands,
  systemCommands,
];

/** The output of one command line, or the usage as an error when no group knows it. */
async function run(argv: string[]): Promise<string> {
  const args = parseCommand(argv);
  for (const group of groups) {
    const output = await group(args);
    if (output !== undefined) return output;
  }
  throw new Error(usage);
}

run(process.argv.slice(2)).then(
  (output) => console.log(output),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof PendingApproval ? 3 : 1);
  },
);

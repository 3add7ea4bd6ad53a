import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serverInfoFile } from '../boot';
import { perLanguage } from './announceArgs';
import { economicsReport } from './economicsReport';

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
 *   npm run ops -- support add <name> [--display-name "Mai"] | support list
 *   npm run ops -- support password <name> | support disable <name> | support enable <name>
 *   npm run ops -- member password <account> | member disable <account> | member enable <account>
 *   npm run ops -- economics   (the configuration's returns budget, itemised; no server needed)
 */
const usage = [
  'usage: npm run ops -- maintenance on [--until <iso>] | maintenance off | status',
  '       npm run ops -- withdrawals [--status <status>]',
  '       npm run ops -- withdrawal <id> pay|reject|refund|forceReceived',
  '       npm run ops -- bonus <account> <amount> --reason <text>',
  '       npm run ops -- outbox [--recipient <number or e-mail>] [--limit <n>]',
  '       npm run ops -- agent rate <account> dividend|dailySalary|hourlySalary|realTimeSalary <percent|none>',
  '       npm run ops -- agent rates <account>',
  '       npm run ops -- promotion list | promotion create|update --file <definition.json> | promotion close <code>',
  '       npm run ops -- promotion applications [<code>] [--all] | promotion approve|reject <code> <account>',
  '       npm run ops -- redeem list | redeem approve|reject <id> [--reason <text>]',
  '       npm run ops -- goods upsert --file <goods.json>',
  '       npm run ops -- feedback list [--all] | feedback show <id> | feedback answer <id> <text>',
  '       npm run ops -- announce create --kind announcement|notice|popup [--execution A|B|F]',
  '                      --title EN=<text> [--title ES=<text> …] --body EN=<html> [--body ES=<html> …]',
  '                      [--start <iso>] [--end <iso>] [--go-reward] [--account <account> …]',
  '       npm run ops -- announce create --file <announcement.json>',
  '       npm run ops -- announce list [--all] | announce end <id>',
  '       npm run ops -- rg <account> | rg extend <account> --until <iso> | rg extend <account> --permanent',
  '       npm run ops -- rg payout <account> [--key <request key, to retry one that got no answer>]',
  '       npm run ops -- support add <name> [--display-name <name players see>] | support list',
  '       npm run ops -- support password <name> | support disable <name> | support enable <name>',
  '       npm run ops -- member password <account> | member disable <account> | member enable <account>',
  '       npm run ops -- economics',
].join('\n');

/** A date the operator typed, as ISO, or a clear error naming the option. */
function isoOption(option: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`--${option} is not a date: ${value}`);
  return date.toISOString();
}

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** The outbox as a table, newest first: when, channel, to, text (e-mail: subject — text). */
function outboxTable(messages: OutboxMessage[]): string {
  if (messages.length === 0) return 'Nothing sent yet.';
  const rows = messages.map((m) => [
    m.createdAt.replace('T', ' ').slice(0, 19),
    m.channel,
    m.recipient,
    (m.subject ? `${m.subject} — ${m.body}` : m.body).replace(/\s+/g, ' '),
  ]);
  const header = ['when (UTC)', 'channel', 'to', 'text'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

/** A staff account's new password, shown once: where to log in and what to type. */
function staffPassword(
  answer: { staff: { name: string; displayName: string }; password: string },
  title: string,
): string {
  return [
    `${title}: ${answer.staff.name} (players see "${answer.staff.displayName}")`,
    `password: ${answer.password}`,
    'Log in at /support. The password is shown only now; `support password <name>` makes a new one.',
  ].join('\n');
}

/** A JSON file the operator wrote, with its name in the error when it cannot be read. */
async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`--file ${file}: ${(error as Error).message}`, { cause: error });
  }
}

async function call(
  method: 'GET' | 'POST',
  body?: unknown,
  endpoint = '/ops/maintenance',
): Promise<unknown> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  let info: { url: string; opsToken: string };
  // Another machine's instance (or the balancer in front of several): OPS_URL and OPS_TOKEN.
  const { OPS_URL, OPS_TOKEN } = process.env;
  if (OPS_URL && OPS_TOKEN) info = { url: OPS_URL.replace(/\/$/, ''), opsToken: OPS_TOKEN };
  else
    try {
      info = JSON.parse(await readFile(serverInfoFile(dataDir), 'utf8'));
    } catch {
      throw new Error(
        `No running server found (${serverInfoFile(dataDir)} is missing). Start it with npm start.`,
      );
    }
  const response = await fetch(`${info.url}${endpoint}`, {
    method,
    headers: {
      authorization: `Bearer ${info.opsToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).catch(() => {
    throw new Error(`The server at ${info.url} does not answer. Is it running?`);
  });
  const envelope = (await response.json()) as {
    success: boolean;
    value: unknown;
    message?: string;
  };
  if (!envelope.success) throw new Error(envelope.message ?? `HTTP ${response.status}`);
  return envelope.value;
}

async function run(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      until: { type: 'string' },
      status: { type: 'string' },
      reason: { type: 'string' },
      recipient: { type: 'string' },
      limit: { type: 'string' },
      file: { type: 'string' },
      all: { type: 'boolean' },
      kind: { type: 'string' },
      execution: { type: 'string' },
      title: { type: 'string', multiple: true },
      body: { type: 'string', multiple: true },
      start: { type: 'string' },
      end: { type: 'string' },
      'go-reward': { type: 'boolean' },
      account: { type: 'string', multiple: true },
      permanent: { type: 'boolean' },
      'display-name': { type: 'string' },
      key: { type: 'string' },
    },
  });
  const [command, action, extra, ...more] = positionals;
  // An agent's own rate per contract type (what it may offer its downlines).
  if (command === 'agent' && action === 'rate' && extra && more.length === 2) {
    const [contractType, rate] = more as [string, string];
    const body = { account: extra, contractType, rate: rate === 'none' ? null : rate };
    return JSON.stringify(await call('POST', body, '/ops/agents/rate'));
  }
  if (command === 'agent' && action === 'rates' && extra && more.length === 0) {
    const path = `/ops/agents/${encodeURIComponent(extra)}/rates`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (command === 'withdrawals' && !action) {
    const query = values.status ? `?status=${encodeURIComponent(values.status)}` : '';
    return JSON.stringify(await call('GET', undefined, `/ops/withdrawals${query}`), null, 2);
  }
  if (command === 'withdrawal' && action && extra) {
    const path = `/ops/withdrawals/${encodeURIComponent(action)}`;
    return JSON.stringify(await call('POST', { action: extra }, path));
  }
  if (command === 'bonus' && action && extra && values.reason) {
    const body = {
      account: action,
      amount: extra,
      reason: values.reason,
      idempotencyKey: randomUUID().replaceAll('-', ''),
    };
    return JSON.stringify(await call('POST', body, '/ops/bonus'));
  }
  if (command === 'outbox' && !action) {
    const query = new URLSearchParams();
    if (values.recipient) query.set('recipient', values.recipient);
    if (values.limit) query.set('limit', values.limit);
    const search = query.size ? `?${query}` : '';
    return outboxTable((await call('GET', undefined, `/ops/outbox${search}`)) as OutboxMessage[]);
  }
  // Promotions (issue 14): a definition is a JSON file, checked by the server as the
  // configuration file's promotions are.
  if (command === 'promotion' && action === 'list' && !extra) {
    return JSON.stringify(await call('GET', undefined, '/ops/promotions'), null, 2);
  }
  if (command === 'promotion' && (action === 'create' || action === 'update') && values.file) {
    const definition = await readJsonFile(values.file);
    return JSON.stringify(await call('POST', { mode: action, definition }, '/ops/promotions'));
  }
  if (command === 'goods' && action === 'upsert' && values.file) {
    return JSON.stringify(await call('POST', await readJsonFile(values.file), '/ops/goods'));
  }
  if (command === 'promotion' && action === 'close' && extra) {
    const path = `/ops/promotions/${encodeURIComponent(extra)}/close`;
    return JSON.stringify(await call('POST', {}, path));
  }
  // Applications to an operator-reviewed bonus (issue 14): what waits, and the answer.
  if (command === 'promotion' && action === 'applications' && more.length === 0) {
    const query = new URLSearchParams();
    if (extra) query.set('code', extra);
    if (values.all) query.set('all', 'true');
    const search = query.size ? `?${query}` : '';
    return JSON.stringify(await call('GET', undefined, `/ops/applications${search}`), null, 2);
  }
  if (
    command === 'promotion' &&
    (action === 'approve' || action === 'reject') &&
    extra &&
    more.length === 1
  ) {
    const body = { code: extra, account: more[0], decision: action };
    return JSON.stringify(await call('POST', body, '/ops/applications'));
  }
  // Points mall redemptions (issue 14): what waits, and the operator's decision.
  if (command === 'redeem' && action === 'list' && !extra) {
    return JSON.stringify(await call('GET', undefined, '/ops/redemptions'), null, 2);
  }
  if (command === 'redeem' && (action === 'approve' || action === 'reject') && extra) {
    const path = `/ops/redemptions/${encodeURIComponent(extra)}/${action}`;
    return JSON.stringify(await call('POST', { note: values.reason ?? null }, path));
  }
  // Feedback (issue 16): what members sent, and the answer that reaches their inbox.
  if (command === 'feedback' && action === 'list' && !extra) {
    const path = `/ops/feedback${values.all ? '?status=all' : ''}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (command === 'feedback' && action === 'show' && extra && more.length === 0) {
    const path = `/ops/feedback/${encodeURIComponent(extra)}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (command === 'feedback' && action === 'answer' && extra && more.length === 1) {
    const path = `/ops/feedback/${encodeURIComponent(extra)}/answer`;
    return JSON.stringify(await call('POST', { answer: more[0] }, path), null, 2);
  }
  // Announcements (issue 16): notices and pop-ups that reach the open pages live.
  if (command === 'announce' && action === 'create' && !extra) {
    const body = values.file
      ? await readJsonFile(values.file)
      : {
          kind: values.kind,
          ...(values.execution ? { execution: values.execution.toUpperCase() } : {}),
          title: perLanguage('title', values.title ?? []),
          content: perLanguage('body', values.body ?? []),
          goReward: values['go-reward'] === true,
          ...(values.start ? { startsAt: isoOption('start', values.start) } : {}),
          ...(values.end ? { endsAt: isoOption('end', values.end) } : {}),
          ...(values.account ? { accounts: values.account } : {}),
        };
    if (!values.file && !values.kind) throw new Error(`--kind is required\n${usage}`);
    return JSON.stringify(await call('POST', body, '/ops/announcements'), null, 2);
  }
  if (command === 'announce' && action === 'list' && !extra) {
    const path = `/ops/announcements${values.all ? '?all=true' : ''}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  if (
    command === 'announce' &&
    (action === 'end' || action === 'remove') &&
    extra &&
    !more.length
  ) {
    const path = `/ops/announcements/${encodeURIComponent(extra)}/end`;
    return JSON.stringify(await call('POST', {}, path), null, 2);
  }
  // Responsible gaming (issue 17): a member's limits, history and exclusions; extending one.
  if (command === 'rg' && action === 'extend' && extra && more.length === 0) {
    const permanent = values.permanent === true;
    if (permanent === (values.until !== undefined))
      throw new Error(`give either --until <iso> or --permanent\n${usage}`);
    const body = { account: extra, endsAt: permanent ? null : isoOption('until', values.until) };
    return JSON.stringify(await call('POST', body, '/ops/rg/extend'), null, 2);
  }
  // The balance of a member on a break or self-excluded, paid out as a withdrawal the operator
  // asks for. The request key is printed: running again with it after a lost answer is safe.
  if (command === 'rg' && action === 'payout' && extra && more.length === 0) {
    const requestKey = values.key ?? randomUUID().replaceAll('-', '');
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(requestKey))
      throw new Error(`--key is 8 to 64 letters, digits, "-" or "_": ${requestKey}`);
    const paid = (await call('POST', { account: extra, requestKey }, '/ops/rg/payout')) as {
      account: string;
      withdrawal: { id: string; status: string };
      paid: string;
      lockedBonus: string | null;
      replayed: boolean;
    };
    return [
      paid.replayed
        ? `Already done with this key: withdrawal ${paid.withdrawal.id} of ${paid.paid} for ${paid.account} (now ${paid.withdrawal.status}).`
        : `Withdrawal ${paid.withdrawal.id} of ${paid.paid} asked for ${paid.account} (${paid.withdrawal.status}); recorded in the member's responsible-gaming history.`,
      paid.lockedBonus && paid.lockedBonus !== '0.00'
        ? `Not paid: ${paid.lockedBonus} of bonus money still locked by its wagering requirement (left in the wallet).`
        : '',
      `Request key: ${requestKey} (run again with --key ${requestKey} if this answer was lost).`,
      `The payout channel pays it, or: npm run ops -- withdrawal ${paid.withdrawal.id} pay.`,
    ]
      .filter(Boolean)
      .join('\n');
  }
  if (command === 'rg' && action && !['extend', 'payout'].includes(action) && !extra) {
    const path = `/ops/rg/${encodeURIComponent(action)}`;
    return JSON.stringify(await call('GET', undefined, path), null, 2);
  }
  // Support staff (issue 16): the operator console's accounts (/support). A password is made by
  // the server and shown once, here.
  if (command === 'support' && action === 'add' && extra && !more.length) {
    const body = { name: extra, displayName: values['display-name'] ?? null };
    const made = (await call('POST', body, '/ops/support/staff')) as {
      staff: { name: string; displayName: string };
      password: string;
    };
    return staffPassword(made, 'Staff account created');
  }
  if (command === 'support' && action === 'list' && !extra) {
    return JSON.stringify(await call('GET', undefined, '/ops/support/staff'), null, 2);
  }
  if (command === 'support' && action === 'password' && extra && !more.length) {
    const path = `/ops/support/staff/${encodeURIComponent(extra)}/password`;
    const reset = (await call('POST', {}, path)) as {
      staff: { name: string; displayName: string };
      password: string;
    };
    return staffPassword(
      reset,
      'New password set (every console session of the account was ended)',
    );
  }
  if (
    command === 'support' &&
    (action === 'disable' || action === 'enable') &&
    extra &&
    !more.length
  ) {
    const path = `/ops/support/staff/${encodeURIComponent(extra)}/status`;
    const status = action === 'disable' ? 'disabled' : 'active';
    return JSON.stringify(await call('POST', { status }, path));
  }
  // A member's login (the demo members a production start disabled come back this way): a
  // password is made by the server and shown once, here.
  if (command === 'member' && action === 'password' && extra && !more.length) {
    const path = `/ops/members/${encodeURIComponent(extra)}/password`;
    const reset = (await call('POST', {}, path)) as {
      account: string;
      status: string;
      password: string;
    };
    return [
      `New password set for ${reset.account} (every session of the member was ended)`,
      `password: ${reset.password}`,
      'It is shown only now; the member is asked to change it at the next login.',
      reset.status === 'active'
        ? 'The account is active.'
        : `The account is ${reset.status}: npm run ops -- member enable ${reset.account} lets it log in.`,
    ].join('\n');
  }
  if (
    command === 'member' &&
    (action === 'disable' || action === 'enable') &&
    extra &&
    !more.length
  ) {
    const path = `/ops/members/${encodeURIComponent(extra)}/status`;
    const status = action === 'disable' ? 'disabled' : 'active';
    return JSON.stringify(await call('POST', { status }, path));
  }
  // The returns budget of the configuration file: read here, no running server needed.
  if (command === 'economics' && !action)
    return economicsReport(process.env.PLATFORM_CONFIG ?? 'config/platform.json');
  if (command === 'status' && !action) return JSON.stringify(await call('GET'));
  if (command === 'maintenance' && action === 'on') {
    const end = values.until ? new Date(values.until) : null;
    if (end && Number.isNaN(end.getTime()))
      throw new Error(`--until is not a date: ${values.until}`);
    return JSON.stringify(await call('POST', { enabled: true, end: end?.toISOString() ?? null }));
  }
  if (command === 'maintenance' && action === 'off')
    return JSON.stringify(await call('POST', { enabled: false }));
  throw new Error(usage);
}

run(process.argv.slice(2)).then(
  (output) => console.log(output),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

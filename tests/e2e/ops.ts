import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { uniqueName } from './support';
import { VN_NORTH_RESULT } from '../support/vnResults';

/** Operator calls against the e2e server, with the token it wrote to its data folder. */
function serverInfo(): { url: string; opsToken: string } {
  return JSON.parse(
    readFileSync(path.resolve(process.env.E2E_DIR ?? '.e2e', 'data', 'server.json'), 'utf8'),
  );
}

/** The e2e server's operator token (for the paths tool's `opsToken`). */
export const e2eOpsToken = () => serverInfo().opsToken;

async function ops(endpoint: string, body: unknown): Promise<unknown> {
  const info = serverInfo();
  const response = await fetch(`${info.url}${endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${info.opsToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as {
    success: boolean;
    value: unknown;
    message?: string;
  };
  if (!envelope.success) throw new Error(`${endpoint}: ${envelope.message}`);
  return envelope.value;
}

/** Credits `account` through the ledger (a bonus), as an operator would. */
export const grantBonus = (account: string, amount: string) =>
  ops('/ops/bonus', {
    account,
    amount,
    reason: 'e2e funds',
    idempotencyKey: randomUUID().replaceAll('-', ''),
  });

/** Development-only: forces the next demo-vendor round of `account` (e.g. a big win). */
export async function rigNextSpin(account: string, symbols: string[]): Promise<void> {
  const info = serverInfo();
  const response = await fetch(`${info.url}/wps/dev/demo-vendor/rig`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, symbols }),
  });
  if (!response.ok) throw new Error(`rig failed: ${response.status}`);
}

/** Development-only: moves `account`'s login sessions `minutes` into the past (issue 17). */
export async function ageSessions(account: string, minutes: number): Promise<void> {
  const info = serverInfo();
  const response = await fetch(`${info.url}/wps/dev/rg/age`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, minutes }),
  });
  if (!response.ok) throw new Error(`age failed: ${response.status}`);
}

const run = promisify(execFile);

/** The operator command exactly as the README gives it (`npm run ops -- …`). */
export function opsCommand(...args: string[]) {
  return run('node', ['dist-server/ops.js', ...args], {
    env: { ...process.env, DATA_DIR: path.resolve(process.env.E2E_DIR ?? '.e2e', 'data') },
  });
}

/** `npm run ops -- promotion create --file <definition.json>` with this definition. */
export async function createPromotion(definition: Record<string, unknown>) {
  const folder = await mkdtemp(path.join(tmpdir(), 'e2e-promo-'));
  const file = path.join(folder, 'promotion.json');
  await writeFile(file, JSON.stringify(definition));
  return opsCommand('promotion', 'create', '--file', file);
}

/** `npm run ops -- goods upsert --file <goods.json>` with this definition. */
export async function upsertGoods(definition: Record<string, unknown>) {
  const folder = await mkdtemp(path.join(tmpdir(), 'e2e-goods-'));
  const file = path.join(folder, 'goods.json');
  await writeFile(file, JSON.stringify(definition));
  return opsCommand('goods', 'upsert', '--file', file);
}

/**
 * `POST /ops/announcements` (what `npm run ops -- announce create` sends): the announcement's
 * id (op-N), to end it in the test's cleanup.
 */
export async function createAnnouncement(body: Record<string, unknown>): Promise<string> {
  const created = (await ops('/ops/announcements', body)) as { id: string };
  return created.id;
}

/** `npm run ops -- announce end <id>`; one already ended is fine (cleanup after a failure). */
export async function endAnnouncement(id: string): Promise<void> {
  await ops(`/ops/announcements/${encodeURIComponent(id)}/end`, {}).catch((error: Error) => {
    if (!/already ended/.test(error.message)) throw error;
  });
}

/**
 * A staff account made as the README says (`npm run ops -- support add`), with back-office
 * roles when given (`--roles`).
 */
export async function newStaff(
  displayName: string,
  roles: string[] = [],
): Promise<{ name: string; password: string }> {
  const name = uniqueName('staff').toLowerCase();
  const { stdout } = await opsCommand(
    'support',
    'add',
    name,
    '--display-name',
    displayName,
    ...(roles.length ? ['--roles', roles.join(',')] : []),
  );
  const password = stdout.match(/^password: (\S+)$/m)?.[1];
  if (!password) throw new Error(`no password in: ${stdout}`);
  return { name, password };
}

/**
 * Development-only: opens a Vietnamese lottery draw now with `prizes` and settles its slips
 * (issue 34: a test cannot wait for the schedule, nor guess the numbers).
 */
export function drawVnNow(
  gameCode: string,
  numero: string,
  prizes: unknown = VN_NORTH_RESULT,
): Promise<{ settled: number; voided: number }> {
  return rigDraw({ gameCode, numero, prizes });
}

/** Development-only: opens another lottery game's draw now with `numbers`, as drawVnNow. */
export function drawLotteryNow(
  gameCode: string,
  numero: string,
  numbers: number[],
): Promise<{ settled: number; voided: number }> {
  return rigDraw({ gameCode, numero, numbers });
}

async function rigDraw(body: Record<string, unknown>) {
  const info = serverInfo();
  const response = await fetch(`${info.url}/wps/dev/vn-lotto/draw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as {
    success: boolean;
    value: { settled: number; voided: number };
    message?: string;
  };
  if (!envelope.success) throw new Error(`draw failed: ${envelope.message}`);
  return envelope.value;
}

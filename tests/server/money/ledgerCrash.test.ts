import { randomBytes, randomInt } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite';
import { openPostgres } from '../../../server/db/postgres';
import type { Database } from '../../../server/db/types';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import { bearer, loginToken } from '../../support/identityClient';
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
} from '../../support/serverProcess';
import { call, type Engine, engines } from '../../support/testServer';

/**
 * Issue 4: the bank-style test (ledger.test.ts) with the server process SIGKILLed in the middle
 * of the traffic and restarted on the same data. A SIGKILL runs no handler and closes nothing,
 * so whatever survives is what the database had made durable when the process died.
 *
 * What must hold: every request the client saw acknowledged (a 200) is in the books with the
 * answer it was given, both in the state the crash left and after the restart; nothing
 * half-written (a transaction without its entries, a balance its entries do not explain);
 * deposits pending at the crash are credited, once, after the restart; a client that got no
 * answer can retry with the same key and the books then match its view of every balance.
 */

/** The demo channel's delay: deposits early in the traffic get credited before the kill. */
const CONFIRM_SECONDS = 2;
/** How long the traffic runs before the kill (at least), and the acknowledgements it needs. */
const TRAFFIC_MS = 3000;
const MIN_ACKNOWLEDGED = 40;
const REQUEST_TIMEOUT_MS = 15_000;
const SEED_AMOUNT = '3000.00';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const paths = {
  transfer: '/wps/relay/GCS_walletTransfer',
  upline: '/wps/wallet/transferUpline',
  deposit: '/wps/deposit',
} as const;
/** The ledger kind each request posts, for its scoped key (wallets.ts scopedKey). */
const ledgerKinds = { transfer: 'wallet_transfer', upline: 'upline_transfer' } as const;

type Move =
  | { kind: 'transfer'; body: { from: string; to: string; amount: string; idempotencyKey: string } }
  | { kind: 'upline'; body: { amount: string; idempotencyKey: string } }
  | { kind: 'deposit'; body: { channel: 'DEMO'; amount: string; idempotencyKey: string } };

interface Member {
  account: string;
  token: string;
  upline: string | null;
}

interface Sent {
  member: Member;
  move: Move;
}

interface Acknowledged extends Sent {
  value: Record<string, unknown>;
}

/** What the clients saw: the ground truth the books are checked against. */
interface Journal {
  acknowledged: Acknowledged[];
  /** Answered 409 insufficient_funds: must leave no trace. */
  refused: Sent[];
  /** Sent but never answered because the server died: may or may not have committed. */
  interrupted: Sent[];
  replays: number;
  interruptedReplays: number;
  /** When the last deposit was acknowledged (Date.now()). */
  lastDepositAt: number;
  /** Unexpected answers and replays that differed from the first answer. */
  problems: string[];
  inFlight: number;
}

const newKey = () => randomBytes(9).toString('base64url');
const randomAmount = (min: number, max: number) =>
  `${randomInt(min, max)}.${String(randomInt(100)).padStart(2, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(server: ServerProcess, sent: Sent) {
  return call(server, paths[sent.move.kind], {
    method: 'POST',
    headers: bearer(sent.member.token),
    json: sent.move.body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** The part of an answer a replay must repeat: a deposit's status moves on, its id does not. */
function stable(kind: Move['kind'], value: unknown): unknown {
  if (kind !== 'deposit') return value;
  const { id, amount } = value as { id: string; amount: string };
  return { id, amount };
}

/** A random money move of the member (their own wallets, to their upline, or a deposit). */
function randomMove(member: Member, wallets: string[]): Move {
  const roll = randomInt(20);
  if (roll < 3)
    return {
      kind: 'deposit',
      body: { channel: 'DEMO', amount: randomAmount(10, 500), idempotencyKey: newKey() },
    };
  if (roll < 6 && member.upline)
    return { kind: 'upline', body: { amount: randomAmount(1, 150), idempotencyKey: newKey() } };
  const from = wallets[randomInt(wallets.length)]!;
  const others = wallets.filter((wallet) => wallet !== from);
  return {
    kind: 'transfer',
    body: {
      from,
      to: others[randomInt(others.length)]!,
      // Some beyond the balance: refusals must leave no trace either.
      amount: randomAmount(1, 400),
      idempotencyKey: newKey(),
    },
  };
}

/**
 * One client: random moves and replays of acknowledged ones, back to back, until the server
 * is killed. Its requests that the kill cuts off are recorded as interrupted.
 */
async function client(
  server: ServerProcess,
  member: Member,
  wallets: string[],
  journal: Journal,
  killed: () => boolean,
): Promise<void> {
  while (!killed()) {
    const earlier = journal.acknowledged;
    const replay = earlier.length > 0 && randomInt(10) === 0;
    const sent: Sent = replay
      ? earlier[randomInt(earlier.length)]!
      : { member, move: randomMove(member, wallets) };
    journal.inFlight += 1;
    try {
      const reply = await send(server, sent);
      if (replay) {
        journal.replays += 1;
        const first = (sent as Acknowledged).value;
        // Deep equality: a replay's answer comes back from jsonb, keys in another order.
        if (
          !reply.body.success ||
          !isDeepStrictEqual(
            stable(sent.move.kind, reply.body.value),
            stable(sent.move.kind, first),
          )
        )
          journal.problems.push(
            `replay of ${sent.move.body.idempotencyKey}: ${JSON.stringify(reply.body)} ≠ ${JSON.stringify(first)}`,
          );
      } else if (reply.status === 200 && reply.body.success) {
        journal.acknowledged.push({ ...sent, value: reply.body.value as Record<string, unknown> });
        if (sent.move.kind === 'deposit') journal.lastDepositAt = Date.now();
      } else if (reply.status === 409 && reply.body.code === 'insufficient_funds') {
        journal.refused.push(sent);
      } else {
        journal.problems.push(`${sent.move.kind}: ${reply.status} ${JSON.stringify(reply.body)}`);
      }
    } catch (error) {
      if (!killed()) {
        journal.problems.push(`${sent.move.kind} failed before the kill: ${String(error)}`);
        return;
      }
      if (replay) journal.interruptedReplays += 1;
      else journal.interrupted.push(sent);
    } finally {
      journal.inFlight -= 1;
    }
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Where one engine keeps the books, and how the test reads them itself. */
interface Store {
  dataDir: string;
  databaseUrl?: string;
  configFile: string;
  /** The books exactly as the crash left them, read without disturbing the server's copy. */
  openCrashState(): Promise<Database>;
  /** The books; for PGlite only while no server runs on them (it is single-process). */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

async function createStore(engine: Engine): Promise<Store> {
  const root = await mkdtemp(path.join(tmpdir(), 'platform-crash-'));
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  // The shipped configuration, with a demo channel that confirms after CONFIRM_SECONDS.
  const configFile = path.join(root, 'platform.json');
  const config = JSON.parse(await readFile(path.join(repoRoot, 'config/platform.json'), 'utf8'));
  config.payments.deposit.demoConfirmSeconds = CONFIRM_SECONDS;
  await writeFile(configFile, JSON.stringify(config));

  if (engine === 'pglite') {
    const live = path.join(dataDir, 'pglite'); // server/db/open.ts
    return {
      dataDir,
      configFile,
      async openCrashState() {
        // Opening PGlite runs its recovery: do it on a copy, so the restarted server still
        // finds the files as the SIGKILL left them and has to recover them itself.
        const copy = path.join(root, 'crash-copy');
        await cp(live, copy, { recursive: true });
        return openPglite(copy);
      },
      open: () => openPglite(live),
      remove: () => rm(root, { recursive: true, force: true }),
    };
  }
  // PostgreSQL itself is not killed, only the server: the test reads it directly.
  const adminUrl = inject('postgresUrl');
  const name = `crash_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    configFile,
    databaseUrl: url.toString(),
    openCrashState: () => openPostgres(url.toString()),
    open: () => openPostgres(url.toString()),
    async remove() {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * The invariants of the books, as a list of what is wrong (empty when all hold).
 * `final`: after the restart has done its work, no deposit may be left pending.
 */
async function bookProblems(db: Database, final: boolean): Promise<string[]> {
  const problems: string[] = [];
  const [sum] = await db.query<{ total: string }>(
    'select coalesce(sum(balance), 0)::text as total from ledger_accounts',
  );
  if (sum!.total !== '0') problems.push(`the balances sum to ${sum!.total}, not 0`);

  const accounts = await db.query<{
    id: string;
    balance: string;
    allow_negative: boolean;
    entries: string;
    last_after: string | null;
  }>(
    `select a.id::text, a.balance::text, a.allow_negative,
       (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id)::text
         as entries,
       (select e.balance_after from ledger_entries e where e.account_id = a.id
         order by e.id desc limit 1)::text as last_after
     from ledger_accounts a`,
  );
  for (const account of accounts) {
    if (!account.allow_negative && BigInt(account.balance) < 0n)
      problems.push(`account ${account.id} is negative: ${account.balance}`);
    if (account.balance !== account.entries)
      problems.push(
        `account ${account.id}: balance ${account.balance}, entries ${account.entries}`,
      );
    if (account.balance !== (account.last_after ?? '0'))
      problems.push(
        `account ${account.id}: balance ${account.balance}, last balance_after ${account.last_after}`,
      );
  }
  // Every entry continues the one before it on the same account.
  const broken = await db.query<{ id: string }>(
    `select id::text from (
       select id, amount, balance_after,
         lag(balance_after, 1, 0::bigint) over (partition by account_id order by id) as before
       from ledger_entries) chain
     where before + amount <> balance_after`,
  );
  for (const entry of broken) problems.push(`entry ${entry.id} does not follow the one before`);

  const halfWritten = await db.query<{ id: string; kind: string; n: number; total: string }>(
    `select t.id::text, t.kind, count(e.id)::int as n, coalesce(sum(e.amount), 0)::text as total
     from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
     group by t.id, t.kind, t.result
     having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0
       or (t.result = '{}'::jsonb and t.kind in ('wallet_transfer', 'upline_transfer', 'deposit'))`,
  );
  for (const tx of halfWritten)
    problems.push(`transaction ${tx.id} (${tx.kind}): ${tx.n} entries summing to ${tx.total}`);

  const deposits = await db.query<{
    id: string;
    status: string;
    member_id: string;
    amount: string;
    linked: string | null;
    tx: string | null;
    credited: string | null;
  }>(
    `select d.id::text, d.status, d.member_id::text, d.amount::text,
       d.ledger_transaction_id::text as linked, t.id::text as tx,
       (select e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.transaction_id = t.id and a.kind = 'main' and a.member_id = d.member_id)::text
         as credited
     from deposits d left join ledger_transactions t on t.idempotency_key = 'deposit:' || d.id`,
  );
  for (const deposit of deposits) {
    if (deposit.status === 'credited') {
      if (!deposit.tx || deposit.linked !== deposit.tx || deposit.credited !== deposit.amount)
        problems.push(`credited deposit ${deposit.id}: ${JSON.stringify(deposit)}`);
    } else if (deposit.status === 'pending') {
      // Before the restart a deposit may be pending with its ledger transaction already
      // committed (creditDeposit posts, then marks it credited): the restart completes it.
      if (final) problems.push(`deposit ${deposit.id} is still pending`);
      else if (deposit.tx && deposit.credited !== deposit.amount)
        problems.push(`pending deposit ${deposit.id}: ${JSON.stringify(deposit)}`);
    } else problems.push(`deposit ${deposit.id} is ${deposit.status}`);
  }
  const orphans = await db.query<{ id: string }>(
    `select t.id::text from ledger_transactions t where t.kind = 'deposit' and not exists
       (select 1 from deposits d where t.idempotency_key = 'deposit:' || d.id)`,
  );
  for (const tx of orphans) problems.push(`deposit transaction ${tx.id} has no deposit`);
  return problems;
}

/** What the books hold for each request key, by the key the client chose. */
async function storedAnswers(db: Database) {
  const members = new Map(
    (await db.query<{ id: string; account: string }>('select id::text, account from members')).map(
      (row) => [row.account, row.id],
    ),
  );
  const transactions = new Map(
    (
      await db.query<{ idempotency_key: string; result: Record<string, unknown> }>(
        'select idempotency_key, result from ledger_transactions',
      )
    ).map((row) => [row.idempotency_key, row.result]),
  );
  const deposits = new Map(
    (
      await db.query<{ idempotency_key: string; id: string; amount: string; status: string }>(
        'select idempotency_key, id::text, amount::text, status from deposits',
      )
    ).map((row) => [row.idempotency_key, row]),
  );
  return {
    transactionKeys: [...transactions.keys()],
    /** The stored answer of a request, or undefined when it left nothing. */
    of(sent: Sent): unknown {
      const memberId = members.get(sent.member.account)!;
      const { kind, body } = sent.move;
      if (kind === 'deposit') {
        const row = deposits.get(`deposit:${memberId}:${body.idempotencyKey}`);
        return row && { id: row.id, amount: toMoneyString(BigInt(row.amount)) };
      }
      return transactions.get(`${ledgerKinds[kind]}:${memberId}:${body.idempotencyKey}`);
    },
    pendingDeposits: [...deposits.values()].filter((row) => row.status === 'pending').length,
  };
}

/** Each member's balance per wallet, from the client's side: every move known to be committed. */
function expectedBalances(committed: Sent[], members: Member[], wallets: string[]) {
  const books = new Map(
    members.map((member) => [member.account, new Map(wallets.map((w) => [w, 0n]))]),
  );
  const add = (account: string, wallet: string, amount: bigint) =>
    books.get(account)!.set(wallet, books.get(account)!.get(wallet)! + amount);
  for (const { member, move } of committed) {
    const amount = parseMoney(move.body.amount);
    if (move.kind === 'deposit') add(member.account, 'MAIN', amount);
    else if (move.kind === 'upline') {
      add(member.account, 'MAIN', -amount);
      add(member.upline!, 'MAIN', amount);
    } else {
      add(member.account, move.body.from, -amount);
      add(member.account, move.body.to, amount);
    }
  }
  return new Map(
    [...books].map(([account, balances]) => [
      account,
      wallets.map((wallet) => ({ wallet, balance: toMoneyString(balances.get(wallet)!) })),
    ]),
  );
}

/** Replays a deposit request until the channel has credited it (the replay reports status). */
async function untilCredited(server: ServerProcess, deposits: Sent[]): Promise<void> {
  await inParallel(deposits, 4, async (sent) => {
    await until(
      async () => {
        const reply = await send(server, sent);
        return (reply.body.value as { status?: string } | null)?.status === 'credited';
      },
      10_000,
      `deposit ${sent.move.body.idempotencyKey} to be credited`,
    );
  });
}

const demoMembers: Omit<Member, 'token'>[] = [
  { account: 'player1', upline: null },
  { account: 'player2', upline: 'agent1' },
  { account: 'player3', upline: 'agent1' },
  { account: 'agent1', upline: null },
];

/** Logs the demo members in (in parallel: the login throttle is per address and account). */
function logIn(server: ServerProcess): Promise<Member[]> {
  return Promise.all(
    demoMembers.map(async (member) => ({
      ...member,
      token: await loginToken(server, member.account),
    })),
  );
}

/** Gives every member money to move: a deposit each, waited for until credited. */
async function fund(server: ServerProcess, members: Member[], journal: Journal): Promise<void> {
  const seeds: Sent[] = members.map((member) => ({
    member,
    move: {
      kind: 'deposit',
      body: { channel: 'DEMO', amount: SEED_AMOUNT, idempotencyKey: newKey() },
    },
  }));
  for (const seed of seeds) {
    const reply = await send(server, seed);
    expect(reply.body.success).toBe(true);
    journal.acknowledged.push({ ...seed, value: reply.body.value as Record<string, unknown> });
  }
  await untilCredited(server, seeds);
}

/**
 * Two clients per member (the same wallets are contended) until the server is SIGKILLed: once
 * the traffic has run TRAFFIC_MS, while requests are in flight (with eight clients there nearly
 * always are), and less than a second after a deposit was acknowledged: the channel confirms it
 * CONFIRM_SECONDS after the request, so at least that one is certainly pending at the crash.
 */
async function trafficUntilKill(
  server: ServerProcess,
  members: Member[],
  wallets: string[],
  journal: Journal,
): Promise<{ inFlight: number; acknowledged: number }> {
  let killed = false;
  const started = Date.now();
  const clients = [...members, ...members].map((member) =>
    client(server, member, wallets, journal, () => killed),
  );
  await until(
    () =>
      journal.problems.length > 0 ||
      (Date.now() - started >= TRAFFIC_MS &&
        journal.acknowledged.length >= MIN_ACKNOWLEDGED &&
        journal.inFlight > 0 &&
        Date.now() - journal.lastDepositAt < 1000),
    20_000,
    'the moment to kill',
  );
  const atKill = { inFlight: journal.inFlight, acknowledged: journal.acknowledged.length };
  killed = true;
  await server.kill();
  await Promise.all(clients);
  return atKill;
}

/** The stored answer of every acknowledged request is the one the client got. */
function expectAcknowledgedKept(
  stored: Awaited<ReturnType<typeof storedAnswers>>,
  journal: Journal,
) {
  for (const ack of journal.acknowledged)
    expect(stored.of(ack), ack.move.body.idempotencyKey).toEqual(stable(ack.move.kind, ack.value));
}

/**
 * Each member's main balance once the deposits pending at the crash are credited: the balance
 * the crash left plus those deposits (but not one whose ledger transaction had committed
 * already: creditDeposit posts first and marks the deposit credited after).
 */
async function mainAfterPendingCredited(db: Database): Promise<Map<string, string>> {
  const rows = await db.query<{ account: string; main: string; pending: string }>(
    `select m.account,
       coalesce((select a.balance from ledger_accounts a
         where a.member_id = m.id and a.kind = 'main'), 0)::text as main,
       coalesce((select sum(d.amount) from deposits d where d.member_id = m.id
         and d.status = 'pending' and not exists (select 1 from ledger_transactions t
           where t.idempotency_key = 'deposit:' || d.id)), 0)::text as pending
     from members m`,
  );
  return new Map(
    rows.map((row) => [row.account, toMoneyString(BigInt(row.main) + BigInt(row.pending))]),
  );
}

/**
 * The books as the crash left them: invariants, every acknowledged request kept, every refused
 * one without a trace, some deposits pending. Returns what the interrupted requests left, and
 * each member's main balance once the pending deposits are credited.
 */
async function checkCrashState(store: Store, journal: Journal) {
  const crash = await store.openCrashState();
  try {
    expect(await bookProblems(crash, false)).toEqual([]);
    const stored = await storedAnswers(crash);
    expectAcknowledgedKept(stored, journal);
    for (const refused of journal.refused)
      expect(stored.of(refused), refused.move.body.idempotencyKey).toBeUndefined();
    // Deposits the channel had not confirmed yet: the restart must credit them.
    expect(stored.pendingDeposits).toBeGreaterThan(0);
    return {
      keptAtCrash: new Map(journal.interrupted.map((sent) => [sent, stored.of(sent)])),
      mainAfterSweep: await mainAfterPendingCredited(crash),
    };
  } finally {
    await crash.close();
  }
}

const mainBalance = async (server: ServerProcess, member: Member) => {
  const reply = await call(server, '/wps/v2/wallets/balance', { headers: bearer(member.token) });
  expect(reply.status, member.account).toBe(200);
  return (reply.body.value as { balance: string }).balance;
};

/**
 * After the restart the server's own start-up sweep credits the deposits left pending, each
 * once. Watched through the balances only: replaying a deposit request would re-schedule its
 * confirmation by itself, and nothing else moves money until the replays below.
 */
async function untilSwept(server: ServerProcess, members: Member[], main: Map<string, string>) {
  const credited = async () => {
    for (const member of members)
      if ((await mainBalance(server, member)) !== main.get(member.account)) return false;
    return true;
  };
  // Credited twice, a balance would pass its mark and never equal it (the final model check
  // below catches a late second credit).
  await until(credited, 10_000, 'the deposits pending at the crash to be credited');
}

/**
 * A client that got no answer retries with the same key, as the site does: it gets the answer
 * the books kept if its request had committed before the crash, else its request runs now.
 * Returns the retries that committed.
 */
async function retryInterrupted(
  server: ServerProcess,
  journal: Journal,
  keptAtCrash: Map<Sent, unknown>,
): Promise<Sent[]> {
  const committed: Sent[] = [];
  await inParallel(journal.interrupted, 8, async (sent) => {
    const reply = await send(server, sent);
    const kept = keptAtCrash.get(sent);
    if (kept !== undefined)
      expect(stable(sent.move.kind, reply.body.value), sent.move.body.idempotencyKey).toEqual(kept);
    if (reply.status === 200) committed.push(sent);
    else expect(reply.body.code, sent.move.body.idempotencyKey).toBe('insufficient_funds');
  });
  return committed;
}

describe.each(engines)('the ledger across a SIGKILL of the server on %s', (engine) => {
  let store: Store | null = null;
  afterAll(async () => {
    // Whatever the test got to: no server process outlives it, no database is left behind.
    await killServerProcesses();
    await store?.remove();
  }, 30_000);

  it('loses nothing acknowledged, leaves nothing half-written, credits pending deposits', async () => {
    store = await createStore(engine);
    const config = JSON.parse(await readFile(store.configFile, 'utf8'));
    const wallets = ['MAIN', ...(config.payments.vendorWallets as string[])];
    const journal: Journal = {
      acknowledged: [],
      refused: [],
      interrupted: [],
      replays: 0,
      interruptedReplays: 0,
      lastDepositAt: 0,
      problems: [],
      inFlight: 0,
    };

    // --- First life: log in, fund every member, traffic, SIGKILL.
    let server = await startServerProcess(store);
    const members = await logIn(server);
    await fund(server, members, journal);
    const atKill = await trafficUntilKill(server, members, wallets, journal);
    expect(journal.problems).toEqual([]);
    // The kill really came in the middle of real traffic of every kind.
    expect(atKill.acknowledged).toBeGreaterThanOrEqual(MIN_ACKNOWLEDGED);
    expect(atKill.inFlight).toBeGreaterThan(0);
    expect(journal.interrupted.length + journal.interruptedReplays).toBeGreaterThan(0);
    expect(journal.refused.length).toBeGreaterThan(0);
    expect(journal.replays).toBeGreaterThan(0);
    const trafficKinds = new Set(
      journal.acknowledged.slice(members.length).map((a) => a.move.kind),
    );
    expect([...trafficKinds].sort()).toEqual(['deposit', 'transfer', 'upline']);

    // --- The crash state, before any restart touches it.
    const { keptAtCrash, mainAfterSweep } = await checkCrashState(store, journal);

    // --- Second life on the same data.
    server = await startServerProcess(store);
    // Sessions live in the database: the tokens from before the crash still work.
    for (const member of members) await mainBalance(server, member);
    await untilSwept(server, members, mainAfterSweep);
    // Every acknowledged request, replayed with its key, gets its first answer again.
    await inParallel(journal.acknowledged, 8, async (ack) => {
      const reply = await send(server, ack);
      expect(reply.status, ack.move.body.idempotencyKey).toBe(200);
      expect(stable(ack.move.kind, reply.body.value), ack.move.body.idempotencyKey).toEqual(
        stable(ack.move.kind, ack.value),
      );
    });
    const committed = [
      ...journal.acknowledged,
      ...(await retryInterrupted(server, journal, keptAtCrash)),
    ];
    // Deposits made by the retries get credited too.
    await untilCredited(
      server,
      committed.filter((sent) => sent.move.kind === 'deposit'),
    );
    // Now every request's outcome is known: each member's wallets hold what the client expects.
    const expected = expectedBalances(committed, members, wallets);
    for (const member of members) {
      const reply = await call(server, '/wps/v2/wallets/balance', {
        headers: bearer(member.token),
      });
      const seen = (reply.body.value as { wallets: { wallet: string; balance: string }[] }).wallets;
      expect(
        seen.map(({ wallet, balance }) => ({ wallet, balance })),
        member.account,
      ).toEqual(expected.get(member.account));
    }
    const stopped = await server.stop();
    expect(stopped, server.output()).toEqual({ code: 0, signal: null });

    // --- The books after the restart, read with the server stopped (PGlite is single-process).
    const books = await store.open();
    try {
      expect(await bookProblems(books, true)).toEqual([]);
      const stored = await storedAnswers(books);
      expectAcknowledgedKept(stored, journal);
      // No transfer the clients did not ask for (keys are `${kind}:${memberId}:${key}`).
      const asked = new Set(
        [...journal.acknowledged, ...journal.interrupted].map(
          (sent) => sent.move.body.idempotencyKey,
        ),
      );
      const unasked = stored.transactionKeys.filter(
        (key) =>
          Object.values(ledgerKinds).some((kind) => key.startsWith(`${kind}:`)) &&
          !asked.has(key.split(':')[2]!),
      );
      expect(unasked).toEqual([]);
    } finally {
      await books.close();
    }
  }, 90_000);
});

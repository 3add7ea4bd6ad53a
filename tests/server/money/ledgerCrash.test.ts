import { randomBytes, randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types';
import { DEMO_PAYMENT_PASSWORD } from '../../../server/seed/demoAccounts';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import type { WithdrawalStatus, WithdrawalView } from '../../../src/shared/withdrawals';
import { type CrashStore, createCrashStore } from '../../support/crashStore';
import { bearer, encryptedCall, loginToken } from '../../support/identityClient';
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
 * The traffic: wallet transfers, transfers to the upline, deposits, withdrawals (held from the
 * main wallet, paid by the demo channel, confirmed by the player), replays of request keys.
 *
 * What must hold: every request the client saw acknowledged (a 200) is in the books with the
 * answer it was given, both in the state the crash left and after the restart; nothing
 * half-written (a transaction without its entries, a balance its entries do not explain, a
 * withdrawal without its hold or a hold without its withdrawal); what is held is what the open
 * withdrawals asked for; deposits pending and withdrawals unpaid at the crash are completed,
 * once, after the restart; a client that got no answer can retry with the same key and the
 * books then match its view of every balance.
 */

/** The demo channel's delay: deposits early in the traffic get credited before the kill. */
const CONFIRM_SECONDS = 2;
/** The channel pays a withdrawal after this: early ones get paid (and answered) before the kill. */
const PAY_SECONDS = 1;
/** How long the traffic runs before the kill (at least), and the acknowledgements it needs. */
const TRAFFIC_MS = 3000;
const MIN_ACKNOWLEDGED = 40;
const REQUEST_TIMEOUT_MS = 15_000;
const SEED_AMOUNT = '3000.00';
/** The withdrawal states whose amount is still held (the lifecycle has not ended). */
const OPEN_WITHDRAWAL: WithdrawalStatus[] = [
  'requested',
  'awaitingConfirmation',
  'notReceived',
  'partiallyReceived',
];
const OPEN_SQL = OPEN_WITHDRAWAL.map((status) => `'${status}'`).join(', ');

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const paths = {
  transfer: '/wps/relay/GCS_walletTransfer',
  upline: '/wps/wallet/transferUpline',
  deposit: '/wps/deposit',
  withdraw: '/wps/withdraw',
} as const;
/** The scope of each request's key in the books (wallets.ts scopedKey: scope:memberId:key). */
const keyScopes = {
  transfer: 'wallet_transfer',
  upline: 'upline_transfer',
  deposit: 'deposit',
  withdraw: 'withdrawal',
} as const;
/** Ledger transactions keyed by the client's key (others: by a deposit's or withdrawal's id). */
const clientKeyedKinds = ['wallet_transfer', 'upline_transfer', 'withdrawal_hold'];

type Move =
  | { kind: 'transfer'; body: { from: string; to: string; amount: string; idempotencyKey: string } }
  | { kind: 'upline'; body: { amount: string; idempotencyKey: string } }
  | { kind: 'deposit'; body: { channel: 'DEMO'; amount: string; idempotencyKey: string } }
  | {
      kind: 'withdraw';
      body: { amount: string; paymentPassword: string; idempotencyKey: string };
    };

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
  withdrawalReplays: number;
  interruptedReplays: number;
  /** Withdrawals (ids) whose 'received' answer was acknowledged: received for good. */
  received: string[];
  /** 'received' answers refused because the member's other client had answered first. */
  answersRefused: number;
  interruptedAnswers: number;
  /** When the last deposit and the last withdrawal were acknowledged (Date.now()). */
  lastDepositAt: number;
  lastWithdrawalAt: number;
  /** Unexpected answers and replays that differed from the first answer. */
  problems: string[];
  inFlight: number;
}

const newKey = () => randomBytes(9).toString('base64url');
const randomAmount = (min: number, max: number) =>
  `${randomInt(min, max)}.${String(randomInt(100)).padStart(2, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** encryptedCall takes no abort signal: the same time limit as the other requests, as a race. */
async function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), REQUEST_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function send(server: ServerProcess, sent: Sent) {
  const { kind, body } = sent.move;
  // A withdrawal is an encrypted call (it carries the payment password), as the site sends it.
  if (kind === 'withdraw')
    return withinTimeout(
      encryptedCall(server, paths.withdraw, 'POST', body, bearer(sent.member.token)),
    );
  return call(server, paths[kind], {
    method: 'POST',
    headers: bearer(sent.member.token),
    json: body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/**
 * The part of an answer a replay must repeat: a deposit's or a withdrawal's status moves on,
 * its id does not.
 */
function stable(kind: Move['kind'], value: unknown): unknown {
  if (kind !== 'deposit' && kind !== 'withdraw') return value;
  const { id, amount } = value as { id: string; amount: string };
  return { id, amount };
}

/** A random money move of the member (their own wallets, to their upline, in or out). */
function randomMove(member: Member, wallets: string[]): Move {
  const roll = randomInt(20);
  if (roll < 3)
    return {
      kind: 'deposit',
      body: { channel: 'DEMO', amount: randomAmount(10, 500), idempotencyKey: newKey() },
    };
  if (roll < 6)
    return {
      kind: 'withdraw',
      body: {
        // One in four far beyond any balance the traffic reaches (but within the limits), so
        // refused withdrawals surely happen; they must leave no trace either.
        amount: randomInt(4) === 0 ? randomAmount(8000, 19_000) : randomAmount(50, 400),
        paymentPassword: DEMO_PAYMENT_PASSWORD,
        idempotencyKey: newKey(),
      },
    };
  if (roll < 9 && member.upline)
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

/** One step of a client: a new move, a replay of an acknowledged one, or a 'received' answer. */
type Step =
  { kind: 'move'; sent: Sent } | { kind: 'replay'; sent: Acknowledged } | { kind: 'answer' };

function nextStep(member: Member, wallets: string[], journal: Journal): Step {
  const roll = randomInt(20);
  if (roll === 0) return { kind: 'answer' };
  const earlier = journal.acknowledged;
  if (roll <= 2 && earlier.length > 0) {
    // Withdrawals are a small part of the moves: a third of the replays pick one of them, so
    // their keys surely get replayed too.
    const withdrawals = earlier.filter((ack) => ack.move.kind === 'withdraw');
    const pool = withdrawals.length > 0 && randomInt(3) === 0 ? withdrawals : earlier;
    return { kind: 'replay', sent: pool[randomInt(pool.length)]! };
  }
  return { kind: 'move', sent: { member, move: randomMove(member, wallets) } };
}

async function move(server: ServerProcess, sent: Sent, journal: Journal): Promise<void> {
  const reply = await send(server, sent);
  if (reply.status === 200 && reply.body.success) {
    journal.acknowledged.push({ ...sent, value: reply.body.value as Record<string, unknown> });
    if (sent.move.kind === 'deposit') journal.lastDepositAt = Date.now();
    if (sent.move.kind === 'withdraw') journal.lastWithdrawalAt = Date.now();
  } else if (reply.status === 409 && reply.body.code === 'insufficient_funds') {
    journal.refused.push(sent);
  } else {
    journal.problems.push(`${sent.move.kind}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

async function replay(server: ServerProcess, sent: Acknowledged, journal: Journal): Promise<void> {
  const reply = await send(server, sent);
  journal.replays += 1;
  if (sent.move.kind === 'withdraw') journal.withdrawalReplays += 1;
  // Deep equality: a replay's answer comes back from jsonb, keys in another order.
  if (
    !reply.body.success ||
    !isDeepStrictEqual(stable(sent.move.kind, reply.body.value), stable(sent.move.kind, sent.value))
  )
    journal.problems.push(
      `replay of ${sent.move.body.idempotencyKey}: ${JSON.stringify(reply.body)} ≠ ${JSON.stringify(sent.value)}`,
    );
}

/**
 * The member confirms the receipt of one of their paid withdrawals (the ones awaiting
 * confirmation): the held amount leaves for good. Their other client may have answered the
 * same one first, which the lifecycle refuses as an illegal transition.
 */
async function answerPaid(server: ServerProcess, member: Member, journal: Journal) {
  const init = { headers: bearer(member.token), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
  const list = await call(server, '/wps/withdraw/records?status=awaitingConfirmation', init);
  if (list.status !== 200) {
    journal.problems.push(`withdrawal records: ${list.status} ${JSON.stringify(list.body)}`);
    return;
  }
  const { items } = list.body.value as { items: WithdrawalView[] };
  if (items.length === 0) return;
  const { id } = items[randomInt(items.length)]!;
  const reply = await call(server, `/wps/withdraw/${id}/answer`, {
    ...init,
    method: 'POST',
    json: { answer: 'received' },
  });
  if (reply.status === 200 && (reply.body.value as WithdrawalView).status === 'received')
    journal.received.push(id);
  else if (reply.status === 409 && reply.body.code === 'withdrawal_illegal_transition')
    journal.answersRefused += 1;
  else journal.problems.push(`answer on ${id}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/**
 * One client: random moves, replays of acknowledged ones and answers on paid withdrawals, back
 * to back, until the server is killed. What the kill cuts off is recorded as interrupted.
 */
async function client(
  server: ServerProcess,
  member: Member,
  wallets: string[],
  journal: Journal,
  killed: () => boolean,
): Promise<void> {
  while (!killed()) {
    const step = nextStep(member, wallets, journal);
    journal.inFlight += 1;
    try {
      if (step.kind === 'move') await move(server, step.sent, journal);
      else if (step.kind === 'replay') await replay(server, step.sent, journal);
      else await answerPaid(server, member, journal);
    } catch (error) {
      if (!killed()) {
        journal.problems.push(`${step.kind} failed before the kill: ${String(error)}`);
        return;
      }
      if (step.kind === 'move') journal.interrupted.push(step.sent);
      else if (step.kind === 'replay') journal.interruptedReplays += 1;
      else journal.interruptedAnswers += 1;
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

type Store = CrashStore & { configFile: string };

/** The crash store, with the shipped configuration but a quick demo channel. */
async function createStore(engine: Engine): Promise<Store> {
  const store = await createCrashStore(engine, 'crash');
  // The demo channel confirms deposits after CONFIRM_SECONDS and pays withdrawals after
  // PAY_SECONDS.
  const configFile = path.join(store.root, 'platform.json');
  const config = JSON.parse(await readFile(path.join(repoRoot, 'config/platform.json'), 'utf8'));
  config.payments.deposit.demoConfirmSeconds = CONFIRM_SECONDS;
  config.payments.withdrawal.demoPaySeconds = PAY_SECONDS;
  // The VIP daily withdrawal cap (issue 14) is not what this test is about: a member's
  // interrupted withdrawals, retried after the restart, may rightly pass it and be refused for
  // it, which this test would read as a lost request. Its own tests cover the cap.
  for (const level of config.vip.levels as { withdrawalDailyMax: string | null }[])
    level.withdrawalDailyMax = null;
  await writeFile(configFile, JSON.stringify(config));
  return { ...store, configFile };
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
  problems.push(...(await withdrawalProblems(db)));
  return problems;
}

/** How a withdrawal's lifecycle ends in the books (lifecycle.ts closeMoney); open: no close yet. */
const closeKinds: Partial<Record<WithdrawalStatus, string>> = {
  received: 'withdrawal_payout',
  forcedReceived: 'withdrawal_payout',
  refunded: 'withdrawal_refund',
  rejected: 'withdrawal_refund',
};

/**
 * The withdrawals against the books: what is held is what the open withdrawals asked for; each
 * withdrawal has its hold (the amount out of the member's main wallet, committed in the same
 * database transaction as the withdrawal) and, once its lifecycle has ended, exactly one close
 * (the payout or the refund); no hold and no close exists without its withdrawal.
 */
async function withdrawalProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const [held] = await db.query<{ balance: string; open: string }>(
    `select a.balance::text,
       (select coalesce(sum(w.amount), 0) from withdrawals w where w.status in (${OPEN_SQL}))::text
         as open
     from ledger_accounts a where a.kind = 'house' and a.name = 'withdrawals_held'`,
  );
  if (held!.balance !== held!.open)
    problems.push(`withdrawals_held holds ${held!.balance}, the open withdrawals ${held!.open}`);

  const withdrawals = await db.query<{
    id: string;
    status: WithdrawalStatus;
    amount: string;
    hold_kind: string | null;
    hold_key_matches: boolean | null;
    from_main: string | null;
    close_link: string | null;
    close_id: string | null;
    close_kind: string | null;
    closes: number;
  }>(
    `select w.id::text, w.status, w.amount::text, h.kind as hold_kind,
       h.idempotency_key = w.idempotency_key as hold_key_matches,
       (select e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.transaction_id = h.id and a.kind = 'main' and a.member_id = w.member_id)::text
         as from_main,
       w.close_transaction_id::text as close_link, c.id::text as close_id, c.kind as close_kind,
       -- By key or by the withdrawal its answer names: a second close under another key counts.
       (select count(*)::int from ledger_transactions t
         where t.kind in ('withdrawal_payout', 'withdrawal_refund')
           and (t.idempotency_key = 'withdrawal:' || w.id || ':close'
             or t.result->>'withdrawalId' = w.id::text)) as closes
     from withdrawals w
       left join ledger_transactions h on h.id = w.hold_transaction_id
       left join ledger_transactions c on c.idempotency_key = 'withdrawal:' || w.id || ':close'`,
  );
  for (const row of withdrawals) {
    const what = `withdrawal ${row.id} (${row.status})`;
    if (row.hold_kind !== 'withdrawal_hold' || !row.hold_key_matches)
      problems.push(`${what}: hold ${row.hold_kind}, key matches: ${row.hold_key_matches}`);
    if (row.from_main !== `-${row.amount}`)
      problems.push(`${what} of ${row.amount}: ${row.from_main} taken from the main wallet`);
    const closeKind = closeKinds[row.status];
    if (!closeKind) {
      if (row.closes !== 0 || row.close_id !== null || row.close_link !== null)
        problems.push(`${what} is open but has a close: ${JSON.stringify(row)}`);
    } else if (row.closes !== 1 || row.close_kind !== closeKind || row.close_link !== row.close_id)
      problems.push(`${what}: not closed exactly once by a ${closeKind}: ${JSON.stringify(row)}`);
  }

  const holds = await db.query<{ id: string; n: number }>(
    `select t.id::text, count(w.id)::int as n
     from ledger_transactions t left join withdrawals w on w.hold_transaction_id = t.id
     where t.kind = 'withdrawal_hold' group by t.id having count(w.id) <> 1`,
  );
  for (const tx of holds) problems.push(`hold transaction ${tx.id} has ${tx.n} withdrawals`);
  const closes = await db.query<{ id: string; kind: string }>(
    `select t.id::text, t.kind from ledger_transactions t
     where t.kind in ('withdrawal_payout', 'withdrawal_refund')
       and not exists (select 1 from withdrawals w where w.close_transaction_id = t.id)`,
  );
  for (const tx of closes) problems.push(`${tx.kind} transaction ${tx.id} closes no withdrawal`);
  return problems;
}

/** What the books hold for each request key, by the key the client chose. */
async function storedAnswers(db: Database) {
  const members = new Map(
    (await db.query<{ id: string; account: string }>('select id::text, account from members')).map(
      (row) => [row.account, row.id],
    ),
  );
  const transactions = await db.query<{
    idempotency_key: string;
    kind: string;
    result: Record<string, unknown>;
  }>('select idempotency_key, kind, result from ledger_transactions');
  const results = new Map(transactions.map((row) => [row.idempotency_key, row.result]));
  const deposits = await db.query<{
    idempotency_key: string;
    id: string;
    amount: string;
    status: string;
  }>('select idempotency_key, id::text, amount::text, status from deposits');
  const withdrawals = await db.query<{
    idempotency_key: string;
    id: string;
    amount: string;
    status: WithdrawalStatus;
    account: string;
  }>(
    `select w.idempotency_key, w.id::text, w.amount::text, w.status, m.account
     from withdrawals w join members m on m.id = w.member_id`,
  );
  // A deposit or withdrawal request is answered with its row; what stays of it is (id, amount).
  const made = new Map(
    [...deposits, ...withdrawals].map((row) => [
      row.idempotency_key,
      { id: row.id, amount: toMoneyString(BigInt(row.amount)) },
    ]),
  );
  return {
    /** The client's keys of the ledger transactions that carry one. */
    clientKeys: transactions
      .filter((row) => clientKeyedKinds.includes(row.kind))
      .map((row) => row.idempotency_key.split(':')[2]!),
    /** The stored answer of a request, or undefined when it left nothing. */
    of(sent: Sent): unknown {
      const { kind, body } = sent.move;
      const key = `${keyScopes[kind]}:${members.get(sent.member.account)!}:${body.idempotencyKey}`;
      return kind === 'deposit' || kind === 'withdraw' ? made.get(key) : results.get(key);
    },
    pendingDeposits: deposits.filter((row) => row.status === 'pending').length,
    withdrawals,
  };
}

type StoredAnswers = Awaited<ReturnType<typeof storedAnswers>>;

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
    // Held, then paid out to the house: it never comes back (nothing here rejects or refunds).
    else if (move.kind === 'withdraw') add(member.account, 'MAIN', -amount);
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
 * When to kill: once the traffic has run TRAFFIC_MS and shown everything the checks rely on
 * (refused and replayed withdrawals, a paid one answered as received); then at a moment with
 * requests in flight (with eight clients there nearly always are), less than a second after a
 * deposit was acknowledged and half a second after a withdrawal was: the channel confirms the
 * deposit CONFIRM_SECONDS and pays the withdrawal PAY_SECONDS after the request, so at least
 * one of each is certainly left for the restart to complete.
 */
/** The kinds of money traffic the clients send; the kill waits until each was acknowledged. */
const TRAFFIC_KINDS: Move['kind'][] = ['deposit', 'transfer', 'upline', 'withdraw'];

function timeToKill(journal: Journal, started: number, funded: number): boolean {
  const now = Date.now();
  // Every kind of traffic acknowledged at least once: on a busy machine the rarer kinds can
  // take longer than the time and the count to come (a test waits for states, not for time).
  const kinds = new Set(journal.acknowledged.slice(funded).map((ack) => ack.move.kind));
  return (
    now - started >= TRAFFIC_MS &&
    journal.acknowledged.length >= MIN_ACKNOWLEDGED &&
    TRAFFIC_KINDS.every((kind) => kinds.has(kind)) &&
    journal.refused.some((sent) => sent.move.kind === 'withdraw') &&
    journal.withdrawalReplays > 0 &&
    journal.received.length > 0 &&
    journal.inFlight > 0 &&
    now - journal.lastDepositAt < 1000 &&
    now - journal.lastWithdrawalAt < 500
  );
}

/** Two clients per member (the same wallets are contended) until the server is SIGKILLed. */
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
    () => journal.problems.length > 0 || timeToKill(journal, started, members.length),
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
function expectAcknowledgedKept(stored: StoredAnswers, journal: Journal) {
  for (const ack of journal.acknowledged)
    expect(stored.of(ack), ack.move.body.idempotencyKey).toEqual(stable(ack.move.kind, ack.value));
  // An acknowledged 'received' answer is final: the withdrawal stays received.
  const status = new Map(stored.withdrawals.map((row) => [row.id, row.status]));
  for (const id of journal.received) expect(status.get(id), `withdrawal ${id}`).toBe('received');
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
 * one without a trace, some deposits pending and some withdrawals unpaid. Returns what the
 * interrupted requests left, each member's main balance once the pending deposits are
 * credited, and the withdrawals the restart has to pay.
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
    // Withdrawals the channel had not paid yet: the restart must pay them.
    const unpaid = stored.withdrawals.filter((row) => row.status === 'requested');
    expect(unpaid.length).toBeGreaterThan(0);
    return {
      keptAtCrash: new Map(journal.interrupted.map((sent) => [sent, stored.of(sent)])),
      mainAfterSweep: await mainAfterPendingCredited(crash),
      unpaidAtCrash: unpaid.map(({ id, account }) => ({ id, account })),
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

/** A member's withdrawals as their records page lists them: status by id. */
async function withdrawalStatuses(server: ServerProcess, member: Member) {
  const statuses = new Map<string, WithdrawalStatus>();
  const pageSize = 50; // the most the route gives
  for (let page = 1; ; page += 1) {
    const reply = await call(server, `/wps/withdraw/records?pageSize=${pageSize}&page=${page}`, {
      headers: bearer(member.token),
    });
    expect(reply.status, member.account).toBe(200);
    const { items, total } = reply.body.value as { items: WithdrawalView[]; total: number };
    for (const item of items) statuses.set(item.id, item.status);
    if (page * pageSize >= total) return statuses;
  }
}

/**
 * The start-up re-scheduling (schedulePendingDemoPayouts) pays the withdrawals the crash left
 * unpaid, PAY_SECONDS after the start. Watched through the records only: replaying a request
 * would schedule its payout by itself. Nobody answers them before the replays below, so each
 * waits in awaitingConfirmation.
 */
async function untilPaidAfterRestart(
  server: ServerProcess,
  members: Member[],
  unpaid: { id: string; account: string }[],
) {
  const owners = members.filter((member) => unpaid.some((w) => w.account === member.account));
  let statuses = new Map<string, WithdrawalStatus>();
  await until(
    async () => {
      statuses = new Map();
      for (const member of owners)
        for (const [id, status] of await withdrawalStatuses(server, member))
          statuses.set(id, status);
      return unpaid.every(({ id }) => statuses.get(id) !== 'requested');
    },
    10_000,
    'the withdrawals unpaid at the crash to be paid',
  );
  expect(unpaid.map(({ id }) => [id, statuses.get(id)])).toEqual(
    unpaid.map(({ id }) => [id, 'awaitingConfirmation']),
  );
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

  it('loses nothing acknowledged, leaves nothing half-written, completes pending money', async () => {
    store = await createStore(engine);
    const config = JSON.parse(await readFile(store.configFile, 'utf8'));
    const wallets = ['MAIN', ...(config.payments.vendorWallets as string[])];
    const journal: Journal = {
      acknowledged: [],
      refused: [],
      interrupted: [],
      replays: 0,
      withdrawalReplays: 0,
      interruptedReplays: 0,
      received: [],
      answersRefused: 0,
      interruptedAnswers: 0,
      lastDepositAt: 0,
      lastWithdrawalAt: 0,
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
    expect(
      journal.interrupted.length + journal.interruptedReplays + journal.interruptedAnswers,
    ).toBeGreaterThan(0);
    expect(journal.replays).toBeGreaterThan(0);
    const trafficKinds = new Set(
      journal.acknowledged.slice(members.length).map((a) => a.move.kind),
    );
    expect([...trafficKinds].sort()).toEqual(TRAFFIC_KINDS);
    // Withdrawals: refused beyond the balance, replayed, paid and answered before the kill.
    expect(journal.refused.filter((sent) => sent.move.kind === 'withdraw')).not.toEqual([]);
    expect(journal.refused.filter((sent) => sent.move.kind === 'transfer')).not.toEqual([]);
    expect(journal.withdrawalReplays).toBeGreaterThan(0);
    expect(journal.received.length).toBeGreaterThan(0);

    // --- The crash state, before any restart touches it.
    const { keptAtCrash, mainAfterSweep, unpaidAtCrash } = await checkCrashState(store, journal);

    // --- Second life on the same data.
    server = await startServerProcess(store);
    // Sessions live in the database: the tokens from before the crash still work.
    for (const member of members) await mainBalance(server, member);
    await untilSwept(server, members, mainAfterSweep);
    await untilPaidAfterRestart(server, members, unpaidAtCrash);
    // Every acknowledged request, replayed with its key, gets its first answer again. A
    // member's replays go one at a time, as its client sends them: each withdrawal reserves a
    // payment-password attempt before the check (issue 11), so more than five of one member's
    // withdrawals at once would rightly be refused with 429 before any of them is judged.
    const replaysOf = new Map<string, Acknowledged[]>();
    for (const ack of journal.acknowledged)
      replaysOf.set(ack.member.token, [...(replaysOf.get(ack.member.token) ?? []), ack]);
    await inParallel([...replaysOf.values()], 8, async (acks) => {
      for (const ack of acks) {
        const reply = await send(server, ack);
        expect(reply.status, ack.move.body.idempotencyKey).toBe(200);
        expect(stable(ack.move.kind, reply.body.value), ack.move.body.idempotencyKey).toEqual(
          stable(ack.move.kind, ack.value),
        );
      }
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
      // No transfer or withdrawal the clients did not ask for.
      const asked = new Set(
        [...journal.acknowledged, ...journal.interrupted].map(
          (sent) => sent.move.body.idempotencyKey,
        ),
      );
      expect(stored.clientKeys.filter((key) => !asked.has(key))).toEqual([]);
    } finally {
      await books.close();
    }
  }, 300_000);
});

import pg from 'pg';
import { toMoneyString } from '../../src/shared/money';

/**
 * The soak's checks at the end (issue 35), read from PostgreSQL directly: the books, every
 * money request against the ledger by its idempotency key, each socket's last balance against
 * the database, the responsible-gaming deposit limits.
 */

/** A money request as the caller saw it in the end. */
export interface MoneyRecord {
  kind: 'deposit' | 'spin' | 'draw' | 'transfer' | 'withdrawal' | 'claim';
  /**
   * Where the request leaves its mark: the ledger transaction's idempotency key, or for a
   * deposit the `deposits` row's (its credit is then `deposit:<id>` in the ledger).
   */
  ledgerKey: string;
  outcome: 'acknowledged' | 'refused' | 'unanswered';
}

export interface CheckResult {
  name: string;
  pass: boolean;
  detail: string;
  /** A books or exactly-once failure: money is wrong (the run then exits 1). */
  money: boolean;
}

/** Per request kind: how many were acknowledged and found once, refused and found absent. */
async function ledgerCounts(
  client: pg.Client,
  records: readonly MoneyRecord[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const deposits = records.filter((record) => record.kind === 'deposit').map((r) => r.ledgerKey);
  const others = records.filter((record) => record.kind !== 'deposit').map((r) => r.ledgerKey);
  const found = await client.query<{ key: string; n: number }>(
    `select k as key, (select count(*)::int from ledger_transactions t where t.idempotency_key = k) as n
     from unnest($1::text[]) as k`,
    [others],
  );
  for (const row of found.rows) counts.set(row.key, row.n);
  // A deposit is in the ledger once its channel confirmed it: `deposit:<id>`.
  const credited = await client.query<{ key: string; n: number }>(
    `select k as key, (select count(*)::int from deposits d
       join ledger_transactions t on t.idempotency_key = 'deposit:' || d.id
       where d.idempotency_key = k) as n
     from unnest($1::text[]) as k`,
    [deposits],
  );
  for (const row of credited.rows) counts.set(row.key, row.n);
  return counts;
}

/** Deposits still waiting for their channel's confirmation, among the soak's members. */
export async function pendingDeposits(client: pg.Client, memberIds: string[]): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from deposits where status = 'pending' and member_id = any($1::bigint[])`,
    [memberIds],
  );
  return rows[0]!.n;
}

export interface SocketView {
  memberId: string;
  /** The last balance heard per wallet (the one with the highest ledger entry id). */
  last: Map<string, { balance: string; seq: number }>;
}

export async function runChecks(
  databaseUrl: string,
  input: {
    records: readonly MoneyRecord[];
    sockets: readonly SocketView[];
    /** Members with a daily deposit limit, in minor units. */
    depositLimits: readonly { memberId: string; limit: bigint }[];
  },
): Promise<CheckResult[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined); // a query in flight fails instead
  await client.connect();
  try {
    const results: CheckResult[] = [];

    const [books] = (
      await client.query<{ total: string; accounts: number }>(
        'select coalesce(sum(balance), 0)::text as total, count(*)::int as accounts from ledger_accounts',
      )
    ).rows;
    results.push({
      name: 'books sum to zero',
      pass: books!.total === '0',
      detail: `sum of ${books!.accounts} ledger accounts = ${books!.total} (minor units)`,
      money: true,
    });

    const counts = await ledgerCounts(client, input.records);
    const acknowledged = input.records.filter((record) => record.outcome === 'acknowledged');
    const notOnce = acknowledged.filter((record) => counts.get(record.ledgerKey) !== 1);
    const byKind = new Map<string, number>();
    for (const record of acknowledged) byKind.set(record.kind, (byKind.get(record.kind) ?? 0) + 1);
    results.push({
      name: 'every acknowledged money request is in the ledger exactly once',
      pass: notOnce.length === 0,
      detail:
        `${acknowledged.length} acknowledged (${[...byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')})` +
        (notOnce.length > 0
          ? `; NOT ONCE: ${notOnce
              .slice(0, 5)
              .map((r) => `${r.kind} ${r.ledgerKey} ×${counts.get(r.ledgerKey) ?? 0}`)
              .join('; ')}${notOnce.length > 5 ? ` and ${notOnce.length - 5} more` : ''}`
          : ''),
      money: true,
    });
    const refused = input.records.filter((record) => record.outcome === 'refused');
    const refusedButPosted = refused.filter((record) => (counts.get(record.ledgerKey) ?? 0) > 0);
    results.push({
      name: 'no refused money request is in the ledger',
      pass: refusedButPosted.length === 0,
      detail:
        `${refused.length} refused` +
        (refusedButPosted.length > 0
          ? `; POSTED ANYWAY: ${refusedButPosted
              .slice(0, 5)
              .map((r) => `${r.kind} ${r.ledgerKey}`)
              .join('; ')}`
          : ''),
      money: true,
    });
    const unanswered = input.records.filter((record) => record.outcome === 'unanswered');
    if (unanswered.length > 0)
      results.push({
        name: 'every money request was answered before the caller gave up',
        pass: false,
        detail: `${unanswered.length} never answered; ${unanswered.filter((r) => counts.get(r.ledgerKey) === 1).length} of them are in the ledger`,
        money: false,
      });

    // Each socket's last balance, per wallet it heard of, against the account's balance; a
    // wallet it never heard of must be at zero.
    const memberIds = input.sockets.map((socket) => socket.memberId);
    const accounts = await client.query<{ member_id: string; wallet: string; balance: string }>(
      `select member_id::text, case when kind = 'main' then 'MAIN' else name end as wallet,
         balance::text from ledger_accounts
       where member_id = any($1::bigint[]) and kind in ('main', 'vendor')`,
      [memberIds],
    );
    const inBooks = new Map<string, Map<string, string>>();
    for (const row of accounts.rows) {
      const wallets = inBooks.get(row.member_id) ?? new Map<string, string>();
      wallets.set(row.wallet, toMoneyString(BigInt(row.balance)));
      inBooks.set(row.member_id, wallets);
    }
    const mismatches: string[] = [];
    for (const socket of input.sockets) {
      const wallets = inBooks.get(socket.memberId) ?? new Map<string, string>();
      for (const [wallet, balance] of wallets) {
        const heard = socket.last.get(wallet)?.balance ?? (balance === '0.00' ? '0.00' : 'none');
        if (heard !== balance)
          mismatches.push(`member ${socket.memberId} ${wallet}: socket ${heard}, books ${balance}`);
      }
    }
    results.push({
      name: "every socket's last balance equals the database's",
      pass: mismatches.length === 0,
      detail:
        `${input.sockets.length} sockets, ${accounts.rows.length} wallets` +
        (mismatches.length > 0
          ? `; ${mismatches.length} differ: ${mismatches.slice(0, 5).join('; ')}`
          : ''),
      money: false,
    });

    // Responsible gaming: what was deposited (a pending or credited deposit counts) against
    // each limited member's daily limit. The run is shorter than a day; one that crosses
    // midnight (the member's time zone, UTC here) may rightly pass it over two days.
    const limited = input.depositLimits.map((entry) => entry.memberId);
    const deposited = await client.query<{ member_id: string; total: string }>(
      `select member_id::text, sum(amount)::text as total from deposits
       where member_id = any($1::bigint[]) and status <> 'failed' group by member_id`,
      [limited],
    );
    const totals = new Map(deposited.rows.map((row) => [row.member_id, BigInt(row.total)]));
    const passed = input.depositLimits.filter(
      (entry) => (totals.get(entry.memberId) ?? 0n) > entry.limit,
    );
    const atLimit = input.depositLimits.filter(
      (entry) => (totals.get(entry.memberId) ?? 0n) * 10n >= entry.limit * 9n,
    ).length;
    const highest = input.depositLimits.reduce(
      (most, entry) =>
        Math.max(most, Number(((totals.get(entry.memberId) ?? 0n) * 1000n) / entry.limit) / 10),
      0,
    );
    results.push({
      name: 'no daily deposit limit was passed',
      pass: passed.length === 0,
      detail:
        `${input.depositLimits.length} members with a limit, ${atLimit} of them at ≥ 90 % of it (highest ${highest.toFixed(1)} %)` +
        (passed.length > 0
          ? `; PASSED: ${passed
              .slice(0, 5)
              .map(
                (entry) =>
                  `member ${entry.memberId} deposited ${toMoneyString(totals.get(entry.memberId)!)} of ${toMoneyString(entry.limit)}`,
              )
              .join('; ')}`
          : ''),
      money: false,
    });
    return results;
  } finally {
    await client.end();
  }
}

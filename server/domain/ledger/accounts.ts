import type { Queryable } from '../../db/types';

export type HouseAccount =
  | 'deposits'
  | 'withdrawals'
  | 'withdrawals_held'
  | 'vendors'
  | 'promotions'
  | 'salaries'
  | 'trial_credit'
  | 'rebates'
  | 'points';

/** The id of a house account (seeded by migrations 003, 004 and 019). */
export async function houseAccountId(db: Queryable, name: HouseAccount): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `select id::text from ledger_accounts where kind = 'house' and name = $1`,
    [name],
  );
  if (!row) throw new Error(`house account ${name} is missing`);
  return row.id;
}

/** House account ids as read once per database (they never change once migrated). */
const houseIds = new WeakMap<object, Map<HouseAccount, string>>();

/**
 * `houseAccountId` remembered per database (issue 31: a bet's house account costs no round
 * trip): the first call reads it through `tx`, later ones answer from memory (its first row, the one `houseAccountId` reads). `db` is the
 * database the process opened (the key); a house account is a migration's row, never changed or
 * deleted, so nothing needs to tell other processes.
 */
export async function knownHouseAccountId(
  db: object,
  tx: Queryable,
  name: HouseAccount,
): Promise<string> {
  const known = houseIds.get(db)?.get(name);
  if (known) return known;
  const id = await houseAccountId(tx, name);
  const map = houseIds.get(db) ?? new Map<HouseAccount, string>();
  map.set(name, id);
  houseIds.set(db, map);
  return id;
}

/** The rows of each house account (shard 0 first), as read once per database. */
const houseShards = new WeakMap<object, Map<HouseAccount, string[]>>();

/**
 * The row of a house account a member's postings go to (issue 31): a house account that every
 * bet touches is split into rows (`vendors`, `vendors#1` … `vendors#15`, migration 048) so that
 * bets of different members do not wait for one row lock; the member's id picks the row, so a
 * member's postings always meet the same one. An account with one row answers that row. The
 * account's balance is the sum of its rows (`HOUSE_BALANCE_SQL`). Remembered per database as
 * `knownHouseAccountId` is: rows are migrations', never changed or deleted.
 */
export async function knownHouseShardId(
  db: object,
  tx: Queryable,
  name: HouseAccount,
  memberId: string,
): Promise<string> {
  let rows = houseShards.get(db)?.get(name);
  if (!rows) {
    const read = await tx.query<{ id: string }>(
      `select id::text from ledger_accounts where kind = 'house' and split_part(name, '#', 1) = $1
       order by name = $1 desc, length(name), name`,
      [name],
    );
    if (read.length === 0) throw new Error(`house account ${name} is missing`);
    rows = read.map((row) => row.id);
    const map = houseShards.get(db) ?? new Map<HouseAccount, string[]>();
    map.set(name, rows);
    houseShards.set(db, map);
  }
  return rows[Number(BigInt(memberId) % BigInt(rows.length))]!;
}

/** A house account's balance over all its rows (migration 048), as `balance` (text); `$1` the name. */
export const HOUSE_BALANCE_SQL = `select coalesce(sum(balance), 0)::text as balance from ledger_accounts
  where kind = 'house' and split_part(name, '#', 1) = $1`;

/**
 * The wallet name a member account shows as: `MAIN`, `BONUS` (bonus money being wagered, issue
 * 28) or the vendor's code.
 */
export function walletNameOf(kind: string, name: string): string {
  if (kind === 'main') return 'MAIN';
  if (kind === 'bonus') return 'BONUS';
  return name;
}

/**
 * The member's bonus account (issue 28): a claimed bonus and what it wins, apart from real
 * money until its wagering requirement is met. Created on first use.
 */
export async function bonusAccountId(db: Queryable, memberId: string): Promise<string> {
  await db.query(
    `insert into ledger_accounts (member_id, kind, name) values ($1, 'bonus', '')
     on conflict (coalesce(member_id, 0), kind, name) do nothing`,
    [memberId],
  );
  const [row] = await db.query<{ id: string }>(
    `select id::text from ledger_accounts where member_id = $1 and kind = 'bonus' and name = ''`,
    [memberId],
  );
  return row!.id;
}

/** The member's main wallet, or one of their vendor wallets; created on first use. */
export async function walletId(
  db: Queryable,
  memberId: string,
  vendor: string | null,
): Promise<string> {
  const kind = vendor ? 'vendor' : 'main';
  const name = vendor ?? '';
  await db.query(
    `insert into ledger_accounts (member_id, kind, name) values ($1, $2, $3)
     on conflict (coalesce(member_id, 0), kind, name) do nothing`,
    [memberId, kind, name],
  );
  const [row] = await db.query<{ id: string }>(
    `select id::text from ledger_accounts where member_id = $1 and kind = $2 and name = $3`,
    [memberId, kind, name],
  );
  return row!.id;
}

export interface WalletBalance {
  wallet: string;
  balance: bigint;
  lastEntryId: string;
}

/** Every wallet of a member with its balance (the bonus account as `BONUS`); MAIN first. */
export async function memberWallets(db: Queryable, memberId: string): Promise<WalletBalance[]> {
  const rows = await db.query<{
    kind: string;
    name: string;
    balance: string;
    last_entry: string | null;
  }>(
    `select a.kind, a.name, a.balance::text,
       (select max(e.id)::text from ledger_entries e where e.account_id = a.id) as last_entry
     from ledger_accounts a where a.member_id = $1 order by a.kind = 'main' desc, a.name`,
    [memberId],
  );
  return rows.map((row) => ({
    wallet: walletNameOf(row.kind, row.name),
    balance: BigInt(row.balance),
    lastEntryId: row.last_entry ?? '0',
  }));
}

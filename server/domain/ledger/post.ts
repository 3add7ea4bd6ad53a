import type { Database, Queryable } from '../../db/types';
import { ApiError } from '../apiError';

export interface Posting {
  accountId: string;
  /** Signed minor units: negative takes money out of the account, positive puts it in. */
  amount: bigint;
}

export interface Posted {
  transactionId: string;
  /** True when this key was seen before: nothing moved now, the first answer is returned. */
  replayed: boolean;
  result: Record<string, unknown>;
  /** New balances by account id, and the id of the entry that set each. */
  balances: Map<string, { balance: bigint; entryId: string }>;
}

/**
 * Posts one double-entry transaction (ARCHITECTURE, Money): the entries sum to zero and are
 * written in one database transaction together with the balance updates; an update that
 * would take a member account below zero fails the whole transaction (insufficient_funds).
 * The idempotency key makes a replay return the first result without moving anything.
 */
export function postTransaction(db: Database, request: PostingRequest): Promise<Posted> {
  return db.transaction((tx) => postWithin(tx, request));
}

export interface PostingRequest {
  idempotencyKey: string;
  kind: string;
  memberId: string | null;
  postings: Posting[];
  /** Builds the answer stored with the transaction, from the new balances. */
  describe?: (
    balances: Map<string, { balance: bigint; entryId: string }>,
  ) => Record<string, unknown>;
}

/**
 * postTransaction inside a database transaction the caller already holds, so a posting and
 * the caller's own rows (a withdrawal's state) commit or roll back together.
 */
export async function postWithin(tx: Queryable, request: PostingRequest): Promise<Posted> {
  const total = request.postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (total !== 0n) throw new Error(`unbalanced transaction ${request.kind}: ${total}`);
  if (request.postings.some((posting) => posting.amount === 0n)) throw new Error('zero posting');
  const [created] = await tx.query<{ id: string }>(
    `insert into ledger_transactions (idempotency_key, kind, member_id) values ($1, $2, $3)
     on conflict (idempotency_key) do nothing returning id::text`,
    [request.idempotencyKey, request.kind, request.memberId],
  );
  if (!created) return replay(tx, request.idempotencyKey, request.kind);

  // Lock in a fixed order (account id) so concurrent transfers cannot deadlock.
  const ordered = [...request.postings].sort((a, b) =>
    BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1,
  );
  const balances = new Map<string, { balance: bigint; entryId: string }>();
  for (const posting of ordered) {
    const [row] = await tx
      .query<{ balance: string }>(
        `update ledger_accounts set balance = balance + $2
         where id = $1 and (allow_negative or balance + $2 >= 0) returning balance::text`,
        [posting.accountId, posting.amount.toString()],
      )
      .catch((error: unknown) => {
        // A balance beyond BIGINT (SQLSTATE 22003): refused as an amount, never a 500. With
        // every amount bounded this needs ~92 million maximal postings into one account.
        if ((error as { code?: string }).code === '22003') {
          throw new ApiError(
            409,
            'amount_out_of_range',
            'This amount would take a balance beyond what the books can hold.',
          );
        }
        throw error;
      });
    if (!row) throw new ApiError(409, 'insufficient_funds', 'Insufficient balance.');
    const [entry] = await tx.query<{ id: string }>(
      `insert into ledger_entries (transaction_id, account_id, amount, balance_after)
       values ($1, $2, $3, $4) returning id::text`,
      [created.id, posting.accountId, posting.amount.toString(), row.balance],
    );
    balances.set(posting.accountId, { balance: BigInt(row.balance), entryId: entry!.id });
  }
  const result = request.describe?.(balances) ?? {};
  await tx.query('update ledger_transactions set result = $2 where id = $1', [
    created.id,
    JSON.stringify(result),
  ]);
  return { transactionId: created.id, replayed: false, result, balances };
}

async function replay(tx: Queryable, key: string, kind: string): Promise<Posted> {
  const [row] = await tx.query<{ id: string; kind: string; result: Record<string, unknown> }>(
    'select id::text, kind, result from ledger_transactions where idempotency_key = $1',
    [key],
  );
  if (!row || row.kind !== kind) {
    throw new ApiError(
      409,
      'idempotency_conflict',
      'This request key was already used for something else.',
    );
  }
  return { transactionId: row.id, replayed: true, result: row.result, balances: new Map() };
}

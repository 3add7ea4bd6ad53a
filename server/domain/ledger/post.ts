import { createHash } from 'node:crypto';
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
  /**
   * What else defines the request beyond its postings (a bonus's reason, say): a replay must
   * match it too. The kind, the member and the postings always count.
   */
  fingerprint?: Record<string, string>;
}

/** The request a key stands for: kind, member, every posting, and the caller's extra fields. */
function fingerprintOf(request: PostingRequest): Buffer {
  const postings = [...request.postings]
    .map((posting) => `${posting.accountId}:${posting.amount}`)
    .sort();
  return createHash('sha256')
    .update(JSON.stringify([request.kind, request.memberId, postings, request.fingerprint ?? {}]))
    .digest();
}

/**
 * postTransaction inside a database transaction the caller already holds, so a posting and
 * the caller's own rows (a withdrawal's state) commit or roll back together.
 */
export async function postWithin(tx: Queryable, request: PostingRequest): Promise<Posted> {
  const total = request.postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (total !== 0n) throw new Error(`unbalanced transaction ${request.kind}: ${total}`);
  if (request.postings.some((posting) => posting.amount === 0n)) throw new Error('zero posting');
  const fingerprint = fingerprintOf(request);
  const [created] = await tx.query<{ id: string }>(
    `insert into ledger_transactions (idempotency_key, kind, member_id, request_hash)
     values ($1, $2, $3, $4) on conflict (idempotency_key) do nothing returning id::text`,
    [request.idempotencyKey, request.kind, request.memberId, fingerprint],
  );
  if (!created) return replay(tx, request.idempotencyKey, request.kind, fingerprint);

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

/**
 * The first answer of a key, for the same request only (issue 11): a key reused for another
 * kind, amount, account or member is refused, as payment APIs do, never answered as a success.
 */
async function replay(
  tx: Queryable,
  key: string,
  kind: string,
  fingerprint: Buffer,
): Promise<Posted> {
  const [row] = await tx.query<{
    id: string;
    kind: string;
    result: Record<string, unknown>;
    request_hash: Uint8Array | null;
  }>(
    'select id::text, kind, result, request_hash from ledger_transactions where idempotency_key = $1',
    [key],
  );
  const sameRequest = !row?.request_hash || Buffer.from(row.request_hash).equals(fingerprint);
  if (!row || row.kind !== kind || !sameRequest) {
    throw new ApiError(
      409,
      'idempotency_conflict',
      'This request key was already used for a different request.',
    );
  }
  return { transactionId: row.id, replayed: true, result: row.result, balances: new Map() };
}

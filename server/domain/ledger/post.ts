import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/types';
import { ledgerPostings } from '../../metrics';
import { ApiError } from '../../platform/apiError';
import type { PostingKind } from './kinds';

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
 *
 * One round trip (issue 13): the whole posting is one call of `ledger_post` (migration 017),
 * which is its own transaction here; a `describe` (an answer showing the balances after) adds
 * the statement that stores it, in a transaction with the posting.
 */
export function postTransaction(db: Database, request: PostingRequest): Promise<Posted> {
  if (!request.describe) return postWithin(db, request);
  return db.transaction((tx) => postWithin(tx, request));
}

export interface PostingRequest {
  idempotencyKey: string;
  /** One of the closed list of ways money moves (./kinds.ts). */
  kind: PostingKind;
  memberId: string | null;
  postings: Posting[];
  /** The answer stored with the transaction (and returned on a replay); `{}` when not given. */
  result?: Record<string, unknown>;
  /**
   * Builds the stored answer from the new balances, for answers that show them (a wallet
   * transfer): one more statement than `result`, so use `result` when the balances are not
   * part of the answer.
   */
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

/** What `ledger_post` answers (migration 017). */
type LedgerPostAnswer =
  | { replayed: false; id: string; entries: [string, string, string][] }
  | {
      replayed: true;
      id: string;
      kind: string;
      result: Record<string, unknown>;
      hash: string | null;
    };

/**
 * postTransaction inside a database transaction the caller already holds, so a posting and
 * the caller's own rows (a withdrawal's state) commit or roll back together. Given the database
 * itself, the one statement is its own transaction.
 */
export async function postWithin(tx: Queryable, request: PostingRequest): Promise<Posted> {
  const params = postingParams(request);
  const [row] = await tx
    .query<{ posted: LedgerPostAnswer }>(
      'select ledger_post($1, $2, $3, $4, $5::jsonb, $6::bigint[], $7::bigint[]) as posted',
      [
        params.key,
        params.kind,
        params.member,
        Buffer.from(params.fingerprint, 'hex'),
        params.result === null ? null : JSON.stringify(params.result),
        `{${params.accounts.join(',')}}`,
        `{${params.amounts.join(',')}}`,
      ],
    )
    .catch((error: unknown) => {
      throw ledgerRefusal(error);
    });
  const posted = await postedOf(tx, request, row!.posted);
  return posted;
}

/** What `ledger_post` is called with for `request` (checked: balanced, no zero posting). */
interface PostingParams {
  key: string;
  kind: string;
  member: string | null;
  /** The request's fingerprint, hex. */
  fingerprint: string;
  result: Record<string, unknown> | null;
  /** Accounts in a fixed order (their ids), so concurrent transfers cannot deadlock. */
  accounts: string[];
  amounts: string[];
}

function postingParams(request: PostingRequest): PostingParams {
  const total = request.postings.reduce((sum, posting) => sum + posting.amount, 0n);
  if (total !== 0n) throw new Error(`unbalanced transaction ${request.kind}: ${total}`);
  if (request.postings.some((posting) => posting.amount === 0n)) throw new Error('zero posting');
  const ordered = [...request.postings].sort((a, b) =>
    BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1,
  );
  return {
    key: request.idempotencyKey,
    kind: request.kind,
    member: request.memberId ?? null,
    fingerprint: fingerprintOf(request).toString('hex'),
    result: request.describe ? null : (request.result ?? {}),
    accounts: ordered.map((posting) => posting.accountId),
    amounts: ordered.map((posting) => posting.amount.toString()),
  };
}

/** The ledger function's refusals as the API's: no money, or a balance beyond BIGINT. */
export function ledgerRefusal(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'PL001') return new ApiError(409, 'insufficient_funds', 'Insufficient balance.');
  // A balance beyond BIGINT (SQLSTATE 22003): refused as an amount, never a 500. With
  // every amount bounded this needs ~92 million maximal postings into one account.
  if (code === '22003') {
    return new ApiError(
      409,
      'amount_out_of_range',
      'This amount would take a balance beyond what the books can hold.',
    );
  }
  return error;
}

/** The ledger's step function (migration 047): `ledger_post` as one step of a batch. */
export const POSTING_FUNCTION = 'ledger_post_step';

/**
 * A posting as a step of a batch of steps run in one statement (`run_steps`, migration 047):
 * the same call `postWithin` makes. Read its answer with `postedFromStep`. A request with a
 * `describe` cannot be a step (its answer is written by a second statement).
 */
export function postingStep(request: PostingRequest): { fn: string; args: PostingParams } {
  if (request.describe) throw new Error('a posting with describe() cannot run as a step');
  return { fn: POSTING_FUNCTION, args: postingParams(request) };
}

/** The answer of a posting run as a step, as `postWithin` answers it. */
export function postedFromStep(
  tx: Queryable,
  request: PostingRequest,
  answer: unknown,
): Promise<Posted> {
  return postedOf(tx, request, answer as LedgerPostAnswer);
}

async function postedOf(
  tx: Queryable,
  request: PostingRequest,
  posted: LedgerPostAnswer,
): Promise<Posted> {
  const fingerprint = fingerprintOf(request);
  const stored = request.describe ? null : (request.result ?? {});
  if (posted.replayed) {
    // The first answer of a key, for the same request only (issue 11): a key reused for another
    // kind, amount, account or member is refused, as payment APIs do, never answered as a
    // success. A row written before fingerprints existed has none, and replays as it did.
    const sameRequest = posted.hash === null || posted.hash === fingerprint.toString('hex');
    if (posted.kind !== request.kind || !sameRequest) {
      throw new ApiError(
        409,
        'idempotency_conflict',
        'This request key was already used for a different request.',
      );
    }
    ledgerPostings.inc({ kind: request.kind, outcome: 'replayed' });
    return { transactionId: posted.id, replayed: true, result: posted.result, balances: new Map() };
  }
  const balances = new Map<string, { balance: bigint; entryId: string }>(
    posted.entries.map(([account, balance, entry]) => [
      account,
      { balance: BigInt(balance), entryId: entry },
    ]),
  );
  let result = stored ?? {};
  if (request.describe) {
    result = request.describe(balances);
    await tx.query('update ledger_transactions set result = $2 where id = $1', [
      posted.id,
      JSON.stringify(result),
    ]);
  }
  ledgerPostings.inc({ kind: request.kind, outcome: 'written' });
  return { transactionId: posted.id, replayed: false, result, balances };
}

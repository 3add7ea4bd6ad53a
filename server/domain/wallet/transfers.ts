import { toMoneyString } from '../../../src/shared/money';
import { lockMember } from '../../db/locks';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { walletId } from '../ledger/accounts';
import { changesOf, positiveAmount, scopedKey } from '../ledger/amounts';
import type { PostingKind } from '../ledger/kinds';
import { type Posted, postWithin } from '../ledger/post';
import { commit } from '../../platform/unitOfWork';
import { assertNoOpenWagering } from '../rewards/wagering';

/** One movement of `amount` from one account to another, as one idempotent transaction. */
function moveMoney(
  deps: Platform,
  move: {
    memberId: string;
    kind: PostingKind;
    idempotencyKey: string;
    fromId: string;
    toId: string;
    amount: bigint;
    /** The member's wallets the move touches, by account id: their new balances go live. */
    names: Map<string, string>;
    describe: (
      balances: Map<string, { balance: bigint; entryId: string }>,
    ) => Record<string, unknown>;
  },
): Promise<Posted> {
  return commit(deps, async (work) => {
    const posted = await postWithin(work.tx, {
      idempotencyKey: scopedKey(move.memberId, move.kind, move.idempotencyKey),
      kind: move.kind,
      memberId: move.memberId,
      postings: [
        { accountId: move.fromId, amount: -move.amount },
        { accountId: move.toId, amount: move.amount },
      ],
      describe: move.describe,
    });
    work.changed('balance', changesOf(posted, move.memberId, move.names));
    return posted;
  });
}

/** What a wallet transfer answers (kept with the posting: a retry answers the same). */
export interface WalletTransferResult {
  from: string;
  to: string;
  amount: string;
  /** Both wallets' balances after the transfer, by wallet name. */
  balances: Record<string, string>;
}

/** What a transfer to the upline answers (kept with the posting, like a wallet transfer's). */
export interface UplineTransferResult {
  upline: string | null;
  amount: string;
  /** The member's main balance after the transfer. */
  balance: string;
}

/**
 * Transfer between a member's main wallet and a vendor wallet (spec 7 GCS_walletTransfer,
 * the "My Wallet" page). Both are the member's own accounts: the ledger entries still sum to zero.
 */
export async function transferBetweenWallets(
  deps: Platform,
  memberId: string,
  request: { from: string; to: string; amount: string; idempotencyKey: string },
): Promise<{ result: WalletTransferResult }> {
  const vendors = new Set(deps.config.payments.vendorWallets);
  const known = (wallet: string) => wallet === 'MAIN' || vendors.has(wallet);
  if (!known(request.from) || !known(request.to) || request.from === request.to) {
    throw new ApiError(400, 'invalid_request', 'Choose two different wallets.');
  }
  const amount = positiveAmount(request.amount);
  const fromId = await walletId(deps.db, memberId, request.from === 'MAIN' ? null : request.from);
  const toId = await walletId(deps.db, memberId, request.to === 'MAIN' ? null : request.to);
  const names = new Map([
    [fromId, request.from],
    [toId, request.to],
  ]);
  const posted = await moveMoney(deps, {
    memberId,
    kind: 'wallet_transfer',
    idempotencyKey: request.idempotencyKey,
    fromId,
    toId,
    amount,
    names,
    describe: (balances) => ({
      from: request.from,
      to: request.to,
      amount: toMoneyString(amount),
      balances: Object.fromEntries(
        [...balances].map(([id, value]) => [names.get(id), toMoneyString(value.balance)]),
      ),
    }),
  });
  // The stored answer is what `describe` wrote above (a replay answers it again).
  return { result: posted.result as unknown as WalletTransferResult };
}

/** Transfer to the upline agent (spec 2 transferUpline): main wallet to the agent's main wallet. */
export async function transferToUpline(
  deps: Platform,
  memberId: string,
  request: { amount: string; idempotencyKey: string },
): Promise<{ result: UplineTransferResult }> {
  const [row] = await deps.db.query<{ upline_id: string | null; upline_account: string | null }>(
    `select m.upline_id::text, u.account as upline_account from members m
     left join members u on u.id = m.upline_id where m.id = $1`,
    [memberId],
  );
  if (!row?.upline_id)
    throw new ApiError(409, 'no_upline', 'You have no upline agent to transfer to.');
  const uplineId = row.upline_id;
  const amount = positiveAmount(request.amount);
  const fromId = await walletId(deps.db, memberId, null);
  const toId = await walletId(deps.db, uplineId, null);
  const idempotencyKey = scopedKey(memberId, 'upline_transfer', request.idempotencyKey);
  // Money handed to the upline leaves the member's hands: not while a bonus is being wagered
  // (a colluding agent would otherwise cash the bonus out), checked under the member's lock.
  const posted = await commit(deps, async (work) => {
    const { tx } = work;
    await lockMember(tx, memberId);
    const [seen] = await tx.query('select 1 from ledger_transactions where idempotency_key = $1', [
      idempotencyKey,
    ]);
    if (!seen) await assertNoOpenWagering(tx, memberId);
    const moved = await postWithin(tx, {
      idempotencyKey,
      kind: 'upline_transfer',
      memberId,
      postings: [
        { accountId: fromId, amount: -amount },
        { accountId: toId, amount },
      ],
      describe: (balances) => ({
        upline: row.upline_account,
        amount: toMoneyString(amount),
        balance: toMoneyString(balances.get(fromId)?.balance ?? 0n),
      }),
    });
    work.changed('balance', [
      ...changesOf(moved, memberId, new Map([[fromId, 'MAIN']])),
      ...changesOf(moved, uplineId, new Map([[toId, 'MAIN']])),
    ]);
    return moved;
  });
  // The stored answer is what `describe` wrote above (a replay answers it again).
  return { result: posted.result as unknown as UplineTransferResult };
}

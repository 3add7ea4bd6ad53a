import { parseMoney, toMoneyString } from '../../../src/shared/money';
import { lockMember } from '../../db/locks';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { houseAccountId, walletId } from '../ledger/accounts';
import { type BalanceChange, changesOf, scopedKey } from '../ledger/amounts';
import { postWithin } from '../ledger/post';
import { commit } from '../../platform/unitOfWork';
import { accrueDepositWithin } from '../accruals/deposit';
import { foldAccruals } from '../accruals/fold';
import { reserveDepositWithin } from '../responsibleGaming/enforce';

/**
 * Credits a confirmed deposit once: house "deposits" → the member's main wallet. The posting
 * and the deposit's new status commit together, so a crash never leaves a credited deposit
 * marked pending (or the reverse); the row lock makes two confirmations credit once.
 */
export async function creditDeposit(deps: Platform, depositId: string): Promise<BalanceChange[]> {
  // The member's VIP level is worked out with the deposit: every bet's valid amount folded in
  // first (issue 31), so the level never goes by a total that misses bets already answered.
  await foldAccruals(deps);
  return commit(deps, async (work) => {
    const { tx } = work;
    const [deposit] = await tx.query<{ member_id: string; amount: string; status: string }>(
      'select member_id::text, amount::text, status from deposits where id = $1 for update',
      [depositId],
    );
    if (!deposit) throw new ApiError(404, 'not_found', 'No such deposit.');
    if (deposit.status !== 'pending') return [];
    const memberId = deposit.member_id;
    const amount = BigInt(deposit.amount);
    const main = await walletId(tx, memberId, null);
    const posted = await postWithin(tx, {
      idempotencyKey: `deposit:${depositId}`,
      kind: 'deposit',
      memberId,
      postings: [
        { accountId: await houseAccountId(tx, 'deposits'), amount: -amount },
        { accountId: main, amount },
      ],
      result: { depositId },
    });
    await tx.query(
      `update deposits set status = 'credited', credited_at = now(), ledger_transaction_id = $2
       where id = $1`,
      [depositId, posted.transactionId],
    );
    const credited = changesOf(posted, memberId, new Map([[main, 'MAIN']]));
    work.changed('balance', credited);
    // What the deposit earns (a deposit bonus, missions, a referral, VIP progress), in its
    // unit of work: the deposit accruals table (server/domain/accruals/deposit.ts).
    await accrueDepositWithin(work, deps, { id: depositId, memberId, amount });
    return credited;
  });
}

/** Starts a deposit through a channel: pending until the channel confirms (spec: depositv2). */
export async function requestDeposit(
  deps: Platform,
  memberId: string,
  request: { channel: string; amount: string; idempotencyKey: string },
): Promise<{ id: string; status: string; amount: string }> {
  const limits = deps.config.payments.deposit;
  const amount = parseMoney(request.amount);
  if (amount < parseMoney(limits.min) || amount > parseMoney(limits.max)) {
    throw new ApiError(
      400,
      'amount_out_of_range',
      `The amount must be between ${limits.min} and ${limits.max}.`,
      {
        min: limits.min,
        max: limits.max,
      },
    );
  }
  const key = scopedKey(memberId, 'deposit', request.idempotencyKey);
  // Under the member's row lock, so deposits asked for at once are counted against the
  // responsible-gaming limits one after the other (issue 17): together they cannot pass one.
  // A replay of a request already stored is answered as it was, not counted again.
  const row = await deps.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const select = () =>
      tx.query<{ id: string; status: string; amount: string; channel: string }>(
        'select id::text, status, amount::text, channel from deposits where idempotency_key = $1',
        [key],
      );
    const [stored] = await select();
    if (stored) return stored;
    await reserveDepositWithin(tx, deps, memberId, amount);
    await tx.query(
      `insert into deposits (member_id, channel, amount, idempotency_key) values ($1, $2, $3, $4)`,
      [memberId, request.channel, amount.toString(), key],
    );
    return (await select())[0]!;
  });
  // The first answer only for the same request (issue 11): a key reused for another amount or
  // channel is refused, never answered as the first deposit.
  if (BigInt(row.amount) !== amount || row.channel !== request.channel) {
    throw new ApiError(
      409,
      'idempotency_conflict',
      'This request key was already used for a different request.',
    );
  }
  return { id: row.id, status: row.status, amount: toMoneyString(BigInt(row.amount)) };
}

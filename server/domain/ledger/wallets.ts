import {
  MAX_AMOUNT_MINOR,
  MAX_AMOUNT_TEXT,
  parseMoney,
  toMoneyString,
} from '../../../src/shared/money';
import type { AppDeps } from '../../http/deps';
import { ApiError } from '../apiError';
import { houseAccountId, walletId } from './accounts';
import { type Posted, postTransaction, postWithin } from './post';
import { qualifyDepositBonusWithin } from '../promotions/participation';
import { missionProgressWithin } from '../missions/missions';
import { referralProgressWithin } from '../referrals/referrals';
import { assertNoOpenWagering, lockMember } from '../rewards/wagering';
import { announceVip, type VipChange, vipProgressWithin } from '../vip/progress';
import { reserveDepositWithin } from '../responsibleGaming/enforce';
import { isExcluded } from '../responsibleGaming/state';

/** A committed change of a wallet, for the `balance` socket event. */
export interface BalanceChange {
  memberId: string;
  wallet: string;
  balance: bigint;
  /** The ledger entry that set it: grows with every movement, the event's `seq`. */
  entryId: string;
}

/** Scopes a client's idempotency key to the member, so keys never collide across members. */
export const scopedKey = (memberId: string, kind: string, key: string) =>
  `${kind}:${memberId}:${key}`;

export function changesOf(
  posted: Posted,
  memberId: string,
  wallets: Map<string, string>,
): BalanceChange[] {
  return [...posted.balances.entries()]
    .filter(([accountId]) => wallets.has(accountId))
    .map(([accountId, value]) => ({
      memberId,
      wallet: wallets.get(accountId)!,
      balance: value.balance,
      entryId: value.entryId,
    }));
}

/**
 * A request's amount in minor units: above zero and at most the platform's bound (the schema
 * already refuses anything that is not an amount).
 */
export function positiveAmount(text: string): bigint {
  const amount = parseMoney(text);
  if (amount <= 0n) throw new ApiError(400, 'invalid_request', 'The amount must be above zero.');
  return boundedAmount(amount);
}

/** Refuses an amount above MAX_AMOUNT_MINOR with `amount_out_of_range` and the bound. */
export function boundedAmount(amount: bigint): bigint {
  if (amount > MAX_AMOUNT_MINOR) {
    throw new ApiError(400, 'amount_out_of_range', `An amount can be at most ${MAX_AMOUNT_TEXT}.`, {
      max: MAX_AMOUNT_TEXT,
    });
  }
  return amount;
}

/** One movement of `amount` from one account to another, as one idempotent transaction. */
function moveMoney(
  deps: AppDeps,
  move: {
    memberId: string;
    kind: string;
    idempotencyKey: string;
    fromId: string;
    toId: string;
    amount: bigint;
    describe: (
      balances: Map<string, { balance: bigint; entryId: string }>,
    ) => Record<string, unknown>;
  },
): Promise<Posted> {
  return postTransaction(deps.db, {
    idempotencyKey: scopedKey(move.memberId, move.kind, move.idempotencyKey),
    kind: move.kind,
    memberId: move.memberId,
    postings: [
      { accountId: move.fromId, amount: -move.amount },
      { accountId: move.toId, amount: move.amount },
    ],
    describe: move.describe,
  });
}

/**
 * Transfer between a member's main wallet and a vendor wallet (spec 7 GCS_walletTransfer,
 * the "My Wallet" page). Both are the member's own accounts: the ledger entries still sum to zero.
 */
export async function transferBetweenWallets(
  deps: AppDeps,
  memberId: string,
  request: { from: string; to: string; amount: string; idempotencyKey: string },
): Promise<{ result: Record<string, unknown>; changes: BalanceChange[] }> {
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
    describe: (balances) => ({
      from: request.from,
      to: request.to,
      amount: toMoneyString(amount),
      balances: Object.fromEntries(
        [...balances].map(([id, value]) => [names.get(id), toMoneyString(value.balance)]),
      ),
    }),
  });
  return { result: posted.result, changes: changesOf(posted, memberId, names) };
}

/**
 * Credits a confirmed deposit once: house "deposits" → the member's main wallet. The posting
 * and the deposit's new status commit together, so a crash never leaves a credited deposit
 * marked pending (or the reverse); the row lock makes two confirmations credit once.
 */
export async function creditDeposit(deps: AppDeps, depositId: string): Promise<BalanceChange[]> {
  let bonusFor: string | null = null;
  let vipChange: VipChange | null = null;
  let inviter: string | null = null;
  const changes = await deps.db.transaction(async (tx) => {
    bonusFor = null;
    vipChange = null;
    inviter = null;
    const [deposit] = await tx.query<{ member_id: string; amount: string; status: string }>(
      'select member_id::text, amount::text, status from deposits where id = $1 for update',
      [depositId],
    );
    if (!deposit) throw new ApiError(404, 'not_found', 'No such deposit.');
    if (deposit.status !== 'pending') return [];
    const memberId = deposit.member_id;
    const main = await walletId(tx, memberId, null);
    const posted = await postWithin(tx, {
      idempotencyKey: `deposit:${depositId}`,
      kind: 'deposit',
      memberId,
      postings: [
        { accountId: await houseAccountId(tx, 'deposits'), amount: -BigInt(deposit.amount) },
        { accountId: main, amount: BigInt(deposit.amount) },
      ],
      result: { depositId },
    });
    await tx.query(
      `update deposits set status = 'credited', credited_at = now(), ledger_transaction_id = $2
       where id = $1`,
      [depositId, posted.transactionId],
    );
    const credited = changesOf(posted, memberId, new Map([[main, 'MAIN']]));
    // A deposit asked for before a time-out or self-exclusion is still credited (the money is
    // the member's), but earns no promotion (issue 17): no bonus, mission, VIP progress or
    // referral reward on it.
    if (await isExcluded(tx, memberId, deps.clock.now())) return credited;
    // A deposit bonus the member signed up for, and a deposit mission, are earned by this
    // deposit (issue 14), in its transaction: the rewards wait in the reward centre.
    const amount = BigInt(deposit.amount);
    if (await qualifyDepositBonusWithin(tx, { id: depositId, memberId, amount })) {
      bonusFor = memberId;
    }
    if (
      await missionProgressWithin(tx, deps.config.missions, memberId, { kind: 'deposit', amount })
    ) {
      bonusFor = memberId;
    }
    inviter = await referralProgressWithin(tx, memberId, { kind: 'deposit', amount });
    // Deposits count toward the VIP level (issue 14), in the same transaction.
    vipChange = (await vipProgressWithin(tx, deps.config.vip, memberId, { deposit: amount }))
      .change;
    return credited;
  });
  if (bonusFor !== null) deps.rewardEvents.announce({ memberId: bonusFor, reason: 'issued' });
  if (vipChange !== null) announceVip(deps, vipChange);
  if (inviter !== null) deps.rewardEvents.announce({ memberId: inviter, reason: 'issued' });
  return changes;
}

/** Starts a deposit through a channel: pending until the channel confirms (spec: depositv2). */
export async function requestDeposit(
  deps: AppDeps,
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

/** Transfer to the upline agent (spec 2 transferUpline): main wallet to the agent's main wallet. */
export async function transferToUpline(
  deps: AppDeps,
  memberId: string,
  request: { amount: string; idempotencyKey: string },
): Promise<{ result: Record<string, unknown>; changes: BalanceChange[] }> {
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
  const posted = await deps.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [seen] = await tx.query('select 1 from ledger_transactions where idempotency_key = $1', [
      idempotencyKey,
    ]);
    if (!seen) await assertNoOpenWagering(tx, memberId);
    return postWithin(tx, {
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
  });
  return {
    result: posted.result,
    changes: [
      ...changesOf(posted, memberId, new Map([[fromId, 'MAIN']])),
      ...changesOf(posted, uplineId, new Map([[toId, 'MAIN']])),
    ],
  };
}

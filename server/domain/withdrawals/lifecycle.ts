import { toMoneyString } from '../../../src/shared/money';
import {
  canApply,
  nextWithdrawalState,
  type WithdrawalContext,
  type WithdrawalEvent,
} from '../../../src/shared/withdrawalConfirmation';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { changesOf } from '../ledger/amounts';
import { lockWithdrawal, toView, WITHDRAWAL_COLUMNS, type WithdrawalRow } from './views';
import type {
  BalanceChange as WalletChange,
  Change,
  WithdrawalChange,
} from '../../platform/changes';
import { commit } from '../../platform/unitOfWork';
import type { VipConfig } from '../../config/vip';
import { type VipChange, vipProgressWithin } from '../vip/progress';
import { foldAccruals } from '../accruals/fold';
export type { WithdrawalChange };

/**
 * A withdrawal's new state, the balances its posting set (none for most events) and the
 * member's VIP level when giving the money back raised it.
 */
export type WithdrawalApplied = WithdrawalChange & {
  changes: WalletChange[];
  vip?: VipChange | null;
};

export type WithdrawalActor = 'member' | 'operator' | 'channel' | 'job';

/** The withdrawal's stored context, as the shared machine keeps it. */
function contextOf(row: WithdrawalRow): WithdrawalContext {
  return {
    proofImageId: row.proof_image_id,
    receivedMinor: row.received_amount,
    remainingMinor: row.remaining_amount,
    autoConfirmed: row.auto_confirmed,
  };
}

/** The event with valid details, to ask the machine whether the state alone allows it. */
function withPlaceholderDetails(event: WithdrawalEvent): WithdrawalEvent {
  return event.type === 'withdrawal.reportPartial'
    ? { ...event, receivedMinor: '1', remainingMinor: '1' }
    : event;
}

/** Checks an answer's details against the withdrawal (the machine checks only the shape). */
async function checkDetails(tx: Queryable, row: WithdrawalRow, event: WithdrawalEvent) {
  if (event.type === 'withdrawal.reportPartial') {
    const received = BigInt(event.receivedMinor);
    if (received <= 0n || received >= BigInt(row.amount)) {
      throw new ApiError(
        400,
        'partial_amount_invalid',
        `The amount received must be above zero and below ${toMoneyString(BigInt(row.amount))}.`,
      );
    }
    if (BigInt(event.remainingMinor) !== BigInt(row.amount) - received) {
      throw new ApiError(400, 'partial_amount_invalid', 'Received and remaining must add up.');
    }
  }
  if (event.type === 'withdrawal.reportNotReceived') {
    const [image] = await tx.query(
      'select 1 from upload_images where id::text = $1 and member_id = $2',
      [event.proofImageId, row.member_id],
    );
    if (!image) throw new ApiError(400, 'proof_required', 'Attach a proof image (png or jpg).');
  }
}

/**
 * Money at the end of the lifecycle: a receipt (confirmed, forced or automatic) pays the held
 * amount out; a refund or a rejection returns it to the main wallet. Keyed by the withdrawal,
 * so it can happen once only.
 */
async function closeMoney(tx: Queryable, row: WithdrawalRow, state: string) {
  const paidOut = ['received', 'forcedReceived'].includes(state);
  const returned = ['refunded', 'rejected'].includes(state);
  if (!paidOut && !returned) return null;
  const held = await houseAccountId(tx, 'withdrawals_held');
  const target = paidOut
    ? await houseAccountId(tx, 'withdrawals')
    : await walletId(tx, row.member_id, null);
  const amount = BigInt(row.amount);
  const posted = await postWithin(tx, {
    idempotencyKey: `withdrawal:${row.id}:close`,
    kind: paidOut ? 'withdrawal_payout' : 'withdrawal_refund',
    memberId: row.member_id,
    postings: [
      { accountId: held, amount: -amount },
      { accountId: target, amount },
    ],
    result: { withdrawalId: row.id, state },
  });
  const changes = returned ? changesOf(posted, row.member_id, new Map([[target, 'MAIN']])) : [];
  return { transactionId: posted.transactionId, changes };
}

/**
 * Applies one event of the shared lifecycle machine inside the caller's transaction: locks the
 * withdrawal, refuses what the machine refuses (`withdrawal_illegal_transition`, with the
 * current status), stores the machine's next state and moves the money when it ends. A
 * withdrawal rejected or refunded stops counting against the member's VIP deposits (issue 28):
 * with `vip`, the level is recomputed at once (only these two events give money back).
 */
export async function applyWithin(
  tx: Queryable,
  request: {
    withdrawalId: string;
    event: WithdrawalEvent;
    actor: WithdrawalActor;
    /** When a member asks: only their own withdrawal. */
    memberId?: string;
  },
  vip?: VipConfig,
): Promise<WithdrawalApplied> {
  const row = await lockWithdrawal(tx, request.withdrawalId);
  if (!row || (request.memberId !== undefined && row.member_id !== request.memberId)) {
    throw new ApiError(404, 'not_found', 'No such withdrawal.');
  }
  // The state decides first (with well-formed details), then the details themselves.
  if (!canApply(row.status, withPlaceholderDetails(request.event))) {
    throw new ApiError(
      409,
      'withdrawal_illegal_transition',
      `This withdrawal is ${row.status}: that answer is not possible now.`,
      { status: row.status },
    );
  }
  await checkDetails(tx, row, request.event);
  const next = nextWithdrawalState(row.status, contextOf(row), request.event);
  if (!next) throw new ApiError(400, 'invalid_request', 'That answer is not well formed.');
  const closed = await closeMoney(tx, row, next.state);
  const [updated] = await tx.query<WithdrawalRow>(
    `update withdrawals set status = $2, proof_image_id = $3::uuid, received_amount = $4,
       remaining_amount = $5, auto_confirmed = $6, close_transaction_id = coalesce($7, close_transaction_id),
       updated_at = now(), version = nextval('withdrawal_versions')
     where id = $1 returning ${WITHDRAWAL_COLUMNS}`,
    [
      row.id,
      next.state,
      next.context.proofImageId,
      next.context.receivedMinor,
      next.context.remainingMinor,
      next.context.autoConfirmed,
      closed?.transactionId ?? null,
    ],
  );
  await tx.query(
    `insert into withdrawal_events (withdrawal_id, event, actor, from_status, to_status)
     values ($1, $2, $3, $4, $5)`,
    [row.id, request.event.type, request.actor, row.status, next.state],
  );
  const givenBack = vip && ['refunded', 'rejected'].includes(next.state);
  const level = givenBack ? await vipProgressWithin(tx, vip, row.member_id, {}) : null;
  return {
    withdrawal: toView(updated!),
    memberId: row.member_id,
    changes: closed?.changes ?? [],
    vip: level?.change ?? null,
  };
}

/** applyWithin in a transaction of its own, then tells the member's open pages. */
export async function applyWithdrawalEvent(
  deps: Platform,
  request: Parameters<typeof applyWithin>[1],
): Promise<WithdrawalView> {
  // A refund works the VIP level out again: every answered bet folded in first (issue 31).
  await foldAccruals(deps);
  const change = await commit(
    deps,
    ({ tx }) => applyWithin(tx, request, deps.config.vip),
    withdrawalChanges,
  );
  return change.withdrawal;
}

/**
 * What an applied event changed: the new balance, the withdrawal's new state, and the VIP level
 * (with its upgrade bonus's red dot) when giving the money back changed it.
 */
export function withdrawalChanges(change: WithdrawalApplied): Change[] {
  const changes: Change[] = [
    { kind: 'balance', change: change.changes },
    { kind: 'withdrawal', change: { withdrawal: change.withdrawal, memberId: change.memberId } },
  ];
  if (change.vip) {
    changes.push({ kind: 'vip', change: change.vip });
    if (change.vip.rewarded)
      changes.push({ kind: 'reward', change: { memberId: change.memberId, reason: 'issued' } });
  }
  return changes;
}

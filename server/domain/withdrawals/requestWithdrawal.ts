import { parseMoney } from '../../../src/shared/money';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import type { Platform } from '../../platform/platform';
import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { commit } from '../../platform/unitOfWork';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { type BalanceChange, changesOf, scopedKey } from '../ledger/amounts';
import { checkPaymentPassword } from '../identity/paymentPassword';
import { assertNoOpenWagering } from '../rewards/wagering';
import { lockMember } from '../../db/locks';
import { currentVipLevel, recordVip, vipProgressWithin } from '../vip/progress';
import { toMoneyString } from '../../../src/shared/money';
import type { Queryable } from '../../db/types';
import { toView, WITHDRAWAL_COLUMNS, type WithdrawalRow } from './views';
import { foldAccruals } from '../accruals/fold';

/**
 * A withdrawal request (spec 2 "withdraw"): within the configured limits, with the payment
 * password; the amount leaves the main wallet at once and is held until the lifecycle ends.
 * The idempotency key makes a retried request return the first withdrawal.
 */
export async function requestWithdrawal(
  deps: IdentityDeps,
  memberId: string,
  request: { amount: string; paymentPassword: string; idempotencyKey: string },
): Promise<{ withdrawal: WithdrawalView; changes: BalanceChange[]; replayed: boolean }> {
  const limits = deps.config.payments.withdrawal;
  const amount = parseMoney(request.amount);
  if (amount < parseMoney(limits.min) || amount > parseMoney(limits.max)) {
    throw new ApiError(
      400,
      'amount_out_of_range',
      `The amount must be between ${limits.min} and ${limits.max}.`,
      { min: limits.min, max: limits.max },
    );
  }
  await checkPaymentPassword(deps, memberId, request.paymentPassword);

  const key = scopedKey(memberId, 'withdrawal', request.idempotencyKey);
  const main = await walletId(deps.db, memberId, null);
  const held = await houseAccountId(deps.db, 'withdrawals_held');
  // The VIP level is worked out with the withdrawal: every answered bet folded in first.
  await foldAccruals(deps);
  return commit(
    deps,
    async (work) => {
      const { tx } = work;
      // Bonus money is locked while its wagering runs (issue 14); a retry of a withdrawal made
      // before the bonus was claimed still answers that withdrawal.
      await lockMember(tx, memberId);
      const [seen] = await tx.query('select 1 from withdrawals where idempotency_key = $1', [key]);
      if (!seen) {
        await assertNoOpenWagering(tx, memberId);
        await assertWithinVipDailyMax(tx, deps, memberId, amount);
      }
      const posted = await postWithin(tx, {
        idempotencyKey: key,
        kind: 'withdrawal_hold',
        memberId,
        postings: [
          { accountId: main, amount: -amount },
          { accountId: held, amount },
        ],
      });
      if (posted.replayed) {
        const [row] = await tx.query<WithdrawalRow>(
          `select ${WITHDRAWAL_COLUMNS} from withdrawals where idempotency_key = $1`,
          [key],
        );
        return { withdrawal: toView(row!), changes: [], replayed: true };
      }
      const [row] = await tx.query<WithdrawalRow>(
        `insert into withdrawals (member_id, amount, idempotency_key, hold_transaction_id, version)
       values ($1, $2, $3, $4, nextval('withdrawal_versions')) returning ${WITHDRAWAL_COLUMNS}`,
        [memberId, amount.toString(), key, posted.transactionId],
      );
      await tx.query(
        `insert into withdrawal_events (withdrawal_id, event, actor, from_status, to_status)
       values ($1, 'withdrawal.request', 'member', 'new', 'requested')`,
        [row!.id],
      );
      // VIP deposit thresholds count deposits net of withdrawals (issue 28): this one counts
      // from now, while its money is held; the level may fall at once.
      const vip = await vipProgressWithin(tx, deps.config.vip, memberId, {});
      if (vip.change) recordVip(work, vip.change);
      return {
        withdrawal: toView(row!),
        changes: changesOf(posted, memberId, new Map([[main, 'MAIN']])),
        replayed: false,
      };
    },
    // The member's pages see the new balance once the hold has committed; the finance queue
    // (and the member's other pages) the new withdrawal.
    (done) =>
      done.replayed
        ? [{ kind: 'balance', change: done.changes }]
        : [
            { kind: 'balance', change: done.changes },
            { kind: 'withdrawal', change: { memberId, withdrawal: done.withdrawal } },
          ],
  );
}

/**
 * The member's VIP level sets how much may be withdrawn per UTC day (issue 14): what was
 * requested today and not given back (rejected or refunded) plus this one, checked under the
 * member's lock so parallel requests cannot pass it together.
 */
async function assertWithinVipDailyMax(
  tx: Queryable,
  deps: Platform,
  memberId: string,
  amount: bigint,
): Promise<void> {
  const level = await currentVipLevel(tx, memberId);
  const max = deps.config.vip.levels.find((one) => one.level === level)?.withdrawalDailyMax;
  if (max === null || max === undefined) return;
  const [today] = await tx.query<{ total: string }>(
    `select coalesce(sum(amount), 0)::text as total from withdrawals
     where member_id = $1 and status not in ('rejected', 'refunded')
       and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
    [memberId],
  );
  const left = parseMoney(max) - BigInt(today!.total);
  if (amount > left) {
    const remaining = toMoneyString(left > 0n ? left : 0n);
    throw new ApiError(
      409,
      'withdrawal_daily_max',
      `Your VIP level allows ${max} of withdrawals a day; ${remaining} is left today.`,
      { max, left: remaining },
    );
  }
}

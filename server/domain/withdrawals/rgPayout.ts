import { toMoneyString } from '../../../src/shared/money';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { type BalanceChange, changesOf, scopedKey } from '../ledger/amounts';
import { lockMember } from '../../db/locks';
import { scheduleDemoPayout } from './demoChannel';
import { toView, WITHDRAWAL_COLUMNS, type WithdrawalRow } from './views';
import { readRgState } from '../responsibleGaming/state';
import { commit } from '../../platform/unitOfWork';

export interface RgPayout {
  account: string;
  withdrawal: WithdrawalView;
  /** What the withdrawal pays. */
  paid: string;
  /** Bonus money still locked by its wagering requirement, left in the main wallet (null on a replay). */
  lockedBonus: string | null;
  /** A retry of a payout already made (same request key): nothing new was paid. */
  replayed: boolean;
}

/**
 * The operator pays out the main-wallet balance of a member on a break or self-excluded
 * (issue 17: such a member cannot log in to withdraw; `npm run ops -- rg payout <account>`).
 * It is an ordinary withdrawal (the same hold from the main wallet, the same lifecycle, payout
 * channel and records), asked for by the operator, and a change in the member's
 * responsible-gaming history (actor operator, subject `payout`, the amount).
 *
 * Under the member's row lock (the lock withdrawals, bonus claims and exclusions take): the
 * request key makes a retry answer the first payout, and since it pays the whole free balance a
 * second run with another key finds nothing left (`rg_payout_nothing`). Bonus money still locked
 * by an open wagering requirement is not paid: at most the bonus stays in the main wallet, and
 * the requirement stays open (the member forfeits it or wagers it after the break; only the
 * member forfeits, issue 14). The member's own limits (the per-request minimum and maximum, the
 * VIP daily maximum) do not apply: they pace a member's requests, this returns a balance to
 * someone who cannot play. Vendor (game) wallets are not touched.
 */
export async function payOutExcludedMember(
  deps: Platform,
  member: { id: string; account: string },
  requestKey: string,
): Promise<RgPayout> {
  const key = scopedKey(member.id, 'rg_payout', requestKey);
  const main = await walletId(deps.db, member.id, null);
  const held = await houseAccountId(deps.db, 'withdrawals_held');
  const now = deps.clock.now();
  const result = await commit(
    deps,
    async ({ tx }) => {
      await lockMember(tx, member.id);
      const [seen] = await tx.query<WithdrawalRow>(
        `select ${WITHDRAWAL_COLUMNS} from withdrawals where idempotency_key = $1`,
        [key],
      );
      if (seen) {
        return {
          withdrawal: toView(seen),
          paid: toMoneyString(BigInt(seen.amount)),
          lockedBonus: null,
          replayed: true,
          changes: [] as BalanceChange[],
          version: null,
        };
      }
      const state = await readRgState(tx, member.id, now);
      if (!state.exclusion) {
        throw new ApiError(
          409,
          'rg_not_excluded',
          `${member.account} is not on a break or self-excluded: the member withdraws itself.`,
        );
      }
      const [wallet] = await tx.query<{ balance: string }>(
        'select balance::text from ledger_accounts where id = $1',
        [main],
      );
      const balance = BigInt(wallet?.balance ?? '0');
      // Bonus money is its own balance (issue 28): the main wallet is all real money.
      const [bonusAccount] = await tx.query<{ balance: string }>(
        `select balance::text from ledger_accounts where member_id = $1 and kind = 'bonus'`,
        [member.id],
      );
      const locked = BigInt(bonusAccount?.balance ?? '0');
      const amount = balance;
      if (amount <= 0n) {
        throw new ApiError(
          409,
          'rg_payout_nothing',
          locked > 0n
            ? `Nothing to pay: ${member.account}'s ${toMoneyString(locked)} is bonus money still locked by its wagering requirement.`
            : `Nothing to pay: ${member.account}'s main wallet is empty.`,
          { balance: toMoneyString(balance), lockedBonus: toMoneyString(locked) },
        );
      }
      const posted = await postWithin(tx, {
        idempotencyKey: key,
        kind: 'withdrawal_hold',
        memberId: member.id,
        postings: [
          { accountId: main, amount: -amount },
          { accountId: held, amount },
        ],
      });
      const [row] = await tx.query<WithdrawalRow>(
        `insert into withdrawals (member_id, amount, idempotency_key, hold_transaction_id, version)
       values ($1, $2, $3, $4, nextval('withdrawal_versions')) returning ${WITHDRAWAL_COLUMNS}`,
        [member.id, amount.toString(), key, posted.transactionId],
      );
      await tx.query(
        `insert into withdrawal_events (withdrawal_id, event, actor, from_status, to_status)
       values ($1, 'withdrawal.request', 'operator', 'new', 'requested')`,
        [row!.id],
      );
      // The member's history: who (the operator), when, how much.
      await tx.query(
        `insert into rg_changes (member_id, at, actor, subject, old_value, new_value, effective_at)
       values ($1, $2, 'operator', 'payout', null, $3, $2)`,
        [member.id, now, toMoneyString(amount)],
      );
      const [settings] = await tx.query<{ version: string }>(
        'update rg_settings set version = version + 1 where member_id = $1 returning version::text',
        [member.id],
      );
      return {
        withdrawal: toView(row!),
        paid: toMoneyString(amount),
        lockedBonus: toMoneyString(locked) as string | null,
        replayed: false,
        changes: changesOf(posted, member.id, new Map([[main, 'MAIN']])),
        version: Number(settings!.version),
      };
    },
    (done) =>
      done.replayed
        ? [{ kind: 'balance', change: done.changes }]
        : [
            { kind: 'balance', change: done.changes },
            { kind: 'rg', change: { memberId: member.id, version: done.version! } },
            { kind: 'withdrawal', change: { memberId: member.id, withdrawal: done.withdrawal } },
          ],
  );
  if (!result.replayed) scheduleDemoPayout(deps, result.withdrawal);
  return {
    account: member.account,
    withdrawal: result.withdrawal,
    paid: result.paid,
    lockedBonus: result.lockedBonus,
    replayed: result.replayed,
  };
}

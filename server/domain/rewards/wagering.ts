import { toMoneyString } from '../../../src/shared/money';
import type { Queryable } from '../../db/types';
import { lockMember } from '../../db/locks';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { type BalanceChange, changesOf } from '../ledger/amounts';
import { applyParticipationEvent } from '../participation/apply';
import { commit, type Work } from '../../platform/unitOfWork';

/**
 * Refuses money leaving the member's hands while a bonus is being wagered (issue 14: "bonus
 * money is locked until the requirement is met"), naming what is left to wager. Call it inside
 * the transaction that moves the money, after `lockMember`.
 */
export async function assertNoOpenWagering(tx: Queryable, memberId: string): Promise<void> {
  const [open] = await tx.query<{ required: string; wagered: string; code: string | null }>(
    `select w.required::text, w.wagered::text, p.code
     from wagering_requirements w join rewards r on r.id = w.reward_id
     left join promotions p on p.id = r.promotion_id
     where w.member_id = $1 and w.state = 'open'`,
    [memberId],
  );
  if (!open) return;
  const left = toMoneyString(BigInt(open.required) - BigInt(open.wagered));
  const bonus = open.code ? `your ${open.code} bonus` : 'your bonus';
  throw new ApiError(
    409,
    'wagering_open',
    `Wager ${left} more on real bets to unlock ${bonus}, or forfeit it in the reward centre.`,
    { left, required: toMoneyString(BigInt(open.required)), promotion: open.code },
  );
}

/**
 * In the bet's transaction (issue 14: "tracked in the bet's transaction"): the valid bet —
 * real and bonus money alike — counts toward the open wagering requirement. Reaching it turns
 * the whole bonus balance into real money (one `bonus_release` posting) and closes the
 * participation as unlocked; a bonus balance played down to nothing ends the requirement as
 * `lost` (issue 28: nothing of the house's is left to protect, so the real money is free again).
 */
export async function wagerWithin(work: Work, memberId: string, valid: bigint): Promise<void> {
  const [row] = await work.tx.query<{ answer: WageredRequirement | null }>(
    `select ${WAGERING_FUNCTION}($1::jsonb, '{}'::jsonb, '{}'::jsonb) as answer`,
    [JSON.stringify({ memberId, valid: valid.toString() })],
  );
  await settleWageredWithin(work, memberId, row?.answer ?? null);
}

/** The wagering step's database function (migration 046): counts the turnover, answers the row. */
export const WAGERING_FUNCTION = 'wagering_wager_bet';

/** Whether the member `$1` wagers a bonus (else the wagering step has nothing to do). */
export const WAGERING_PROBE = `exists (select 1 from wagering_requirements w
  where w.member_id = $1 and w.state = 'open')`;

/** The open requirement as the bet left it (null: none was open). */
export interface WageredRequirement {
  id: string;
  state: string;
  participationId: string | null;
  bonusAccount: string | null;
  bonusBalance: string | null;
}

/**
 * After the bet's turnover was counted (`wagering_wager_bet`), in its unit of work: a
 * requirement met releases the bonus balance, one whose bonus balance is gone is lost, one
 * still open is announced.
 */
export async function settleWageredWithin(
  work: Work,
  memberId: string,
  answer: WageredRequirement | null,
): Promise<void> {
  const { tx } = work;
  if (!answer) return;
  const row = {
    id: answer.id,
    state: answer.state,
    participation_id: answer.participationId,
    bonus_account: answer.bonusAccount,
    bonus_balance: answer.bonusBalance,
  };
  const balance = BigInt(row.bonus_balance ?? '0');
  if (row.state !== 'met') {
    if (balance > 0n) {
      work.changed('reward', { memberId, reason: 'wagered' });
      return;
    }
    await tx.query(
      `update wagering_requirements set state = 'lost', forfeited = 0, closed_at = now()
       where id = $1`,
      [row.id],
    );
    if (row.participation_id) {
      await applyParticipationEvent(tx, row.participation_id, { type: 'promotion.forfeit' });
    }
    work.changed('reward', { memberId, reason: 'lost' });
    return;
  }
  if (balance > 0n) {
    const main = await walletId(tx, memberId, null);
    const posted = await postWithin(tx, {
      idempotencyKey: `bonus_release:${row.id}`,
      kind: 'bonus_release',
      memberId,
      postings: [
        { accountId: row.bonus_account!, amount: -balance },
        { accountId: main, amount: balance },
      ],
      result: { requirementId: row.id, amount: toMoneyString(balance) },
    });
    work.changed(
      'balance',
      changesOf(
        posted,
        memberId,
        new Map([
          [main, 'MAIN'],
          [row.bonus_account!, 'BONUS'],
        ]),
      ),
    );
  }
  await tx.query('update wagering_requirements set released = $2 where id = $1', [
    row.id,
    balance.toString(),
  ]);
  if (row.participation_id) {
    await applyParticipationEvent(tx, row.participation_id, { type: 'promotion.wageringMet' });
  }
  work.changed('reward', { memberId, reason: 'unlocked' });
}

/**
 * Ends one open requirement without meeting it (a forfeit or its expiry): the whole bonus
 * balance — the bonus and everything it won — goes back to the house (issue 28; the real money
 * stays the member's), and the lock is lifted. Answers what was taken and the balance changes.
 */
async function endBonusWithin(
  tx: Queryable,
  open: { id: string; member_id: string; participation_id: string | null },
  state: 'forfeited' | 'expired',
): Promise<{ taken: bigint; changes: BalanceChange[] }> {
  const memberId = open.member_id;
  const [account] = await tx.query<{ id: string; balance: string }>(
    `select id::text, balance::text from ledger_accounts
     where member_id = $1 and kind = 'bonus' for update`,
    [memberId],
  );
  const taken = BigInt(account?.balance ?? '0');
  let changes: BalanceChange[] = [];
  if (taken > 0n) {
    const posted = await postWithin(tx, {
      idempotencyKey: `bonus_forfeit:${open.id}`,
      kind: 'bonus_forfeit',
      memberId,
      postings: [
        { accountId: account!.id, amount: -taken },
        { accountId: await houseAccountId(tx, 'promotions'), amount: taken },
      ],
      result: { requirementId: open.id, amount: toMoneyString(taken), state },
    });
    changes = changesOf(posted, memberId, new Map([[account!.id, 'BONUS']]));
  }
  await tx.query(
    `update wagering_requirements set state = $3, forfeited = $2, closed_at = now()
     where id = $1`,
    [open.id, taken.toString(), state],
  );
  if (open.participation_id) {
    await applyParticipationEvent(tx, open.participation_id, { type: 'promotion.forfeit' });
  }
  return { taken, changes };
}

/**
 * The member gives up the bonus being wagered (issue 14: "forfeited when the player cancels"):
 * the whole bonus balance goes back to the house (issue 28: what the bonus won with it, not just
 * its nominal amount) and the lock is lifted. Once only: a second forfeit finds nothing open.
 */
export async function forfeitBonus(
  deps: Platform,
  memberId: string,
): Promise<{ forfeited: string; changes: BalanceChange[] }> {
  return commit(
    deps,
    async ({ tx }) => {
      await lockMember(tx, memberId);
      const [open] = await tx.query<{
        id: string;
        member_id: string;
        participation_id: string | null;
      }>(
        `select w.id::text, w.member_id::text, r.participation_id::text
         from wagering_requirements w join rewards r on r.id = w.reward_id
         where w.member_id = $1 and w.state = 'open' for update of w`,
        [memberId],
      );
      if (!open) throw new ApiError(409, 'no_open_bonus', 'No bonus is being wagered.');
      const ended = await endBonusWithin(tx, open, 'forfeited');
      return { forfeited: toMoneyString(ended.taken), changes: ended.changes };
    },
    (done) => [
      { kind: 'balance', change: done.changes },
      { kind: 'reward', change: { memberId, reason: 'forfeited' } },
    ],
  );
}

/**
 * The expiry job's part (issue 28: "a forfeit or expiry takes the whole bonus balance"): open
 * requirements past their `expires_at` (BONUS_WAGERING_DAYS after the claim) end as `expired`,
 * taking the bonus balance back. At most `limit` a run; each under its member's row lock, taken
 * before the requirement's (as a bet takes them), so the job and a bet never wait on each other
 * in a circle. Answers how many ended.
 */
export async function expireBonusesWithin(
  work: Work,
  at: Date | null,
  limit: number,
): Promise<number> {
  const { tx } = work;
  const due = await tx.query<{ id: string; member_id: string }>(
    `select id::text, member_id::text from wagering_requirements
     where state = 'open' and expires_at <= coalesce($1::timestamptz, now())
     order by expires_at limit $2`,
    [at, limit],
  );
  let ended = 0;
  for (const candidate of due) {
    await lockMember(tx, candidate.member_id);
    const [open] = await tx.query<{
      id: string;
      member_id: string;
      participation_id: string | null;
    }>(
      `select w.id::text, w.member_id::text, r.participation_id::text
       from wagering_requirements w join rewards r on r.id = w.reward_id
       where w.id = $1 and w.state = 'open' for update of w`,
      [candidate.id],
    );
    if (!open) continue;
    const result = await endBonusWithin(tx, open, 'expired');
    work.changed('balance', result.changes);
    work.changed('reward', { memberId: open.member_id, reason: 'expired' });
    ended += 1;
  }
  return ended;
}

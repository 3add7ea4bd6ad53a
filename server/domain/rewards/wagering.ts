import { toMoneyString } from '../../../src/shared/money';
import type { Queryable } from '../../db/types';
import { lockMember } from '../../db/locks';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { houseAccountId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import type { BalanceChange } from '../ledger/amounts';
import { applyParticipationEvent } from '../participation/apply';
import type { RewardChange } from '../../platform/changes';
import { commit } from '../../platform/unitOfWork';

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
 * In the bet's transaction (issue 14: "tracked in the bet's transaction"): the valid bet counts
 * toward the open wagering requirement; reaching it unlocks the bonus (the participation is
 * closed as unlocked). Answers the change to announce, or null when no bonus is being wagered.
 */
export async function wagerWithin(
  tx: Queryable,
  memberId: string,
  valid: bigint,
): Promise<RewardChange | null> {
  if (valid <= 0n) return null;
  const [row] = await tx.query<{ state: string; participation_id: string | null }>(
    `update wagering_requirements w
     set wagered = least(w.required, w.wagered + $2),
       state = case when w.wagered + $2 >= w.required then 'met' else 'open' end,
       closed_at = case when w.wagered + $2 >= w.required then now() end
     from rewards r
     where w.member_id = $1 and w.state = 'open' and r.id = w.reward_id
     returning w.state, r.participation_id::text`,
    [memberId, valid.toString()],
  );
  if (!row) return null;
  if (row.state !== 'met') return { memberId, reason: 'wagered' };
  if (row.participation_id) {
    await applyParticipationEvent(tx, row.participation_id, { type: 'promotion.wageringMet' });
  }
  return { memberId, reason: 'unlocked' };
}

/**
 * The member gives up the bonus being wagered (issue 14: "forfeited when the player cancels"):
 * what is left of it goes back to the house — at most the bonus, at most what the member still
 * holds (main wallet first, then the vendor wallets, so moving the bonus to a game wallet does
 * not keep it) — and the lock is lifted. Once only: a second forfeit finds nothing open.
 */
export async function forfeitBonus(
  deps: Platform,
  memberId: string,
): Promise<{ forfeited: string; changes: BalanceChange[] }> {
  const result = await commit(
    deps,
    async ({ tx }) => {
      await lockMember(tx, memberId);
      const [open] = await tx.query<{
        id: string;
        bonus: string;
        participation_id: string | null;
      }>(
        `select w.id::text, w.bonus::text, r.participation_id::text
       from wagering_requirements w join rewards r on r.id = w.reward_id
       where w.member_id = $1 and w.state = 'open' for update of w`,
        [memberId],
      );
      if (!open) throw new ApiError(409, 'no_open_bonus', 'No bonus is being wagered.');
      const wallets = await tx.query<{ id: string; kind: string; name: string; balance: string }>(
        `select id::text, kind, name, balance::text from ledger_accounts
       where member_id = $1 and balance > 0 order by kind = 'main' desc, name for update`,
        [memberId],
      );
      let left = BigInt(open.bonus);
      const postings: { accountId: string; amount: bigint }[] = [];
      for (const wallet of wallets) {
        if (left === 0n) break;
        const take = BigInt(wallet.balance) < left ? BigInt(wallet.balance) : left;
        postings.push({ accountId: wallet.id, amount: -take });
        left -= take;
      }
      const taken = BigInt(open.bonus) - left;
      let changes: BalanceChange[] = [];
      if (taken > 0n) {
        const posted = await postWithin(tx, {
          idempotencyKey: `bonus_forfeit:${open.id}`,
          kind: 'bonus_forfeit',
          memberId,
          postings: [
            ...postings,
            { accountId: await houseAccountId(tx, 'promotions'), amount: taken },
          ],
          result: { requirementId: open.id, amount: toMoneyString(taken) },
        });
        const names = new Map(wallets.map((w) => [w.id, w.kind === 'main' ? 'MAIN' : w.name]));
        changes = [...posted.balances]
          .filter(([accountId]) => names.has(accountId))
          .map(([accountId, value]) => ({
            memberId,
            wallet: names.get(accountId)!,
            balance: value.balance,
            entryId: value.entryId,
          }));
      }
      await tx.query(
        `update wagering_requirements set state = 'forfeited', forfeited = $2, closed_at = now()
       where id = $1`,
        [open.id, taken.toString()],
      );
      if (open.participation_id) {
        await applyParticipationEvent(tx, open.participation_id, { type: 'promotion.forfeit' });
      }
      return { forfeited: toMoneyString(taken), changes };
    },
    (done) => [
      { kind: 'balance', change: done.changes },
      { kind: 'reward', change: { memberId, reason: 'forfeited' } },
    ],
  );
  return result;
}

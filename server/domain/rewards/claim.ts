import {
  BONUS_WAGERING_DAYS,
  type ClaimAllResult,
  type RewardView,
} from '../../../src/shared/rewards';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { type HouseAccount, bonusAccountId, houseAccountId, walletId } from '../ledger/accounts';
import { postWithin } from '../ledger/post';
import { type BalanceChange, changesOf } from '../ledger/amounts';
import { applyParticipationEvent } from '../participation/apply';
import { lockMember } from '../../db/locks';
import { REWARD_COLUMNS, type RewardRow, rewardViewOf } from './views';
import { commit } from '../../platform/unitOfWork';

interface ClaimedRow extends RewardRow {
  house_account: HouseAccount;
  participation_id: string | null;
}

/**
 * Claims one waiting reward (issue 14, reward centre): the row turns `claimed` in the same
 * statement that checks it is waiting (two parallel claims: the second finds it claimed), the
 * money moves from the reward's house account in the same transaction (ledger key
 * `reward:<id>`), and a bonus with a requirement opens it (one at a time: a second bonus waits)
 * and goes to the bonus balance (issue 28). A deposit bonus whose deposit has left since is
 * voided instead, and the refusal answered after that commits.
 */
async function claimWithin(
  tx: Queryable,
  memberId: string,
  rewardId: string,
  language: string,
): Promise<{ reward: RewardView; changes: BalanceChange[] } | { refused: ApiError }> {
  await lockMember(tx, memberId);
  const [row] = await tx.query<ClaimedRow>(
    `with claimed as (
       update rewards set state = 'claimed', claimed_at = now()
       where id = $1 and member_id = $2 and state = 'waiting'
         and (expires_at is null or expires_at > now())
       returning *
     )
     select ${REWARD_COLUMNS}, r.house_account, r.participation_id::text
     from claimed r left join promotions p on p.id = r.promotion_id`,
    [rewardId, memberId],
  );
  if (!row) {
    const [seen] = await tx.query<{ state: string; expired: boolean }>(
      `select state, (expires_at is not null and expires_at <= now()) as expired
       from rewards where id = $1 and member_id = $2`,
      [rewardId, memberId],
    );
    if (!seen) throw new ApiError(404, 'not_found', 'No such reward.');
    if (seen.state === 'claimed') {
      throw new ApiError(409, 'reward_claimed', 'This reward was already claimed.');
    }
    throw new ApiError(409, 'reward_expired', 'This reward has expired.');
  }
  const depositId = row.detail.depositId;
  if (depositId !== undefined && (await depositLeft(tx, memberId, depositId))) {
    // Issue 28: a deposit bonus is the deposit's, and the deposit is part of its wagering lock
    // from the moment the bonus is issued; money gone since the deposit voids it.
    await tx.query(`update rewards set state = 'void' where id = $1`, [row.id]);
    if (row.participation_id) {
      await applyParticipationEvent(tx, row.participation_id, { type: 'promotion.expire' });
    }
    return {
      refused: new ApiError(
        409,
        'bonus_deposit_withdrawn',
        'Money left your account after the deposit this bonus matched, so the bonus is void.',
      ),
    };
  }
  const required = BigInt(row.wagering_required);
  if (required > 0n) {
    const [open] = await tx.query(
      `select 1 from wagering_requirements where member_id = $1 and state = 'open'`,
      [memberId],
    );
    if (open) {
      throw new ApiError(
        409,
        'bonus_active',
        'Finish or forfeit the bonus you are wagering before claiming another one.',
      );
    }
    await tx.query(
      `insert into wagering_requirements (member_id, reward_id, bonus, required, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(days => $5))`,
      [memberId, row.id, row.amount, required.toString(), BONUS_WAGERING_DAYS],
    );
  }
  if (row.participation_id) {
    await applyParticipationEvent(tx, row.participation_id, { type: 'promotion.claim' });
  }
  // A bonus to wager goes to the bonus balance, apart from real money until the requirement is
  // met (issue 28); a reward without one is real money at once.
  const target =
    required > 0n ? await bonusAccountId(tx, memberId) : await walletId(tx, memberId, null);
  const amount = BigInt(row.amount);
  const posted = await postWithin(tx, {
    idempotencyKey: `reward:${row.id}`,
    kind: 'bonus',
    memberId,
    postings: [
      { accountId: await houseAccountId(tx, row.house_account), amount: -amount },
      { accountId: target, amount },
    ],
    result: { reason: row.promotion_code ?? row.source, rewardId: row.id },
  });
  await tx.query('update rewards set ledger_transaction_id = $2 where id = $1', [
    row.id,
    posted.transactionId,
  ]);
  return {
    reward: rewardViewOf(row, language),
    changes: changesOf(posted, memberId, new Map([[target, required > 0n ? 'BONUS' : 'MAIN']])),
  };
}

/**
 * Whether money left the member since the deposit a bonus matched: a withdrawal asked for (and
 * not rejected), a transfer to the upline or a redemption's cash part, posted after it.
 */
async function depositLeft(tx: Queryable, memberId: string, depositId: string): Promise<boolean> {
  const [row] = await tx.query(
    `select 1 from ledger_transactions t
     where t.member_id = $1
       and t.kind in ('withdrawal_hold', 'upline_transfer', 'points_redeem')
       and t.id > coalesce(
         (select d.ledger_transaction_id from deposits d where d.id = $2::bigint), 0)
       and not exists (select 1 from withdrawals w
         where w.hold_transaction_id = t.id and w.status = 'rejected')
     limit 1`,
    [memberId, depositId],
  );
  return row !== undefined;
}

/** One reward, announced after the commit (balance and reward centre). */
export async function claimReward(
  deps: Platform,
  memberId: string,
  rewardId: string,
  language: string,
): Promise<RewardView> {
  const result = await commit(deps, async (work) => {
    const claimed = await claimWithin(work.tx, memberId, rewardId, language);
    if ('refused' in claimed) {
      work.changed('reward', { memberId, reason: 'void' });
      return claimed;
    }
    work.changed('balance', claimed.changes);
    work.changed('reward', { memberId, reason: 'claimed' });
    return claimed;
  });
  // A refusal that voided the reward commits first, then is answered.
  if ('refused' in result) throw result.refused;
  return result.reward;
}

/**
 * Every waiting reward, oldest first, each in its own transaction (one failing leaves the
 * others paid); a bonus that would need wagering while another is wagered stays waiting and is
 * counted as deferred.
 */
export async function claimAllRewards(
  deps: Platform,
  memberId: string,
  language: string,
): Promise<ClaimAllResult> {
  const waiting = await deps.db.query<{ id: string }>(
    `select id::text from rewards
     where member_id = $1 and state = 'waiting' and (expires_at is null or expires_at > now())
     order by id`,
    [memberId],
  );
  const claimed: RewardView[] = [];
  let deferred = 0;
  for (const { id } of waiting) {
    try {
      const result = await commit(deps, async (work) => {
        const one = await claimWithin(work.tx, memberId, id, language);
        if ('refused' in one) {
          work.changed('reward', { memberId, reason: 'void' });
          return one;
        }
        work.changed('balance', one.changes);
        work.changed('reward', { memberId, reason: 'claimed' });
        return one;
      });
      if (!('refused' in result)) claimed.push(result.reward);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'bonus_active') deferred += 1;
      else if (!(error instanceof ApiError && error.code === 'reward_claimed')) throw error;
    }
  }
  return { claimed, deferred };
}

/** Spec 7 MCS2_claimRafflePromotion: every waiting prize of one raffle, claimed. */
export async function claimRafflePrizes(
  deps: Platform,
  memberId: string,
  code: string,
  language: string,
): Promise<RewardView[]> {
  const waiting = await deps.db.query<{ id: string }>(
    `select r.id::text from rewards r join promotions p on p.id = r.promotion_id
     where r.member_id = $1 and r.source = 'raffle' and p.code = $2 and r.state = 'waiting'
     order by r.id`,
    [memberId, code],
  );
  if (waiting.length === 0) {
    throw new ApiError(404, 'no_raffle_prize', 'You have no prize to claim in this raffle.');
  }
  const claimed: RewardView[] = [];
  for (const { id } of waiting) claimed.push(await claimReward(deps, memberId, id, language));
  return claimed;
}

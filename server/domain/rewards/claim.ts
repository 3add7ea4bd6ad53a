import type { ClaimAllResult, RewardView } from '../../../src/shared/rewards';
import type { Queryable } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { type HouseAccount, houseAccountId, walletId } from '../ledger/accounts';
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
 * `reward:<id>`), and a bonus with a requirement opens it (one at a time: a second bonus waits).
 */
async function claimWithin(
  tx: Queryable,
  memberId: string,
  rewardId: string,
  language: string,
): Promise<{ reward: RewardView; changes: BalanceChange[] }> {
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
      `insert into wagering_requirements (member_id, reward_id, bonus, required)
       values ($1, $2, $3, $4)`,
      [memberId, row.id, row.amount, required.toString()],
    );
  }
  if (row.participation_id) {
    await applyParticipationEvent(tx, row.participation_id, { type: 'promotion.claim' });
  }
  const main = await walletId(tx, memberId, null);
  const amount = BigInt(row.amount);
  const posted = await postWithin(tx, {
    idempotencyKey: `reward:${row.id}`,
    kind: 'bonus',
    memberId,
    postings: [
      { accountId: await houseAccountId(tx, row.house_account), amount: -amount },
      { accountId: main, amount },
    ],
    result: { reason: row.promotion_code ?? row.source, rewardId: row.id },
  });
  await tx.query('update rewards set ledger_transaction_id = $2 where id = $1', [
    row.id,
    posted.transactionId,
  ]);
  return {
    reward: rewardViewOf(row, language),
    changes: changesOf(posted, memberId, new Map([[main, 'MAIN']])),
  };
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
    work.changed('balance', claimed.changes);
    work.changed('reward', { memberId, reason: 'claimed' });
    return claimed;
  });
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
        work.changed('balance', one.changes);
        work.changed('reward', { memberId, reason: 'claimed' });
        return one;
      });
      claimed.push(result.reward);
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

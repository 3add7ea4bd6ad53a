import { REWARD_CLAIM_DAYS, type RewardSource } from '../../../src/shared/rewards';
import type { Queryable } from '../../db/types';

export interface RewardToIssue {
  memberId: string;
  source: RewardSource;
  /** What earned it, once (`promotion:<participation id>`, `mission:<id>:<period>`…). */
  sourceKey: string;
  promotionId?: string | null;
  participationId?: string | null;
  houseAccount: 'promotions' | 'rebates' | 'points';
  amount: bigint;
  /** Turnover to reach once claimed; 0n for none. */
  wageringRequired: bigint;
  detail?: Record<string, string>;
  /** When it expires unclaimed: REWARD_CLAIM_DAYS from now unless given. */
  expiresAt?: Date;
}

/**
 * Puts a reward in the member's reward centre, inside the transaction of what earned it (a
 * deposit, a bet, a draw). Issued once per source key: a second attempt writes nothing and
 * answers null.
 */
export async function issueRewardWithin(
  tx: Queryable,
  reward: RewardToIssue,
): Promise<string | null> {
  if (reward.amount <= 0n) return null;
  const [row] = await tx.query<{ id: string }>(
    `insert into rewards (member_id, source, source_key, promotion_id, participation_id,
       house_account, amount, wagering_required, detail, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9,
       coalesce($10::timestamptz, now() + make_interval(days => $11)))
     on conflict (source_key) do nothing returning id::text`,
    [
      reward.memberId,
      reward.source,
      reward.sourceKey,
      reward.promotionId ?? null,
      reward.participationId ?? null,
      reward.houseAccount,
      reward.amount.toString(),
      reward.wageringRequired.toString(),
      JSON.stringify(reward.detail ?? {}),
      reward.expiresAt ?? null,
      REWARD_CLAIM_DAYS,
    ],
  );
  return row?.id ?? null;
}

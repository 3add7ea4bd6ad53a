import type { PromotionState } from '../../../src/shared/promotions';
import type { Database } from '../../db/types';
import type { Platform } from '../../platform/platform';
import { ApiError } from '../../platform/apiError';
import { applyParticipationEvent } from '../participation/apply';
import { issueFixedBonusWithin } from './participation';
import { isExcluded, memberExcluded } from '../responsibleGaming/state';
import { commit } from '../../platform/unitOfWork';

/** An application waiting for the operator, or answered. */
export interface ApplicationRow {
  code: string;
  account: string;
  state: PromotionState;
  appliedAt: string;
  amount: string;
}

/**
 * Applications to the operator-reviewed bonuses (`appliedBonus`, issue 14), oldest first: the
 * ones waiting (`applying`) unless `all`, for one promotion or every one.
 */
export async function listApplications(
  db: Database,
  options: { code?: string; all?: boolean },
): Promise<ApplicationRow[]> {
  const rows = await db.query<{
    code: string;
    account: string;
    state: PromotionState;
    created_at: Date | string;
    amount: string;
  }>(
    `select p.code, m.account, pp.state, pp.created_at, p.terms ->> 'amount' as amount
     from promotion_participations pp
     join promotions p on p.id = pp.promotion_id
     join members m on m.id = pp.member_id
     where p.type = 'appliedBonus' and ($1::text is null or p.code = $1)
       and ($2 or pp.state = 'applying')
     order by pp.created_at, pp.id limit 500`,
    [options.code ?? null, options.all === true],
  );
  return rows.map((row) => ({
    code: row.code,
    account: row.account,
    state: row.state,
    appliedAt: new Date(row.created_at).toISOString(),
    amount: row.amount,
  }));
}

/**
 * The operator's answer to one application (`npm run ops -- promotion approve|reject <code>
 * <account>`): under the participation's row lock the shared machine decides (a second answer,
 * or one after the application expired, is `promotion_state`); an approval issues the bonus to
 * the member's reward centre in the same transaction. The member's pages are told.
 */
export async function reviewApplication(
  deps: Platform,
  review: { code: string; account: string; decision: 'approve' | 'reject' },
): Promise<{ code: string; account: string; state: PromotionState; rewardId: string | null }> {
  const result = await commit(
    deps,
    async ({ tx }) => {
      const [row] = await tx.query<{
        participation_id: string;
        promotion_id: string;
        member_id: string;
        type: string;
        terms: { amount: string; wageringMultiplier: number };
      }>(
        `select pp.id::text as participation_id, p.id::text as promotion_id,
         pp.member_id::text, p.type, p.terms
       from promotion_participations pp
       join promotions p on p.id = pp.promotion_id
       join members m on m.id = pp.member_id
       where p.code = $1 and m.account = $2`,
        [review.code, review.account],
      );
      if (!row || row.type !== 'appliedBonus') {
        throw new ApiError(
          404,
          'not_found',
          `${review.account} has not applied to ${review.code}.`,
        );
      }
      if (review.decision === 'reject') {
        const next = await applyParticipationEvent(tx, row.participation_id, {
          type: 'promotion.reject',
        });
        return { memberId: row.member_id, state: next.state, rewardId: null };
      }
      // No promotion reaches a member on a time-out or self-exclusion (issue 17).
      if (await isExcluded(tx, row.member_id, deps.clock.now()))
        throw memberExcluded(review.account);
      const rewardId = await issueFixedBonusWithin(tx, {
        memberId: row.member_id,
        promotionId: row.promotion_id,
        participationId: row.participation_id,
        terms: row.terms,
        event: 'promotion.approve',
      });
      return { memberId: row.member_id, state: 'issued' as const, rewardId };
    },
    (done) => [
      {
        kind: 'reward',
        change: {
          memberId: done.memberId,
          reason: review.decision === 'approve' ? 'issued' : 'changed',
        },
      },
    ],
  );
  return {
    code: review.code,
    account: review.account,
    state: result.state,
    rewardId: result.rewardId,
  };
}

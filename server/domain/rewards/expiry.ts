import type { Platform } from '../../platform/platform';
import { JobLock, inSavepoint } from '../../db/locks';
import { applyParticipationEvent } from '../participation/apply';
import { commitExclusive } from '../../platform/unitOfWork';
import { expireBonusesWithin } from './wagering';

/** Rows one run handles; the rest wait for the next tick (30 s). */
const BATCH = 500;

export interface ExpiryResult {
  /** False when another process held the job's lock (and did the work). */
  ran: boolean;
  rewards: number;
  /** Bonuses whose wagering time ran out (their bonus balance went back). */
  bonuses: number;
  participations: number;
  failed: number;
}

/**
 * The reward-expiry job (issue 14): what waited too long ends, once across processes.
 *
 * - A reward still waiting at its `expires_at` (REWARD_CLAIM_DAYS after it was issued) turns
 *   `expired`, and its participation `closed` with the outcome `expired`. The claim checks the
 *   same time, so a reward past it is never paid, whether or not this job has run yet.
 * - A bonus still in wagering at its `expires_at` (BONUS_WAGERING_DAYS after its claim) ends
 *   as `expired`: its whole bonus balance goes back to the house, as a forfeit's does.
 * - A participation still waiting on something when its promotion ends — signed up for a
 *   deposit bonus never made, joined a mission never completed, an application the operator
 *   never answered — is closed as expired. A raffle's entries wait for its draw, which settles
 *   them itself.
 *
 * Each row is its own savepoint: one the machine refuses (changed meanwhile) is counted as
 * failed and left, the others go on. The members concerned are told (`reward` event).
 */
export async function expireRewards(
  deps: Platform,
  now?: Date,
  /** Just this reward (the development tools' expiry of one path's reward): nothing else. */
  only?: string,
): Promise<ExpiryResult> {
  // The database's clock unless told: the claim checks the end against the same one.
  const at = now ?? null;
  const told = new Set<string>();
  const run = await commitExclusive(deps, JobLock.rewardExpiry, async (work) => {
    const { tx } = work;
    const result: ExpiryResult = {
      ran: true,
      rewards: 0,
      bonuses: 0,
      participations: 0,
      failed: 0,
    };
    const rewards = await tx.query<{ member_id: string; participation_id: string | null }>(
      `with due as (
         select id from rewards
         where state = 'waiting' and expires_at <= coalesce($1::timestamptz, now())
           and ($3::bigint is null or id = $3::bigint)
         order by expires_at limit $2 for update skip locked
       )
       update rewards r set state = 'expired' from due where r.id = due.id
       returning r.member_id::text, r.participation_id::text`,
      [at, BATCH, only ?? null],
    );
    for (const reward of rewards) {
      result.rewards += 1;
      told.add(reward.member_id);
      if (reward.participation_id === null) continue;
      const participationId = reward.participation_id;
      const outcome = await inSavepoint(tx, () =>
        applyParticipationEvent(tx, participationId, { type: 'promotion.expire' }),
      );
      if (outcome instanceof Error) result.failed += 1;
    }
    if (only !== undefined) {
      // Just this reward: its member is told all the same.
      for (const memberId of told) work.changed('reward', { memberId, reason: 'expired' });
      return result;
    }
    // A bonus wagered past its time: the whole bonus balance goes back (issue 28).
    result.bonuses = await expireBonusesWithin(work, at, BATCH);
    const waiting = await tx.query<{ id: string; member_id: string }>(
      `select pp.id::text, pp.member_id::text
       from promotion_participations pp join promotions p on p.id = pp.promotion_id
       where pp.state in ('signed', 'joined', 'applying')
         and (p.ends_at <= coalesce($1::timestamptz, now())
           or p.closed_at <= coalesce($1::timestamptz, now()))
         and p.type <> 'raffle'
       order by pp.id limit $2 for update of pp skip locked`,
      [at, BATCH],
    );
    for (const participation of waiting) {
      const outcome = await inSavepoint(tx, () =>
        applyParticipationEvent(tx, participation.id, { type: 'promotion.expire' }),
      );
      if (outcome instanceof Error) {
        result.failed += 1;
      } else {
        result.participations += 1;
        told.add(participation.member_id);
      }
    }
    for (const memberId of told) work.changed('reward', { memberId, reason: 'expired' });
    return result;
  });
  if (!run.ran) return { ran: false, rewards: 0, bonuses: 0, participations: 0, failed: 0 };
  return run.result;
}

import {
  REWARD_HISTORY_SIZE,
  type RewardList,
  type RewardSummary,
  type WageringView,
} from '../../../src/shared/rewards';
import type { Queryable } from '../../db/types';
import {
  REWARD_COLUMNS,
  type RewardRow,
  type RewardTitles,
  rewardViewOf,
  WAGERING_COLUMNS,
  type WageringRow,
  wageringViewOf,
} from './views';

async function openWagering(
  db: Queryable,
  memberId: string,
  language: string,
): Promise<WageringView | null> {
  const [row] = await db.query<WageringRow>(
    `select ${WAGERING_COLUMNS}
     from wagering_requirements w join rewards r on r.id = w.reward_id
     left join promotions p on p.id = r.promotion_id
     where w.member_id = $1 and w.state = 'open'`,
    [memberId],
  );
  return row ? wageringViewOf(row, language) : null;
}

/** The red dot's count and the bonus lock (what the `reward` event refreshes). */
export async function rewardSummary(
  db: Queryable,
  memberId: string,
  language: string,
): Promise<RewardSummary> {
  const [count] = await db.query<{ waiting: number; missions: number }>(
    `select count(*)::int as waiting, (count(*) filter (where source = 'mission'))::int as missions
     from rewards
     where member_id = $1 and state = 'waiting' and (expires_at is null or expires_at > now())`,
    [memberId],
  );
  return {
    waiting: count?.waiting ?? 0,
    missionsWaiting: count?.missions ?? 0,
    wagering: await openWagering(db, memberId, language),
  };
}

/** The reward centre: every waiting reward, then the newest claimed or expired ones. */
export async function listRewards(
  db: Queryable,
  memberId: string,
  language: string,
  titles?: RewardTitles,
): Promise<RewardList> {
  const rows = await db.query<RewardRow & { open: boolean }>(
    `(select ${REWARD_COLUMNS}, true as open
      from rewards r left join promotions p on p.id = r.promotion_id
      where r.member_id = $1 and r.state = 'waiting'
        and (r.expires_at is null or r.expires_at > now())
      order by r.id)
     union all
     (select ${REWARD_COLUMNS}, false as open
      from rewards r left join promotions p on p.id = r.promotion_id
      where r.member_id = $1
        and (r.state <> 'waiting' or (r.expires_at is not null and r.expires_at <= now()))
      order by r.id desc limit ${REWARD_HISTORY_SIZE})`,
    [memberId],
  );
  const view = (row: RewardRow & { open: boolean }) => {
    const shown = rewardViewOf(row, language, titles);
    return row.open || shown.state !== 'waiting' ? shown : { ...shown, state: 'expired' as const };
  };
  return {
    waiting: rows.filter((row) => row.open).map(view),
    history: rows.filter((row) => !row.open).map(view),
    wagering: await openWagering(db, memberId, language),
  };
}

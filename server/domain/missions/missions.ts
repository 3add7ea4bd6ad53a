import { maskCustomerName } from '../../../src/shared/games';
import {
  LEADERBOARD_SIZE,
  type MissionLeaderboard,
  type MissionSummary,
  type MissionView,
  missionPeriodEnd,
  missionPeriodStart,
} from '../../../src/shared/missions';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import { percentOf } from '../../../src/shared/rewards';
import type { Queryable } from '../../db/types';
import { issueRewardWithin } from '../rewards/issue';
import type { MissionDefinition } from '../../config/missions';

/** What counts toward missions: a settled real bet, or a credited deposit. */
export type MissionEvent =
  { kind: 'bet'; gameType: string; valid: bigint } | { kind: 'deposit'; amount: bigint };

/** What `event` adds to `mission` (0 when it does not count). */
function contribution(mission: MissionDefinition, event: MissionEvent): bigint {
  const goal = mission.goal;
  if (event.kind === 'deposit') return goal.kind === 'deposits' ? 1n : 0n;
  if (goal.kind === 'deposits') return 0n;
  if (goal.gameType !== undefined && goal.gameType !== event.gameType) return 0n;
  return goal.kind === 'validBet' ? event.valid : 1n;
}

/** The goal in the progress column's unit: minor units of an amount, or a count. */
const targetOf = (mission: MissionDefinition): bigint =>
  mission.goal.kind === 'validBet' ? parseMoney(mission.goal.amount) : BigInt(mission.goal.count);

const shown = (mission: MissionDefinition, value: bigint) =>
  mission.goal.kind === 'validBet' ? toMoneyString(value) : value.toString();

/**
 * In the transaction of a bet or a deposit: adds it to every mission it counts for, in the
 * current period (one statement for all of them); a mission that reaches its goal is marked
 * completed and its reward goes to the reward centre, once per period. Answers whether a reward
 * was issued.
 */
export async function missionProgressWithin(
  tx: Queryable,
  missions: readonly MissionDefinition[],
  memberId: string,
  event: MissionEvent,
  now = new Date(),
): Promise<boolean> {
  const counted = missions
    .map((mission) => ({ mission, add: contribution(mission, event) }))
    .filter((entry) => entry.add > 0n);
  if (counted.length === 0) return false;
  const rows = await tx.query<{ mission_code: string; period_start: string; progress: string }>(
    `insert into mission_progress (member_id, mission_code, period_start, progress)
     select $1, m.code, m.start, m.add
     from unnest($2::text[], $3::date[], $4::bigint[]) as m (code, start, add)
     on conflict (member_id, mission_code, period_start) do update set
       progress = mission_progress.progress + excluded.progress
     returning mission_code, period_start::text, progress::text, completed_at`,
    [
      memberId,
      `{${counted.map((entry) => entry.mission.code).join(',')}}`,
      `{${counted.map((entry) => missionPeriodStart(entry.mission.period, now)).join(',')}}`,
      `{${counted.map((entry) => entry.add.toString()).join(',')}}`,
    ],
  );
  const reached = rows.filter((row) => {
    const mission = missions.find((one) => one.code === row.mission_code)!;
    return BigInt(row.progress) >= targetOf(mission);
  });
  const completed: { code: string; periodStart: string }[] = [];
  for (const row of reached) {
    // Completed now: only the statement that sets completed_at pays (a replay finds it set).
    const [done] = await tx.query(
      `update mission_progress set completed_at = $4
       where member_id = $1 and mission_code = $2 and period_start = $3::date
         and completed_at is null
       returning 1`,
      [memberId, row.mission_code, row.period_start, now],
    );
    if (done) completed.push({ code: row.mission_code, periodStart: row.period_start });
  }
  return missionRewardsWithin(tx, missions, memberId, completed);
}

/** The missions step's database function (migration 046): progress, and completion marked. */
export const MISSIONS_FUNCTION = 'missions_progress_bet';
/** The same over a batch of bets, folded after their commits (migration 050, issue 31). */
export const MISSIONS_FOLD = 'missions_progress_fold';

/**
 * What the missions function is given for `event` at `now`: each mission it counts for, with the
 * current period's first day, what it adds and the goal; null when it counts for none.
 */
export function missionArguments(
  missions: readonly MissionDefinition[],
  event: MissionEvent,
  now: Date,
): Record<string, unknown> | null {
  const counted = missions
    .map((mission) => ({ mission, add: contribution(mission, event) }))
    .filter((entry) => entry.add > 0n);
  if (counted.length === 0) return null;
  return {
    at: now.toISOString(),
    missions: counted.map(({ mission, add }) => ({
      code: mission.code,
      start: missionPeriodStart(mission.period, now),
      add: add.toString(),
      target: targetOf(mission).toString(),
    })),
  };
}

/**
 * The rewards of missions completed now (each marked completed by the statement that made it
 * so), to the reward centre once per period. Answers whether one was issued.
 */
export async function missionRewardsWithin(
  tx: Queryable,
  missions: readonly MissionDefinition[],
  memberId: string,
  completed: readonly { code: string; periodStart: string }[],
): Promise<boolean> {
  let rewarded = false;
  for (const done of completed) {
    const mission = missions.find((one) => one.code === done.code);
    if (!mission) continue;
    const amount = parseMoney(mission.reward.amount);
    const issued = await issueRewardWithin(tx, {
      memberId,
      source: 'mission',
      sourceKey: `mission:${memberId}:${mission.code}:${done.periodStart}`,
      houseAccount: 'promotions',
      amount,
      wageringRequired: amount * BigInt(mission.reward.wageringMultiplier),
      detail: { mission: mission.code, period: done.periodStart },
    });
    rewarded ||= issued !== null;
  }
  return rewarded;
}

/** MCSFE_getMissionSummaryDetails: every mission of the current periods with its progress. */
export async function missionSummary(
  db: Queryable,
  missions: readonly MissionDefinition[],
  memberId: string,
  language: string,
  now = new Date(),
): Promise<MissionSummary> {
  const rows = await db.query<{ mission_code: string; period_start: string; progress: string }>(
    `select mission_code, period_start::text, progress::text from mission_progress
     where member_id = $1 and period_start >= $2::date - 7`,
    [memberId, missionPeriodStart('daily', now)],
  );
  const views: MissionView[] = missions.map((mission) => {
    const start = missionPeriodStart(mission.period, now);
    const row = rows.find((one) => one.mission_code === mission.code && one.period_start === start);
    const target = targetOf(mission);
    const progress = BigInt(row?.progress ?? '0');
    const capped = progress > target ? target : progress;
    return {
      code: mission.code,
      name: mission.name[language] ?? mission.name.EN!,
      period: mission.period,
      goal: mission.goal,
      progress: shown(mission, capped),
      target: shown(mission, target),
      percent: percentOf(capped, target),
      state: progress >= target ? 'completed' : 'inProgress',
      reward: mission.reward.amount,
      periodStart: start,
      periodEnd: missionPeriodEnd(mission.period, start),
    };
  });
  const [waiting] = await db.query<{ n: number }>(
    `select count(*)::int as n from rewards
     where member_id = $1 and source = 'mission' and state = 'waiting'
       and (expires_at is null or expires_at > now())`,
    [memberId],
  );
  return { missions: views, rewardsWaiting: waiting?.n ?? 0 };
}

/**
 * MCSFE_getMissionLeaderboard: this ISO week's ranking by missions completed (ties: who got
 * there first), names masked as on the winner board, and the member's own place.
 */
export async function missionLeaderboard(
  db: Queryable,
  memberId: string,
  now = new Date(),
): Promise<MissionLeaderboard> {
  const start = missionPeriodStart('weekly', now);
  const rows = await db.query<{
    member_id: string;
    account: string;
    completed: number;
    rank: string;
  }>(
    `with ranked as (
       select mp.member_id, count(*)::int as completed,
         rank() over (order by count(*) desc, max(mp.completed_at)) as rank
       from mission_progress mp
       where mp.completed_at >= $1::date
       group by mp.member_id
     )
     select r.member_id::text, m.account, r.completed, r.rank::text
     from ranked r join members m on m.id = r.member_id
     where r.rank <= $2 or r.member_id = $3
     order by r.rank, m.account`,
    [start, LEADERBOARD_SIZE, memberId],
  );
  const mine = rows.find((row) => row.member_id === memberId);
  return {
    periodStart: start,
    periodEnd: missionPeriodEnd('weekly', start),
    entries: rows
      .filter((row) => Number(row.rank) <= LEADERBOARD_SIZE)
      .map((row) => ({
        rank: Number(row.rank),
        name: maskCustomerName(row.account),
        completed: row.completed,
        you: row.member_id === memberId,
      })),
    me: mine ? { rank: Number(mine.rank), completed: mine.completed } : null,
  };
}

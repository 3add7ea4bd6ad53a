/**
 * Missions (issue 14; spec 1 the Vietnam lottery lobby's missions, spec 2 missionLeaderboard):
 * daily and weekly goals met by real play and deposits, each paying a reward to the reward
 * centre once per period. Periods are UTC days and ISO weeks (Monday to Sunday, UTC).
 */
export type MissionPeriod = 'daily' | 'weekly';

export type MissionGoal =
  /** Valid bets adding up to `amount` (on one game type when given). */
  | { kind: 'validBet'; amount: string; gameType?: string }
  /** `count` settled rounds (of one game type when given). */
  | { kind: 'rounds'; count: number; gameType?: string }
  /** `count` credited deposits. */
  | { kind: 'deposits'; count: number };

export interface MissionView {
  code: string;
  name: string;
  period: MissionPeriod;
  goal: MissionGoal;
  /** Progress in the goal's unit: an amount ("40.00") or a count ("3"). */
  progress: string;
  target: string;
  percent: number;
  state: 'inProgress' | 'completed';
  reward: string;
  periodStart: string;
  periodEnd: string;
}

export interface MissionSummary {
  missions: MissionView[];
  /** Completed missions whose reward still waits in the reward centre (the red dot). */
  rewardsWaiting: number;
}

export interface LeaderboardEntry {
  rank: number;
  /** Masked as the winner board masks names. */
  name: string;
  completed: number;
  you: boolean;
}

export interface MissionLeaderboard {
  /** This ISO week (UTC), Monday first. */
  periodStart: string;
  periodEnd: string;
  entries: LeaderboardEntry[];
  me: { rank: number; completed: number } | null;
}

/** The first day (UTC) of the period that holds `now`, as YYYY-MM-DD. */
export function missionPeriodStart(period: MissionPeriod, now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'weekly') {
    const sinceMonday = (day.getUTCDay() + 6) % 7;
    day.setUTCDate(day.getUTCDate() - sinceMonday);
  }
  return day.toISOString().slice(0, 10);
}

/** The last day (UTC) of the period that starts on `start`. */
export function missionPeriodEnd(period: MissionPeriod, start: string): string {
  const day = new Date(`${start}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + (period === 'weekly' ? 6 : 0));
  return day.toISOString().slice(0, 10);
}

export const LEADERBOARD_SIZE = 20;

/**
 * The reward centre and bonus wagering (issue 14), as page and server see them.
 *
 * Every reward a member earns waits in the reward centre until claimed; claiming credits the
 * main wallet from a house account — or, for a bonus with a wagering requirement, the bonus
 * balance (issue 28): bonus money and what it wins stay apart from real money, bets take real
 * money first, and the member's money is locked (no withdrawal, no transfer to the upline)
 * until valid bets reach the requirement (the bonus balance then turns real) or the member
 * forfeits the bonus (the whole bonus balance goes back). One bonus is wagered at a time: a
 * second one waits in the reward centre until the first is done.
 */
export const REWARD_SOURCES = [
  'promotion',
  'mission',
  'rebate',
  'vip',
  'raffle',
  'referral',
] as const;
export type RewardSource = (typeof REWARD_SOURCES)[number];

/** `void`: a deposit bonus whose qualifying deposit left before the claim (issue 28). */
export type RewardState = 'waiting' | 'claimed' | 'expired' | 'void';

/**
 * How long a reward waits in the reward centre before it expires (docs/decisions.md): long
 * enough for a member who plays weekly, short enough that the house's liabilities do not grow
 * without end. The reward-expiry job closes what has passed it.
 */
export const REWARD_CLAIM_DAYS = 30;

/**
 * How long a claimed bonus may stay in wagering (docs/decisions.md "Bonus money"): past it the
 * requirement expires and the bonus balance goes back to the house, as a forfeit does.
 */
export const BONUS_WAGERING_DAYS = 30;

export interface RewardView {
  id: string;
  source: RewardSource;
  /** The promotion's code and title (in the asked language) for a promotion's reward. */
  promotion: { code: string; title: string } | null;
  /** What else earned it, named in the asked language (a mission, a VIP level); null if none. */
  title: string | null;
  amount: string;
  /** Turnover to reach once claimed before the money unlocks; null when none. */
  wageringRequired: string | null;
  /** What earned it, for the line under the amount (e.g. `{ "deposit": "50.00" }`). */
  detail: Record<string, string>;
  state: RewardState;
  createdAt: string;
  expiresAt: string | null;
  claimedAt: string | null;
}

/** The bonus being wagered: what is locked, and how far the member is. */
export interface WageringView {
  rewardId: string;
  promotion: { code: string; title: string } | null;
  bonus: string;
  /** The bonus balance now: the bonus and what it won, still locked (issue 28). */
  balance: string;
  required: string;
  wagered: string;
  left: string;
  /** When the requirement expires and the bonus balance goes back; null for none. */
  expiresAt: string | null;
  /** Whole percent reached, 0–100 (rounded down: 100 only when met). */
  percent: number;
  startedAt: string;
}

/** The reward centre's red dot and the bonus lock: what the `reward` event refreshes. */
export interface RewardSummary {
  /** Rewards waiting to be claimed (the reward centre's red dot). */
  waiting: number;
  /** Of those, the missions' (the missionLeaderboard red dot). */
  missionsWaiting: number;
  wagering: WageringView | null;
}

/** The reward centre's page: waiting rewards first, then the recent claimed or expired ones. */
export interface RewardList {
  waiting: RewardView[];
  history: RewardView[];
  wagering: WageringView | null;
}

/** What "claim all" did: the rewards paid, and those that must wait (a bonus in wagering). */
export interface ClaimAllResult {
  claimed: RewardView[];
  /** Left waiting because a bonus is already being wagered. */
  deferred: number;
}

/**
 * The `reward` socket event: the member's rewards or bonus lock changed (a reward issued or
 * claimed, a bet counted toward the wagering, the bonus unlocked or forfeited). Carries no
 * state: the summary is fetched again, as the unread count is.
 */
export interface RewardEvent {
  reason:
    | 'issued'
    | 'claimed'
    | 'wagered'
    | 'unlocked'
    | 'forfeited'
    | 'expired'
    | 'lost'
    | 'void'
    | 'changed';
}

/** How many of the newest claimed or expired rewards the reward centre shows. */
export const REWARD_HISTORY_SIZE = 20;

/** Whole percent of `done` over `total` in minor units, rounded down, 0–100. */
export function percentOf(done: bigint, total: bigint): number {
  if (total <= 0n) return 100;
  const percent = (done * 100n) / total;
  return Number(percent > 100n ? 100n : percent);
}

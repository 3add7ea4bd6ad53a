import type { Platform } from '../../platform/platform';
import { missionProgressWithin } from '../missions/missions';
import { raffleTurnoverWithin } from '../raffles/raffles';
import { referralProgressWithin } from '../referrals/referrals';
import { earnPointsWithin } from '../points/points';
import { accrueRebateWithin } from '../rebates/rebates';
import { wagerWithin } from '../rewards/wagering';
import { accrueWithin } from '../salary/accrue';
import { salaryTotals } from '../salary/publish';
import { currentVipLevel, recordVip, vipProgressWithin } from '../vip/progress';
import type { Work } from '../../platform/unitOfWork';

/** A real bet as it settles, in its own transaction. */
export interface SettledBet {
  id: string;
  memberId: string;
  /** The catalogue's game type (RNG, LIVE, LOTT…). */
  gameType: string;
  valid: bigint;
  stake: bigint;
  win: bigint;
  at: Date;
}

/** What the steps of one bet learn from each other (the rebate's rate is the VIP level's). */
interface AccrualContext {
  vipLevel: number | null;
}

/** One thing a valid bet earns, accrued inside the bet's transaction. */
export interface BetAccrual {
  name: string;
  /** Accrues inside the bet's unit of work and records what changed there. */
  accrue(work: Work, deps: Platform, bet: SettledBet, context: AccrualContext): Promise<void>;
}

/**
 * The bet accruals table (issue 29: features react to money through accrual tables; the games
 * and the ledger import none of them). Everything a settled real bet earns, each in the bet's own transaction (issues 6 and 14):
 * the agents' salaries up the chain, the bonus being wagered, the VIP period (the level first:
 * the rebate goes by it), the manual rebate, the points, a referred friend's turnover, raffle
 * tickets and the missions. The benchmark (`npm run bench --
 * accruals`) runs subsets of this list to show what each adds.
 */
export const BET_ACCRUALS: readonly BetAccrual[] = [
  {
    name: 'salary',
    async accrue(work, deps, bet) {
      const accrued = await accrueWithin(work.tx, deps.config.contracts, {
        id: bet.id,
        memberId: bet.memberId,
        valid: bet.valid,
        stake: bet.stake,
        win: bet.win,
        at: bet.at,
      });
      // The periods' totals are read after the commit: concurrent bets add to them.
      if (accrued.length > 0) work.afterCommit((platform) => salaryTotals(platform, accrued));
    },
  },
  {
    name: 'wagering',
    async accrue(work, _deps, bet) {
      const change = await wagerWithin(work.tx, bet.memberId, bet.valid);
      if (change) work.changed('reward', change);
    },
  },
  {
    name: 'vip',
    async accrue(work, deps, bet, context) {
      const vip = await vipProgressWithin(work.tx, deps.config.vip, bet.memberId, {
        validBet: bet.valid,
      });
      context.vipLevel = vip.level;
      if (vip.change) recordVip(work, vip.change);
    },
  },
  {
    name: 'rebate',
    async accrue(work, deps, bet, context) {
      await accrueRebateWithin(work.tx, deps.config.vip, {
        memberId: bet.memberId,
        gameType: bet.gameType,
        valid: bet.valid,
        level: context.vipLevel ?? (await currentVipLevel(work.tx, bet.memberId)),
      });
    },
  },
  {
    name: 'points',
    async accrue(work, deps, bet) {
      await earnPointsWithin(work.tx, deps.config.points, bet);
    },
  },
  {
    name: 'referral',
    async accrue(work, _deps, bet) {
      const inviter = await referralProgressWithin(work.tx, bet.memberId, {
        kind: 'bet',
        valid: bet.valid,
      });
      if (inviter) work.changed('reward', { memberId: inviter, reason: 'issued' });
    },
  },
  {
    name: 'raffle',
    async accrue(work, _deps, bet) {
      await raffleTurnoverWithin(work.tx, bet.memberId, bet.valid);
    },
  },
  {
    name: 'missions',
    async accrue(work, deps, bet) {
      const rewarded = await missionProgressWithin(work.tx, deps.config.missions, bet.memberId, {
        kind: 'bet',
        gameType: bet.gameType,
        valid: bet.valid,
      });
      if (rewarded) work.changed('reward', { memberId: bet.memberId, reason: 'issued' });
    },
  },
];

/** Runs `steps` for one bet inside its unit of work, which publishes what they changed. */
export async function accrueBetWithin(
  work: Work,
  deps: Platform,
  bet: SettledBet,
  steps: readonly BetAccrual[] = BET_ACCRUALS,
): Promise<void> {
  const context: AccrualContext = { vipLevel: null };
  for (const step of steps) await step.accrue(work, deps, bet, context);
}

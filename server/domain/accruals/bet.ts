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
  /** The part of the stake taken from the bonus account, and of the win paid back to it. */
  bonusStake: bigint;
  bonusWin: bigint;
  at: Date;
}

/**
 * The real-money part of a bet (issue 28: the house never pays for play it funded): the stake
 * and win less their bonus parts, the valid bet in the same proportion (rounded down). A bet
 * staked wholly with bonus money has no real part.
 */
export function realPartOf(bet: SettledBet): SettledBet {
  if (bet.bonusStake === 0n) return bet;
  const stake = bet.stake - bet.bonusStake;
  const valid = bet.stake === 0n ? 0n : (bet.valid * stake) / bet.stake;
  return { ...bet, stake, valid, win: bet.win - bet.bonusWin, bonusStake: 0n, bonusWin: 0n };
}

/** What the steps of one bet learn from each other (the rebate's rate is the VIP level's). */
interface AccrualContext {
  vipLevel: number | null;
}

/** One thing a valid bet earns, accrued inside the bet's transaction. */
export interface BetAccrual {
  name: string;
  /**
   * True for the one step that counts the whole bet, bonus money included (the wagering of the
   * bonus itself); every other step is given the real-money part only, and skipped when there
   * is none.
   */
  wholeBet?: true;
  /** Accrues inside the bet's unit of work and records what changed there. */
  accrue(work: Work, deps: Platform, bet: SettledBet, context: AccrualContext): Promise<void>;
}

/**
 * The bet accruals table (issue 29: features react to money through accrual tables; the games
 * and the ledger import none of them). Everything the real-money part of a settled bet earns, each in the bet's own transaction (issues 6 and 14):
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
    wholeBet: true,
    async accrue(work, _deps, bet) {
      await wagerWithin(work, bet.memberId, bet.valid);
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

/**
 * Runs `steps` for one bet inside its unit of work, which publishes what they changed. Each
 * step but the bonus's wagering sees the real-money part of the bet only (issue 28, finding 2):
 * salaries, the dividend, rebates, points, referral, raffle, mission and VIP progress are never
 * earned on bonus money.
 */
export async function accrueBetWithin(
  work: Work,
  deps: Platform,
  bet: SettledBet,
  steps: readonly BetAccrual[] = BET_ACCRUALS,
): Promise<void> {
  const context: AccrualContext = { vipLevel: null };
  const real = realPartOf(bet);
  for (const step of steps) {
    if (step.wholeBet) await step.accrue(work, deps, bet, context);
    else if (real.stake > 0n) await step.accrue(work, deps, real, context);
  }
}

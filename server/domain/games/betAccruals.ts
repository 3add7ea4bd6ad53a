import type { Queryable } from '../../db/types';
import type { AppDeps } from '../../http/deps';
import { missionProgressWithin } from '../missions/missions';
import { raffleTurnoverWithin } from '../raffles/raffles';
import { referralProgressWithin } from '../referrals/referrals';
import { earnPointsWithin } from '../points/points';
import { accrueRebateWithin } from '../rebates/rebates';
import { wagerWithin } from '../rewards/wagering';
import { accrueWithin } from '../salary/accrue';
import { publishSalary } from '../salary/publish';
import { announceVip, currentVipLevel, vipProgressWithin } from '../vip/progress';

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

/** What to announce once the bet's transaction has committed. */
export type AfterCommit = (deps: AppDeps) => void | Promise<void>;

/** What the steps of one bet learn from each other (the rebate's rate is the VIP level's). */
interface AccrualContext {
  vipLevel: number | null;
}

/** One thing a valid bet earns, accrued inside the bet's transaction. */
export interface BetAccrual {
  name: string;
  accrue(
    tx: Queryable,
    deps: AppDeps,
    bet: SettledBet,
    context: AccrualContext,
  ): Promise<AfterCommit | null>;
}

/**
 * Everything a settled real bet earns, each in the bet's own transaction (issues 6 and 14):
 * the agents' salaries up the chain, the bonus being wagered, the VIP period (the level first:
 * the rebate goes by it), the manual rebate, the points, a referred friend's turnover, raffle
 * tickets and the missions. The benchmark (`npm run bench --
 * accruals`) runs subsets of this list to show what each adds.
 */
export const BET_ACCRUALS: readonly BetAccrual[] = [
  {
    name: 'salary',
    async accrue(tx, deps, bet) {
      const accrued = await accrueWithin(tx, deps.config.contracts, {
        id: bet.id,
        memberId: bet.memberId,
        valid: bet.valid,
        stake: bet.stake,
        win: bet.win,
        at: bet.at,
      });
      return accrued.length > 0 ? (after) => publishSalary(after, accrued) : null;
    },
  },
  {
    name: 'wagering',
    async accrue(tx, _deps, bet) {
      const change = await wagerWithin(tx, bet.memberId, bet.valid);
      return change ? (after) => after.rewardEvents.announce(change) : null;
    },
  },
  {
    name: 'vip',
    async accrue(tx, deps, bet, context) {
      const vip = await vipProgressWithin(tx, deps.config.vip, bet.memberId, {
        validBet: bet.valid,
      });
      context.vipLevel = vip.level;
      const change = vip.change;
      return change ? (after) => announceVip(after, change) : null;
    },
  },
  {
    name: 'rebate',
    async accrue(tx, deps, bet, context) {
      await accrueRebateWithin(tx, deps.config.vip, {
        memberId: bet.memberId,
        gameType: bet.gameType,
        valid: bet.valid,
        level: context.vipLevel ?? (await currentVipLevel(tx, bet.memberId)),
      });
      return null;
    },
  },
  {
    name: 'points',
    async accrue(tx, deps, bet) {
      await earnPointsWithin(tx, deps.config.points, bet);
      return null;
    },
  },
  {
    name: 'referral',
    async accrue(tx, _deps, bet) {
      const inviter = await referralProgressWithin(tx, bet.memberId, {
        kind: 'bet',
        valid: bet.valid,
      });
      return inviter
        ? (after) => after.rewardEvents.announce({ memberId: inviter, reason: 'issued' })
        : null;
    },
  },
  {
    name: 'raffle',
    async accrue(tx, _deps, bet) {
      await raffleTurnoverWithin(tx, bet.memberId, bet.valid);
      return null;
    },
  },
  {
    name: 'missions',
    async accrue(tx, deps, bet) {
      const rewarded = await missionProgressWithin(tx, deps.config.missions, bet.memberId, {
        kind: 'bet',
        gameType: bet.gameType,
        valid: bet.valid,
      });
      return rewarded
        ? (after) => after.rewardEvents.announce({ memberId: bet.memberId, reason: 'issued' })
        : null;
    },
  },
];

/** Runs `steps` for one bet inside its transaction; answers what to announce after commit. */
export async function accrueBetWithin(
  tx: Queryable,
  deps: AppDeps,
  bet: SettledBet,
  steps: readonly BetAccrual[] = BET_ACCRUALS,
): Promise<AfterCommit[]> {
  const context: AccrualContext = { vipLevel: null };
  const after: AfterCommit[] = [];
  for (const step of steps) {
    const announce = await step.accrue(tx, deps, bet, context);
    if (announce) after.push(announce);
  }
  return after;
}

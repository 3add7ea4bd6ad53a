import type { Platform } from '../../platform/platform';
import type { Work } from '../../platform/unitOfWork';
import { missionProgressWithin } from '../missions/missions';
import { qualifyDepositBonusWithin } from '../promotions/participation';
import { referralProgressWithin } from '../referrals/referrals';
import { isExcluded } from '../responsibleGaming/state';
import { recordVip, vipProgressWithin } from '../vip/progress';

/** A deposit as it is credited, in its own unit of work. */
export interface CreditedDeposit {
  id: string;
  memberId: string;
  amount: bigint;
}

/** One thing a credited deposit earns, accrued inside the deposit's unit of work. */
export interface DepositAccrual {
  name: string;
  accrue(work: Work, deps: Platform, deposit: CreditedDeposit): Promise<void>;
}

/**
 * The deposit accruals table (issue 29), as bets have theirs (./bet.ts): the features a
 * credited deposit feeds, each in the deposit's transaction, so the payments code imports none
 * of them. A deposit bonus the member signed up for and a deposit mission are earned (issue 14:
 * the rewards wait in the reward centre), an invited friend's deposit counts for the inviter,
 * and deposits count toward the VIP level.
 */
export const DEPOSIT_ACCRUALS: readonly DepositAccrual[] = [
  {
    name: 'depositBonus',
    async accrue(work, _deps, deposit) {
      if (await qualifyDepositBonusWithin(work.tx, deposit)) {
        work.changed('reward', { memberId: deposit.memberId, reason: 'issued' });
      }
    },
  },
  {
    name: 'missions',
    async accrue(work, deps, deposit) {
      const rewarded = await missionProgressWithin(
        work.tx,
        deps.config.missions,
        deposit.memberId,
        {
          kind: 'deposit',
          amount: deposit.amount,
        },
      );
      if (rewarded) work.changed('reward', { memberId: deposit.memberId, reason: 'issued' });
    },
  },
  {
    name: 'referral',
    async accrue(work, _deps, deposit) {
      const inviter = await referralProgressWithin(work.tx, deposit.memberId, {
        kind: 'deposit',
        amount: deposit.amount,
      });
      if (inviter) work.changed('reward', { memberId: inviter, reason: 'issued' });
    },
  },
  {
    name: 'vip',
    async accrue(work, deps, deposit) {
      const vip = await vipProgressWithin(work.tx, deps.config.vip, deposit.memberId, {
        deposit: deposit.amount,
      });
      if (vip.change) recordVip(work, vip.change);
    },
  },
];

/**
 * Runs `steps` for one credited deposit inside its unit of work. A deposit asked for before a
 * time-out or self-exclusion is still credited (the money is the member's), but earns nothing
 * (issue 17): no bonus, mission, VIP progress or referral reward on it.
 */
export async function accrueDepositWithin(
  work: Work,
  deps: Platform,
  deposit: CreditedDeposit,
  steps: readonly DepositAccrual[] = DEPOSIT_ACCRUALS,
): Promise<void> {
  if (await isExcluded(work.tx, deposit.memberId, deps.clock.now())) return;
  for (const step of steps) await step.accrue(work, deps, deposit);
}

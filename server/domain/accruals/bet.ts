import type { Platform } from '../../platform/platform';
import type { Work } from '../../platform/unitOfWork';
import {
  MISSIONS_FOLD,
  MISSIONS_FUNCTION,
  missionArguments,
  missionRewardsWithin,
} from '../missions/missions';
import { POINTS_FOLD, POINTS_FUNCTION, pointsEarned } from '../points/points';
import { RAFFLE_FUNCTION, RAFFLE_PROBE } from '../raffles/raffles';
import { REBATE_FOLD, REBATE_FUNCTION, rebateArguments } from '../rebates/rebates';
import { REFERRAL_FUNCTION, REFERRAL_PROBE, referralSettleWithin } from '../referrals/referrals';
import {
  settleWageredWithin,
  WAGERING_FUNCTION,
  WAGERING_PROBE,
  type WageredRequirement,
} from '../rewards/wagering';
import {
  accrualBetJson,
  accruedOf,
  SALARY_FOLD,
  SALARY_FUNCTION,
  salaryArguments,
} from '../salary/accrue';
import { salaryTotalsCoalesced } from '../salary/publish';
import {
  recordVip,
  VIP_FOLD,
  VIP_FUNCTION,
  vipArguments,
  vipLevelChangeWithin,
} from '../vip/progress';

/** A member whose level the VIP fold found moved (stored before, reached now). */
interface VipLevelMoved {
  memberId: string;
  storedLevel: number;
  level: number;
}

/** The missions a member completed in one fold. */
interface MissionsCompleted {
  memberId: string;
  completed: { code: string; periodStart: string }[];
}

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

/** A step's database function and what it is given for one bet. */
export interface AccrualCall {
  fn: string;
  args: Record<string, unknown>;
}

/**
 * One thing a valid bet earns, accrued inside the bet's transaction. Its work in the database is
 * a function of its feature's (migration 046) that the round runs with every other step's
 * in one statement (issue 31: a bet is a few round trips, not one per feature); what only the
 * application can do — issue a reward, release a bonus, announce a change — is its `settle`,
 * which reads the function's answer and costs statements only when something happened.
 */
export interface BetAccrual {
  name: string;
  /**
   * True for the one step that counts the whole bet, bonus money included (the wagering of the
   * bonus itself); every other step is given the real-money part only, and skipped when there
   * is none.
   */
  wholeBet?: true;
  /**
   * SQL of a boolean on the member `$1`, read with the member's lock before the round's writes
   * (issue 31): false when the step cannot have anything to do (no bonus wagered, no referral,
   * no open raffle), so the batch leaves it out. Absent: the step always runs.
   */
  probe?: string;
  /** The function and its arguments (from the configuration), or null: nothing to accrue. */
  call(deps: Platform, bet: SettledBet): AccrualCall | null;
  /** After the statement, in the bet's unit of work: the follow-ups and what changed. */
  settle?(work: Work, deps: Platform, bet: SettledBet, answer: unknown): Promise<void>;
  /**
   * Set for an accrual that only counts (issue 31): it is not run in the bet's transaction but
   * queued with the bet and folded in after the commit, with the other bets queued by then, by
   * `fn` (migration 050: items [{bet, args}] of many bets, set-based); `settle` reads what the
   * fold answered, in the fold's unit of work (server/domain/accruals/fold.ts).
   */
  folded?: {
    fn: string;
    settle?(work: Work, deps: Platform, answer: unknown): Promise<void>;
  };
}

/**
 * The bet accruals table (issue 29: features react to money through accrual tables; the games
 * and the ledger import none of them). Everything the real-money part of a settled bet earns:
 * the agents' salaries up the chain, the bonus being wagered, the VIP period (the level first:
 * the rebate goes by it), the manual rebate, the points, a referred friend's turnover, raffle
 * tickets and the missions. What must be exact at once runs in the bet's own transaction (the
 * bonus being wagered decides what the next bet stakes; a friend's turnover and raffle tickets
 * are rare and stay with the bet); what only counts is `folded` in right after the commit,
 * many bets together (issue 31: the bet's transaction is shorter, and a batch of bets from few
 * members is a few upserts per table). The
 * benchmark (`npm run bench -- accruals`) runs subsets of this list to show what each adds.
 */
export const BET_ACCRUALS: readonly BetAccrual[] = [
  {
    name: 'salary',
    call: (deps, bet) => ({
      fn: SALARY_FUNCTION,
      args: salaryArguments(deps.config.contracts, bet.at),
    }),
    folded: {
      fn: SALARY_FOLD,
      async settle(work, _deps, answer) {
        const accrued = accruedOf(answer);
        // The periods' totals are read after the commit: concurrent bets add to them.
        if (accrued.length > 0)
          work.afterCommit((platform) => salaryTotalsCoalesced(platform, accrued));
      },
    },
  },
  {
    name: 'wagering',
    wholeBet: true,
    probe: WAGERING_PROBE,
    call: () => ({ fn: WAGERING_FUNCTION, args: {} }),
    async settle(work, _deps, bet, answer) {
      await settleWageredWithin(work, bet.memberId, answer as WageredRequirement | null);
    },
  },
  {
    name: 'vip',
    call: (deps) => ({ fn: VIP_FUNCTION, args: vipArguments(deps.config.vip, new Date()) }),
    folded: {
      fn: VIP_FOLD,
      async settle(work, deps, answer) {
        const { changed } = answer as { changed: VipLevelMoved[] };
        for (const { memberId, storedLevel, level } of changed) {
          const change = await vipLevelChangeWithin(
            work.tx,
            deps.config.vip,
            memberId,
            storedLevel,
            level,
          );
          if (change) recordVip(work, change);
        }
      },
    },
  },
  {
    name: 'rebate',
    call(deps, bet) {
      const args = rebateArguments(deps.config.vip, bet);
      return args && { fn: REBATE_FUNCTION, args };
    },
    folded: { fn: REBATE_FOLD },
  },
  {
    name: 'points',
    call(deps, bet) {
      const earned = pointsEarned(deps.config.points, bet);
      return earned > 0n ? { fn: POINTS_FUNCTION, args: { earned: earned.toString() } } : null;
    },
    folded: { fn: POINTS_FOLD },
  },
  {
    name: 'referral',
    probe: REFERRAL_PROBE,
    call: () => ({ fn: REFERRAL_FUNCTION, args: {} }),
    async settle(work, _deps, bet, answer) {
      const row = answer as { inviter_id: string; first_deposit: string | null; turnover: string };
      const inviter = await referralSettleWithin(work.tx, bet.memberId, row);
      if (inviter) work.changed('reward', { memberId: inviter, reason: 'issued' });
    },
  },
  {
    name: 'raffle',
    probe: RAFFLE_PROBE,
    call: () => ({ fn: RAFFLE_FUNCTION, args: {} }),
  },
  {
    name: 'missions',
    call(deps, bet) {
      const args = missionArguments(
        deps.config.missions,
        { kind: 'bet', gameType: bet.gameType, valid: bet.valid },
        new Date(),
      );
      return args && { fn: MISSIONS_FUNCTION, args };
    },
    folded: {
      fn: MISSIONS_FOLD,
      async settle(work, deps, answer) {
        for (const { memberId, completed } of answer as MissionsCompleted[]) {
          const rewarded = await missionRewardsWithin(
            work.tx,
            deps.config.missions,
            memberId,
            completed,
          );
          if (rewarded) work.changed('reward', { memberId, reason: 'issued' });
        }
      },
    },
  },
];

/** A step chosen for one bet, with the part of the bet it sees. */
export interface ChosenAccrual {
  step: BetAccrual;
  bet: SettledBet;
  call: AccrualCall;
}

/**
 * The steps of `steps` that `bet` earns something from, each with its function call: every step
 * but the bonus's wagering sees the real-money part of the bet only (issue 28, finding 2):
 * salaries, the dividend, rebates, points, referral, raffle, mission and VIP progress are never
 * earned on bonus money.
 */
export function chooseAccruals(
  deps: Platform,
  bet: SettledBet,
  steps: readonly BetAccrual[] = BET_ACCRUALS,
  /** The probes' answers as `accrualProbesSql` read them (a row with `probe_<name>` columns). */
  probed: Record<string, unknown> = {},
): ChosenAccrual[] {
  const real = realPartOf(bet);
  const chosen: ChosenAccrual[] = [];
  for (const step of steps) {
    if (step.probe && probed[probeColumn(step)] === false) continue;
    const seen = step.wholeBet ? bet : real;
    if (!step.wholeBet && real.stake <= 0n) continue;
    const call = step.call(deps, seen);
    if (call) chosen.push({ step, bet: seen, call });
  }
  return chosen;
}

const probeColumn = (step: BetAccrual) => `probe_${step.name}`;

/** The steps' probes as columns of the round's first statement (the member is `$1`), or ''. */
export function accrualProbesSql(steps: readonly BetAccrual[] = BET_ACCRUALS): string {
  return steps
    .filter((step) => step.probe)
    .map((step) => `${step.probe} as ${probeColumn(step)}`)
    .join(', ');
}

/**
 * The chosen steps as steps of a batch (server/db/steps.ts), the bet's id unknown yet: those run
 * in the bet's transaction, then one step queueing the folded ones with the bet (migration
 * 050), when there are any.
 */
export function accrualSteps(memberId: string, chosen: readonly ChosenAccrual[]) {
  const inline = chosen
    .filter(({ step }) => !step.folded)
    .map(({ bet, call }) => ({ fn: call.fn, args: call.args, bet: accrualBetJson(bet) }));
  const queued = chosen
    .filter(({ step }) => step.folded)
    .map(({ step, bet, call }) => ({
      fold: step.folded!.fn,
      order: BET_ACCRUALS.indexOf(step),
      args: call.args,
      bet: accrualBetJson(bet),
    }));
  if (queued.length === 0) return inline;
  return [...inline, { fn: QUEUE_FUNCTION, args: { member: memberId, steps: queued } }];
}

/** Whether some of the chosen steps are folded after the commit (`foldAccruals` then). */
export const foldsSome = (chosen: readonly ChosenAccrual[]) =>
  chosen.some(({ step }) => step.folded);

const QUEUE_FUNCTION = 'accrual_enqueue_step';

/**
 * Each chosen step run in the bet's transaction: its `settle` with its answer (the answers of
 * those steps, in order), in the bet's unit of work.
 */
export async function settleAccruals(
  work: Work,
  deps: Platform,
  chosen: readonly ChosenAccrual[],
  answers: readonly unknown[],
  betId: string,
): Promise<void> {
  const inline = chosen.filter(({ step }) => !step.folded);
  for (const [index, { step, bet }] of inline.entries()) {
    await step.settle?.(work, deps, { ...bet, id: betId }, answers[index] ?? null);
  }
}

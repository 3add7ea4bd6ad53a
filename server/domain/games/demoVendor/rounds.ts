import { type WinnerEntry, maskCustomerName } from '../../../../src/shared/games';
import { parseMoney, toMoneyString } from '../../../../src/shared/money';
import type { Queryable } from '../../../db/types';
import type { Platform } from '../../../platform/platform';
import { ApiError } from '../../../platform/apiError';
import { knownHouseShardId } from '../../ledger/accounts';
import type { BalanceChange } from '../../ledger/amounts';
import {
  fundStakeFrom,
  STAKE_ACCOUNTS_SQL,
  type StakeAccount,
  splitWin,
  stakePostings,
  winPostings,
} from '../../wallet/stakes';
import { ledgerRefusal, postedFromStep, type PostingRequest, postingStep } from '../../ledger/post';
import { runSteps, StepRefused } from '../../../db/steps';
import { type Launch, launchEnded, liveLaunchSql } from './launches';
import {
  accrualProbesSql,
  accrualSteps,
  BET_ACCRUALS,
  type BetAccrual,
  chooseAccruals,
  foldsSome,
  type SettledBet,
  settleAccruals,
} from '../../accruals/bet';
import { foldSoon } from '../../accruals/fold';
import { reserveBetWithin } from '../../responsibleGaming/enforce';
import { commit } from '../../../platform/unitOfWork';
import type { Change } from '../../../platform/changes';

/** What a round decided: the win and the details the game screen draws (reels, digits). */
export interface Decision {
  win: bigint;
  detail: Record<string, unknown>;
}

/** The answer of one round, stored with it so a replayed round id gets the same answer. */
export interface RoundOutcome extends Record<string, unknown> {
  roundId: string;
  bet: string;
  win: string;
  balance: string;
  demo: boolean;
  replayed?: boolean;
}

/**
 * One round of a launched game. Real play: the bet leaves the main wallet (real money first,
 * then the bonus account: issue 28) for the house "vendors" account and the win comes back, both ledger postings and the betting-record row in
 * one transaction (idempotent by round id). Free trial: only the launch's play money moves.
 * The balance, what the accruals changed and a big win are published after the commit.
 */
export async function playRound(
  deps: Platform,
  launch: Launch,
  request: { roundId: string; bet: bigint },
  decide: () => Decision,
  /** What the bet earns; every accrual unless a benchmark asks for fewer. */
  accruals: readonly BetAccrual[] = BET_ACCRUALS,
): Promise<RoundOutcome> {
  if (!deps.config.games.betLevels.some((level) => parseMoney(level) === request.bet)) {
    throw new ApiError(400, 'bet_invalid', 'Choose one of the offered bets.');
  }
  const decision = decide();
  if (launch.demo) return playDemo(deps, launch, request, decision);
  const memberId = launch.memberId!;
  const roundKey = `${memberId}:${request.roundId}`;
  try {
    return await commit(deps, async (work) => {
      const { tx } = work;
      // Responsible gaming (issue 17), before any money moves: an excluded member, a session
      // past its limit, a stake over a loss or wager limit are refused (the round never
      // happened); else the stake and the win count toward the limits. It takes the member's
      // row lock first, so a member's rounds run one after the other, and in the same statement
      // locks and reads the accounts the stake comes from (issue 31).
      const { also, usageStep } = await reserveBetWithin(
        tx,
        deps,
        { memberId, sessionId: launch.sessionId, stake: request.bet, win: decision.win },
        // The transaction's time is the round's (its record, its accruals' periods): the same
        // clock as every other timestamp the database writes (a requirement met, a report).
        // Each accrual's probe too: the steps that cannot do anything are left out of the batch.
        {
          alsoRead: [STAKE_ACCOUNTS_SQL, 'now() as round_at', accrualProbesSql(accruals)]
            .filter(Boolean)
            .join(', '),
          deferUsage: true,
        },
      );
      // Real money first, then bonus money (issue 28); the win goes back in the same proportion.
      const funding = await fundStakeFrom(
        tx,
        memberId,
        request.bet,
        also.stake_accounts as StakeAccount[],
      );
      const house = await knownHouseShardId(deps.db, tx, 'vendors', memberId);
      const won = splitWin(funding, decision.win);
      const betPosting: PostingRequest = {
        idempotencyKey: `round:${launch.vendor}:${roundKey}:bet`,
        kind: 'bet',
        memberId,
        postings: [...stakePostings(funding), { accountId: house, amount: request.bet }],
      };
      const winPosting: PostingRequest | null =
        decision.win > 0n
          ? {
              idempotencyKey: `round:${launch.vendor}:${roundKey}:win`,
              kind: 'win',
              memberId,
              postings: [{ accountId: house, amount: -decision.win }, ...winPostings(funding, won)],
            }
          : null;
      // The accounts are locked: what the game can stake afterwards is known before posting.
      const playable =
        funding.mainBefore -
        funding.real +
        won.real +
        (funding.bonusAccount === null ? 0n : funding.bonusBefore - funding.bonus + won.bonus);
      const outcome: RoundOutcome = {
        ...decision.detail,
        roundId: request.roundId,
        bet: toMoneyString(request.bet),
        win: toMoneyString(decision.win),
        // What the game can still stake: real and bonus money together.
        balance: toMoneyString(playable),
        demo: false,
      };
      const at = new Date(also.round_at as Date | string);
      const settled: SettledBet = {
        id: '',
        memberId,
        gameType: launch.gameType,
        valid: request.bet,
        stake: request.bet,
        win: decision.win,
        bonusStake: funding.bonus,
        bonusWin: won.bonus,
        at,
      };
      const chosen = chooseAccruals(deps, settled, accruals, also);
      // Everything the round writes, in one statement (issue 31): the usage, the postings, the
      // betting record with its answer (once per round id, while the launch is live under this
      // token: it may be remembered, launches.ts), and what the bet earns. The postings come
      // before the accruals: wagering may release the bonus account the stake came from.
      const postings = winPosting ? [betPosting, winPosting] : [betPosting];
      const answers = await runSteps(tx, [
        ...(usageStep ? [usageStep] : []),
        ...postings.map(postingStep),
        {
          fn: 'record_round_step',
          require: 'recorded',
          args: {
            member: memberId,
            vendor: launch.vendor,
            gameCode: launch.nodeId,
            gameName: launch.gameName,
            roundId: roundKey,
            stake: request.bet.toString(),
            win: decision.win.toString(),
            bonusStake: funding.bonus.toString(),
            bonusWin: won.bonus.toString(),
            outcome,
            at: at.toISOString(),
            launch: launch.id,
            tokenHash: launch.tokenHash,
          },
        },
        ...accrualSteps(memberId, chosen),
      ]).catch((error: unknown) => {
        throw error instanceof StepRefused ? new RoundPlayed() : ledgerRefusal(error);
      });
      const first = usageStep ? 1 : 0;
      const balances = new Map<string, { balance: bigint; entryId: string }>();
      for (const [index, posting] of postings.entries()) {
        const posted = await postedFromStep(tx, posting, answers[first + index]);
        // The round was played before (a retry that crossed the first answer): its answer stands.
        if (posted.replayed) throw new RoundPlayed();
        for (const [account, value] of posted.balances) balances.set(account, value);
      }
      const recorded = answers[first + postings.length] as { id: string };
      // The accounts that moved are published; the game shows both together.
      const names = new Map([[funding.main, 'MAIN']]);
      if (funding.bonusAccount) names.set(funding.bonusAccount, 'BONUS');
      const changes: BalanceChange[] = [...balances]
        .filter(([account]) => names.has(account))
        .map(([account, value]) => ({ memberId, wallet: names.get(account)!, ...value }));
      work.changed('balance', changes);
      // What the bet earns: the follow-ups of the accrual steps that answered something.
      await settleAccruals(
        work,
        deps,
        chosen,
        answers.slice(first + postings.length + 1),
        recorded.id,
      );
      // What only counts is folded in a moment after the answer, with the bets queued by then.
      if (foldsSome(chosen)) {
        work.afterAnswer(async () => {
          await foldSoon(deps);
          return [];
        });
      }
      if (decision.win >= request.bet * BigInt(deps.config.games.bigWinMultiple)) {
        work.afterAnswer((platform) => bigWin(platform, memberId, launch, decision.win));
      }
      return outcome;
    });
  } catch (error) {
    // A round id already played answers as it did the first time, whatever would refuse it now
    // (a limit reached since, the money spent since): the rollback left nothing of this try.
    if (error instanceof RoundPlayed || error instanceof ApiError) {
      const stored = await storedOutcome(deps.db, launch.vendor, roundKey);
      if (stored) return stored;
      if (error instanceof RoundPlayed) {
        // Not played before: the betting record was refused because the launch has ended.
        const [live] = await deps.db.query<{ live: boolean }>(
          `select ${liveLaunchSql('$1', '$2')} as live`,
          [launch.id, launch.tokenHash],
        );
        if (!live?.live) throw launchEnded();
        throw new ApiError(409, 'round_conflict', 'This round id was already used.');
      }
    }
    throw error;
  }
}

/** Thrown inside a round's transaction when its id was played before: rolls the try back. */
class RoundPlayed extends Error {
  constructor() {
    super('round already played');
  }
}

/** The stored answer of a round played before; null when the round id is unknown. */
async function storedOutcome(
  db: Queryable,
  vendor: string,
  roundKey: string,
): Promise<RoundOutcome | null> {
  const [row] = await db.query<{ outcome: RoundOutcome | null }>(
    'select outcome from bets where vendor = $1 and round_id = $2',
    [vendor, roundKey],
  );
  if (!row) return null;
  if (!row.outcome) throw new ApiError(409, 'round_conflict', 'This round id was already used.');
  return { ...row.outcome, replayed: true };
}

async function playDemo(
  deps: Platform,
  launch: Launch,
  request: { roundId: string; bet: bigint },
  decision: Decision,
): Promise<RoundOutcome> {
  return deps.db.transaction(async (tx) => {
    const [stored] = await tx.query<{ outcome: RoundOutcome }>(
      'select outcome from demo_rounds where launch_id = $1 and round_id = $2',
      [launch.id, request.roundId],
    );
    if (stored) return { ...stored.outcome, replayed: true };
    const [row] = await tx.query<{ demo_balance: string }>(
      `update game_launches set demo_balance = demo_balance - $2 + $3
       where id = $1 and demo_balance >= $2 returning demo_balance::text`,
      [launch.id, request.bet.toString(), decision.win.toString()],
    );
    if (!row) throw new ApiError(409, 'insufficient_funds', 'Insufficient balance.');
    const outcome: RoundOutcome = {
      ...decision.detail,
      roundId: request.roundId,
      bet: toMoneyString(request.bet),
      win: toMoneyString(decision.win),
      balance: toMoneyString(BigInt(row.demo_balance)),
      demo: true,
    };
    await tx.query('insert into demo_rounds (launch_id, round_id, outcome) values ($1, $2, $3)', [
      launch.id,
      request.roundId,
      JSON.stringify(outcome),
    ]);
    return outcome;
  });
}

/** A big win for the public winner feed, published after the round's commit. */
export async function bigWin(
  deps: Pick<Platform, 'db'>,
  memberId: string,
  launch: Pick<Launch, 'gameName' | 'vendor'>,
  win: bigint,
): Promise<Change[]> {
  const [member] = await deps.db.query<{ account: string }>(
    'select account from members where id = $1',
    [memberId],
  );
  const entry: WinnerEntry = {
    customerName: maskCustomerName(member?.account ?? 'player'),
    winAmount: toMoneyString(win),
    gameName: launch.gameName,
    vassalage: launch.vendor,
    at: new Date().toISOString(),
  };
  return [{ kind: 'winner', change: entry }];
}

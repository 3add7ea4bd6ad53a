import { type WinnerEntry, maskCustomerName } from '../../../../src/shared/games';
import { parseMoney, toMoneyString } from '../../../../src/shared/money';
import type { Queryable } from '../../../db/types';
import type { Platform } from '../../../platform/platform';
import { ApiError } from '../../../platform/apiError';
import { houseAccountId } from '../../ledger/accounts';
import type { BalanceChange } from '../../ledger/amounts';
import { fundStakeWithin, splitWin, stakePostings, winPostings } from '../../wallet/stakes';
import { postWithin } from '../../ledger/post';
import type { Launch } from './launches';
import { accrueBetWithin, BET_ACCRUALS, type BetAccrual } from '../../accruals/bet';
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
  const result = await commit(deps, async (work) => {
    const { tx } = work;
    const [created] = await tx.query<{ id: string; created_at: Date }>(
      `insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
         valid_bet_amount, win_amount, settled_at)
       values ($1, $2, $3, $4, $5, $6, $6, $7, now())
       on conflict (vendor, round_id) do nothing returning id::text, created_at`,
      [
        memberId,
        launch.vendor,
        launch.nodeId,
        launch.gameName,
        roundKey,
        request.bet.toString(),
        decision.win.toString(),
      ],
    );
    if (!created)
      return { outcome: await storedOutcome(tx, launch.vendor, roundKey), played: false };
    // Responsible gaming (issue 17), before any money moves: an excluded member, a session past
    // its limit, a stake over a loss or wager limit are refused (the round never happened);
    // else the stake and the win count toward the limits.
    await reserveBetWithin(tx, deps, {
      memberId,
      sessionId: launch.sessionId,
      stake: request.bet,
      win: decision.win,
    });
    // Real money first, then bonus money (issue 28); the win goes back in the same proportion.
    const funding = await fundStakeWithin(tx, memberId, request.bet);
    const house = await houseAccountId(tx, 'vendors');
    const betPosted = await postWithin(tx, {
      idempotencyKey: `round:${launch.vendor}:${roundKey}:bet`,
      kind: 'bet',
      memberId,
      postings: [...stakePostings(funding), { accountId: house, amount: request.bet }],
    });
    const balances = new Map(betPosted.balances);
    const won = splitWin(funding, decision.win);
    if (decision.win > 0n) {
      const winPosted = await postWithin(tx, {
        idempotencyKey: `round:${launch.vendor}:${roundKey}:win`,
        kind: 'win',
        memberId,
        postings: [{ accountId: house, amount: -decision.win }, ...winPostings(funding, won)],
      });
      for (const [account, value] of winPosted.balances) balances.set(account, value);
    }
    // The accounts that moved are published; the game shows both together.
    const names = new Map([[funding.main, 'MAIN']]);
    if (funding.bonusAccount) names.set(funding.bonusAccount, 'BONUS');
    const changes: BalanceChange[] = [...balances]
      .filter(([account]) => names.has(account))
      .map(([account, value]) => ({ memberId, wallet: names.get(account)!, ...value }));
    const after = (account: string | null, before: bigint) =>
      account === null ? 0n : (balances.get(account)?.balance ?? before);
    const playable =
      after(funding.main, funding.mainBefore) + after(funding.bonusAccount, funding.bonusBefore);
    const outcome: RoundOutcome = {
      ...decision.detail,
      roundId: request.roundId,
      bet: toMoneyString(request.bet),
      win: toMoneyString(decision.win),
      // What the game can still stake: real and bonus money together.
      balance: toMoneyString(playable),
      demo: false,
    };
    work.changed('balance', changes);
    // What the bet earns (the bet accruals table), in its unit of work.
    await accrueBetWithin(
      work,
      deps,
      {
        id: created.id,
        memberId,
        gameType: launch.gameType,
        valid: request.bet,
        stake: request.bet,
        win: decision.win,
        bonusStake: funding.bonus,
        bonusWin: won.bonus,
        at: new Date(created.created_at),
      },
      accruals,
    );
    await tx.query(
      `update bets set outcome = $2, bonus_bet_amount = $3, bonus_win_amount = $4
       where id = $1`,
      [created.id, JSON.stringify(outcome), funding.bonus.toString(), won.bonus.toString()],
    );
    if (decision.win >= request.bet * BigInt(deps.config.games.bigWinMultiple)) {
      work.afterCommit((platform) => bigWin(platform, memberId, launch, decision.win));
    }
    return { outcome };
  });
  return result.outcome;
}

async function storedOutcome(
  tx: Queryable,
  vendor: string,
  roundKey: string,
): Promise<RoundOutcome> {
  const [row] = await tx.query<{ outcome: RoundOutcome | null }>(
    'select outcome from bets where vendor = $1 and round_id = $2',
    [vendor, roundKey],
  );
  if (!row?.outcome) throw new ApiError(409, 'round_conflict', 'This round id was already used.');
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
async function bigWin(
  deps: Pick<Platform, 'db'>,
  memberId: string,
  launch: Launch,
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

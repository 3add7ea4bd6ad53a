import { randomBytes } from 'node:crypto';
import { toMoneyString } from '../src/shared/money';
import { BET_ACCRUALS, type BetAccrual } from '../server/domain/accruals/bet';
import { resolveLaunch } from '../server/domain/games/demoVendor/launches';
import { playRound } from '../server/domain/games/demoVendor/rounds';
import { houseAccountId, walletId } from '../server/domain/ledger/accounts';
import { postTransaction } from '../server/domain/ledger/post';
import { issueRewardWithin } from '../server/domain/rewards/issue';
import type { LaunchResult } from '../src/shared/games';
import { bearer, call, loginToken, startPlatformServer } from './support/platformServer';
import { type LatencySummary, summarize } from './support/stats';

/**
 * What each accrual adds to a real bet's transaction (issue 14): one spin of player2 (bet 1.00,
 * no win, so every spin does the same work) through `playRound` in this process — the bet row,
 * its ledger posting and the accruals, in one transaction on in-memory PGlite — with every
 * accrual (a realTimeSalary contract with agent1, a bonus being wagered, VIP, rebate, points),
 * with each one alone, and with none. The variants take turns spin by spin, so a slower moment
 * of the machine hits them all alike; the figure is each variant's median against none's.
 */
export const ACCRUAL_ROUNDS = 150;
const WARM_UP = 20;

export interface AccrualFigures {
  rounds: number;
  variants: { name: string; latency: LatencySummary }[];
}

const key = () => randomBytes(12).toString('base64url');

export async function measureBetAccruals(): Promise<AccrualFigures> {
  const server = await startPlatformServer();
  const { db } = server.deps;
  try {
    const player = await loginToken(server, 'player2');
    const ids = await db.query<{ account: string; id: string }>(
      `select account, id::text from members where account in ('agent1', 'player2')`,
    );
    const idOf = (account: string) => ids.find((row) => row.account === account)!.id;
    const playerId = idOf('player2');
    const main = await walletId(db, playerId, null);
    await postTransaction(db, {
      idempotencyKey: `bonus:${playerId}:bench-accruals-${key()}`,
      kind: 'bonus',
      memberId: playerId,
      postings: [
        { accountId: await houseAccountId(db, 'promotions'), amount: -1_000_000n },
        { accountId: main, amount: 1_000_000n },
      ],
    });
    await db.query(
      `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
       values ($1, $2, 'realTimeSalary', 'active', $3, now())`,
      [
        idOf('agent1'),
        playerId,
        JSON.stringify({ rate: '1.50', activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' }),
      ],
    );
    // A bonus being wagered that no benchmark reaches.
    const reward = await issueRewardWithin(db, {
      memberId: playerId,
      source: 'mission',
      sourceKey: `bench:${key()}`,
      houseAccount: 'promotions',
      amount: 100n,
      wageringRequired: 1_000_000_000n,
    });
    await db.query(
      `insert into wagering_requirements (member_id, reward_id, bonus, required)
       values ($1, $2, 100, 1000000000)`,
      [playerId, reward],
    );
    const [game] = await db.query<{ node_id: string; vendor: string }>(
      `select node_id, vendor from games
       where engine = 'slot' and enabled and game_type = 'RNG' order by node_id limit 1`,
    );
    const launched = await call(server, '/wps/game/launchGame', {
      method: 'POST',
      headers: bearer(player),
      json: { nodeId: game!.node_id, vassalage: game!.vendor },
    });
    if (!launched.body.success) throw new Error(`launchGame: ${launched.body.code}`);
    const token = new URL((launched.body.value as LaunchResult).url, server.url).searchParams.get(
      'launch',
    )!;
    const launch = await resolveLaunch(db, token);

    const variants: { name: string; steps: readonly BetAccrual[] }[] = [
      { name: 'none', steps: [] },
      ...BET_ACCRUALS.map((step) => ({ name: step.name, steps: [step] })),
      { name: 'all', steps: BET_ACCRUALS },
    ];
    const samples = variants.map(() => [] as number[]);
    const spin = async (steps: readonly BetAccrual[]) => {
      const started = performance.now();
      await playRound(
        server.deps,
        launch,
        { roundId: key(), bet: 100n },
        () => ({
          win: 0n,
          detail: {},
        }),
        steps,
      );
      return performance.now() - started;
    };
    for (let round = 0; round < WARM_UP + ACCRUAL_ROUNDS; round++) {
      for (const [index, variant] of variants.entries()) {
        const elapsed = await spin(variant.steps);
        if (round >= WARM_UP) samples[index]!.push(elapsed);
      }
    }
    return {
      rounds: ACCRUAL_ROUNDS,
      variants: variants.map((variant, index) => ({
        name: variant.name,
        latency: summarize(samples[index]!),
      })),
    };
  } finally {
    await server.close();
  }
}

/** For the printout: the bet in money. */
export const ACCRUAL_BET = toMoneyString(100n);

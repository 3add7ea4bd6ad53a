import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissionLeaderboard, MissionSummary } from '../../../src/shared/missions';
import type { RewardList, RewardSummary } from '../../../src/shared/rewards';
import type { PlatformConfig } from '../../../server/config/schema';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, newKey } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Missions (issue 14) through the real server, on both engines: progress from real bets and
 * deposits in their transactions, a reward to the reward centre once per mission and period
 * (parallel bets too), a new period starting afresh, and the weekly leaderboard.
 */
const withMissions = (base: PlatformConfig): PlatformConfig => ({
  ...base,
  payments: {
    ...base.payments,
    deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
  },
  missions: [
    {
      code: 'SLOTS_3',
      period: 'daily',
      name: { EN: 'Three slot rounds', VI: 'Ba vòng slot' },
      goal: { kind: 'rounds', count: 3, gameType: 'RNG' },
      reward: { amount: '1.00', wageringMultiplier: 0 },
    },
    {
      code: 'BET_20',
      period: 'daily',
      name: { EN: 'Bet 20.00' },
      goal: { kind: 'validBet', amount: '20.00' },
      reward: { amount: '2.00', wageringMultiplier: 0 },
    },
    {
      code: 'LOTTO_5',
      period: 'daily',
      name: { EN: 'Lottery 5.00' },
      goal: { kind: 'validBet', amount: '5.00', gameType: 'LOTT' },
      reward: { amount: '1.00', wageringMultiplier: 0 },
    },
    {
      code: 'DEP_2',
      period: 'weekly',
      name: { EN: 'Deposit twice' },
      goal: { kind: 'deposits', count: 2 },
      reward: { amount: '3.00', wageringMultiplier: 30 },
    },
  ],
});

describe.each(engines)('missions on %s', (engine) => {
  let server: TestServer;
  let player2 = '';
  beforeAll(async () => {
    server = await startTestServer(engine, { config: withMissions });
  });
  afterAll(() => server.close());

  const get = async <T>(token: string, path: string) => {
    const reply = await call(server, path, { headers: { ...bearer(token), language: 'VI' } });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const spin = (launch: string, bet = '10.00') =>
    call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet, roundId: newKey() },
    });
  const summary = (token: string) =>
    get<MissionSummary>(token, '/wps/relay/MCSFE_getMissionSummaryDetails');
  const byCode = (value: MissionSummary) =>
    Object.fromEntries(value.missions.map((mission) => [mission.code, mission]));

  it('counts real bets and deposits toward the missions and pays each once per period', async () => {
    const token = await loginToken(server, 'player1');
    await grant(server, 'player1', '300.00');
    const launch = await launchFirstSlot(server, token, 'RNG');
    expect((await spin(launch)).body.success).toBe(true);
    let missions = byCode(await summary(token));
    expect(missions.SLOTS_3).toMatchObject({
      name: 'Ba vòng slot',
      progress: '1',
      target: '3',
      percent: 33,
      state: 'inProgress',
      reward: '1.00',
      period: 'daily',
    });
    expect(missions.BET_20).toMatchObject({ progress: '10.00', target: '20.00', percent: 50 });
    // A slot bet does not count toward a lottery mission.
    expect(missions.LOTTO_5).toMatchObject({ progress: '0.00', state: 'inProgress' });

    for (let i = 0; i < 4; i++) expect((await spin(launch)).body.success).toBe(true);
    const done = await summary(token);
    missions = byCode(done);
    expect(missions.SLOTS_3).toMatchObject({ progress: '3', percent: 100, state: 'completed' });
    expect(missions.BET_20).toMatchObject({ progress: '20.00', state: 'completed' });
    expect(done.rewardsWaiting).toBe(2);
    expect((await get<RewardSummary>(token, '/wps/rewards/summary')).missionsWaiting).toBe(2);
    const rewards = await get<RewardList>(token, '/wps/rewards');
    expect(rewards.waiting.map((reward) => [reward.title, reward.amount])).toEqual([
      ['Bet 20.00', '2.00'],
      ['Ba vòng slot', '1.00'],
    ]);

    // Two deposits this week: the weekly mission, its reward wagered 30 times.
    for (const amount of ['10.00', '15.00']) {
      const deposit = await call(server, '/wps/deposit', {
        method: 'POST',
        headers: bearer(token),
        json: { channel: 'DEMO', amount, idempotencyKey: newKey() },
      });
      await creditDeposit(server.deps, (deposit.body.value as { id: string }).id);
    }
    const weekly = (await get<RewardList>(token, '/wps/rewards')).waiting.find(
      (reward) => reward.title === 'Deposit twice',
    );
    expect(weekly).toMatchObject({ amount: '3.00', wageringRequired: '90.00' });

    // Yesterday's progress stays yesterday's: today starts afresh.
    await server.deps.db.query(
      `update mission_progress set period_start = period_start - 1
       where member_id = (select id from members where account = 'player1')
         and mission_code in ('SLOTS_3', 'BET_20')`,
    );
    expect(byCode(await summary(token)).SLOTS_3).toMatchObject({ progress: '0' });
    expect((await spin(launch)).body.success).toBe(true);
    expect(byCode(await summary(token)).SLOTS_3).toMatchObject({ progress: '1' });
    expect((await get<RewardList>(token, '/wps/rewards')).waiting).toHaveLength(3);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('pays a mission once when the bets that complete it arrive together', async () => {
    const token = await loginToken(server, 'player2');
    player2 = token;
    await grant(server, 'player2', '300.00');
    const launch = await launchFirstSlot(server, token, 'RNG');
    const replies = await Promise.all(Array.from({ length: 6 }, () => spin(launch)));
    expect(replies.every((reply) => reply.body.success)).toBe(true);
    const rewards = await get<RewardList>(token, '/wps/rewards');
    expect(rewards.waiting.map((reward) => reward.title).sort()).toEqual([
      'Ba vòng slot',
      'Bet 20.00',
    ]);
    const [rows] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from rewards r join members m on m.id = r.member_id
       where m.account = 'player2' and r.source = 'mission'`,
    );
    expect(rows!.n).toBe(2);
  });

  it('ranks this week by missions completed, names masked, with the member’s own place', async () => {
    const token = await loginToken(server, 'player3');
    const board = await get<MissionLeaderboard>(token, '/wps/relay/MCSFE_getMissionLeaderboard');
    // player1: SLOTS_3 and BET_20 (yesterday's, moved back but completed this week) and DEP_2;
    // player2: two.
    expect(board.entries.slice(0, 2)).toEqual([
      { rank: 1, name: 'pl***1', completed: 3, you: false },
      { rank: 2, name: 'pl***2', completed: 2, you: false },
    ]);
    expect(board.me).toBeNull();
    const mine = await get<MissionLeaderboard>(player2, '/wps/relay/MCSFE_getMissionLeaderboard');
    expect(mine.me).toEqual({ rank: 2, completed: 2 });
    expect(mine.entries[1]!.you).toBe(true);
  });
});

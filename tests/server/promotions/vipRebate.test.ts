import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '../../../src/shared/identity';
import type { RebateView } from '../../../src/shared/rebates';
import type { RewardList } from '../../../src/shared/rewards';
import type { VipLevelDefinition, VipStatus } from '../../../src/shared/vip';
import type { PlatformConfig } from '../../../server/config/schema';
import { promotionDefinitionSchema } from '../../../server/config/promotions';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import { upsertPromotion } from '../../../server/domain/promotions/catalogue';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, loginToken } from '../../support/identityClient';
import {
  grant,
  ledgerSum,
  mainBalance,
  newKey,
  opsCall,
  withdraw,
} from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { foldAccruals } from '../../../server/domain/accruals/fold';

/**
 * VIP levels and the manual rebate (issue 14) through the real server, on both engines: the
 * level follows real bets and deposits over the period and is announced; each upgrade bonus is
 * paid once ever; the rebate accrues per valid bet at the level's rate, keeps fractions, and
 * parallel claims pay once; the level's daily withdrawal limit holds under parallel requests.
 */
const level = (
  n: number,
  validBet: string,
  deposit: string,
  extra: Partial<VipLevelDefinition> = {},
): VipLevelDefinition => ({
  level: n,
  name: { EN: `Level ${n}`, VI: `Cấp ${n}` },
  validBet,
  deposit,
  rebatePercent: { default: '0.10', RNG: '0.35' },
  upgradeBonus: n === 0 ? '0.00' : `${n + 1}.00`,
  withdrawalDailyMax: '100.00',
  ...extra,
});

const smallVip = (base: PlatformConfig): PlatformConfig => ({
  ...base,
  payments: {
    ...base.payments,
    deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
    withdrawal: { ...base.payments.withdrawal, demoPaySeconds: null },
  },
  vip: {
    period: { kind: 'rolling', days: 30 },
    upgradeBonusWagering: 0,
    levels: [
      level(0, '0.00', '0.00'),
      level(1, '20.00', '10.00'),
      level(2, '60.00', '10.00', { withdrawalDailyMax: null }),
    ],
  },
});

describe.each(engines)('VIP and manual rebate on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: smallVip });
  });
  afterAll(() => server.close());

  const get = async <T>(token: string, path: string, headers: Record<string, string> = {}) => {
    const reply = await call(server, path, { headers: { ...bearer(token), ...headers } });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const post = (token: string, path: string, json?: unknown) =>
    call(server, path, { method: 'POST', headers: bearer(token), json });
  const spin = async (launch: string, bet = '10.00') => {
    const reply = await call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet, roundId: newKey() },
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    // VIP progress and the rebate are folded in after the answer (issue 31): wait for them.
    await foldAccruals(server.deps);
  };
  const memberId = async (account: string) =>
    (
      await server.deps.db.query<{ id: string }>(
        'select id::text from members where account = $1',
        [account],
      )
    )[0]!.id;

  it('raises the level live as bets and deposits cross the thresholds, paying each upgrade bonus once ever', async () => {
    const token = await loginToken(server, 'player1');
    const id = await memberId('player1');
    const heard: number[] = [];
    const stop = server.deps.changes.on('vip', (change) => {
      if (change.memberId === id) heard.push(change.level);
    });
    await grant(server, 'player1', '500.00');
    const launch = await launchFirstSlot(server, token);
    await spin(launch);
    await spin(launch);
    // 20.00 of bets, no deposit yet: both thresholds are needed.
    expect((await get<VipStatus>(token, '/wps/vip')).level).toBe(0);
    const deposit = await post(token, '/wps/deposit', {
      channel: 'DEMO',
      amount: '10.00',
      idempotencyKey: newKey(),
    });
    await creditDeposit(server.deps, (deposit.body.value as { id: string }).id);
    expect(heard).toEqual([1]);
    const info = await get<MemberInfo>(token, '/wps/member/info', { language: 'VI' });
    expect(info).toMatchObject({ hasVip: true, vipLabelName: 'Cấp 1', vipRankLevel: 1 });
    const status = await get<VipStatus>(token, '/wps/vip');
    expect(status).toMatchObject({
      level: 1,
      name: 'Level 1',
      validBet: '20.00',
      deposit: '10.00',
      next: { level: 2, validBetLeft: '40.00', depositLeft: '0.00', percent: 33 },
    });
    expect(status.levels.map((one) => one.upgradeBonus)).toEqual(['0.00', '2.00', '3.00']);

    for (let i = 0; i < 4; i++) await spin(launch);
    expect(heard).toEqual([1, 2]);
    expect((await get<VipStatus>(token, '/wps/vip')).next).toBeNull();
    const rewards = await get<RewardList>(token, '/wps/rewards');
    expect(rewards.waiting.map((reward) => [reward.source, reward.amount])).toEqual([
      ['vip', '2.00'],
      ['vip', '3.00'],
    ]);

    // The period moves on: the level falls with the next bet, and reaching it again pays nothing.
    await server.deps.db.query(`update vip_daily_totals set day = day - 40 where member_id = $1`, [
      id,
    ]);
    await spin(launch);
    expect(heard.at(-1)).toBe(0);
    await server.deps.db.query(
      `update vip_daily_totals set deposit = deposit + 1000 where member_id = $1
       and day = (now() at time zone 'UTC')::date`,
      [id],
    );
    for (let i = 0; i < 6; i++) await spin(launch);
    expect(heard.at(-1)).toBe(2);
    const after = await get<RewardList>(token, '/wps/rewards');
    expect(after.waiting).toHaveLength(2);
    stop();
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('accrues the rebate per valid bet at the level rate, keeps fractions, and pays parallel claims once', async () => {
    const token = await loginToken(server, 'player2');
    await grant(server, 'player2', '200.00');
    const launch = await launchFirstSlot(server, token, 'RNG');
    for (let i = 0; i < 3; i++) await spin(launch);
    // 30.00 on slots (RNG) at level 0's 0.35 %: 0.105, of which 0.10 can be paid.
    expect(await get<RebateView>(token, '/wps/rebate')).toEqual({
      items: [{ gameType: 'RNG', validBet: '30.00', amount: '0.10' }],
      total: '0.10',
      claimable: true,
    });
    const before = await mainBalance(server, token);
    const claims = await Promise.all(
      Array.from({ length: 6 }, () => post(token, '/wps/rebate/claim')),
    );
    expect(claims.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of claims.filter((one) => !one.body.success)) {
      expect(reply).toMatchObject({ status: 409, body: { code: 'nothing_to_claim' } });
    }
    expect(Number(await mainBalance(server, token)) - Number(before)).toBeCloseTo(0.1, 5);
    expect((await get<RebateView>(token, '/wps/rebate')).claimable).toBe(false);

    // The half cent left over counts with the next bet: 0.005 + 0.035.
    await spin(launch);
    expect((await get<RebateView>(token, '/wps/rebate')).total).toBe('0.04');

    // An open rebate promotion for slots adds its percent. This file's levels pay upgrade
    // bonuses for a few bets, far outside the returns budget (issue 28): the operator's API
    // refuses it, so it is stored directly (tests/server/economics holds the refusal).
    const definition = {
      code: 'SLOT_REBATE_TEST',
      type: 'rebate',
      content: { EN: { title: 'Slots rebate', summary: '', terms: '' } },
      banner: null,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: null,
      audience: { kind: 'all' },
      terms: { percent: '0.65', gameTypes: ['RNG'] },
    };
    const refused = await opsCall(server, '/ops/promotions', { mode: 'create', definition });
    expect(refused).toMatchObject({ status: 409, body: { code: 'returns_budget_exceeded' } });
    await upsertPromotion(server.deps.db, promotionDefinitionSchema.parse(definition));
    await spin(launch);
    // 0.04 + 10.00 × (0.35 + 0.65) % = 0.14.
    expect((await get<RebateView>(token, '/wps/rebate')).total).toBe('0.14');
    await opsCall(server, '/ops/promotions/SLOT_REBATE_TEST/close', {});
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses a rebate promotion or a VIP rate above 2 %', async () => {
    const reply = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'GREEDY_REBATE',
        type: 'rebate',
        content: { EN: { title: 'Too much', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: { percent: '5' },
      },
    });
    expect(reply.status).toBe(400);
  });

  it('holds the VIP daily withdrawal limit under parallel requests', async () => {
    const token = await loginToken(server, 'player3');
    await grant(server, 'player3', '500.00');
    const both = await Promise.all([
      withdraw(server, token, { amount: '60.00' }),
      withdraw(server, token, { amount: '60.00' }),
    ]);
    expect(both.filter((reply) => reply.body.success)).toHaveLength(1);
    const refused = both.find((reply) => !reply.body.success)!;
    expect(refused.body).toMatchObject({
      code: 'withdrawal_daily_max',
      value: { max: '100.00', left: '40.00' },
    });
    expect((await withdraw(server, token, { amount: '50.00' })).body.code).toBe(
      'withdrawal_daily_max',
    );
    expect((await withdraw(server, token, { amount: '50.00' })).body.value).toMatchObject({
      left: '40.00',
    });
  });
});

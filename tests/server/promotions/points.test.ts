import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ConvertResult,
  GoodsView,
  PointHistoryPage,
  RedemptionView,
} from '../../../src/shared/points';
import { seedGoods } from '../../../server/domain/points/points';
import { issueRewardWithin } from '../../../server/domain/rewards/issue';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, encryptedCall, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, mainBalance, newKey, opsCall } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * The points mall (issue 14) through the real server, on both engines: points earned by real
 * bets in the bet's transaction, the seven spec calls, the last item in stock redeemed by many
 * at once (never oversold), the operator's decision (a rejection refunds points, cash and
 * stock), conversions to money through the ledger, once.
 */
describe.each(engines)('points mall on %s', (engine) => {
  let server: TestServer;
  let player1: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    player1 = await loginToken(server, 'player1');
    await seedGoods(server.deps.db, [
      {
        code: 'CAP',
        name: { EN: 'Cap', VI: 'Mũ' },
        image: null,
        points: 10,
        amount: '1.00',
        quantity: 1,
        status: 'active',
        kind: 'virtual',
      },
      {
        code: 'MUG',
        name: { EN: 'Mug' },
        image: '/goods/mug.svg',
        points: 5,
        amount: '0.00',
        quantity: 10,
        status: 'active',
        kind: 'virtual',
      },
      {
        code: 'HIDDEN',
        name: { EN: 'Hidden' },
        image: null,
        points: 1,
        amount: '0.00',
        quantity: 10,
        status: 'inactive',
        kind: 'virtual',
      },
    ]);
  });
  afterAll(() => server.close());

  const get = async <T>(token: string, name: string, query = '') => {
    const reply = await call(server, `/wps/relay/${name}${query}`, {
      headers: { ...bearer(token), language: 'VI' },
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const spin = async (launch: string, bet: string) => {
    const reply = await call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet, roundId: newKey() },
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  };
  const points = async (token: string) =>
    (await get<{ points: number }>(token, 'MCS2_getPointBalance')).points;
  const redeem = (token: string, goodsId: string, extra: Record<string, string> = {}) =>
    encryptedCall(
      server,
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      'POST',
      { goodsId, paymentPassword: '246810', idempotencyKey: newKey(), ...extra },
      bearer(token),
    );
  const convert = (token: string, amount: number, key = newKey()) =>
    encryptedCall(
      server,
      '/wps/relay/MCS2_convertPoint',
      'POST',
      { points: amount, idempotencyKey: key },
      bearer(token),
    );
  const goods = async (token: string) =>
    Object.fromEntries(
      (await get<GoodsView[]>(token, 'getPointReward')).map((item) => [item.code, item]),
    );

  it('earns points per valid bet at the game type rate, in the history by day', async () => {
    const token = player1;
    await grant(server, 'player1', '200.00');
    expect(await points(token)).toBe(0);
    const slots = await launchFirstSlot(server, token, 'RNG');
    for (let i = 0; i < 3; i++) await spin(slots, '10.00');
    const live = await launchFirstSlot(server, token, 'LIVE');
    await spin(live, '10.00');
    // 30.00 on slots at 1 point per 1.00, 10.00 on live casino at 0.5.
    expect(await points(token)).toBe(35);
    const history = await get<PointHistoryPage>(token, 'ODSFE2_MemTransDet');
    expect(history.items).toEqual([expect.objectContaining({ kind: 'earn', points: 35 })]);
    expect(await get(token, 'getPointConfig')).toEqual({
      earnPerUnit: { default: '1.00', LIVE: '0.50', SPORTS: '0.50' },
      convert: { step: 100, amountPerStep: '0.10' },
    });
    const offered = await goods(token);
    expect(Object.keys(offered)).toEqual(['CAP', 'MUG']);
    expect(offered.CAP).toMatchObject({ name: 'Mũ', points: 10, amount: '1.00', quantity: 1 });
  });

  it('never oversells the last item under parallel redeems, and takes points and cash once', async () => {
    const token = player1;
    const before = await mainBalance(server, token);
    const capId = (await goods(token)).CAP!.id;
    // Five at once: the payment password's burst guard judges five guesses at a time at most.
    const replies = await Promise.all(Array.from({ length: 5 }, () => redeem(token, capId)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of replies.filter((one) => !one.body.success)) {
      expect(reply.body.code).toBe('out_of_stock');
    }
    expect(await points(token)).toBe(25);
    expect(Number(before) - Number(await mainBalance(server, token))).toBeCloseTo(1, 5);
    expect((await goods(token)).CAP!.quantity).toBe(0);
    const [stock] = await server.deps.db.query<{ quantity: number }>(
      `select quantity from point_goods where code = 'CAP'`,
    );
    expect(stock!.quantity).toBe(0);

    // A retry with the same key answers the same redemption, taking nothing more.
    const mugId = (await goods(token)).MUG!.id;
    const key = newKey();
    const first = await redeem(token, mugId, { idempotencyKey: key });
    const again = await redeem(token, mugId, { idempotencyKey: key });
    expect((again.body.value as RedemptionView).id).toBe((first.body.value as RedemptionView).id);
    expect(await points(token)).toBe(20);

    expect((await redeem(token, mugId, { paymentPassword: '000000' })).body.code).toBe(
      'payment_password_wrong',
    );
    expect((await redeem(token, '999999')).body.code).toBe('not_found');
    const hidden = await server.deps.db.query<{ id: string }>(
      `select id::text from point_goods where code = 'HIDDEN'`,
    );
    expect((await redeem(token, hidden[0]!.id)).body.code).toBe('not_found');
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('lets the operator approve or reject once; a rejection refunds points, cash and stock', async () => {
    const token = player1;
    const list = await get<RedemptionView[]>(token, 'getRedeemPointList');
    expect(list.map((one) => [one.goods.code, one.status])).toEqual([
      ['MUG', 'inProcess'],
      ['CAP', 'inProcess'],
    ]);
    const [mug, cap] = list;
    const waiting = await opsCall(server, '/ops/redemptions');
    expect((waiting.body.value as RedemptionView[]).length).toBeGreaterThanOrEqual(2);

    const approved = await opsCall(server, `/ops/redemptions/${mug!.id}/approve`, {});
    expect(approved.body.value).toMatchObject({ status: 'approved' });
    const twice = await opsCall(server, `/ops/redemptions/${mug!.id}/reject`, {});
    expect(twice).toMatchObject({ status: 409, body: { code: 'redemption_decided' } });

    const before = await mainBalance(server, token);
    const rejected = await opsCall(server, `/ops/redemptions/${cap!.id}/reject`, {
      note: 'Out of caps',
    });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', note: 'Out of caps' });
    expect(await points(token)).toBe(30);
    expect(Number(await mainBalance(server, token)) - Number(before)).toBeCloseTo(1, 5);
    expect((await goods(token)).CAP!.quantity).toBe(1);
    const kinds = (await get<PointHistoryPage>(token, 'ODSFE2_MemTransDet')).items.map((item) => [
      item.kind,
      item.points,
    ]);
    expect(kinds).toEqual([
      ['refund', 10],
      ['redeem', -5],
      ['redeem', -10],
      ['earn', 35],
    ]);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('converts whole steps of points to money once, however many ask at the same moment', async () => {
    const token = await loginToken(server, 'player2');
    await server.deps.db.query(
      `insert into point_balances (member_id, balance)
       select id, 25000 from members where account = 'player2'`,
    );
    expect(await points(token)).toBe(250);
    expect((await convert(token, 150)).body).toMatchObject({
      code: 'points_step',
      value: { step: 100 },
    });
    const before = await mainBalance(server, token);
    const replies = await Promise.all(Array.from({ length: 4 }, () => convert(token, 200)));
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of replies.filter((one) => !one.body.success)) {
      expect(reply.body.code).toBe('insufficient_points');
    }
    const key = newKey();
    const done = await convert(token, 100, key);
    expect(done.body.code).toBe('insufficient_points');
    expect(await points(token)).toBe(50);
    expect(Number(await mainBalance(server, token)) - Number(before)).toBeCloseTo(0.2, 5);
    // A retry of a conversion that went through answers it again, moving nothing.
    await server.deps.db.query(
      `update point_balances set balance = balance + 10000
       where member_id = (select id from members where account = 'player2')`,
    );
    const retryKey = newKey();
    const once = (await convert(token, 100, retryKey)).body.value as ConvertResult;
    const twice = (await convert(token, 100, retryKey)).body.value as ConvertResult;
    expect(twice).toEqual(once);
    expect(once).toMatchObject({ points: 100, amount: '0.10', balance: 50 });
    expect((await convert(token, 200, retryKey)).body.code).toBe('idempotency_conflict');
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('charges one key sent ten times at once once (issue 28, finding 6)', async () => {
    const token = await loginToken(server, 'player4');
    await server.deps.db.query(
      `insert into point_balances (member_id, balance)
       select id, 100000 from members where account = 'player4'`,
    );
    const before = await mainBalance(server, token);
    const key = newKey();
    const replies = await Promise.all(Array.from({ length: 10 }, () => convert(token, 100, key)));
    for (const reply of replies) expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    // Every reply is the first conversion's answer; 100 points left once, 0.10 came once.
    for (const reply of replies) {
      expect(reply.body.value).toEqual({ points: 100, amount: '0.10', balance: 900 });
    }
    expect(await points(token)).toBe(900);
    expect(Number(await mainBalance(server, token)) - Number(before)).toBeCloseTo(0.1, 5);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses the cash part of a good while a bonus is being wagered', async () => {
    const token = await loginToken(server, 'player3');
    await grant(server, 'player3', '50.00');
    const [member] = await server.deps.db.query<{ id: string }>(
      `select id::text from members where account = 'player3'`,
    );
    await server.deps.db.query(
      `insert into point_balances (member_id, balance) values ($1, 10000)`,
      [member!.id],
    );
    const reward = await issueRewardWithin(server.deps.db, {
      memberId: member!.id,
      source: 'mission',
      sourceKey: `test:${newKey()}`,
      houseAccount: 'promotions',
      amount: 500n,
      wageringRequired: 5000n,
    });
    const claimed = await call(server, `/wps/rewards/${reward}/claim`, {
      method: 'POST',
      headers: bearer(token),
      json: {},
    });
    expect(claimed.body.success).toBe(true);
    const capId = (await goods(token)).CAP!.id;
    expect((await redeem(token, capId)).body.code).toBe('wagering_open');
    expect(await points(token)).toBe(100);
    expect((await goods(token)).CAP!.quantity).toBe(1);
    // Goods without a cash part are points only: allowed.
    expect((await redeem(token, (await goods(token)).MUG!.id)).body.success).toBe(true);
  });
});

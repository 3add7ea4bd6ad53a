import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress, DeliveryDefaults } from '../../../src/shared/deliveryAddress';
import type { OpsGoodsRow } from '../../../src/shared/backOfficePromotions';
import type { OpsRedemptionRow } from '../../../src/shared/backOfficeQueues';
import type { GoodsView, RedemptionView } from '../../../src/shared/points';
import { seedGoods } from '../../../server/domain/points/points';
import { bearer, encryptedCall, loginToken } from '../../support/identityClient';
import { ledgerSum, newKey, opsCall } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { asStaff, newStaff } from '../backOffice/staffClient';

/**
 * Physical goods of the points mall are shipped (the review's finding), through the real server
 * on both engines: a physical good's redemption needs a delivery address, each part refused
 * with its own code and field (before the payment password is tried); the address is stored as
 * typed text with the redemption, in one transaction with the stock and the points; it shows in
 * the member's history and the operator's queue, and prefills the member's next one. A retry of
 * the same key answers the first redemption and may not move it elsewhere.
 */
describe.each(engines)('points mall delivery on %s', (engine) => {
  let server: TestServer;
  let player1: string;
  let player2: string;

  const address: DeliveryAddress = {
    recipient: 'Nguyễn Văn An',
    phone: '+84 90 000 0001',
    line1: '12 Lý Thường Kiệt',
    line2: '',
    city: 'Hà Nội',
    postcode: '100000',
    country: 'VN',
  };

  beforeAll(async () => {
    server = await startTestServer(engine);
    player1 = await loginToken(server, 'player1');
    player2 = await loginToken(server, 'player2');
    await seedGoods(server.deps.db, [
      {
        code: 'PARCEL',
        name: { EN: 'Parcel' },
        image: null,
        points: 10,
        amount: '0.00',
        quantity: 3,
        status: 'active',
        kind: 'physical',
      },
      {
        code: 'LAST_ONE',
        name: { EN: 'Last one' },
        image: null,
        points: 10,
        amount: '0.00',
        quantity: 1,
        status: 'active',
        kind: 'physical',
      },
      {
        code: 'CODE',
        name: { EN: 'Code' },
        image: null,
        points: 10,
        amount: '0.00',
        quantity: 10,
        status: 'active',
        kind: 'virtual',
      },
    ]);
    await server.deps.db.query(
      `insert into point_balances (member_id, balance)
       select id, 100000 from members where account in ('player1', 'player2')`,
    );
  });
  afterAll(() => server.close());

  const get = async <T>(token: string, path: string) => {
    const reply = await call(server, path, { headers: bearer(token) });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const goods = async (token: string) =>
    Object.fromEntries(
      (await get<GoodsView[]>(token, '/wps/relay/getPointReward')).map((item) => [item.code, item]),
    );
  const points = async (token: string) =>
    (await get<{ points: number }>(token, '/wps/relay/MCS2_getPointBalance')).points;
  const redeem = (token: string, body: Record<string, unknown>) =>
    encryptedCall(
      server,
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      'POST',
      { paymentPassword: '246810', idempotencyKey: newKey(), ...body },
      bearer(token),
    );

  it('lists each good with its kind, and the operator sets it', async () => {
    const offered = await goods(player1);
    expect(offered.PARCEL).toMatchObject({ kind: 'physical' });
    expect(offered.CODE).toMatchObject({ kind: 'virtual' });

    const saved = await opsCall(server, '/ops/goods', {
      code: 'MUG_SHIPPED',
      name: { EN: 'Mug' },
      points: 100,
      quantity: 2,
      kind: 'physical',
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    const listed = (await opsCall(server, '/ops/goods')).body.value as OpsGoodsRow[];
    expect(listed.find((row) => row.code === 'MUG_SHIPPED')).toMatchObject({ kind: 'physical' });
    // Saved again without a kind, a good is virtual (a definition replaces the whole good).
    await opsCall(server, '/ops/goods', {
      code: 'MUG_SHIPPED',
      name: { EN: 'Mug' },
      points: 100,
      quantity: 2,
    });
    const again = (await opsCall(server, '/ops/goods')).body.value as OpsGoodsRow[];
    expect(again.find((row) => row.code === 'MUG_SHIPPED')).toMatchObject({ kind: 'virtual' });
    const refused = await opsCall(server, '/ops/goods', {
      code: 'MUG_SHIPPED',
      name: { EN: 'Mug' },
      points: 100,
      quantity: 2,
      kind: 'drone',
    });
    expect(refused.body.code).toBe('invalid_request');
  });

  it('refuses a physical good without an address, and each bad part with its own code and field', async () => {
    const parcel = (await goods(player1)).PARCEL!;
    const before = await points(player1);

    const missing = await redeem(player1, { goodsId: parcel.id });
    expect(missing).toMatchObject({ status: 400, body: { code: 'delivery_address_required' } });

    const cases: [Partial<DeliveryAddress>, string][] = [
      [{ recipient: '   ' }, 'recipient'],
      [{ recipient: 'A'.repeat(61) }, 'recipient'],
      [{ phone: '12345' }, 'phone'],
      [{ phone: '0900-CALL-ME' }, 'phone'],
      [{ phone: '+84 1234 5678 9012 345' }, 'phone'],
      [{ line1: 'x'.repeat(101) }, 'line1'],
      [{ line2: 'Floor 2\nRoom 5' }, 'line2'],
      // A right-to-left override would make the operator read the address in another order.
      [{ city: 'Hà \u202ENội' }, 'city'],
      [{ postcode: '<b>1</b>' }, 'postcode'],
      [{ country: 'FR' }, 'country'],
    ];
    for (const [change, field] of cases) {
      // A wrong payment password too: the address is judged first, and costs no attempt.
      const reply = await redeem(player1, {
        goodsId: parcel.id,
        paymentPassword: '000000',
        delivery: { ...address, ...change },
      });
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body, JSON.stringify(change)).toMatchObject({
        code: `delivery_${field}_invalid`,
        value: { field },
      });
    }
    // A part the size of a document, or a part nobody asked for, is not an address at all.
    const huge = await redeem(player1, {
      goodsId: parcel.id,
      delivery: { ...address, line1: 'x'.repeat(5000) },
    });
    expect(huge).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const extra = await redeem(player1, {
      goodsId: parcel.id,
      delivery: { ...address, note: 'leave at the door' },
    });
    expect(extra).toMatchObject({ status: 400, body: { code: 'invalid_request' } });

    // Nothing moved: the stock, the points, and no payment password guess was counted (five
    // wrong ones lock it for 15 minutes; the next test redeems with this member at once).
    expect((await goods(player1)).PARCEL!.quantity).toBe(3);
    expect(await points(player1)).toBe(before);
  });

  it('stores the address as typed text with the redemption, for the member and the operator', async () => {
    expect(await get<DeliveryDefaults>(player1, '/wps/points/delivery')).toEqual({
      countries: server.deps.config.countries.map((country) => country.countryCode),
      last: null,
    });
    const parcel = (await goods(player1)).PARCEL!;
    const typed = {
      ...address,
      // Markup is text here: stored as typed, never interpreted (the pages show it as text).
      recipient: '  <img src=x onerror=alert(1)>   Ann  ',
      line2: 'Tầng 3',
      postcode: ' 100000 ',
      country: 'vn',
    };
    const reply = await redeem(player1, { goodsId: parcel.id, delivery: typed });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    const stored: DeliveryAddress = {
      ...address,
      recipient: '<img src=x onerror=alert(1)> Ann',
      line2: 'Tầng 3',
    };
    const redemption = reply.body.value as RedemptionView;
    expect(redemption.delivery).toEqual(stored);
    expect((await goods(player1)).PARCEL!.quantity).toBe(2);

    const history = await get<RedemptionView[]>(player1, '/wps/relay/getRedeemPointList');
    expect(history.find((one) => one.id === redemption.id)!.delivery).toEqual(stored);

    // The operator's queue says where to ship it: by the command line and in the back office.
    const queue = (await opsCall(server, '/ops/redemptions')).body.value as OpsRedemptionRow[];
    expect(queue.find((one) => one.id === redemption.id)).toMatchObject({
      account: 'player1',
      delivery: stored,
    });
    const marketing = await newStaff(server, `ship.marketing.${engine}`, ['marketing']);
    const seen = await asStaff(server, marketing, '/ops/redemptions');
    expect(
      (seen.body.value as OpsRedemptionRow[]).find((one) => one.id === redemption.id)!.delivery,
    ).toEqual(stored);
    const approved = await asStaff(server, marketing, `/ops/redemptions/${redemption.id}/approve`, {
      note: null,
    });
    expect((approved.body.value as RedemptionView).delivery).toEqual(stored);

    // The next redemption starts from it; another member's does not.
    expect(await get<DeliveryDefaults>(player1, '/wps/points/delivery')).toMatchObject({
      last: stored,
    });
    expect(await get<DeliveryDefaults>(player2, '/wps/points/delivery')).toMatchObject({
      last: null,
    });
  });

  it('keeps no address for a virtual good', async () => {
    const code = (await goods(player2)).CODE!;
    const reply = await redeem(player2, { goodsId: code.id, delivery: address });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    expect((reply.body.value as RedemptionView).delivery).toBeNull();
    const [row] = await server.deps.db.query<{ delivery: unknown }>(
      'select delivery from point_redemptions where id = $1',
      [(reply.body.value as RedemptionView).id],
    );
    expect(row!.delivery).toBeNull();
    expect((await get<DeliveryDefaults>(player2, '/wps/points/delivery')).last).toBeNull();
  });

  it('answers a retry of the same key with the first redemption, and never ships it elsewhere', async () => {
    const parcel = (await goods(player2)).PARCEL!;
    const before = await points(player2);
    const key = newKey();
    const first = await redeem(player2, {
      goodsId: parcel.id,
      idempotencyKey: key,
      delivery: address,
    });
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    const again = await redeem(player2, {
      goodsId: parcel.id,
      idempotencyKey: key,
      delivery: { ...address, recipient: ` ${address.recipient} ` },
    });
    expect((again.body.value as RedemptionView).id).toBe((first.body.value as RedemptionView).id);
    const moved = await redeem(player2, {
      goodsId: parcel.id,
      idempotencyKey: key,
      delivery: { ...address, line1: '1 Other Street' },
    });
    expect(moved).toMatchObject({ status: 409, body: { code: 'idempotency_conflict' } });
    const bare = await redeem(player2, { goodsId: parcel.id, idempotencyKey: key });
    expect(bare).toMatchObject({ status: 409, body: { code: 'idempotency_conflict' } });
    expect(await points(player2)).toBe(before - 10);
    const [count] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from point_redemptions where delivery ->> 'line1' = '1 Other Street'`,
    );
    expect(count!.n).toBe(0);
  });

  it('never oversells the last physical item when several redeem it at once', async () => {
    const last = (await goods(player1)).LAST_ONE!;
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => redeem(player1, { goodsId: last.id, delivery: address })),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of replies.filter((one) => !one.body.success)) {
      expect(reply.body.code).toBe('out_of_stock');
    }
    const [stock] = await server.deps.db.query<{ quantity: number }>(
      `select quantity from point_goods where code = 'LAST_ONE'`,
    );
    expect(stock!.quantity).toBe(0);
    // Sold out: the same refusal with or without an address.
    expect((await redeem(player1, { goodsId: last.id })).body.code).toBe('out_of_stock');
    expect(await ledgerSum(server)).toBe(0n);
  });
});

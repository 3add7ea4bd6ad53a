import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodAt } from '../../src/shared/lottery';
import { loNumbers, type VnLine } from '../../src/shared/vnLotto';
import { parseMoney } from '../../src/shared/money';
import { DEFAULT_LIABILITY_CAPS } from '../../server/config/vnLiability';
import { grant, ledgerSum, newKey } from '../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../support/testServer';
import { VN_NORTH_RESULT } from '../support/vnResults';
import { abuseConfig, houseBalance, type Member, post, register } from './abuseClient';

/**
 * Strategy `number-cap-collusion` (docs/decisions.md "Liability cap per number"): a group that
 * knows (or fixes) a number spreads its stakes over many accounts and many parallel slips, đề
 * on it and xiên 2 pairing it with every other number, so that no one account looks large. The
 * house's liability cap is per number and draw, whoever stakes: with the shipped caps, what the
 * house pays when the number comes out stays within them, however the stakes were spread.
 */
describe.each(engines)('number-cap-collusion on %s', (engine) => {
  let server: TestServer;
  const interval = 300;
  const period = periodAt(interval, new Date());
  const now = new Date(period.opensAt.getTime() + 20_000);
  let nodeId: string;
  const group: { member: Member; launch: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(engine, { config: abuseConfig() });
    server.deps.clock.now = () => now;
    const [game] = await server.deps.db.query<{ node_id: string }>(
      `select node_id from games where lottery_group = 'VN_NORTH' and enabled order by sort limit 1`,
    );
    nodeId = game!.node_id;
    for (let n = 0; n < 8; n += 1) {
      const member = await register(server, { ip: `198.51.100.${n + 10}` });
      await grant(server, member.username, '300.00');
      const launched = await post(server, member.token, '/wps/game/launchGame', {
        nodeId,
        vassalage: 'TCG_LOTTO_VN',
      });
      expect(launched.body.success, JSON.stringify(launched.body)).toBe(true);
      group.push({
        member,
        launch: new URL((launched.body.value as { url: string }).url, server.url).searchParams.get(
          'launch',
        )!,
      });
    }
  });
  afterAll(() => server.close());

  const slip = (launch: string, lines: VnLine[]) =>
    call(server, '/wps/demo-vendor/vn/slips', {
      method: 'POST',
      json: { launch, slipId: newKey(), numero: period.numero, lines },
    });

  it('number-cap-collusion: eight accounts, forty parallel slips, the house owes no more than the cap on 27', async () => {
    const caps = server.deps.config.lottery.liabilityCaps;
    expect(caps).toEqual(DEFAULT_LIABILITY_CAPS);
    // Every other number of the draw to come, paired with 27 in xiên 2: all of them win.
    const partners = [...new Set(loNumbers(VN_NORTH_RESULT))].filter((one) => one !== '27');
    const vendorsBefore = await houseBalance(server, 'vendors');
    // Each account five slips at once: đề 27 at 10.00 (950.00 if it comes out) and a xiên 2
    // of 27 with another number at 50.00 (850.00).
    const burst = await Promise.all(
      group.flatMap(({ launch }, member) =>
        Array.from({ length: 5 }, (_, n) =>
          slip(launch, [
            { betType: 'de', numbers: ['27'], unit: '10.00', multiplier: 1 },
            {
              betType: 'xien2',
              numbers: ['27', partners[(member * 5 + n) % partners.length]!].sort(),
              unit: '50.00',
              multiplier: 1,
            },
          ]),
        ),
      ),
    );
    const placed = burst.filter((reply) => reply.body.success).length;
    const refused = burst.filter((reply) => reply.body.code === 'number_limit').length;
    expect(placed + refused).toBe(40);
    expect(refused).toBeGreaterThan(0);
    // The smallest đề line on 27 from a fresh account: refused as well once the room is gone.
    const late = await register(server, { ip: '198.51.100.99' });
    await grant(server, late.username, '10.00');
    const lateLaunch = await post(server, late.token, '/wps/game/launchGame', {
      nodeId,
      vassalage: 'TCG_LOTTO_VN',
    });
    const lateReply = await slip(
      new URL((lateLaunch.body.value as { url: string }).url, server.url).searchParams.get(
        'launch',
      )!,
      [{ betType: 'de', numbers: ['27'], unit: '1.00', multiplier: 1 }],
    );
    // 21 đề lines of 950.00 fill 19 950.00 of the 20 000.00 cap: 50.00 is left, 0.52 of stake.
    expect(placed).toBe(21);
    expect(lateReply.body.code).toBe('number_limit');
    expect(lateReply.body.value).toMatchObject({ betType: 'de', number: '27', accepted: '0.52' });

    // 27 comes out (the special prize ends in 27, every partner among the lô numbers).
    const rig = await call(server, '/wps/dev/vn-lotto/draw', {
      method: 'POST',
      json: { gameCode: nodeId, numero: period.numero, prizes: VN_NORTH_RESULT },
    });
    expect(rig.body.success, JSON.stringify(rig.body)).toBe(true);
    const rows = await server.deps.db.query<{
      lines: { betType: string; numbers: string[]; win: string }[] | string;
      stake: string;
      win: string;
    }>(`select lines, stake::text, win::text from vn_slips where numero = $1 and node_id = $2`, [
      period.numero,
      nodeId,
    ]);
    let dePaid = 0n;
    let xienPaid = 0n;
    let stakes = 0n;
    let wins = 0n;
    for (const row of rows) {
      const lines = typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines;
      for (const line of lines as { betType: string; numbers: string[]; win: string }[]) {
        if (line.betType === 'de' && line.numbers[0] === '27') dePaid += parseMoney(line.win);
        if (line.betType === 'xien2' && line.numbers.includes('27')) {
          xienPaid += parseMoney(line.win);
        }
      }
      stakes += BigInt(row.stake);
      wins += BigInt(row.win);
    }
    process.stdout.write(
      `[abuse] number-cap-collusion on ${engine}: ${placed} of 40 slips placed; paid on 27: ` +
        `đề ${dePaid} (cap ${parseMoney(caps.de)}), xiên 2 ${xienPaid} (cap ${parseMoney(caps.xien2)})` +
        '\n',
    );
    expect(dePaid).toBeGreaterThan(0n);
    expect(dePaid).toBeLessThanOrEqual(parseMoney(caps.de));
    expect(xienPaid).toBeLessThanOrEqual(parseMoney(caps.xien2));
    // The house's side is the stakes less the wins; nothing of a refused slip moved.
    expect((await houseBalance(server, 'vendors')) - vendorsBefore).toBe(stakes - wins);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

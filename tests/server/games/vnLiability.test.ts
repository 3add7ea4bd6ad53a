import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodAt } from '../../../src/shared/lottery';
import type { VnLine } from '../../../src/shared/vnLotto';
import { loadPlatformConfig } from '../../../server/config/load';
import { platformConfigSchema } from '../../../server/config/schema';
import { DEFAULT_LIABILITY_CAPS } from '../../../server/config/vnLiability';
import { pruneVnExposure } from '../../../server/domain/games/lottery/vnExposure';
import { settleVnSlips } from '../../../server/domain/games/lottery/vnSettle';
import { grant, ledgerSum, newKey } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { balances, houseBalance, type Member, post, register } from '../../abuse/abuseClient';

/**
 * The Vietnamese lottery's liability cap per number and draw (docs/decisions.md "Liability cap
 * per number"): what the house owes on a number of a draw if it comes out never passes the
 * configured cap of its bet type, even when many players' slips race for it; a slip that would
 * pass it is refused whole (`number_limit`, naming the number, the lines and the stake still
 * accepted) with nothing charged; the reservations belong to their draw. The caps are checked
 * when the configuration is read.
 */
describe.each(engines)('Vietnam lottery liability cap on %s', (engine) => {
  let server: TestServer;
  let nodeId: string;
  const interval = 300;
  const period = periodAt(interval, new Date());
  const now = new Date(period.opensAt.getTime() + 20_000);
  const players: { member: Member; launch: string }[] = [];

  const line = (
    betType: VnLine['betType'],
    numbers: string[],
    multiplier = 1,
    unit = '1.00',
  ): VnLine => ({ betType, numbers, unit, multiplier });
  const place = (launch: string, lines: VnLine[], numero = period.numero) =>
    call(server, '/wps/demo-vendor/vn/slips', {
      method: 'POST',
      json: { launch, slipId: newKey(), numero, lines },
    });
  const exposureOf = async (betType: string, number: string, numero = period.numero) => {
    const [row] = await server.deps.db.query<{ exposure: string }>(
      `select exposure::text from vn_exposure
       where node_id = $1 and numero = $2 and bet_type = $3 and number = $4`,
      [nodeId, numero, betType, number],
    );
    return row ? BigInt(row.exposure) : 0n;
  };

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({
        ...base,
        lottery: {
          ...base.lottery,
          // Đề at 95: 950.00 of payout is ten 1.00 lines; xiên 2 (17 in the north): 340.00.
          liabilityCaps: { ...base.lottery.liabilityCaps, de: '950.00', xien2: '1700.00' },
        },
      }),
    });
    server.deps.clock.now = () => now;
    const [game] = await server.deps.db.query<{ node_id: string }>(
      `select node_id from games where lottery_group = 'VN_NORTH' and enabled order by sort limit 1`,
    );
    nodeId = game!.node_id;
    for (let n = 0; n < 10; n += 1) {
      const member = await register(server);
      await grant(server, member.username, '100.00');
      const launched = await post(server, member.token, '/wps/game/launchGame', {
        nodeId,
        vassalage: 'TCG_LOTTO_VN',
      });
      expect(launched.body.success, JSON.stringify(launched.body)).toBe(true);
      const launch = new URL(
        (launched.body.value as { url: string }).url,
        server.url,
      ).searchParams.get('launch')!;
      players.push({ member, launch });
    }
  });
  afterAll(() => server.close());

  it('lets a burst of thirty slips from ten players take a number exactly to its cap', async () => {
    const vendorsBefore = await houseBalance(server, 'vendors');
    // Each slip: đề 27 at 2.00, 190.00 if it comes out — a fifth of the 950.00 cap.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        place(players[n % players.length]!.launch, [line('de', ['27'], 2)]),
      ),
    );
    const placed = burst.filter((reply) => reply.body.success);
    expect(placed).toHaveLength(5);
    for (const reply of burst.filter((one) => !one.body.success)) {
      expect(reply.status).toBe(409);
      expect(reply.body.code).toBe('number_limit');
      expect(reply.body.message).toContain('27');
      expect(reply.body.value).toEqual({
        field: 'lines',
        lines: [0],
        betType: 'de',
        number: '27',
        accepted: '0.00',
      });
    }
    expect(await exposureOf('de', '27')).toBe(95_000n);
    // Only the five placed slips were charged: 10.00 in all, the books at zero.
    expect((await houseBalance(server, 'vendors')) - vendorsBefore).toBe(1_000n);
    let real = 0n;
    for (const { member } of players) real += (await balances(server, member.token)).real;
    expect(real).toBe(100_000n - 1_000n);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses a whole slip for its one line past the cap, naming the stake still accepted', async () => {
    const { member, launch } = players[0]!;
    const before = await balances(server, member.token);
    // Đề 45: 3.00 leaves 665.00 of room, 7.00 more in stake.
    expect((await place(launch, [line('de', ['45'], 3)])).body.success).toBe(true);
    const refused = await place(launch, [
      line('lo2', ['45'], 5),
      line('de', ['45'], 5),
      line('de', ['45'], 3),
    ]);
    expect(refused.body.code).toBe('number_limit');
    expect(refused.body.message).toContain('7.00');
    expect(refused.body.value).toEqual({
      field: 'lines',
      lines: [1, 2],
      betType: 'de',
      number: '45',
      accepted: '7.00',
    });
    // Nothing of it stayed: not the lô line before it, not the charge.
    expect(await exposureOf('lo2', '45')).toBe(0n);
    expect(await exposureOf('de', '45')).toBe(28_500n);
    expect(await balances(server, member.token)).toEqual({
      ...before,
      real: before.real - 300n,
    });
    // Exactly what is left is accepted.
    expect((await place(launch, [line('de', ['45'], 7)])).body.success).toBe(true);
    expect(await exposureOf('de', '45')).toBe(95_000n);
    // A line alone larger than the cap: refused with the whole room named.
    const big = await place(launch, [line('de', ['46'], 11)]);
    expect(big.body.value).toMatchObject({ number: '46', accepted: '10.00' });
    expect(await exposureOf('de', '46')).toBe(0n);
  });

  it('counts a xiên line against each of its numbers', async () => {
    const { member, launch } = players[1]!;
    await grant(server, member.username, '200.00');
    // Xiên 2 pays 17 in the north: 10.00 is 170.00 on 11 and on 12.
    expect(
      (await place(launch, [line('xien2', ['11', '12'], 10), line('xien2', ['11', '13'], 5)])).body
        .success,
    ).toBe(true);
    expect(await exposureOf('xien2', '11')).toBe(25_500n);
    expect(await exposureOf('xien2', '12')).toBe(17_000n);
    expect(await exposureOf('xien2', '13')).toBe(8_500n);
    // Spreading over other combinations does not get 11 past 1 700.00: with 80.00 on 11+15
    // (1 360.00), 85.00 of payout is left, 5.00 of stake.
    expect((await place(launch, [line('xien2', ['11', '15'], 80)])).body.success).toBe(true);
    const spread = await place(launch, [line('xien2', ['11', '14'], 10)]);
    expect(spread.body.value).toMatchObject({ betType: 'xien2', number: '11', accepted: '5.00' });
    expect((await place(launch, [line('xien2', ['11', '14'], 5)])).body.success).toBe(true);
    expect(await exposureOf('xien2', '11')).toBe(170_000n);
    expect(await exposureOf('xien2', '14')).toBe(8_500n);
    expect(await exposureOf('xien2', '15')).toBe(136_000n);
  });

  it('keeps each draw to itself: the next draw has the whole cap, and old ones are pruned', async () => {
    const { launch } = players[2]!;
    const next = periodAt(interval, new Date(period.closesAt.getTime() + 20_000));
    server.deps.clock.now = () => new Date(next.opensAt.getTime() + 20_000);
    expect((await place(launch, [line('de', ['27'], 10)], next.numero)).body.success).toBe(true);
    expect(await exposureOf('de', '27', next.numero)).toBe(95_000n);
    server.deps.clock.now = () => now;
    // A slip voided (its draw never opened) keeps its draw's reservation: that draw takes no
    // more bets; the reservations go with the draws, after lottery.keepDays.
    await server.deps.db.query(
      `update vn_slips set closes_at = now() - interval '1 hour'
       where node_id = $1 and numero = $2`,
      [nodeId, next.numero],
    );
    expect((await settleVnSlips(server.deps)).voided).toBe(1);
    expect(await exposureOf('de', '27', next.numero)).toBe(95_000n);
    await pruneVnExposure(
      server.deps.db,
      new Date(next.closesAt.getTime() + 8 * 86_400_000),
      server.deps.config.lottery.keepDays,
    );
    expect(await exposureOf('de', '27', next.numero)).toBe(0n);
    expect(await exposureOf('de', '27')).toBe(0n);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

describe('the liability caps in the configuration', () => {
  it('ships caps for every bet type, đề and 3 càng tighter than lô, and defaults them when left out', async () => {
    const shipped = await loadPlatformConfig('config/platform.json');
    expect(shipped.lottery.liabilityCaps).toEqual(DEFAULT_LIABILITY_CAPS);
    const raw = structuredClone(shipped) as Record<string, unknown> & {
      lottery: Record<string, unknown>;
    };
    delete raw.lottery.liabilityCaps;
    expect(platformConfigSchema.parse(raw).lottery.liabilityCaps).toEqual(DEFAULT_LIABILITY_CAPS);
    delete (raw as { lottery?: unknown }).lottery;
    expect(platformConfigSchema.parse(raw).lottery.liabilityCaps).toEqual(DEFAULT_LIABILITY_CAPS);
  });

  it('refuses no cap, a zero cap, and a cap too small for one line of the smallest bet', async () => {
    const shipped = await loadPlatformConfig('config/platform.json');
    const withCaps = (caps: Record<string, unknown>) => {
      const config = structuredClone(shipped) as unknown as {
        lottery: { liabilityCaps: Record<string, unknown> };
      };
      config.lottery.liabilityCaps = { ...config.lottery.liabilityCaps, ...caps };
      return platformConfigSchema.safeParse(config);
    };
    const messages = (caps: Record<string, unknown>) => {
      const parsed = withCaps(caps);
      return parsed.success
        ? []
        : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(messages({ de: null }).join()).toContain('lottery.liabilityCaps.de');
    expect(messages({ de: '0.00' }).join()).toContain('more than 0');
    expect(messages({ de: '-5' }).join()).toContain('lottery.liabilityCaps.de');
    expect(messages({ unlimited: true }).join()).toContain('lottery.liabilityCaps');
    // One 1.00 line of 3 càng pays 950.00: a smaller cap could never take a bet.
    expect(messages({ bacang: '949.99' })).toEqual([
      'lottery.liabilityCaps.bacang: at least 950.00 (one line of the smallest bet level at its odds)',
    ]);
    expect(withCaps({ bacang: '950.00' }).success).toBe(true);
  });

  it('refuses to start on a file with a bad cap, naming it', async () => {
    const raw = JSON.parse(await readFile('config/platform.json', 'utf8'));
    raw.lottery.liabilityCaps.de = '0';
    const dir = await mkdtemp(path.join(tmpdir(), 'caps-'));
    const file = path.join(dir, 'platform.json');
    await writeFile(file, JSON.stringify(raw));
    await expect(loadPlatformConfig(file)).rejects.toThrow(
      /Invalid configuration .*\n {2}lottery\.liabilityCaps\.de: more than 0/,
    );
    await rm(dir, { recursive: true });
  });
});

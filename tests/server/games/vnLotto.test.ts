import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchResult } from '../../../src/shared/games';
import { periodAt } from '../../../src/shared/lottery';
import type {
  VnLine,
  VnLottoSession,
  VnResult,
  VnSlipAnswer,
  VnTicket,
} from '../../../src/shared/vnLotto';
import { openDueDraws } from '../../../server/domain/games/lottery/draws';
import { settleVnSlips } from '../../../server/domain/games/lottery/vnSettle';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, mainBalance } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { VN_NORTH_RESULT } from '../../support/vnResults';

/**
 * The Vietnamese lottery (issue 34, finding 4): a slip of lô, đề, 3 càng and xiên lines is placed
 * on the draw taking bets (its stake from real money, once per slip id, refused for a draw that
 * has closed and for every bad line), settled when its draw opens against the drawn prize tiers
 * (exactly what the paytable says, once however many settlement runs race) with its betting
 * record, and voided with its stake back when its draw will never open. The books sum to zero.
 */
describe.each(engines)('Vietnam lottery on %s', (engine) => {
  let server: TestServer;
  let token: string;
  let launch: string;
  let nodeId: string;
  // The clock stands still 20 s into a 300 s period: the draw taking bets is known.
  const interval = 300;
  const period = periodAt(interval, new Date());
  const now = new Date(period.opensAt.getTime() + 20_000);

  const launchOf = async (json: Record<string, unknown>, auth = token) => {
    const reply = await call(server, '/wps/game/launchGame', {
      method: 'POST',
      headers: bearer(auth),
      json,
    });
    expect(reply.body.success, reply.body.message).toBe(true);
    return new URL((reply.body.value as LaunchResult).url, server.url).searchParams.get('launch')!;
  };
  const session = async (token: string) =>
    (await call(server, `/wps/demo-vendor/session?launch=${token}`)).body.value as {
      vnLotto: VnLottoSession | null;
      balance: string;
    };
  const place = (lines: VnLine[], slipId: string, numero = period.numero, onLaunch = launch) =>
    call(server, '/wps/demo-vendor/vn/slips', {
      method: 'POST',
      json: { launch: onLaunch, slipId, numero, lines },
    });
  const line = (
    betType: VnLine['betType'],
    numbers: string[],
    multiplier = 1,
    unit = '1.00',
  ): VnLine => ({ betType, numbers, unit, multiplier });
  const tickets = async () =>
    (await call(server, `/wps/demo-vendor/vn/tickets?launch=${launch}`)).body.value as VnTicket[];

  beforeAll(async () => {
    server = await startTestServer(engine);
    server.deps.clock.now = () => now;
    token = await loginToken(server, 'player2');
    await grant(server, 'player2', '100.00');
    const [game] = await server.deps.db.query<{ node_id: string }>(
      `select node_id from games where lottery_group = 'VN_NORTH' and enabled order by sort limit 1`,
    );
    nodeId = game!.node_id;
    launch = await launchOf({
      vassalage: 'TCG_LOTTO_VN',
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'LOTT',
      lottoGameCode: nodeId,
      lottoView: 'betting',
    });
  });
  afterAll(() => server.close());

  it('offers the bet types with their odds on the draw taking bets, to real play only', async () => {
    const vn = (await session(launch)).vnLotto!;
    expect(vn.format).toBe('north');
    expect(vn.open.numero).toBe(period.numero);
    expect(new Date(vn.open.betsCloseAt).getTime()).toBe(period.closesAt.getTime() - 30_000);
    expect(vn.betTypes.map((type) => `${type.betType}:${type.odds}`)).toEqual([
      'lo2:3.5',
      'de:95',
      'bacang:950',
      'xien2:17',
      'xien3:75',
      'xien4:350',
    ]);
    // A southern city draws the 18-prize format.
    const [south] = await server.deps.db.query<{ node_id: string }>(
      `select node_id from games where lottery_group = 'VN_SOUTH' and enabled limit 1`,
    );
    const southLaunch = await launchOf({ nodeId: south!.node_id, vassalage: 'TCG_LOTTO_VN' });
    expect((await session(southLaunch)).vnLotto!.format).toBe('south');
    // A free trial keeps the instant draw: no slips on play money.
    const trial = await launchOf({ nodeId, vassalage: 'TCG_LOTTO_VN', demo: true });
    expect((await session(trial)).vnLotto).toBeNull();
    const refused = await place([line('lo2', ['27'])], 'trial-slip-1', period.numero, trial);
    expect(refused.body.code).toBe('invalid_request');
  });

  it('refuses every bad slip with its reason, and a draw that no longer takes bets', async () => {
    const cases: [VnLine[], string][] = [
      [[line('lo2', ['127'])], 'lotto_numbers_invalid'],
      [[line('lo2', ['7'])], 'lotto_numbers_invalid'],
      [[line('bacang', ['27'])], 'lotto_numbers_invalid'],
      [[line('xien2', ['27', '27'])], 'lotto_numbers_invalid'],
      [[line('xien3', ['27', '45'])], 'lotto_numbers_invalid'],
      [[line('de', ['27'], 1, '0.37')], 'bet_invalid'],
      [[line('de', ['27'], 101)], 'invalid_request'],
      [[line('de', ['27'], 0)], 'invalid_request'],
      [[], 'invalid_request'],
      [Array.from({ length: 51 }, () => line('lo2', ['01'])), 'invalid_request'],
    ];
    for (const [lines, code] of cases) {
      const reply = await place(lines, `bad-${code}-${lines.length}`);
      expect(reply.body.code, JSON.stringify(lines[0])).toBe(code);
    }
    const before = (await session(launch)).balance;
    // The draw before: closed.
    const closed = await place([line('lo2', ['27'])], 'stale-slip-1', '20000101-0001');
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('draw_closed');
    expect(closed.body.message).toContain(period.numero);
    // Past the cut-off the next draw takes the bets.
    server.deps.clock.now = () => new Date(period.closesAt.getTime() - 5_000);
    const late = await place([line('lo2', ['27'])], 'late-slip-1');
    expect(late.body.code).toBe('draw_closed');
    const draw = (await call(server, `/wps/demo-vendor/vn/draw?launch=${launch}`)).body.value as {
      numero: string;
    };
    expect(draw.numero).not.toBe(period.numero);
    server.deps.clock.now = () => now;
    expect((await session(launch)).balance).toBe(before);
  });

  it('places a slip once from real money, however often it is sent', async () => {
    const before = BigInt((await mainBalance(server, token)).replace('.', ''));
    const lines = [
      line('lo2', ['27'], 2),
      line('de', ['27']),
      line('xien2', ['27', '45']),
      line('bacang', ['127']),
    ];
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => place(lines, 'slip-one-0001')),
    );
    for (const reply of replies) expect(reply.body.success, reply.body.message).toBe(true);
    const answers = replies.map((reply) => reply.body.value as VnSlipAnswer);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    const ticket = answers[0]!.ticket;
    expect(ticket).toMatchObject({
      slipId: 'slip-one-0001',
      gameCode: nodeId,
      numero: period.numero,
      stake: '5.00',
      status: 'open',
      win: null,
    });
    expect(ticket.lines.map((entry) => [entry.betType, entry.stake, entry.odds])).toEqual([
      ['lo2', '2.00', '3.5'],
      ['de', '1.00', '95'],
      ['xien2', '1.00', '17'],
      ['bacang', '1.00', '950'],
    ]);
    const after = BigInt((await mainBalance(server, token)).replace('.', ''));
    expect(before - after).toBe(500n);
    expect(await ledgerSum(server)).toBe(0n);
    expect((await tickets()).map((entry) => entry.slipId)).toContain('slip-one-0001');
  });

  it('is paid from real money only', async () => {
    const poor = await loginToken(server, 'player3');
    const poorLaunch = await launchOf({ nodeId, vassalage: 'TCG_LOTTO_VN' }, poor);
    const balance = (await session(poorLaunch)).balance;
    const reply = await place(
      [line('de', ['11'], 100, '5.00')],
      'poor-slip-01',
      period.numero,
      poorLaunch,
    );
    // More than the main wallet holds (500.00): refused, nothing moved.
    expect(BigInt(balance.replace('.', ''))).toBeLessThan(50_000n);
    expect(reply.body.code).toBe('insufficient_funds');
  });

  it('settles at its draw against the prize tiers, once, with its betting record', async () => {
    // The draw opens; its result is set to one the test can reckon with.
    await openDueDraws(
      server.deps.db,
      server.deps.config.lottery,
      new Date(period.closesAt.getTime() + 1000),
    );
    const result = VN_NORTH_RESULT;
    await server.deps.db.query(
      `update lottery_draws set prizes = $3 where node_id = $1 and numero = $2`,
      [nodeId, period.numero, JSON.stringify(result)],
    );
    const before = BigInt((await mainBalance(server, token)).replace('.', ''));
    const runs = await Promise.all([0, 1, 2].map(() => settleVnSlips(server.deps)));
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(1);
    expect((await settleVnSlips(server.deps)).settled).toBe(0);
    // lô 27 twice (DB, G2) × 2.00 × 3.5 = 14.00; đề 27: 95.00; xiên 27+45: 17.00; 3 càng 127:
    // 950.00.
    const after = BigInt((await mainBalance(server, token)).replace('.', ''));
    expect(after - before).toBe(107_600n);
    const ticket = (await tickets()).find((entry) => entry.slipId === 'slip-one-0001')!;
    expect(ticket.status).toBe('settled');
    expect(ticket.win).toBe('1076.00');
    expect(ticket.lines.map((entry) => [entry.hits, entry.win])).toEqual([
      [2, '14.00'],
      [1, '95.00'],
      [1, '17.00'],
      [1, '950.00'],
    ]);
    const [record] = await server.deps.db.query<{ bet: string; win: string; status: string }>(
      `select bet_amount::text as bet, win_amount::text as win, status from bets
       where vendor = 'TCG_LOTTO_VN' and round_id like 'vn:%'`,
    );
    expect(record).toEqual({ bet: '500', win: '107600', status: 'settled' });
    expect(await ledgerSum(server)).toBe(0n);
    // The results call shows the draw by tier.
    const results = (await call(server, `/wps/demo-vendor/vn/results?launch=${launch}&limit=3`))
      .body.value as { numero: string; prizes: VnResult }[];
    expect(results[0]).toMatchObject({ numero: period.numero, prizes: result });
  });

  it('opens a draw early with a given result through the development tools', async () => {
    const next = periodAt(interval, new Date(period.closesAt.getTime() + 20_000));
    server.deps.clock.now = () => new Date(next.opensAt.getTime() + 20_000);
    const placed = await place([line('de', ['27'])], 'rig-slip-0001', next.numero);
    expect(placed.body.success, placed.body.message).toBe(true);
    const rig = (prizes: unknown) =>
      call(server, '/wps/dev/vn-lotto/draw', {
        method: 'POST',
        json: { gameCode: nodeId, numero: next.numero, prizes },
      });
    // A result of the other format is refused; the right one settles the slip at once.
    expect((await rig(VN_NORTH_RESULT.slice(1))).body.code).toBe('invalid_request');
    expect((await rig(VN_NORTH_RESULT)).body.value).toEqual({ settled: 1, voided: 0 });
    // The same result again settles nothing more; another one is refused.
    expect((await rig(VN_NORTH_RESULT)).body.value).toEqual({ settled: 0, voided: 0 });
    const other = VN_NORTH_RESULT.map((prize) =>
      prize.tier === 'G1' ? { ...prize, numbers: ['12345'] } : prize,
    );
    expect((await rig(other)).body.code).toBe('draw_opened');
    const ticket = (await tickets()).find((entry) => entry.slipId === 'rig-slip-0001')!;
    expect(ticket).toMatchObject({ status: 'settled', win: '95.00', numero: next.numero });
    server.deps.clock.now = () => now;
  });

  it('voids a slip whose draw never opens, its stake returned', async () => {
    const reply = await place([line('lo2', ['03'], 3)], 'void-slip-001');
    expect(reply.body.success, reply.body.message).toBe(true);
    // Its draw will not open (as when its game drew on another grid): long past its close.
    await server.deps.db.query(
      `update vn_slips set numero = '20000101-0001', closes_at = now() - interval '1 hour'
       where slip_key = 'void-slip-001'`,
    );
    const before = BigInt((await mainBalance(server, token)).replace('.', ''));
    const run = await settleVnSlips(server.deps);
    expect(run).toEqual({ settled: 0, voided: 1 });
    const after = BigInt((await mainBalance(server, token)).replace('.', ''));
    expect(after - before).toBe(300n);
    const ticket = (await tickets()).find((entry) => entry.slipId === 'void-slip-001')!;
    expect(ticket).toMatchObject({ status: 'settled', win: '3.00' });
    expect(await ledgerSum(server)).toBe(0n);
  });
});

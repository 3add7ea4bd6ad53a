import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchResult } from '../../../src/shared/games';
import { periodAt } from '../../../src/shared/lottery';
import type {
  DrawLine,
  DrawLottoSession,
  DrawResultEntry,
  DrawTicket,
} from '../../../src/shared/drawBets';
import type { VnSlipAnswer } from '../../../src/shared/vnLotto';
import { openDueDraws } from '../../../server/domain/games/lottery/draws';
import { settleVnSlips } from '../../../server/domain/games/lottery/vnSettle';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, mainBalance } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * The scheduled lotteries other than the Vietnamese one (issue 34, finding 4): a real launch of
 * an SSC game (five digits) or a K3 game (three dice) offers its group's bet types, places a
 * slip of them on the draw taking bets (real money, each line checked against the group's bet
 * types, a closed draw refused) and settles it at the draw against the drawn numbers, with its
 * betting record; the books sum to zero.
 */
describe.each(engines)('scheduled lottery slips on %s', (engine) => {
  let server: TestServer;
  let token: string;
  const games: Record<'SSC' | 'K3', { nodeId: string; launch: string; interval: number }> = {
    SSC: { nodeId: '', launch: '', interval: 0 },
    K3: { nodeId: '', launch: '', interval: 0 },
  };
  // Each game's period at a standing clock 20 s into a period of the longest cadence.
  const start = Math.floor(Date.now() / 3_600_000) * 3_600_000;
  const now = new Date(start + 20_000);

  const launchOf = async (json: Record<string, unknown>) => {
    const reply = await call(server, '/wps/game/launchGame', {
      method: 'POST',
      headers: bearer(token),
      json,
    });
    expect(reply.body.success, reply.body.message).toBe(true);
    return new URL((reply.body.value as LaunchResult).url, server.url).searchParams.get('launch')!;
  };
  const session = async (launch: string) =>
    (await call(server, `/wps/demo-vendor/session?launch=${launch}`)).body.value as {
      drawLotto: DrawLottoSession | null;
      vnLotto: unknown;
    };
  const numero = (group: 'SSC' | 'K3') => periodAt(games[group].interval, now).numero;
  const place = (group: 'SSC' | 'K3', slipId: string, lines: DrawLine[], at = numero(group)) =>
    call(server, '/wps/demo-vendor/vn/slips', {
      method: 'POST',
      json: { launch: games[group].launch, slipId, numero: at, lines },
    });
  const line = (
    betType: DrawLine['betType'],
    value: string,
    position?: number,
    multiplier = 1,
  ): DrawLine => ({
    betType,
    ...(position === undefined ? {} : { position }),
    numbers: [value],
    unit: '1.00',
    multiplier,
  });
  const cents = async () => BigInt((await mainBalance(server, token)).replace('.', ''));

  beforeAll(async () => {
    server = await startTestServer(engine);
    server.deps.clock.now = () => now;
    token = await loginToken(server, 'player2');
    await grant(server, 'player2', '100.00');
    for (const group of ['SSC', 'K3'] as const) {
      const [game] = await server.deps.db.query<{ node_id: string; vendor: string }>(
        `select node_id, vendor from games where lottery_group = $1 and enabled
         order by sort limit 1`,
        [group],
      );
      games[group].nodeId = game!.node_id;
      games[group].launch = await launchOf({ nodeId: game!.node_id, vassalage: game!.vendor });
      // The period of `now` starts on the hour: it closes one interval after it.
      const open = (await session(games[group].launch)).drawLotto!.open;
      games[group].interval = (Date.parse(open.closesAt) - start) / 1000;
    }
  });
  afterAll(() => server.close());

  it('offers each group its own bet types and odds on the draw taking bets', async () => {
    const ssc = (await session(games.SSC.launch)).drawLotto!;
    expect(ssc.kind).toBe('digits');
    expect(ssc.open.numero).toBe(numero('SSC'));
    expect(ssc.betTypes.map((type) => [type.betType, type.positions, type.odds[0]])).toEqual([
      ['digit', 5, '9.5'],
      ['last2', 0, '95'],
      ['bigSmall', 5, '1.9'],
    ]);
    const k3 = (await session(games.K3.launch)).drawLotto!;
    expect(k3.kind).toBe('dice');
    const sums = k3.betTypes.find((type) => type.betType === 'diceSum')!;
    expect(sums.values[0]).toBe('4');
    expect(sums.odds[0]).toBe('68.4');
    expect((await session(games.K3.launch)).vnLotto).toBeNull();
    // Every other lottery group of the catalogue takes slips with the bet types of its draw.
    const groups = await server.deps.db.query<{ group: string; node_id: string; vendor: string }>(
      `select distinct on (lottery_group) lottery_group as group, node_id, vendor from games
       where lottery_group is not null and lottery_group not like 'VN\\_%' and enabled
       order by lottery_group, sort`,
    );
    const kinds: Record<string, string> = {};
    for (const row of groups) {
      const drawLotto = (
        await session(await launchOf({ nodeId: row.node_id, vassalage: row.vendor }))
      ).drawLotto!;
      kinds[row.group] =
        `${drawLotto.kind}:${drawLotto.betTypes.map((type) => type.betType).join(',')}`;
    }
    expect(kinds).toEqual({
      '11X5': 'balls:ball',
      BALLS: 'digits:digit,last2,bigSmall',
      DICE: 'dice:diceSum,diceBigSmall,diceNumber',
      FOUR_D: 'digits:digit,last2,bigSmall',
      K3: 'dice:diceSum,diceBigSmall,diceNumber',
      KENO: 'balls:ball',
      LAO: 'digits:digit,last2,bigSmall',
      LOTTO: 'balls:ball',
      PK10: 'cars:car',
      SSC: 'digits:digit,last2,bigSmall',
      THAI: 'digits:digit,last2,bigSmall',
    });
  });

  it('refuses a line its group does not offer, and a draw that no longer takes bets', async () => {
    const cases: [DrawLine, string][] = [
      [line('digit', '7'), 'lotto_numbers_invalid'],
      [line('digit', '7', 6), 'lotto_numbers_invalid'],
      [line('digit', '10', 1), 'lotto_numbers_invalid'],
      [line('diceSum', '11'), 'lotto_numbers_invalid'],
      [line('last2', '7'), 'lotto_numbers_invalid'],
      [{ ...line('digit', '7', 1), unit: '0.37' }, 'bet_invalid'],
      [
        { betType: 'lo2', numbers: ['27'], unit: '1.00', multiplier: 1 } as never,
        'lotto_numbers_invalid',
      ],
    ];
    for (const [bad, code] of cases) {
      const reply = await place(
        'SSC',
        `bad-${bad.betType}-${bad.numbers[0]}-${bad.position ?? 0}`,
        [bad],
      );
      expect(reply.body.code, JSON.stringify(bad)).toBe(code);
    }
    const closed = await place('SSC', 'closed-slip-1', [line('digit', '7', 1)], '20000101-0001');
    expect(closed.body.code).toBe('draw_closed');
  });

  it('places a slip from real money and settles it against the drawn numbers', async () => {
    const before = await cents();
    const ssc = [line('digit', '7', 2, 2), line('last2', '45'), line('bigSmall', 'big', 1)];
    const placed = await place('SSC', 'ssc-slip-0001', ssc);
    expect(placed.body.success, placed.body.message).toBe(true);
    const answer = placed.body.value as VnSlipAnswer<DrawTicket>;
    expect(answer.ticket).toMatchObject({ numero: numero('SSC'), stake: '4.00', status: 'open' });
    expect(answer.ticket.lines.map((entry) => [entry.position ?? null, entry.odds])).toEqual([
      [2, '9.5'],
      [null, '95'],
      [1, '1.9'],
    ]);
    const dice = [line('diceSum', '11'), line('diceBigSmall', 'big'), line('diceNumber', '6')];
    expect((await place('K3', 'k3-slip-00001', dice)).body.success).toBe(true);
    expect(before - (await cents())).toBe(700n);
    expect(await ledgerSum(server)).toBe(0n);

    // The draws open; their numbers are set to ones the test can reckon with.
    for (const group of ['SSC', 'K3'] as const) {
      const closes = start + games[group].interval * 1000;
      await openDueDraws(server.deps.db, server.deps.config.lottery, new Date(closes + 1000));
    }
    const drawn = { SSC: '{3,7,0,4,5}', K3: '{5,5,1}' };
    for (const group of ['SSC', 'K3'] as const) {
      await server.deps.db.query(
        `update lottery_draws set numbers = $3::smallint[] where node_id = $1 and numero = $2`,
        [games[group].nodeId, numero(group), drawn[group]],
      );
    }
    const runs = await Promise.all([0, 1].map(() => settleVnSlips(server.deps)));
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(2);
    // SSC: 7 second: 2.00 × 9.5 = 19.00; last two 45: 95.00; first digit 3 is small: 0.
    // K3: 5 + 5 + 1 = 11, 27 throws of 216: 95 × 216 / 27 = 7.60; big: 1.95; no 6: 0.
    const tickets = async (group: 'SSC' | 'K3') =>
      (await call(server, `/wps/demo-vendor/vn/tickets?launch=${games[group].launch}`)).body
        .value as DrawTicket[];
    const [sscTicket] = await tickets('SSC');
    expect(sscTicket).toMatchObject({ status: 'settled', win: '114.00' });
    expect(sscTicket!.lines.map((entry) => entry.win)).toEqual(['19.00', '95.00', '0.00']);
    const [k3Ticket] = await tickets('K3');
    expect(k3Ticket).toMatchObject({ status: 'settled', win: '9.55' });
    expect((await cents()) - before).toBe(11_400n + 955n - 700n);
    const records = await server.deps.db.query<{ bet: string; win: string }>(
      `select bet_amount::text as bet, win_amount::text as win from bets
       where round_id like 'vn:%' order by id`,
    );
    expect(records).toEqual([
      { bet: '400', win: '11400' },
      { bet: '300', win: '955' },
    ]);
    expect(await ledgerSum(server)).toBe(0n);
    const results = (
      await call(server, `/wps/demo-vendor/vn/results?launch=${games.K3.launch}&limit=1`)
    ).body.value as DrawResultEntry[];
    expect(results[0]).toMatchObject({ numero: numero('K3'), numbers: [5, 5, 1] });
  });

  it('opens a draw early with given numbers through the development tools', async () => {
    const later = new Date(start + 3 * games.SSC.interval * 1000 + 20_000);
    const next = periodAt(games.SSC.interval, later);
    server.deps.clock.now = () => later;
    expect(
      (await place('SSC', 'rig-ssc-00001', [line('digit', '9', 5)], next.numero)).body.success,
    ).toBe(true);
    const rig = (numbers: number[]) =>
      call(server, '/wps/dev/vn-lotto/draw', {
        method: 'POST',
        json: { gameCode: games.SSC.nodeId, numero: next.numero, numbers },
      });
    expect((await rig([1, 2, 3])).body.code).toBe('invalid_request');
    expect((await rig([1, 2, 3, 4, 9])).body.value).toEqual({ settled: 1, voided: 0 });
    expect((await rig([1, 2, 3, 4, 9])).body.value).toEqual({ settled: 0, voided: 0 });
    expect((await rig([1, 2, 3, 4, 8])).body.code).toBe('draw_opened');
    server.deps.clock.now = () => now;
  });
});

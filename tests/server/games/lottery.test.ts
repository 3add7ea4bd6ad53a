import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchResult } from '../../../src/shared/games';
import {
  drawShapeOf,
  type LobbyGame,
  type OpenedDraw,
  periodAt,
} from '../../../src/shared/lottery';
import type { SystemStatusResponse } from '../../../src/shared/system';
import { openDueDraws } from '../../../server/domain/games/lottery/draws';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * The lottery lobby (issue 16): the demo vendor's number-draw lottery opens a draw per period
 * (once, across racing runs), the lobby info and recent results are served at the configured
 * paths, the opened draws and an opened numero need a session, and launchGame honours and
 * checks the lotto fields (area, prize mode, view). Every bad input is refused with its reason.
 */
describe.each(engines)('lottery lobby on %s', (engine) => {
  let server: TestServer;
  let token: string;
  const VN = 'TCG_LOTTO_VN';
  beforeAll(async () => {
    server = await startTestServer(engine, {
      // Paths of the operator's choosing: served there, announced in the status info.
      config: (base) => ({
        ...base,
        lottery: {
          ...base.lottery,
          paths: { lobbyInfo: '/lgw/lobby/here', recentResults: '/lotto/results/there' },
        },
      }),
    });
    token = await loginToken(server, 'player2');
  });
  afterAll(() => server.close());

  const get = (path: string, auth = true) =>
    call(server, path, { headers: auth ? bearer(token) : {} });
  const launch = (json: Record<string, unknown>) =>
    call(server, '/wps/game/launchGame', { method: 'POST', headers: bearer(token), json });
  const firstVnGame = async () =>
    (
      await server.deps.db.query<{ node_id: string; lottery_group: string }>(
        `select node_id, lottery_group from games where vendor = $1 and enabled
         order by sort limit 1`,
        [VN],
      )
    )[0]!;

  it('opens each closed period once, with numbers of its group, even when runs race', async () => {
    const now = new Date();
    const runs = await Promise.all(
      [0, 1, 2, 3].map(() => openDueDraws(server.deps.db, server.deps.config.lottery, now)),
    );
    const opened = runs.reduce((sum, count) => sum + count, 0);
    expect(opened).toBeGreaterThan(0);
    // Nothing more at the same instant: each period once.
    expect(await openDueDraws(server.deps.db, server.deps.config.lottery, now)).toBe(0);
    const rows = await server.deps.db.query<{ c: number }>(
      'select count(*)::int as c from lottery_draws',
    );
    expect(rows[0]!.c).toBe(opened);
    // At most ten periods caught up per game.
    const [most] = await server.deps.db.query<{ c: number }>(
      'select max(n)::int as c from (select count(*) as n from lottery_draws group by node_id) x',
    );
    expect(most!.c).toBeLessThanOrEqual(10);
    // Every draw has its group's shape.
    const draws = await server.deps.db.query<{
      numbers: number[] | string;
      lottery_group: string;
      numero: string;
    }>(
      `select d.numbers::text as numbers, g.lottery_group, d.numero
       from lottery_draws d join games g on g.node_id = d.node_id`,
    );
    for (const draw of draws) {
      const numbers = String(draw.numbers).replace(/[{}]/g, '').split(',').map(Number);
      const shape = drawShapeOf(draw.lottery_group);
      expect(numbers).toHaveLength(shape.count);
      for (const n of numbers) expect(n >= shape.min && n <= shape.max).toBe(true);
      if (shape.distinct) expect(new Set(numbers).size).toBe(numbers.length);
      expect(draw.numero).toMatch(/^\d{8}-\d{4}$/);
    }
    // The next interval's close opens one more per game of that interval.
    const later = new Date(now.getTime() + 60_000);
    const next = await openDueDraws(server.deps.db, server.deps.config.lottery, later);
    expect(next).toBeGreaterThan(0);
  });

  it('serves the lobby info and recent results at the configured paths, to anyone', async () => {
    const status = await call(server, '/wps/system/status');
    expect((status.body.value as SystemStatusResponse).info.lottery).toEqual({
      lobbyInfo: '/lgw/lobby/here',
      recentResults: '/lotto/results/there',
    });
    expect((await get('/lgw/vn/lobby/info', false)).status).toBe(404);

    const lobby = await get('/lgw/lobby/here?vendor=tcg_lotto_vn&language=VI', false);
    expect(lobby.status).toBe(200);
    const games = lobby.body.value as LobbyGame[];
    const game = await firstVnGame();
    const first = games.find((entry) => entry.gameCode === game.node_id)!;
    const interval = server.deps.config.lottery.groupIntervals[game.lottery_group] ?? 60;
    expect(first.intervalSeconds).toBe(interval);
    // The period open now (or the one just before, if a period closed during the call).
    const asked = Date.now();
    expect([
      periodAt(interval, new Date(asked)).numero,
      periodAt(interval, new Date(asked - 5_000)).numero,
    ]).toContain(first.current.numero);
    expect(Date.parse(first.current.closesAt)).toBeGreaterThan(asked - 5_000);
    expect(first.last?.numbers).toHaveLength(drawShapeOf(game.lottery_group).count);
    expect(first.groupName).toBe('Miền Bắc');
    expect(first.gameName).toBe('Hà Nội');

    const results = await get('/lotto/results/there?vendor=TCG_SEA', false);
    expect(results.status).toBe(200);
    const latest = results.body.value as OpenedDraw[];
    expect(latest.length).toBeGreaterThan(0);
    expect(new Set(latest.map((draw) => draw.gameCode)).size).toBe(latest.length);
    expect(latest.every((draw) => draw.gameCode.startsWith('TCG_SEA'))).toBe(true);
  });

  it('answers a game’s opened draws and one opened numero to members only', async () => {
    const game = await firstVnGame();
    expect((await get(`/lgw/vn/numeros/opened/game?gameCode=${game.node_id}`, false)).status).toBe(
      401,
    );
    expect(
      (await get(`/lotto/lgw/games/opened/numero?gameCode=${game.node_id}`, false)).status,
    ).toBe(401);

    const history = await get(`/lgw/vn/numeros/opened/game?gameCode=${game.node_id}&limit=3`);
    expect(history.status).toBe(200);
    const draws = history.body.value as OpenedDraw[];
    expect(draws).toHaveLength(3);
    expect(draws.map((draw) => draw.numero)).toEqual(
      [...draws.map((draw) => draw.numero)].sort().reverse(),
    );

    const latest = await get(`/lotto/lgw/games/opened/numero?gameCode=${game.node_id}`);
    expect((latest.body.value as OpenedDraw).numero).toBe(draws[0]!.numero);
    const older = await get(
      `/lotto/lgw/games/opened/numero?gameCode=${game.node_id}&numero=${draws[2]!.numero}`,
    );
    expect(older.body.value).toEqual(draws[2]);
  });

  it('refuses bad lobby and draw queries with their reasons', async () => {
    const game = await firstVnGame();
    const cases: [string, number, string, RegExp][] = [
      ['/lgw/lobby/here?vendor=PG', 400, 'invalid_request', /vendor: one of TCG_LOTTO_VN/],
      ['/lgw/lobby/here?prizeMode=XX', 400, 'invalid_request', /prizeMode/],
      ['/lgw/lobby/here?colour=red', 400, 'invalid_request', /colour|Unrecognized/i],
      ['/lotto/results/there?language=english', 400, 'invalid_request', /language/],
      ['/lgw/vn/numeros/opened/game', 400, 'invalid_request', /gameCode/],
      [
        '/lgw/vn/numeros/opened/game?gameCode=no%20such',
        400,
        'invalid_request',
        /a lottery game code/,
      ],
      ['/lgw/vn/numeros/opened/game?gameCode=PG-RNG-001', 404, 'game_not_found', /not available/],
      [
        `/lgw/vn/numeros/opened/game?gameCode=${game.node_id}&limit=0`,
        400,
        'invalid_request',
        /limit: at least 1/,
      ],
      [
        `/lgw/vn/numeros/opened/game?gameCode=${game.node_id}&limit=51`,
        400,
        'invalid_request',
        /limit: at most 50/,
      ],
      [
        `/lotto/lgw/games/opened/numero?gameCode=${game.node_id}&numero=42`,
        400,
        'invalid_request',
        /a draw number such as/,
      ],
      [
        `/lotto/lgw/games/opened/numero?gameCode=${game.node_id}&numero=20000101-0001`,
        404,
        'draw_not_opened',
        /20000101-0001 has not been opened/,
      ],
    ];
    for (const [path, status, code, message] of cases) {
      const reply = await get(path);
      expect(reply.status, path).toBe(status);
      expect(reply.body.code, path).toBe(code);
      expect(reply.body.message, path).toMatch(message);
    }
  });

  it('launches the lobby or the betting view as asked, and refuses fields that disagree', async () => {
    const game = await firstVnGame();
    const lotto = {
      vassalage: VN,
      launchMode: 'LOTT',
      lottoArea: 'VN',
      lottoPrizeMode: 'LOTT',
      device: 'WEB',
      language: 'EN',
    };
    const lobby = await launch({ ...lotto, lottoView: 'lobby', lottoGameCode: '' });
    expect(lobby.status).toBe(200);
    const lobbyUrl = new URL((lobby.body.value as LaunchResult).url, server.url);
    expect(lobbyUrl.searchParams.get('view')).toBe('lobby');
    expect((lobby.body.value as LaunchResult).mode).toBe('page');
    const lobbySession = await call(
      server,
      `/wps/demo-vendor/session?launch=${lobbyUrl.searchParams.get('launch')}`,
    );
    expect(lobbySession.body.value).toMatchObject({
      lotto: { area: 'VN', prizeMode: 'LOTT', view: 'lobby' },
      lotteryRoute: '/vnLottery',
    });
    const lobbyGames = (lobbySession.body.value as { lobby: LobbyGame[] }).lobby;
    expect(lobbyGames.map((entry) => entry.gameCode)).toContain(game.node_id);

    const betting = await launch({
      ...lotto,
      lottoPrizeMode: 'ELOTT',
      lottoGameCode: game.node_id,
    });
    const bettingUrl = new URL((betting.body.value as LaunchResult).url, server.url);
    expect(bettingUrl.searchParams.get('view')).toBe('betting');
    const bettingSession = await call(
      server,
      `/wps/demo-vendor/session?launch=${bettingUrl.searchParams.get('launch')}`,
    );
    expect(bettingSession.body.value).toMatchObject({
      lotto: { area: 'VN', prizeMode: 'ELOTT', view: 'betting' },
      lobby: null,
      draw: { gameCode: game.node_id },
    });

    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...lotto, lottoArea: 'TH' }, /lottoArea: one of VN/],
      [{ ...lotto, lottoArea: undefined }, /lottoArea: one of VN/],
      [{ ...lotto, lottoPrizeMode: 'SEA' }, /lottoPrizeMode: TCG_LOTTO_VN plays LOTT, ZY, ELOTT/],
      [{ ...lotto, vassalage: 'TCG_SEA' }, /lottoPrizeMode: TCG_SEA plays SEA/],
      [
        { ...lotto, lottoView: 'betting', lottoGameCode: '' },
        /lottoGameCode: the betting view needs a game/,
      ],
      [{ ...lotto, lottoView: 'table' }, /lottoView/],
      [{ ...lotto, launchMode: 'SLOT' }, /launchMode: LOTT is the only launch mode/],
      [{ ...lotto, vassalage: 'PG' }, /vassalage: PG is not a lottery vendor/],
      [{ ...lotto, demo: true }, /demo: lotteries have no free trial/],
      [{ vassalage: VN, lottoView: 'lobby' }, /launchMode: lottery fields need launchMode LOTT/],
    ];
    for (const [json, message] of cases) {
      const reply = await launch(json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.code).toBe('invalid_request');
      expect(reply.body.message, JSON.stringify(json)).toMatch(message);
    }
    // A game of another vendor is not this lobby's.
    const sea = await launch({ ...lotto, lottoGameCode: 'TCG_SEA-LOTT-001' });
    expect(sea.status).toBe(404);
    expect(sea.body.code).toBe('game_not_found');
  });
});

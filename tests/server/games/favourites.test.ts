import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FavouriteList, GameItem, LotteryGameMenu } from '../../../src/shared/games';
import type { LoginResult } from '../../../src/shared/identity';
import {
  RECENT_GAMES_LIMIT,
  recordRecentGame,
} from '../../../server/domain/games/catalogue/recentGames';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** Favourites and recent games (spec 3 "Favourites", spec 4, spec 7 MCSFE_*, GCS_recentGame). */
describe.each(engines)('favourites and recent games on %s', (engine) => {
  let server: TestServer;
  const tokens = { one: '', two: '', trial: '' };

  beforeAll(async () => {
    server = await startTestServer(engine);
    tokens.one = await loginToken(server, 'player1');
    tokens.two = await loginToken(server, 'player2');
    const trial = await call(server, '/wps/session/login/freeplay', { method: 'POST', json: {} });
    tokens.trial = (trial.body.value as LoginResult).token;
  });
  afterAll(() => server.close());

  const relay = (name: string, init: RequestInit & { json?: unknown } = {}, token?: string) =>
    call(server, `/wps/relay/${name}`, {
      ...init,
      headers: { ...(token ? bearer(token) : {}), ...(init.headers as Record<string, string>) },
    });
  const add = (token: string, nodeId: string, vendor?: string, gameType?: string) =>
    relay('MCSFE_addFavoriteGameV2', { method: 'POST', json: { nodeId, vendor, gameType } }, token);
  const remove = (token: string, nodeId: string) =>
    relay(
      `MCSFE_removeFavoriteGameV2?nodeId=${encodeURIComponent(nodeId)}`,
      {
        method: 'DELETE',
      },
      token,
    );
  const ids = async (token: string) =>
    (await relay('MCSFE_getFavoriteGames', {}, token)).body.value as string[];
  const favouriteList = async (token: string, query = 'pageNo=1&pageSize=999&gameType=RNG') =>
    (await relay(`MCSFE_getFavoriteGamesList?clientType=3&language=ES&${query}`, {}, token)).body
      .value as FavouriteList;

  it('refuses guests with 401 on every favourite and recent call', async () => {
    const calls: [string, string][] = [
      ['MCSFE_getFavoriteGames', 'GET'],
      ['MCSFE_getFavoriteGamesList', 'GET'],
      ['MCSFE_addFavoriteGameV2', 'POST'],
      ['MCSFE_removeFavoriteGameV2?nodeId=PG-RNG-001', 'DELETE'],
      ['GCS_recentGame', 'GET'],
    ];
    for (const [name, method] of calls) {
      const reply = await relay(name, {
        method,
        ...(method === 'POST' ? { json: { nodeId: 'PG-RNG-001' } } : {}),
      });
      expect(reply.status, name).toBe(401);
      expect(reply.body.code).toBe('not_logged_in');
    }
    const recent = await call(server, '/lgw/vn/games/game_menu/recent');
    expect(recent.status).toBe(401);
  });

  it('adds, adds again, lists and removes favourites per member', async () => {
    expect(await ids(tokens.one)).toEqual([]);
    const first = await add(tokens.one, 'PG-RNG-001', 'PG', 'RNG');
    expect(first.status).toBe(200);
    expect(first.body.value).toEqual(['PG-RNG-001']);
    // Adding again is fine and changes nothing.
    expect((await add(tokens.one, 'PG-RNG-001', 'PG', 'RNG')).body.value).toEqual(['PG-RNG-001']);
    await add(tokens.one, 'JDB-FISH-001', 'JDB', 'FISH');
    await add(tokens.one, 'JL-RNG-002');
    expect(await ids(tokens.one)).toEqual(['JL-RNG-002', 'JDB-FISH-001', 'PG-RNG-001']);

    const rng = await favouriteList(tokens.one);
    expect(rng.pageNum).toBe(1);
    expect(rng.totalPages).toBe(1);
    expect(rng.content.map((game) => game.nodeId)).toEqual(['JL-RNG-002', 'PG-RNG-001']);
    expect(rng.content[0]).toMatchObject({ vassalage: 'JL', gameType: 'RNG', isGame: null });
    const all = await favouriteList(tokens.one, 'pageNo=2&pageSize=2');
    expect(all).toMatchObject({ pageNum: 2, totalPages: 2 });
    expect(all.content.map((game) => game.nodeId)).toEqual(['PG-RNG-001']);

    // Another member's favourites are their own.
    expect(await ids(tokens.two)).toEqual([]);
    await add(tokens.two, 'PG-RNG-002');
    expect(await ids(tokens.two)).toEqual(['PG-RNG-002']);
    expect(await ids(tokens.one)).not.toContain('PG-RNG-002');
    // Removing someone else's favourite touches only one's own list.
    expect((await remove(tokens.two, 'PG-RNG-001')).status).toBe(200);
    expect(await ids(tokens.one)).toContain('PG-RNG-001');

    const removed = await remove(tokens.one, 'PG-RNG-001');
    expect(removed.body.value).toEqual(['JL-RNG-002', 'JDB-FISH-001']);
    // Removing what is not a favourite is fine too.
    expect((await remove(tokens.one, 'PG-RNG-001')).status).toBe(200);
  });

  it('takes the e-sports and cockfight categories the browser shows as SPORTS', async () => {
    const esports = await add(tokens.two, 'IMES-SPORTS-001', 'IMES', 'ESPORTS');
    expect(esports.status).toBe(200);
    expect(esports.body.value).toContain('IMES-SPORTS-001');
  });

  it('refuses unknown games and payloads that do not fit the game', async () => {
    const unknown = await add(tokens.one, 'NOPE-RNG-001');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('game_not_found');
    expect((await remove(tokens.one, 'NOPE-RNG-001')).body.code).toBe('game_not_found');
    const mismatch = await add(tokens.one, 'PG-RNG-003', 'JDB', 'RNG');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe('game_mismatch');
    // A vendor card is not a game.
    expect((await add(tokens.one, 'KY-PVP')).body.code).toBe('game_not_found');
    const extra = await relay(
      'MCSFE_addFavoriteGameV2',
      { method: 'POST', json: { nodeId: 'PG-RNG-003', admin: true } },
      tokens.one,
    );
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe('invalid_request');
  });

  it('lets trial accounts keep favourites: they move no money', async () => {
    const reply = await add(tokens.trial, 'PG-RNG-004');
    expect(reply.status).toBe(200);
    expect(await ids(tokens.trial)).toEqual(['PG-RNG-004']);
  });

  it('lists recent games newest first, at most 20, per member', async () => {
    const memberId = async (account: string) => {
      const [row] = await server.deps.db.query<{ id: string }>(
        'select id::text from members where account = $1',
        [account],
      );
      return row!.id;
    };
    const one = await memberId('player1');
    const recent = async (token: string) =>
      (await relay('GCS_recentGame?language=ES', {}, token)).body.value as GameItem[];
    expect(await recent(tokens.one)).toEqual([]);

    const played = Array.from({ length: 25 }, (_, i) => `PT-RNG-${String(i + 1).padStart(3, '0')}`);
    for (const nodeId of played) await recordRecentGame(server.deps.db, one, nodeId);
    // Playing a game again moves it to the top; an unknown game is ignored.
    await recordRecentGame(server.deps.db, one, 'PT-RNG-010');
    await recordRecentGame(server.deps.db, one, 'NOPE-RNG-001');
    const list = await recent(tokens.one);
    expect(list).toHaveLength(RECENT_GAMES_LIMIT);
    expect(list[0]!.nodeId).toBe('PT-RNG-010');
    expect(list.slice(1, 4).map((game) => game.nodeId)).toEqual([
      'PT-RNG-025',
      'PT-RNG-024',
      'PT-RNG-023',
    ]);
    expect(list.map((game) => game.nodeId)).not.toContain('PT-RNG-001');
    const [{ n }] = (await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from recent_games where member_id = $1',
      [one],
    )) as [{ n: number }];
    expect(n).toBe(RECENT_GAMES_LIMIT);
    expect(await recent(tokens.two)).toEqual([]);

    // The Vietnam lottery lobby's recent list holds only its lotteries.
    await recordRecentGame(server.deps.db, one, 'TCG_LOTTO_VN-LOTT-003');
    const vn = await call(server, '/lgw/vn/games/game_menu/recent?prizeMode=ELOTT', {
      headers: bearer(tokens.one),
    });
    expect(vn.status).toBe(200);
    expect(vn.body.value as LotteryGameMenu[]).toEqual([
      expect.objectContaining({
        gameCode: 'TCG_LOTTO_VN-LOTT-003',
        prizeMode: 'ELOTT',
        vassalage: 'TCG_LOTTO_VN',
      }),
    ]);
  });
});

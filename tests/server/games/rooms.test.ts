import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchResult } from '../../../src/shared/games';
import type { RoomList } from '../../../src/shared/rooms';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, mainBalance, newKey } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * GLS2_roomList (the live and PVP games' rooms with occupancy) and GCS_gameLaunchFB (the launch
 * fallback: the same launch under a new address on the site's origin), issue 16.
 */
describe.each(engines)('rooms and the launch fallback on %s', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({ ...base, games: { ...base.games, roomCapacity: { LIVE: 2, PVP: 4 } } }),
    });
    for (const account of ['player2', 'player3', 'player4'])
      tokens[account] = await loginToken(server, account);
  });
  afterAll(() => server.close());

  const rooms = async (query: string, token = tokens.player2!) => {
    const reply = await call(server, `/wps/relay/GLS2_roomList?${query}`, {
      headers: bearer(token),
    });
    return reply;
  };
  const launch = (token: string, json: Record<string, unknown>) =>
    call(server, '/wps/game/launchGame', { method: 'POST', headers: bearer(token), json });
  const tokenOf = (reply: { body: { value: unknown } }) =>
    new URL((reply.body.value as LaunchResult).url, server.url).searchParams.get('launch')!;

  it('lists the live and PVP rooms, each filling as members play it, free trials aside', async () => {
    const all = (await rooms('pageSize=60')).body.value as RoomList;
    expect(new Set(all.rooms.map((room) => room.gameType))).toEqual(new Set(['LIVE', 'PVP']));
    const live = (await rooms('gameType=live&pageSize=5')).body.value as RoomList;
    expect(live.rooms).toHaveLength(5);
    expect(live.totalPages).toBeGreaterThan(1);
    const table = live.rooms[0]!;
    expect(table).toMatchObject({ gameType: 'LIVE', capacity: 2, occupied: 0, full: false });

    const seat = { nodeId: table.nodeId, vassalage: table.vassalage };
    expect((await launch(tokens.player3!, seat)).status).toBe(200);
    expect((await launch(tokens.player3!, seat)).status).toBe(200); // the same member again
    expect((await launch(tokens.player4!, { ...seat, demo: true })).status).toBe(200); // a trial
    const one = ((await rooms('gameType=LIVE&pageSize=5')).body.value as RoomList).rooms[0]!;
    expect(one).toMatchObject({ occupied: 1, full: false });
    expect((await launch(tokens.player4!, seat)).status).toBe(200);
    const two = ((await rooms('gameType=LIVE&pageSize=5')).body.value as RoomList).rooms[0]!;
    expect(two).toMatchObject({ occupied: 2, full: true });

    const vendor = (await rooms(`vassalage=${table.vassalage}&pageSize=60`)).body.value as RoomList;
    expect(vendor.rooms.every((room) => room.vassalage === table.vassalage)).toBe(true);
  });

  it('refuses bad room queries with their reasons, and callers without a session', async () => {
    const cases: [string, RegExp][] = [
      ['gameType=RNG', /gameType: LIVE or PVP/],
      ['pageNo=0', /pageNo: at least 1/],
      ['pageSize=61', /pageSize: at most 60/],
      ['pageSize=ten', /pageSize: a number/],
      ['vassalage=no%20such', /vassalage: a vendor code/],
      ['language=english', /language/],
      ['colour=red', /colour|Unrecognized/i],
    ];
    for (const [query, message] of cases) {
      const reply = await rooms(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.code).toBe('invalid_request');
      expect(reply.body.message, query).toMatch(message);
    }
    expect((await call(server, '/wps/relay/GLS2_roomList')).status).toBe(401);
  });

  it('gives a launch a new address on the site, ending the old one, for its own member only', async () => {
    const [game] = await server.deps.db.query<{ node_id: string; vendor: string }>(
      `select node_id, vendor from games where engine = 'slot' order by node_id limit 1`,
    );
    await grant(server, 'player2', '10.00');
    const first = await launch(tokens.player2!, { nodeId: game!.node_id, vassalage: game!.vendor });
    const old = tokenOf(first);
    const spin = (token: string) =>
      call(server, '/wps/demo-vendor/spin', {
        method: 'POST',
        json: { launch: token, bet: '1.00', roundId: newKey() },
      });
    // Played once: the server remembers the launch (issue 31), and must still see it move.
    expect((await spin(old)).status).toBe(200);
    const fallback = (token: string, json: unknown) =>
      call(server, '/wps/relay/GCS_gameLaunchFB', {
        method: 'POST',
        headers: bearer(token),
        json,
      });
    // Someone else's launch: not theirs to move (401 as every ended launch, issue 32).
    const stranger = await fallback(tokens.player3!, { launch: old });
    expect(stranger.status).toBe(401);
    expect(stranger.body.code).toBe('launch_expired');

    const moved = await fallback(tokens.player2!, { launch: old });
    expect(moved.status).toBe(200);
    const answer = moved.body.value as LaunchResult;
    expect(answer.mode).toBe('page');
    expect(answer.url).toMatch(/^\/play\.html\?launch=[\w-]+&engine=slot&lang=[A-Z]{2}$/);
    const fresh = tokenOf(moved);
    expect(fresh).not.toBe(old);
    const session = (token: string) => call(server, `/wps/demo-vendor/session?launch=${token}`);
    expect((await session(fresh)).status).toBe(200);
    expect((await session(old)).body.code).toBe('launch_expired');
    const before = await mainBalance(server, tokens.player2!);
    const stale = await spin(old);
    expect(stale.status).toBe(401);
    expect(stale.body.code).toBe('launch_expired');
    expect(await mainBalance(server, tokens.player2!)).toBe(before);
    expect((await spin(fresh)).status).toBe(200);
    // The old address cannot be moved again.
    expect((await fallback(tokens.player2!, { launch: old })).status).toBe(401);

    for (const bad of [{}, { launch: 'short' }, { launch: fresh, extra: 1 }, 'text']) {
      const reply = await fallback(tokens.player2!, bad);
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.body.code).toBe('invalid_request');
    }
    expect(
      (
        await call(server, '/wps/relay/GCS_gameLaunchFB', {
          method: 'POST',
          json: { launch: fresh },
        })
      ).status,
    ).toBe(401);
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** Whatever a client sends to the catalogue's calls, the answer is an envelope, never a 500. */
describe.each(engines)('catalogue calls with bad input on %s', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    token = await loginToken(server, 'player3');
  });
  afterAll(() => server.close());

  const gets = [
    '/wps/relay/GCSGAME_gameList',
    '/wps/relay/GCSGAME_newGameVendor',
    '/wps/relay/GCSGAME_hotGamesV2',
    '/wps/relay/GCSGAME_getVassGameType',
    '/wps/relay/MCSFE_getFavoriteGames',
    '/wps/relay/MCSFE_getFavoriteGamesList',
    '/wps/relay/GCS_recentGame',
    '/lgw/games/game_menus',
    '/lgw/vn/games/game_menu',
    '/lgw/vn/games/game_menu/recent',
    '/lgw/vn/lobby/info',
    '/lgw/vn/lobby/results',
    '/lgw/vn/numeros/opened/game',
    '/lotto/lgw/games/opened/numero',
    '/wps/relay/GLS2_roomList',
  ];
  const keys = [
    'gameType',
    'pageNo',
    'pageSize',
    'vassalage',
    'gameClassify',
    'language',
    'keyword',
    'clientType',
    'prizeMode',
    'device',
    'nodeId',
    'isPlatform',
    'gameCode',
    'numero',
    'limit',
    'vendor',
  ];
  const values = fc.oneof(
    fc.string({ maxLength: 70 }),
    fc.constantFrom('', 'RNG', 'rng', 'BG', '0', '-1', '1e9', 'NaN', '24', 'ES', 'constructor'),
    fc.integer().map(String),
  );
  const query = fc.array(fc.tuple(fc.constantFrom(...keys), values), { maxLength: 6 });

  it('answers random queries with 2xx or 4xx envelopes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...gets), query, async (path, pairs) => {
        const reply = await call(server, `${path}?${new URLSearchParams(pairs)}`, {
          headers: bearer(token),
        });
        expect(reply.status, `${path}?${new URLSearchParams(pairs)}`).toBeLessThan(500);
        expect(typeof reply.body.success).toBe('boolean');
        if (!reply.body.success) expect(reply.body.code).toMatch(/^[a-z_]+$/);
      }),
      { numRuns: 120 },
    );
  });

  it('answers random favourite payloads with 2xx or 4xx envelopes', async () => {
    const payload = fc.oneof(
      fc.dictionary(fc.constantFrom('nodeId', 'vendor', 'gameType', 'x'), fc.jsonValue(), {
        maxKeys: 4,
      }),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(payload, fc.constantFrom('POST', 'DELETE'), async (body, method) => {
        const name = method === 'POST' ? 'MCSFE_addFavoriteGameV2' : 'MCSFE_removeFavoriteGameV2';
        const reply = await call(server, `/wps/relay/${name}`, {
          method,
          headers: bearer(token),
          json: body,
        });
        expect(reply.status, JSON.stringify(body)).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });

  it('answers random image paths with an image or a 404', async () => {
    const segment = fc.oneof(
      fc.constantFrom(
        'TCG_PROD_IMAGES',
        'GAME_ICONS',
        'VENDOR_ICON_SMALL',
        'SUBMENU_IMG',
        'STYLE4',
      ),
      fc.stringMatching(/^[A-Za-z0-9_.%-]{0,20}$/),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), async (parts) => {
        const response = await fetch(`${server.url}/cdn/${parts.join('/')}`);
        expect([200, 400, 404]).toContain(response.status);
        await response.body?.cancel();
      }),
      { numRuns: 80 },
    );
  });
});

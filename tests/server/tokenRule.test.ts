import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginReply } from '../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../support/testServer';

/**
 * One rule for a token (issue 32): a call that was sent a member's token it cannot accept says
 * so — 401 `not_logged_in` — whether or not it could also serve a guest; without a token the
 * public calls serve a guest, and with a good one the member.
 */
describe.each(engines)('a token the server cannot accept on %s', (engine) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    let reply = await loginReply(server, { username: 'player1', password: 'Passw0rd!' });
    while (reply.body.code === 'throttled')
      reply = await loginReply(server, { username: 'player1', password: 'Passw0rd!' });
    token = (reply.body.value as { token: string }).token;
  });
  afterAll(() => server?.close());

  const publicCalls: { path: string; method?: string; json?: unknown }[] = [
    { path: '/wps/system/language', method: 'PUT', json: { language: 'en' } },
    { path: '/wps/promotions' },
    { path: '/wps/system/status' },
    { path: '/wps/relay/GCSGAME_hotGamesV2' },
    { path: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=12' },
    { path: '/wps/relay/MCSFE_getListAnnouncements' },
    { path: '/wps/relay/CBS_modelList' },
    { path: '/lgw/vn/lobby/info' },
  ];

  it.each(publicCalls)('$method $path: 401 with a bad token, served without one', async (c) => {
    const options = { method: c.method ?? 'GET', ...(c.json ? { json: c.json } : {}) };
    const refused = await call(server, c.path, { ...options, headers: bearer('not-a-token') });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, code: 'not_logged_in' });
    const guest = await call(server, c.path, options);
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
    const member = await call(server, c.path, { ...options, headers: bearer(token) });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
  });

  it('refuses a logged-out token the same way', async () => {
    let reply = await loginReply(server, { username: 'player2', password: 'Passw0rd!' });
    while (reply.body.code === 'throttled')
      reply = await loginReply(server, { username: 'player2', password: 'Passw0rd!' });
    const ended = (reply.body.value as { token: string }).token;
    expect(
      (await call(server, '/wps/session/logout', { method: 'DELETE', headers: bearer(ended) }))
        .status,
    ).toBe(200);
    const refused = await call(server, '/wps/promotions', { headers: bearer(ended) });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('not_logged_in');
  });
});

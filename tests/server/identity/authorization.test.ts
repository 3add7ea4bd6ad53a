import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/shared/identity';
import { bearer, loginToken } from '../../support/identityClient';
import { call, startTestServer, type TestServer } from '../../support/testServer';

/**
 * The authorization matrix: every route that declares `config.auth` is called without a
 * token, as a trial account, as a player and as an agent. New routes join the matrix by
 * declaring their auth; a route that needs a token and forgets to say so fails the last test.
 */
describe('authorization matrix', () => {
  let server: TestServer;
  const tokens: Record<'trial' | 'player' | 'agent', string> = { trial: '', player: '', agent: '' };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    tokens.player = await loginToken(server, 'player2');
    tokens.agent = await loginToken(server, 'agent1');
    const trial = await call(server, '/wps/session/login/freeplay', { method: 'POST', json: {} });
    tokens.trial = (trial.body.value as LoginResult).token;
  });
  afterAll(() => server.close());

  const protectedRoutes = () => server.app.routes.filter((route) => route.auth);
  const path = (url: string) => url.replace(/:(\w+)/g, 'x');
  const send = (method: string, url: string, token?: string) =>
    call(server, path(url), {
      method,
      headers: token ? bearer(token) : {},
      ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
    });

  it('has protected routes to check', () => {
    expect(protectedRoutes().length).toBeGreaterThanOrEqual(4);
  });

  it('answers 401 not_logged_in to every protected call without a token or with a bad one', async () => {
    for (const route of protectedRoutes()) {
      for (const token of [undefined, 'not-a-real-token']) {
        const reply = await send(route.method, route.url, token);
        expect(reply.status, `${route.method} ${route.url}`).toBe(401);
        expect(reply.body.code).toBe('not_logged_in');
      }
    }
  });

  it('refuses trial accounts on real-money and agent calls', async () => {
    for (const route of protectedRoutes().filter((r) => r.auth !== 'session')) {
      const reply = await send(route.method, route.url, tokens.trial);
      expect(reply.status, `${route.method} ${route.url}`).toBe(403);
      expect(['in_need_true_account', 'forbidden']).toContain(reply.body.code);
    }
  });

  it('refuses players on agent calls and lets every role past the check where it belongs', async () => {
    for (const route of protectedRoutes()) {
      const player = await send(route.method, route.url, tokens.player);
      if (route.auth === 'agent') expect(player.status, `${route.method} ${route.url}`).toBe(403);
      else expect([401, 403], `${route.method} ${route.url}`).not.toContain(player.status);
      const agent = await send(route.method, route.url, tokens.agent);
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(agent.status);
      // Logging out is a protected call too: log back in for the next route.
      if (route.url === '/wps/session/logout') {
        tokens.player = await loginTokenLater('player2');
        tokens.agent = await loginTokenLater('agent1');
      }
    }
  });

  async function loginTokenLater(account: string) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return loginToken(server, account);
  }

  it('leaves no member call unprotected', () => {
    const open = server.app.routes.filter(
      (route) =>
        route.url.startsWith('/wps/member/') &&
        !route.auth &&
        // Registration and the forgot-password calls are for members who cannot log in.
        !/register|password\/(email|email\/reset|verification)$/.test(route.url),
    );
    expect(open.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });
});

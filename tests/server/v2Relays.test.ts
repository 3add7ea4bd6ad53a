import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../src/shared/identity';
import { bearer, loginToken } from '../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../support/testServer';

/**
 * Spec 7 names getUnreadMessageV2, getBalanceV2 and getConsolidated without a path (issue 32,
 * finding 4): each is a relay answering what our own path answers, with the same authorization.
 */
const relays = [
  ['getUnreadMessageV2', '/wps/messages/unread'],
  ['getBalanceV2', '/wps/v2/wallets/balance'],
  ['getConsolidated', '/wps/member/info/funds/consolidated'],
] as const;

describe.each(engines)('the V2 relays on %s', (engine) => {
  let server: TestServer;
  const tokens: Record<'player' | 'agent' | 'trial', string> = { player: '', agent: '', trial: '' };
  beforeAll(async () => {
    server = await startTestServer(engine);
    tokens.player = await loginToken(server, 'player4');
    tokens.agent = await loginToken(server, 'agent2');
    const trial = await call(server, '/wps/session/login/freeplay', { method: 'POST', json: {} });
    tokens.trial = (trial.body.value as LoginResult).token;
  });
  afterAll(() => server.close());

  const get = (path: string, token?: string) =>
    call(server, path, { headers: token ? bearer(token) : {} });

  it.each(relays)('%s answers what %s answers to a logged-in member', async (relay, path) => {
    // Something to count: an unread message from the member's agent.
    const sent = await call(server, '/wps/agent/messages', {
      method: 'POST',
      headers: bearer(tokens.agent),
      json: {
        to: { account: 'player4' },
        subject: 'Hello',
        body: 'A message to count.',
        requestKey: randomBytes(9).toString('base64url'),
      },
    });
    expect(sent.body).toMatchObject({ success: true, value: { delivered: 1 } });

    for (const token of [tokens.player, tokens.agent]) {
      const own = await get(path, token);
      expect(own).toMatchObject({ status: 200, body: { success: true } });
      const relayed = await get(`/wps/relay/${relay}`, token);
      expect(relayed).toMatchObject({ status: 200, body: { success: true } });
      expect(relayed.body.value).toEqual(own.body.value);
    }
    if (relay === 'getUnreadMessageV2') {
      const { value } = (await get(`/wps/relay/${relay}`, tokens.player)).body;
      expect((value as { unread: number }).unread).toBeGreaterThan(0);
    }
  });

  it.each(relays)('%s asks for a token as %s does', async (relay, path) => {
    for (const token of [undefined, 'not-a-real-token']) {
      const own = await get(path, token);
      const relayed = await get(`/wps/relay/${relay}`, token);
      expect(relayed).toMatchObject({ status: 401, body: { code: 'not_logged_in' } });
      expect(relayed).toMatchObject({ status: own.status, body: { code: own.body.code } });
    }
    // A trial account: refused where our path refuses it (no unread count, no consolidated
    // funds, spec 4), answered the same where it answers (the balance).
    const own = await get(path, tokens.trial);
    const relayed = await get(`/wps/relay/${relay}`, tokens.trial);
    expect(relayed.status).toBe(own.status);
    expect(relayed.body).toEqual(own.body);
    expect(relayed.status).toBe(relay === 'getBalanceV2' ? 200 : 403);
  });
});

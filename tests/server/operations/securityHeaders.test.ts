import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/testServer';

const directive = (policy: string | null, name: string): string | undefined =>
  policy
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers', () => {
  /** Behind a trusted proxy (loopback), which says whether the visitor came over HTTPS. */
  let proxied: TestServer;
  /** No trusted proxy: an X-Forwarded-Proto header is the client's own claim. */
  let direct: TestServer;
  beforeAll(async () => {
    [proxied, direct] = await Promise.all([
      startTestServer('pglite', { trustProxy: 'loopback' }),
      startTestServer('pglite'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([proxied.close(), direct.close()]);
  });

  it('let the page connect (WebSocket included) to its own origin only', async () => {
    const response = await fetch(`${direct.url}/wps/system/status`);
    const policy = response.headers.get('content-security-policy');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(policy).not.toMatch(/\bwss?:/);
  });

  it('send HSTS only over HTTPS, as a trusted proxy reports it', async () => {
    const plain = await fetch(`${proxied.url}/wps/system/status`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();

    const secure = await fetch(`${proxied.url}/wps/system/status`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    // Also on answers that are not the API's own (a 404 here).
    const missing = await fetch(`${proxied.url}/wps/no-such-call`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('strict-transport-security')).not.toBeNull();

    const forged = await fetch(`${direct.url}/wps/system/status`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it('are on every answer: a call, a 404, a refused body and a 304, as helmet sets them', async () => {
    // Made once at start from helmet's middleware (issue 31); each must still reach every answer.
    const named = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const list = `${direct.url}/wps/relay/GCSGAME_gameList?clientType=3&platform=html5-desktop&gameType=RNG&pageNo=1&pageSize=24&language=EN`;
    const first = await fetch(list);
    const answers = [
      first,
      await fetch(`${direct.url}/wps/no-such-call`),
      await fetch(`${direct.url}/wps/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{not json',
      }),
      await fetch(list, { headers: { 'if-none-match': first.headers.get('etag')! } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 400, 304]);
    for (const answer of answers) {
      for (const name of named) expect(answer.headers.get(name), name).not.toBeNull();
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });
});

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
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedCall } from '../../support/identityClient';
import { call, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Generated malformed payloads at every identity endpoint: always a 4xx envelope with a code,
 * never a 500, and no account created or changed.
 */
describe('identity endpoints under bad input', () => {
  let server: TestServer;
  let before: string;
  const snapshot = async () =>
    JSON.stringify(
      await server.deps.db.query(
        'select id, account, password_hash, status, type from members order by id',
      ),
    );

  beforeAll(async () => {
    server = await startTestServer('pglite', { trustProxy: 'loopback' });
    before = await snapshot();
  });
  afterAll(() => server.close());

  const endpoints: [string, string, 'plain' | 'encrypted' | 'form'][] = [
    ['POST', '/wps/session/login', 'encrypted'],
    ['POST', '/wps/session/login', 'plain'],
    ['PUT', '/wps/member/register', 'encrypted'],
    ['PUT', '/wps/member/register/mobile', 'encrypted'],
    ['POST', '/wps/member/password/verification', 'encrypted'],
    ['POST', '/wps/member/password/email', 'form'],
    ['POST', '/wps/member/password/email', 'plain'],
    ['POST', '/wps/verification/sms/noLogin', 'plain'],
    ['POST', '/wps/verification/sms/register', 'plain'],
    ['POST', '/wps/session/login/freeplay', 'plain'],
  ];

  it('answers every malformed payload with a 4xx envelope and changes nothing', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.oneof(
          fc.jsonValue(),
          fc.record({ type: fc.string(), username: fc.anything(), password: fc.anything() }),
          fc.record({
            mobileNum: fc.string(),
            countryDialingCode: fc.string(),
            altcha: fc.string(),
          }),
          fc.dictionary(fc.string(), fc.string()),
        ),
        async ([method, path, kind], payload) => {
          n += 1;
          // A fresh address per call, so the 1 s throttles do not hide the validation.
          const headers = { 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` };
          // Free play accepts an empty body: give it only objects it must refuse.
          const body = path.endsWith('freeplay') ? { unexpected: payload } : payload;
          const reply =
            kind === 'encrypted'
              ? await encryptedCall(server, path, method, body, headers)
              : kind === 'form'
                ? await call(server, path, {
                    method,
                    body: new URLSearchParams(
                      Object.entries(
                        typeof body === 'object' && body ? body : { v: String(body) },
                      ).map(([k, v]) => [k, String(v)]),
                    ).toString(),
                    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                  })
                : await call(server, path, { method, json: body, headers });
          expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(
            400,
          );
          expect(reply.status).toBeLessThan(500);
          expect(reply.body.success).toBe(false);
          expect(reply.body.code).toMatch(/^[a-z_]+$/);
        },
      ),
      { numRuns: 150 },
    );
    expect(await snapshot()).toBe(before);
  });

  it('refuses tampered and stale encrypted payloads alike, and says when one is replayed', async () => {
    const { body } = await call(server, '/wps/session/key/rsa');
    const { sealPayload } = await import('../../../src/api/payloadCipher');
    const publicKey = (body.value as { publicKey: string }).publicKey;
    const sealed = await sealPayload(publicKey, {
      type: 'username',
      username: 'player1',
      password: 'x',
    });
    const send = (header: string, json: unknown) =>
      call(server, '/wps/session/login', { method: 'POST', json, headers: { encryption: header } });

    const first = await send(sealed.header, sealed.body);
    expect(first.body.code).not.toBe('decryption_failed');
    // Authentic and fresh, but received already (a balancer's retry after a process died):
    // told apart, so the caller seals it anew rather than taking it for a refusal.
    const again = await send(sealed.header, sealed.body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('replayed');

    const tampered = await sealPayload(publicKey, { type: 'username' });
    const flipped = Buffer.from(tampered.body.data, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      (await send(tampered.header, { ...tampered.body, data: flipped.toString('base64') })).body
        .code,
    ).toBe('decryption_failed');

    const stale = await sealPayload(publicKey, { type: 'username' }, Date.now() - 3 * 60_000);
    expect((await send(stale.header, stale.body)).body.code).toBe('decryption_failed');
    expect((await send('garbage', {})).status).toBe(400);
  });
});

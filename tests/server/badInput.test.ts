import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, engines, startTestServer, type TestServer } from '../support/testServer';

/** Every bad request gets a 4xx envelope with a code: never a 500, never a stack trace. */
function expectClientError(response: {
  status: number;
  body: { success: boolean; code?: string; message?: string };
}) {
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.body.success).toBe(false);
  expect(response.body.code).toMatch(/^[a-z_]+$/);
  expect(response.body.message ?? '').not.toMatch(/\n\s+at /);
}

describe.each(engines)('bad input on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const send = (path: string, method: string, body: string, contentType = 'application/json') =>
    call(server, path, { method, body, headers: { 'content-type': contentType } });

  it('refuses a NUL character in any text with invalid_request, not a 500', async () => {
    const reply = await call(server, '/wps/member/password/email', {
      method: 'POST',
      body: new URLSearchParams({ username: 'player1\u0000', email: 'a@b.test' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const query = await call(server, '/wps/relay/GCSGAME_gameList?gameType=RNG&keyword=a%00b');
    expect(query.body.code).toBe('invalid_request');
  });

  it('answers malformed JSON with invalid_json', async () => {
    const response = await send('/wps/system/language', 'PUT', '{"language": ');
    expectClientError(response);
    expect(response.body.code).toBe('invalid_json');
  });

  it('answers an oversize body with payload_too_large', async () => {
    const response = await send(
      '/wps/system/language',
      'PUT',
      JSON.stringify({ language: 'x'.repeat(70_000) }),
    );
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('answers a content type it does not read with unsupported_media_type', async () => {
    const response = await send('/wps/system/language', 'PUT', 'language=ES', 'text/csv');
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('unsupported_media_type');
  });

  it('answers wrong types and unknown fields with invalid_request naming the field', async () => {
    const wrongType = await call(server, '/wps/system/language', {
      method: 'PUT',
      json: { language: 42 },
    });
    expectClientError(wrongType);
    expect(wrongType.body.message).toContain('language');
    const extra = await call(server, '/wps/system/language', {
      method: 'PUT',
      json: { language: 'ES', admin: true },
    });
    expectClientError(extra);
    const badQuery = await call(server, '/wps/system/setting/register?type=EVERYTHING');
    expectClientError(badQuery);
  });

  it('answers unknown relays, wrong relay methods and unknown API paths with their codes', async () => {
    expect((await call(server, '/wps/relay/GCS_doesNotExist')).body.code).toBe('unknown_relay');
    expect((await call(server, '/wps/relay/bad%20name')).body.code).toBe('invalid_request');
    const wrongMethod = await call(server, '/wps/relay/getHelpV2', { method: 'POST', json: {} });
    expect(wrongMethod).toMatchObject({ status: 405, body: { code: 'method_not_allowed' } });
    const unknown = await call(server, '/wps/nothing/here');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('never fails with a 500 whatever JSON is thrown at the input endpoints', async () => {
    const targets: [string, string][] = [
      ['/wps/system/language', 'PUT'],
      ['/ops/maintenance', 'POST'],
      ['/wps/relay/getHelpV2', 'GET'],
      ['/wps/relay/anything', 'DELETE'],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.jsonValue(),
        async ([path, method], payload) => {
          const response =
            method === 'GET'
              ? await call(server, `${path}?lang=${encodeURIComponent(JSON.stringify(payload))}`)
              : await send(path, method, JSON.stringify(payload));
          expectClientError(response);
        },
      ),
      { numRuns: 60 },
    );
    // Nothing changed: the operator endpoint refused every anonymous payload.
    expect((await call(server, '/wps/system/status')).body.value).toMatchObject({
      maintenance: false,
    });
  });

  it('survives raw garbage bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (garbage) => {
        const response = await send('/wps/system/language', 'PUT', garbage);
        expectClientError(response);
      }),
      { numRuns: 40 },
    );
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttp } from '../../../src/api/http';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const seen: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      seen.push(request);
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return seen;
}

const http = (token: string | null = 'tok') =>
  createHttp(
    { merchantCode: () => 'AURORA', language: () => 'ES', token: () => token },
    'http://test.local/',
  );

describe('http client', () => {
  it('sends the platform headers and unwraps the envelope value', async () => {
    const seen = stubFetch(200, { success: true, value: { ok: 1 } });
    await expect(http().get('/wps/system/status')).resolves.toEqual({ ok: 1 });
    const headers = seen[0]!.headers;
    expect(headers.get('Merchant')).toBe('AURORA');
    expect(headers.get('Language')).toBe('ES');
    expect(headers.get('X-Gateway-Version')).toBe('3');
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('sends no Authorization header without a token', async () => {
    const seen = stubFetch(200, { success: true, value: null });
    await http(null).get('/x');
    expect(seen[0]!.headers.has('Authorization')).toBe(false);
  });

  it('ends the session on a refused token and asks once more as a guest (issue 32)', async () => {
    const seen: Request[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        seen.push(request);
        const refused = request.headers.has('Authorization');
        return new Response(
          JSON.stringify(
            refused
              ? { success: false, value: null, code: 'not_logged_in', message: 'expired' }
              : { success: true, value: { guest: true } },
          ),
          { status: refused ? 401 : 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    const refused = vi.fn();
    const client = createHttp(
      {
        merchantCode: () => 'AURORA',
        language: () => 'ES',
        token: () => 'stale',
        tokenRefused: refused,
      },
      'http://test.local/',
    );
    await expect(client.put('/wps/system/language', { language: 'th' })).resolves.toEqual({
      guest: true,
    });
    expect(refused).toHaveBeenCalledTimes(1);
    expect(seen.map((request) => request.headers.get('Authorization'))).toEqual([
      'Bearer stale',
      null,
    ]);
    // Without a token the same refusal is the answer: no second try.
    seen.length = 0;
    stubFetch(401, { success: false, value: null, code: 'not_logged_in', message: 'log in' });
    await expect(http(null).get('/wps/v2/wallets/balance')).rejects.toMatchObject({
      code: 'not_logged_in',
    });
  });

  it("keeps a newer session when an older session's token is refused on its way", async () => {
    // The member logged in again while a call with the revoked session's token was held.
    let token = 'old';
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const sent = request.headers.get('Authorization');
        seen.push(sent);
        token = 'new';
        const refused = sent === 'Bearer old';
        return new Response(
          JSON.stringify(
            refused
              ? { success: false, value: null, code: 'not_logged_in', message: 'revoked' }
              : { success: true, value: { member: true } },
          ),
          { status: refused ? 401 : 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    const refused = vi.fn();
    const client = createHttp(
      {
        merchantCode: () => 'AURORA',
        language: () => 'EN',
        token: () => token,
        tokenRefused: refused,
      },
      'http://test.local/',
    );
    await expect(client.get('/wps/member/info')).resolves.toEqual({ member: true });
    expect(refused).not.toHaveBeenCalled();
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
  });

  it('turns a failed envelope into an ApiError with its code', async () => {
    stubFetch(503, {
      success: false,
      value: null,
      code: 'maintenance',
      message: 'System maintenance.',
    });
    const error = await http()
      .get('/x')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'maintenance', status: 503 });
  });

  it('reports a response that is not an envelope as unknown_error', async () => {
    stubFetch(502, '<html>bad gateway</html>');
    await expect(http().post('/x', {})).rejects.toMatchObject({
      code: 'unknown_error',
      status: 502,
    });
  });
});

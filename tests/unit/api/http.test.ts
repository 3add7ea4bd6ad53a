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

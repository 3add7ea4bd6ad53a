import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/testServer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Issue 13: one id per request in its answer and in every log line, taken from a balancer. */
describe('request ids', () => {
  let server: TestServer;
  const lines: string[] = [];
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      app: { logLevel: 'info', logStream: { write: (line: string) => void lines.push(line) } },
    });
  });
  afterAll(() => server.close());

  const idOf = async (headers: Record<string, string> = {}) =>
    (await fetch(`${server.url}/wps/system/status`, { headers })).headers.get('x-request-id');

  it("keeps a balancer's X-Request-Id in the answer and in the access log", async () => {
    expect(await idOf({ 'x-request-id': 'lb-42.a:1' })).toBe('lb-42.a:1');
    const access = logged().filter((line) => line.requestId === 'lb-42.a:1');
    expect(access.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('makes a new id when there is none, or when the given one is not a plain token', async () => {
    const made = [await idOf(), await idOf(), await idOf({ 'x-request-id': 'x'.repeat(65) })];
    for (const id of made) expect(id).toMatch(UUID);
    expect(new Set(made).size).toBe(3);
    expect(await idOf({ 'x-request-id': 'a b' })).toMatch(UUID);
  });
});

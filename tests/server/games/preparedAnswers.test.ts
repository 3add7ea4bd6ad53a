import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/testServer';

/**
 * The catalogue's read-mostly answers (issue 31): serialized once, sent with a strong ETag, and
 * answered 304 with no body when the browser already holds them. The ETag is a hash of the
 * answer, so two processes holding the same catalogue give the same one (a browser's copy stays
 * valid whichever process a balancer picks).
 */
const READS = [
  '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=24&language=EN',
  '/wps/relay/GCSGAME_hotGamesV2?language=EN',
  '/lgw/games/game_menus?language=EN',
  '/lgw/vn/games/game_menu?language=VI',
];

describe('catalogue answers with ETags', () => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    [first, second] = await Promise.all([startTestServer('pglite'), startTestServer('pglite')]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it.each(READS)('%s: an ETag, a 304 for it, the same in two processes', async (path) => {
    const answer = await fetch(first.url + path);
    expect(answer.status).toBe(200);
    const etag = answer.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await answer.json()) as { success: boolean };
    expect(body.success).toBe(true);

    const again = await fetch(first.url + path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const stale = await fetch(first.url + path, { headers: { 'if-none-match': '"stale"' } });
    expect(stale.status).toBe(200);

    const elsewhere = await fetch(second.url + path, { headers: { 'if-none-match': etag! } });
    expect(elsewhere.status).toBe(304);
  });

  it('gives each page its own ETag', async () => {
    const page = (n: number) =>
      fetch(`${first.url}/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=${n}&pageSize=24`);
    const [one, two] = await Promise.all([page(1), page(2)]);
    expect(one.headers.get('etag')).not.toBe(two.headers.get('etag'));
  });

  it('sends the page compressed as the browser accepts, the same bytes each time, never twice', async () => {
    const path = READS[0]!;
    const raw = (acceptEncoding?: string) =>
      new Promise<{ headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
        const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
        request(first.url + path, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }),
          );
          response.on('error', reject);
        })
          .on('error', reject)
          .end();
      });
    const plain = await raw();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const text = plain.bytes.toString('utf8');
    expect((JSON.parse(text) as { success: boolean }).success).toBe(true);

    const br = await raw('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString('utf8')).toBe(text);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    // The same bytes the next time (made once and kept), and the same ETag as the plain text.
    expect((await raw('br')).bytes.equals(br.bytes)).toBe(true);
    expect(br.headers.etag).toBe(plain.headers.etag);

    expect((await raw('*')).headers['content-encoding']).toBe('br');
    for (const accepted of ['gzip', 'br;q=0, gzip', 'x-gzip', 'gzip;q=1, br;q=0.5']) {
      const gzip = await raw(accepted);
      expect(gzip.headers['content-encoding'], accepted).toBe('gzip');
      expect(gunzipSync(gzip.bytes).toString('utf8'), accepted).toBe(text);
    }
    for (const refused of ['identity', 'deflate', 'br;q=0']) {
      const none = await raw(refused);
      expect(none.headers['content-encoding'], refused).toBeUndefined();
      expect(none.bytes.toString('utf8'), refused).toBe(text);
    }
  });
});

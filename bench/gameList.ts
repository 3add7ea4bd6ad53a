import Fastify from 'fastify';
import { type LoadRun, runLoad } from './support/load';
import { call, startPlatformServer } from './support/platformServer';
import { withPostgres } from './support/postgres';

/**
 * The public game list under load: GET /wps/relay/GCSGAME_gameList for RNG, pages 1 to 3 of 24
 * in English (round robin), with 100 concurrent keep-alive connections on loopback from a worker
 * thread, for 1 s of warm-up then 5 s measured; requests per second and p50/p99 latency.
 * The real server runs in this process with the seeded catalogue (517 games), on in-memory
 * PGlite and, when PostgreSQL can be started or reached, on PostgreSQL.
 *
 * The baseline, in the same run: a bare Fastify on 127.0.0.1:0 answering the same path with the
 * same three bodies, fetched from the platform beforehand and kept as precomputed strings, hit
 * the same way. The ratio says what the list costs over HTTP and JSON transport alone. Each target
 * is also asked one request at a time over one connection (at most 100 requests or 1 s) first,
 * for the latency without queueing.
 */

export const GAME_LIST_CONNECTIONS = 100;
export const GAME_LIST_WARM_UP_MS = 1_000;
export const GAME_LIST_DURATION_MS = 5_000;
/** A cap on measured requests, so a very fast machine also stops early. */
const MAX_REQUESTS = 200_000;
const PAGES = [1, 2, 3] as const;

export const gameListPath = (pageNo: number) =>
  `/wps/relay/GCSGAME_gameList?clientType=3&platform=html5-desktop&gameType=RNG` +
  `&pageNo=${pageNo}&pageSize=24&language=EN`;

export interface GameListEngine {
  engine: 'pglite' | 'postgres';
  source?: string;
  skipped?: string;
  run?: LoadRun;
  /** One connection, one request at a time: the latency without queueing. */
  single?: LoadRun;
  /**
   * The same load with the Accept-Encoding a browser sends (PGlite only: no query runs either
   * way): the answer goes out compressed, as every visitor gets it.
   */
  browser?: LoadRun;
}

export interface GameListFigures {
  connections: number;
  durationMs: number;
  /** Per page: games listed and body size in bytes. */
  pages: { pageNo: number; games: number; bytes: number }[];
  baseline: LoadRun;
  baselineSingle: LoadRun;
  engines: GameListEngine[];
}

const urls = (origin: string) => PAGES.map((page) => origin + gameListPath(page));

/** What Chromium sends. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const load = (origin: string, headers?: Record<string, string>) =>
  runLoad({
    urls: urls(origin),
    ...(headers ? { headers } : {}),
    connections: GAME_LIST_CONNECTIONS,
    warmUpMs: GAME_LIST_WARM_UP_MS,
    durationMs: GAME_LIST_DURATION_MS,
    maxRequests: MAX_REQUESTS,
  });

/** Unloaded latency, for reading the loaded one: one connection, at most 100 requests or 1 s. */
const single = (origin: string) =>
  runLoad({
    urls: urls(origin),
    connections: 1,
    warmUpMs: 200,
    durationMs: 1_000,
    maxRequests: 100,
  });

interface Measured {
  run: LoadRun;
  single: LoadRun;
}

async function both(origin: string): Promise<Measured> {
  const one = await single(origin);
  return { single: one, run: await load(origin) };
}

/** A bare Fastify answering the game list path with the precomputed body of the page asked. */
async function measureBaseline(bodies: ReadonlyMap<string, string>): Promise<Measured> {
  const app = Fastify();
  app.get('/wps/relay/GCSGAME_gameList', (request, reply) => {
    const { pageNo } = request.query as { pageNo?: string };
    return reply.type('application/json; charset=utf-8').send(bodies.get(pageNo ?? '1'));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    return await both(`http://127.0.0.1:${port}`);
  } finally {
    await app.close();
  }
}

export async function measureGameList(): Promise<GameListFigures> {
  const engines: GameListEngine[] = [];
  const pages: GameListFigures['pages'] = [];
  const bodies = new Map<string, string>();
  let baseline: Measured | undefined;

  const server = await startPlatformServer();
  try {
    for (const page of PAGES) {
      const response = await fetch(server.url + gameListPath(page));
      const text = await response.text();
      const body = JSON.parse(text) as { success: boolean; value?: { games?: unknown[] } };
      if (response.status !== 200 || !body.success)
        throw new Error(`GCSGAME_gameList page ${page} answered ${response.status}: ${text}`);
      pages.push({
        pageNo: page,
        games: body.value?.games?.length ?? 0,
        bytes: Buffer.byteLength(text),
      });
      bodies.set(String(page), text);
    }
    // The baseline first, while the platform (already listening) sits idle.
    baseline = await measureBaseline(bodies);
    engines.push({
      engine: 'pglite',
      ...(await both(server.url)),
      browser: await load(server.url, { 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
    });
  } finally {
    await server.close();
  }

  const postgres: GameListEngine = { engine: 'postgres' };
  engines.push(postgres);
  try {
    postgres.source = await withPostgres(async (databaseUrl) => {
      const onPostgres = await startPlatformServer({ databaseUrl });
      try {
        // The same check as above: the list answers before it is loaded.
        const check = await call(onPostgres, gameListPath(1));
        if (!check.body.success) throw new Error(`GCSGAME_gameList: ${check.body.message}`);
        Object.assign(postgres, await both(onPostgres.url));
      } finally {
        await onPostgres.close();
      }
    });
  } catch (error) {
    postgres.skipped = error instanceof Error ? error.message.split('\n')[0] : String(error);
  }

  return {
    connections: GAME_LIST_CONNECTIONS,
    durationMs: GAME_LIST_DURATION_MS,
    pages,
    baseline: baseline.run,
    baselineSingle: baseline.single,
    engines,
  };
}

import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';

/**
 * The Redis connection of a process that runs beside others (REDIS_URL): socket.io's Redis
 * Streams adapter carries every emit and every server-to-server message through it
 * (ARCHITECTURE, Scale-out). One client per process; the adapter makes its own copy for the
 * blocking stream reads.
 */
export interface RedisLink {
  client: RedisClient;
  /**
   * socket.io's adapter over this client's streams. Made here so that the adapter's package, like
   * the client's, is loaded only by a process that has Redis (boot imports this module then).
   */
  adapter(options: { streamName: string; maxLen: number }): ReturnType<typeof createAdapter>;
  /** For GET /readyz: resolves when Redis answers PING. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

function createRedisClient(
  url: string,
  connectTimeout: number,
  reconnectStrategy: (retries: number) => number | false,
) {
  // RESP2: the replies the socket.io adapter reads (XREAD, XRANGE) in the shape it expects.
  return createClient({ url, RESP: 2, socket: { connectTimeout, reconnectStrategy } });
}

type RedisClient = ReturnType<typeof createRedisClient>;

/**
 * Connects before the server listens, so a wrong REDIS_URL stops the start with a clear message
 * instead of a process that serves but fans nothing out. Later drops are retried by the client
 * (with a growing delay up to 5 s); readiness reports them meanwhile.
 */
export async function connectRedis(
  url: string,
  log: (message: string) => void,
  connectTimeoutMs = 5_000,
): Promise<RedisLink> {
  let connected = false;
  // Before the first connection a failure ends the start; after it, keep trying.
  const client = createRedisClient(url, connectTimeoutMs, (retries) =>
    connected ? Math.min(100 * 2 ** retries, 5_000) : false,
  );
  let lastError = '';
  client.on('error', (error: Error) => {
    // One line per distinct failure, not one per retry.
    if (error.message !== lastError) log(`redis: ${error.message}`);
    lastError = error.message;
  });
  client.on('ready', () => {
    if (lastError) log('redis: connected again');
    lastError = '';
  });
  try {
    await client.connect();
  } catch (error) {
    const where = url.replace(/\/\/[^@/]*@/, '//…@'); // no password in the message
    throw new Error(
      `REDIS_URL ${where} does not answer (${(error as Error).message}): start Redis or fix ` +
        'REDIS_URL; without it, run a single process.',
      { cause: error },
    );
  }
  connected = true;
  return {
    client,
    adapter: (options) => createAdapter(client, options),
    async ping() {
      await client.ping();
    },
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}

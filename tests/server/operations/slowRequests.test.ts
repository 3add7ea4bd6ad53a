import { connect as connectTcp, type Socket } from 'node:net';
import { io as connectIo } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../../server/config/env';
import type { SystemEvent } from '../../../src/shared/realtime';
import { call, startTestServer, type TestServer } from '../../support/testServer';

const REQUEST_TIMEOUT_MS = 600;
const MAX_CONNECTIONS = 8;

/** A raw TCP connection to the server, with what it received and whether it was closed. */
function open(
  server: TestServer,
): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(port), '127.0.0.1');
    let received = '';
    const started = Date.now();
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined); // a reset is one way of being closed
    const closed = new Promise<number>((done) =>
      socket.on('close', () => done(Date.now() - started)),
    );
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms).unref(),
    ),
  ]);

describe('slow requests and connection flooding', () => {
  /** Small timeouts. */
  let server: TestServer;
  /** Few connections (and the default timeouts, so held connections stay). */
  let capped: TestServer;
  beforeAll(async () => {
    [server, capped] = await Promise.all([
      startTestServer('pglite', {
        app: {
          limits: {
            requestTimeoutMs: REQUEST_TIMEOUT_MS,
            headersTimeoutMs: REQUEST_TIMEOUT_MS,
            connectionTimeoutMs: REQUEST_TIMEOUT_MS * 2,
            keepAliveTimeoutMs: REQUEST_TIMEOUT_MS,
          },
        },
      }),
      startTestServer('pglite', { app: { limits: { maxConnections: MAX_CONNECTIONS } } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server.close(), capped.close()]);
  });

  it('reads the limits from the environment, with sane defaults', () => {
    expect(readEnv({}).httpLimits).toEqual({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 10_000,
      connectionTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 10_000,
    });
    const set = readEnv({ REQUEST_TIMEOUT_MS: '5000', MAX_CONNECTIONS: '100' }).httpLimits;
    expect(set).toMatchObject({ requestTimeoutMs: 5000, maxConnections: 100 });
    expect(() => readEnv({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it('closes a client that trickles its body, after the request timeout', async () => {
    const trickler = await open(server);
    trickler.socket.write(
      'PUT /wps/system/language HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n{',
    );
    // A byte every 100 ms: never idle long enough for an idle timeout, never finished.
    const drip = setInterval(() => trickler.socket.write(' '), 100);
    try {
      const after = await within(trickler.closed, REQUEST_TIMEOUT_MS * 8, 'closed');
      expect(after).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
      expect(trickler.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
      trickler.socket.destroy();
    }
  });

  it('closes without waiting out the keep-alive of a response that ends after the close began', async () => {
    // Its own server: closed here, with the default 72 s keep-alive timeout.
    const closing = await startTestServer('pglite');
    const client = await open(closing);
    const arrived = new Promise((resolve) => closing.app.http.server.once('request', resolve));
    try {
      client.socket.write(
        'PUT /wps/system/language HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 17\r\n\r\n{"language":',
      );
      // The request is in flight (its body half sent) when the close begins.
      await arrived;
      const closed = closing.close();
      client.socket.write('"EN"}');
      await expect.poll(() => client.received()).toMatch(/^HTTP\/1\.1 200/);
      await within(closed, 5_000, 'the server closed');
      await within(client.closed, 5_000, 'the connection closed');
    } finally {
      client.socket.destroy();
    }
  });

  it('closes a client that trickles its headers', async () => {
    const trickler = await open(server);
    trickler.socket.write('GET /wps/system/status HTTP/1.1\r\nHost: localhost\r\n');
    const drip = setInterval(() => trickler.socket.write('X-Slow: 1\r\n'), 100);
    try {
      await within(trickler.closed, REQUEST_TIMEOUT_MS * 8, 'closed');
    } finally {
      clearInterval(drip);
      trickler.socket.destroy();
    }
  });

  it('refuses connections over the cap, and takes new ones once some close', async () => {
    // Idle keep-alive connections, each having made one request, held open.
    const held = await Promise.all(
      Array.from({ length: MAX_CONNECTIONS }, async () => {
        const connection = await open(capped);
        connection.socket.write('GET /wps/system/status HTTP/1.1\r\nHost: localhost\r\n\r\n');
        await expect.poll(() => connection.received()).toMatch(/^HTTP\/1\.1 200/);
        return connection;
      }),
    );
    const extra = await open(capped);
    try {
      extra.socket.write('GET /wps/system/status HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await within(extra.closed, 2_000, 'the connection over the cap closed');
      expect(extra.received()).toBe('');
    } finally {
      extra.socket.destroy();
      for (const connection of held) connection.socket.destroy();
    }
    await Promise.all(held.map((connection) => connection.closed));
    await expect
      .poll(async () => (await call(capped, '/wps/system/status').catch(() => null))?.status)
      .toBe(200);
  });

  it('keeps a socket.io connection open past the timeouts, and live', async () => {
    const socket = connectIo(server.url, { forceNew: true, reconnection: false });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    // The default transports start with polling and upgrade to a WebSocket.
    await expect.poll(() => socket.io.engine.transport.name).toBe('websocket');
    let disconnected: string | null = null;
    socket.on('disconnect', (reason) => (disconnected = reason));
    const events: SystemEvent[] = [];
    socket.on('system', (event) => events.push(event));

    // Three connection timeouts with no traffic but socket.io's own.
    await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS * 2 * 3));
    expect(disconnected).toBeNull();
    expect(socket.connected).toBe(true);
    await server.deps.maintenance.set({ enabled: true, end: null });
    await expect.poll(() => events.length).toBe(1);
    await server.deps.maintenance.set({ enabled: false, end: null });
    await expect.poll(() => events.length).toBe(2);
    socket.disconnect();
  });
});

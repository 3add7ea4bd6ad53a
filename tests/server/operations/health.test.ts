import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killServerProcesses, startServerProcess } from '../../support/serverProcess';
import { call, startTestServer, type TestServer } from '../../support/testServer';

describe('health and readiness probes', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers JSON, never cached, whatever the site, maintenance or region say', async () => {
    server = await startTestServer('pglite');
    await server.deps.maintenance.set({ enabled: true, end: null });
    for (const [url, body] of [
      ['/healthz', { status: 'ok' }],
      ['/readyz', { status: 'ready', checks: { database: 'ok' } }],
    ] as const) {
      const reply = await fetch(server.url + url);
      expect(reply.status, url).toBe(200);
      expect(await reply.json(), url).toEqual(body);
      expect(reply.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('is not ready while the database does not answer, nor once shutdown began', async () => {
    server = await startTestServer('pglite');
    const { db } = server.deps;
    const query = db.query.bind(db);
    db.query = () => Promise.reject(new Error('connection refused'));
    try {
      const down = await call(server, '/readyz');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({
        status: 'unavailable',
        checks: { database: 'failed: connection refused' },
      });
      // Alive all the same: restarting the process would not bring the database back.
      expect((await call(server, '/healthz')).status).toBe(200);
    } finally {
      db.query = query;
    }
    server.app.lifecycle.draining = true;
    const draining = await call(server, '/readyz');
    expect(draining.status).toBe(503);
    expect(draining.body).toMatchObject({ status: 'draining' });
  });
});

describe('graceful shutdown', () => {
  let dir = '';
  afterAll(async () => {
    await killServerProcesses();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('ends at SIGTERM with a WebSocket open, cutting it so its client reconnects', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'platform-shutdown-'));
    const server = await startServerProcess({ dataDir: dir });
    const { io } = await import('socket.io-client');
    const socket = io(server.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      // Killed after 20 s if it hangs; its own bound (SHUTDOWN_TIMEOUT_MS, 10 s) would exit 1.
      const exit = await server.stop(20_000);
      expect(exit).toEqual({ code: 0, signal: null });
      // A dropped transport, which socket.io-client answers by reconnecting (not a
      // server-side "go away", after which it would stay disconnected).
      expect(await cut).toBe('transport close');
    } finally {
      socket.disconnect();
    }
  });
});

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BalanceEvent } from '../../../src/shared/realtime';
import { SOCKET_PATH } from '../../../src/shared/realtime';
import { type CrashStore, createCrashStore } from '../../support/crashStore';
import { bearer, loginToken } from '../../support/identityClient';
import { newKey } from '../../support/moneyClient';
import { startRedis, type RedisServer } from '../../support/redisServer';
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
} from '../../support/serverProcess';
import { call } from '../../support/testServer';
import { freePort } from '../../support/ports';

/**
 * deploy/haproxy.cfg, the file an operator deploys, run by the machine's HAProxy (.ci/run
 * installs it) in front of two real server processes on PostgreSQL and Redis: it spreads
 * visitors over both, keeps a long-polling client on one, passes WebSockets through, and stops
 * sending to an instance that drains on SIGTERM while its pages reconnect to the other.
 */
const OPS_TOKEN = randomBytes(24).toString('base64url');
const LIVE_MS = 5_000;

function haproxyBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], {
    encoding: 'utf8',
  });
  const binary = found.stdout.trim().split('\n')[0];
  if (found.status !== 0 || !binary) {
    throw new Error('haproxy not found: install it (apt-get install -y haproxy; .ci/run does).');
  }
  return binary;
}

/** The instance that answered, from HAProxy's stickiness cookie. */
function instanceOf(response: Response): string | null {
  return /platform_instance=(\w+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;
}

describe('deploy/haproxy.cfg in front of two instances', () => {
  let redis: RedisServer;
  let store: CrashStore;
  let a: ServerProcess;
  let b: ServerProcess;
  let haproxy: ChildProcess;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const binary = haproxyBinary();
    redis = await startRedis();
    store = await createCrashStore('postgres', 'haproxy');
    const start = async (name: string) => {
      const dataDir = path.join(store.root, name);
      await mkdir(dataDir, { recursive: true });
      return startServerProcess({
        dataDir,
        databaseUrl: store.databaseUrl,
        // HAProxy is on loopback here: its X-Forwarded-For is believed.
        env: {
          REDIS_URL: redis.url,
          OPS_TOKEN,
          TRUST_PROXY: 'loopback',
          SHUTDOWN_DRAIN_MS: '5000', // deploy/haproxy.cfg: a check every 2 s, out after 2 fails
        },
      });
    };
    a = await start('a');
    b = await start('b');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    haproxy = spawn(binary, ['-f', 'deploy/haproxy.cfg', '-db'], {
      env: {
        ...process.env,
        LISTEN: `127.0.0.1:${port}`,
        APP1: new URL(a.url).host,
        APP2: new URL(b.url).host,
        OPERATOR_NETWORKS: '127.0.0.1/32 10.0.0.0/8',
      },
      stdio: 'ignore',
    });
    // Ready when both instances are in rotation (the health checks passed).
    await vi.waitFor(
      async () => {
        const seen = new Set<string | null>();
        for (let i = 0; i < 4; i += 1) seen.add(instanceOf(await fetch(`${url}/healthz`)));
        expect(seen).toEqual(new Set(['app1', 'app2']));
      },
      { timeout: 20_000, interval: 200 },
    );
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    haproxy?.kill('SIGKILL');
    await killServerProcesses();
    await store?.remove();
    await redis?.stop();
  });

  function socketThrough(token: string, transports: ('polling' | 'websocket')[]): Socket {
    const socket = connectSocket(url, {
      path: SOCKET_PATH,
      transports,
      forceNew: true,
      auth: { token },
      withCredentials: true, // keeps HAProxy's cookie, as a browser does
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    return socket;
  }

  it('passes the visitor address through, and keeps a long-polling client on one instance', async () => {
    const status = await call({ url }, '/wps/system/status', {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect((status.body.value as { location: { ip: string } }).location.ip).toBe('203.0.113.7');

    const token = await loginToken({ url }, 'player1');
    const polling = socketThrough(token, ['polling']);
    const heard: BalanceEvent[] = [];
    polling.on('balance', (event) => heard.push(event));
    await new Promise<void>((resolve, reject) => {
      polling.once('connect', () => resolve());
      polling.once('connect_error', reject);
    });
    const grant = await call({ url }, '/ops/bonus', {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      json: { account: 'player1', amount: '2.00', reason: 'lb', idempotencyKey: newKey() },
    });
    expect(grant.body.success).toBe(true);
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: LIVE_MS });
    expect(polling.io.engine.transport.name).toBe('polling');
  });

  it('drains an instance on SIGTERM: no failed request, and its pages move to the other', async () => {
    const token = await vi.waitFor(() => loginToken({ url }, 'player2'), { timeout: 20_000 });
    const pages = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const socket = socketThrough(token, ['websocket']);
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        return socket;
      }),
    );
    const last = pages.map(() => '');
    pages.forEach((page, i) =>
      page.on('balance', (event: BalanceEvent) => {
        last[i] = event.balance;
      }),
    );

    // Requests keep flowing while B drains and stops: every one is answered.
    let stopped = false;
    const failures: string[] = [];
    const traffic = (async () => {
      while (!stopped) {
        const reply = await call({ url }, '/wps/v2/wallets/balance', {
          headers: bearer(token),
        }).catch((error: Error) => ({ status: 0, body: { message: error.message } }));
        if (reply.status !== 200) failures.push(`${reply.status} ${JSON.stringify(reply.body)}`);
      }
    })();
    expect(await b.stop(20_000)).toEqual({ code: 0, signal: null });
    // HAProxy has taken B out (its checks fail): everything is answered by A now.
    await vi.waitFor(async () => expect(instanceOf(await fetch(`${url}/healthz`))).toBe('app1'), {
      timeout: 20_000,
      interval: 200,
    });
    stopped = true;
    await traffic;
    expect(failures).toEqual([]);

    await vi.waitFor(() => expect(pages.every((page) => page.connected)).toBe(true), {
      timeout: 15_000,
    });
    await call({ url }, '/ops/bonus', {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}` },
      json: { account: 'player2', amount: '1.50', reason: 'lb', idempotencyKey: newKey() },
    });
    const { body } = await call({ url }, '/wps/v2/wallets/balance', { headers: bearer(token) });
    const balance = (body.value as { balance: string }).balance;
    await vi.waitFor(() => expect(last).toEqual(pages.map(() => balance)), { timeout: LIVE_MS });
  });
});

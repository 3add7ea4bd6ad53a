import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BalanceEvent, SystemEvent } from '../../../src/shared/realtime';
import { SOCKET_PATH } from '../../../src/shared/realtime';
import {
  CHAT_NAMESPACE,
  type ChatHistory,
  type ChatMessage,
  type ChatTypingEvent,
  type LaunchChatResult,
  type ModelList,
  type SupportLoginResult,
} from '../../../src/shared/chat';
import type { SystemStatusResponse } from '../../../src/shared/system';
import { readEnv } from '../../../server/config/env';
import { loadPlatformConfig } from '../../../server/config/load';
import type { Database } from '../../../server/db/types';
import { accrueWithin } from '../../../server/domain/salary/accrue';
import { type CrashStore, createCrashStore } from '../../support/crashStore';
import { bearer, loginToken } from '../../support/identityClient';
import { newKey } from '../../support/moneyClient';
import { startRedis, type RedisServer } from '../../support/redisServer';
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
} from '../../support/serverProcess';
import { startTcpBalancer, type TcpBalancer } from '../../support/tcpBalancer';
import { call } from '../../support/testServer';

/**
 * Many processes, one platform (issue 13): PostgreSQL, Redis and two real server processes (A
 * and B) on them, as an operator runs them behind a load balancer. Whatever process a change
 * goes through, the pages connected to the other one hear it: balances, a logout, maintenance.
 * Jobs run once, and killing a process loses no acknowledged request while its clients come
 * back through the balancer to the survivor.
 */
const OPS_TOKEN = randomBytes(24).toString('base64url');
/** A live event's deadline: generous for a loaded machine (the bench measures the latency). */
const LIVE_MS = 5_000;

type Proc = Pick<ServerProcess, 'url'>;

function ops(server: Proc, route: string, json?: unknown) {
  return call(server, route, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
    json,
  });
}

async function grant(server: Proc, account: string, amount: string, key = newKey()) {
  return ops(server, '/ops/bonus', {
    account,
    amount,
    reason: 'multi-process',
    idempotencyKey: key,
  });
}

/**
 * A caller's retry: the request sent again, with backoff, until it is answered — a network
 * error (a reset connection, a refused one) is not an answer; any HTTP answer is returned.
 */
async function untilAnswered<T>(send: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}

/**
 * A real-time salary contract between `agent` and its downline `player`, and `bets` rounds of
 * the player an hour ahead, each in its own 5-minute period, accrued as the demo vendor does.
 */
async function accrueBets(db: Database, agent: string, player: string, bets: number) {
  const { contracts: limits } = await loadPlatformConfig('config/platform.json');
  await db.transaction(async (tx) => {
    const ids = new Map(
      (
        await tx.query<{ id: string; account: string }>(
          'select id::text, account from members where account in ($1, $2)',
          [agent, player],
        )
      ).map((row): [string, string] => [row.account, row.id]),
    );
    const agentId = ids.get(agent)!;
    const playerId = ids.get(player)!;
    const terms = { rate: '1.00', activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' };
    await tx.query(
      `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
       values ($1, $2, 'realTimeSalary', 'active', $3, now())`,
      [agentId, playerId, JSON.stringify(terms)],
    );
    for (let i = 0; i < bets; i += 1) {
      const at = new Date(Date.now() + 60 * 60_000 + i * 5 * 60_000);
      const [bet] = await tx.query<{ id: string }>(
        `insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
           valid_bet_amount, win_amount, created_at, settled_at)
         values ($1, 'PG', 'multi', 'Multi-process', $2, 10000, 10000, 0, $3, $3)
         returning id::text`,
        [playerId, randomBytes(8).toString('hex'), at],
      );
      await accrueWithin(tx, limits, {
        id: bet!.id,
        memberId: playerId,
        valid: 10000n,
        stake: 10000n,
        win: 0n,
        at,
      });
    }
  });
}

describe('the settings for more than one process', () => {
  const pg = 'postgres://u@127.0.0.1:5432/p';
  it('refuses a cluster without a shared database or without Redis, saying why', () => {
    expect(() => readEnv({ WEB_CONCURRENCY: '2', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => readEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: pg })).toThrow(/REDIS_URL/);
    expect(
      readEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: pg, REDIS_URL: 'redis://h:6379' })
        .WEB_CONCURRENCY,
    ).toBe(2);
    expect(() => readEnv({ REDIS_URL: 'http://h:6379' })).toThrow(/REDIS_URL/);
    expect(() => readEnv({ OPS_TOKEN: 'short' })).toThrow(/OPS_TOKEN/);
  });

  it('does not start with a REDIS_URL that does not answer', async () => {
    const closed = await startRedis();
    await closed.stop(); // a port nothing listens on any more
    const root = await mkdtemp(path.join(tmpdir(), 'platform-noredis-'));
    try {
      const started = startServerProcess({ dataDir: root, env: { REDIS_URL: closed.url } });
      await expect(started).rejects.toThrow(/REDIS_URL redis:\/\/127\.0\.0\.1:\d+ does not answer/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('two server processes on one PostgreSQL and one Redis', () => {
  let redis: RedisServer;
  let store: CrashStore;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: Socket[] = [];

  const start = async (name: string) => {
    const dataDir = path.join(store.root, name);
    await mkdir(dataDir, { recursive: true });
    return startServerProcess({
      dataDir,
      databaseUrl: store.databaseUrl,
      env: { REDIS_URL: redis.url, OPS_TOKEN },
    });
  };

  /** A socket.io client on `url` (WebSocket, as the site starts), connected. */
  async function socketOn(url: string, token?: string): Promise<Socket> {
    const socket = connectSocket(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      forceNew: true,
      auth: token ? { token } : {},
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  beforeAll(async () => {
    redis = await startRedis();
    store = await createCrashStore('postgres', 'multiproc');
    // Started together: both migrate and seed the same database at once.
    [a, b] = await Promise.all([start('a'), start('b')]);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await killServerProcesses();
    await store?.remove();
    await redis?.stop();
  });

  it('says ready with both dependencies checked', async () => {
    for (const server of [a, b]) {
      const { status, body } = await call(server, '/readyz');
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    }
  });

  it('brings a balance change made through A to a page connected to B', async () => {
    const token = await loginToken(b, 'player1');
    const socket = await socketOn(b.url, token);
    const heard: BalanceEvent[] = [];
    socket.on('balance', (event) => heard.push(event));
    expect((await grant(a, 'player1', '12.34')).body.success).toBe(true);
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: LIVE_MS });
    // The event carries what B itself now answers.
    const { body } = await call(b, '/wps/v2/wallets/balance', { headers: bearer(token) });
    expect(heard[0]!.balance).toBe((body.value as { balance: string }).balance);
  });

  it('cuts the private events of a socket on A when the session is ended through B', async () => {
    const token = await loginToken(a, 'player2');
    const socket = await socketOn(a.url, token);
    const heard: BalanceEvent[] = [];
    socket.on('balance', (event) => heard.push(event));
    // The socket joins its private room after its token is checked, a moment after it connects:
    // a logout before that finds no socket to end (and this test would wait forever). A private
    // event heard shows it is in.
    await vi.waitFor(
      async () => {
        const before = heard.length;
        await grant(a, 'player2', '1.00');
        await vi.waitFor(() => expect(heard.length).toBeGreaterThan(before), { timeout: 1_000 });
      },
      { timeout: LIVE_MS },
    );
    heard.length = 0;
    const ended = new Promise<{ reason: string }>((resolve) => socket.once('session', resolve));

    const logout = await call(b, '/wps/session/logout', {
      method: 'DELETE',
      headers: bearer(token),
    });
    expect(logout.body.success).toBe(true);
    expect(await ended).toEqual({ reason: 'logout' });

    // A grant after the logout, through either process, is not heard by the ended session;
    // a second socket of a live session on B shows the event itself went out.
    const witnessToken = await vi.waitFor(() => loginToken(b, 'player2'), { timeout: 20_000 });
    const witness = await socketOn(b.url, witnessToken);
    await vi.waitFor(
      async () => {
        // The room is left on A after its answer to B's fetch, and the witness joins its room
        // on B after its token is checked: retry until both have happened. Each try waits for
        // its own grant's event, for a bounded time (a grant made before the witness was in
        // its room is never heard).
        const before = heard.length;
        const witnessed = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the witness heard no balance')), 2_000);
          witness.once('balance', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        await grant(a, 'player2', '1.00');
        await witnessed;
        expect(heard.length).toBe(before);
      },
      { timeout: LIVE_MS },
    );
    expect(socket.connected).toBe(true); // still there, as a guest
  }, 60_000);

  it('takes maintenance switched through A to the pages and the API of B, and back', async () => {
    const guest = await socketOn(b.url);
    const events: SystemEvent[] = [];
    guest.on('system', (event) => events.push(event));
    const end = '2030-01-01T00:00:00.000Z';
    expect((await ops(a, '/ops/maintenance', { enabled: true, end })).status).toBe(200);
    await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: LIVE_MS });
    expect(events[0]).toMatchObject({ status: 1, maintenanceEnd: end });
    const status = (await call(b, '/wps/system/status')).body.value as SystemStatusResponse;
    expect(status).toMatchObject({ maintenance: true, maintenanceEnd: end });
    const closed = await call(b, '/wps/relay/getHelpV2?lang=en');
    expect(closed).toMatchObject({ status: 503, body: { code: 'maintenance' } });

    // Switched off through B this time: A follows.
    expect((await ops(b, '/ops/maintenance', { enabled: false })).status).toBe(200);
    await vi.waitFor(() => expect(events).toHaveLength(2), { timeout: LIVE_MS });
    expect(events[1]!.seq).toBeGreaterThan(events[0]!.seq);
    const open = (await call(a, '/wps/system/status')).body.value as SystemStatusResponse;
    expect(open.maintenance).toBe(false);
  });

  it('gives two switches made at once on both processes two versions, and both follow the last', async () => {
    const [one, two] = await Promise.all([
      ops(a, '/ops/maintenance', { enabled: false }),
      ops(b, '/ops/maintenance', { enabled: false }),
    ]);
    const versions = [one, two].map((reply) => (reply.body.value as { version: number }).version);
    expect(new Set(versions).size).toBe(2);
    const last = Math.max(...versions);
    for (const server of [a, b]) {
      await vi.waitFor(
        async () => {
          const { body } = await ops(server, '/ops/maintenance');
          expect((body.value as { version: number }).version).toBe(last);
        },
        { timeout: LIVE_MS },
      );
    }
  });

  it('tells a scheduled announcement’s start and end once, live on both processes’ pages', async () => {
    const onA = await socketOn(a.url);
    const onB = await socketOn(b.url);
    const heard: Record<'a' | 'b', number[]> = { a: [], b: [] };
    onA.on('announcement', (event: { seq: number }) => heard.a.push(event.seq));
    onB.on('announcement', (event: { seq: number }) => heard.b.push(event.seq));
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const created = await ops(a, '/ops/announcements', {
      kind: 'popup',
      title: { EN: 'Flash sale' },
      content: { EN: '<p>Soon.</p>' },
      startsAt: at(2_000),
      endsAt: at(4_000),
    });
    expect(created.status).toBe(200);
    // The create, the start (told by whichever process's timer got there) and the end.
    await vi.waitFor(() => expect(heard.b).toHaveLength(3), { timeout: 4_000 + LIVE_MS });
    await vi.waitFor(() => expect(heard.a).toHaveLength(3), { timeout: LIVE_MS });
    expect(heard.a).toEqual(heard.b);
    const db = await store.open();
    try {
      // Each transition told once: no process gave the row another version after the end.
      const [row] = await db.query<{ version: string; told: boolean }>(
        `select version::text, start_told_at is not null and end_told_at is not null as told
         from operator_announcements where id = $1`,
        [(created.body.value as { id: string }).id.replace('op-', '')],
      );
      expect(row).toEqual({ version: String(heard.b[2]), told: true });
    } finally {
      await db.close();
    }
  }, 30_000);

  it('carries a live chat between a player on A and the support console on B', async () => {
    const token = await loginToken(a, 'player3');
    const launched = await call(a, '/wps/relay/CBS_launchChat', {
      method: 'POST',
      headers: bearer(token),
      json: {},
    });
    const { room } = launched.body.value as LaunchChatResult;
    const login = await call(b, '/wps/support/session', {
      method: 'POST',
      json: { name: 'support1', password: 'Passw0rd!' },
    });
    const staffToken = (login.body.value as SupportLoginResult).token;
    const chatSocket = async (url: string, auth: Record<string, string>) => {
      const socket = connectSocket(`${url}${CHAT_NAMESPACE}`, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        forceNew: true,
        auth,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const player = await chatSocket(a.url, { token, room });
    const desk = await chatSocket(b.url, { staffToken });
    const toConsole: ChatMessage[] = [];
    const toPlayer: ChatMessage[] = [];
    const typing: ChatTypingEvent[] = [];
    desk.on('chatMessage', (message: ChatMessage) => toConsole.push(message));
    player.on('chatMessage', (message: ChatMessage) => toPlayer.push(message));
    player.on('chatTyping', (event: ChatTypingEvent) => typing.push(event));

    // Presence is answered from the sockets of every process: A sees B's console.
    await vi.waitFor(
      async () => {
        const list = await call(a, '/wps/relay/CBS_modelList');
        expect((list.body.value as ModelList).online).toBe(true);
      },
      { timeout: LIVE_MS },
    );
    const said = await call(a, `/wps/chat/rooms/${room}/messages`, {
      method: 'POST',
      headers: bearer(token),
      json: { text: 'Sent through A' },
    });
    expect(said.body.success).toBe(true);
    await vi.waitFor(() => expect(toConsole.map((m) => m.text)).toContain('Sent through A'), {
      timeout: LIVE_MS,
    });
    desk.emit('typing', { room, typing: true });
    await vi.waitFor(() => expect(typing.at(-1)).toMatchObject({ side: 'staff', typing: true }), {
      timeout: LIVE_MS,
    });
    await call(b, `/wps/support/rooms/${room}/messages`, {
      method: 'POST',
      headers: bearer(staffToken),
      json: { text: 'Answered through B' },
    });
    await vi.waitFor(() => expect(toPlayer.map((m) => m.text)).toContain('Answered through B'), {
      timeout: LIVE_MS,
    });
    // Both processes answer the same history, in one order.
    for (const server of [a, b]) {
      const history = await call(server, `/wps/chat/rooms/${room}/messages`, {
        headers: bearer(token),
      });
      const texts = (history.body.value as ChatHistory).messages.map((m) => m.text);
      expect(texts.slice(-2)).toEqual(['Sent through A', 'Answered through B']);
    }
    player.disconnect();
    desk.disconnect();
  });

  it('runs a salary settlement once when both processes start it together', async () => {
    const settle = (server: Proc) =>
      call(server, '/wps/dev/salary/settle', {
        method: 'POST',
        json: { minutesAhead: 7 * 24 * 60 },
      }).then(({ body }) => body.value as { ran: boolean; settled: number; failed: number });
    const db = await store.open();
    try {
      const count = async () =>
        Number(
          (await db.query<{ n: string }>('select count(*)::text as n from salary_settlements'))[0]!
            .n,
        );
      await accrueBets(db, 'agent2', 'player4', 3);
      const before = await count();
      const runs = await Promise.all([settle(a), settle(b), settle(a), settle(b)]);
      const settled = runs.reduce((sum, run) => sum + run.settled, 0);
      expect(runs.every((run) => run.failed === 0)).toBe(true);
      expect(settled).toBeGreaterThanOrEqual(3);
      expect(await count()).toBe(before + settled);
      // Nothing is left to settle, and a period was never paid twice.
      expect((await settle(b)).settled).toBe(0);
      const twice = await db.query(
        `select ledger_transaction_id from salary_settlements
         where ledger_transaction_id is not null
         group by ledger_transaction_id having count(*) > 1`,
      );
      expect(twice).toEqual([]);
    } finally {
      await db.close();
    }
  });

  describe('behind a load balancer, with one process killed mid-burst', () => {
    let balancer: TcpBalancer;
    afterAll(async () => {
      await balancer?.close();
    });

    it('loses no acknowledged request, and its pages come back through the survivor', async () => {
      balancer = await startTcpBalancer([a, b].map((server) => Number(new URL(server.url).port)));
      const token = await vi.waitFor(() => loginToken(a, 'player3'), { timeout: 20_000 });
      const balanceNow = async () => {
        const { body } = await call(a, '/wps/v2/wallets/balance', { headers: bearer(token) });
        return (body.value as { balance: string }).balance;
      };
      // Pages through the balancer: some land on A, some on B.
      const pages = await Promise.all(
        Array.from({ length: 6 }, () => socketOn(balancer.url, token)),
      );
      const last = pages.map(() => '');
      pages.forEach((page, i) =>
        page.on('balance', (event: BalanceEvent) => {
          last[i] = event.balance;
        }),
      );
      const ports = new Set(balancer.picks);
      expect(ports.size).toBe(2);

      // A burst of grants through the balancer; B is killed while it runs.
      const keys = Array.from({ length: 40 }, () => newKey());
      const acknowledged = new Set<string>();
      const burst = keys.map(async (key, i) => {
        if (i === 15) await b.kill();
        const reply = await grant(balancer, 'player3', '1.00', key).catch(() => null);
        if (reply?.body.success) acknowledged.add(key);
      });
      await Promise.all(burst);
      // The ones not acknowledged are sent again (same keys), as a caller retries: until it is
      // answered. A connection the client kept to the balancer may still be the one that was
      // piped to B (ECONNRESET): no answer, so it is sent again, as a real caller would.
      for (const key of keys.filter((k) => !acknowledged.has(k))) {
        const reply = await untilAnswered(() => grant(balancer, 'player3', '1.00', key));
        expect(reply.body.success).toBe(true);
      }
      // Exactly one credit per key: the retries of requests B had committed were not paid twice.
      const db = await store.open();
      try {
        const [row] = await db.query<{ n: string }>(
          `select count(*)::text as n from ledger_transactions
           where idempotency_key like 'bonus:%' and split_part(idempotency_key, ':', 3) = any(string_to_array($1, ','))`,
          [keys.join(',')],
        );
        expect(Number(row!.n)).toBe(keys.length);
      } finally {
        await db.close();
      }

      // Every page is connected again (the ones on B through A) and shows the final balance.
      const final = await balanceNow();
      for (const page of pages) {
        await vi.waitFor(() => expect(page.connected).toBe(true), { timeout: 15_000 });
      }
      // A last grant reaches every page, wherever it is now.
      await grant(a, 'player3', '0.50');
      const expected = (Number(final) + 0.5).toFixed(2);
      await vi.waitFor(() => expect(last).toEqual(pages.map(() => expected)), {
        timeout: LIVE_MS,
      });
    });
  });
});

/**
 * WEB_CONCURRENCY=2 on one machine: a primary and two workers sharing the port (Node's
 * cluster), Redis between them, socket.io over WebSocket only (no sticky sessions needed).
 */
describe('WEB_CONCURRENCY=2: one port, two workers', () => {
  let redis: RedisServer;
  let store: CrashStore;
  let primary: ServerProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    store = await createCrashStore('postgres', 'cluster');
    primary = await startServerProcess({
      dataDir: store.dataDir,
      databaseUrl: store.databaseUrl,
      env: { REDIS_URL: redis.url, WEB_CONCURRENCY: '2', METRICS_PORT: '0' },
    });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await killServerProcesses();
    await store?.remove();
    await redis?.stop();
  });

  /** The primary's workers, from /proc (their parent is the primary). */
  async function workerPids(): Promise<number[]> {
    const { readdir, readFile } = await import('node:fs/promises');
    const pids: number[] = [];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      // pid (comm) state ppid …: the fields after the command's closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === primary.pid) pids.push(Number(entry));
    }
    return pids;
  }

  it('serves from two workers, fans events out to all, replaces a dead worker, and stops whole', async () => {
    expect(await workerPids()).toHaveLength(2);
    // Long-polling would need sticky sessions: refused, so a client goes straight to WebSocket.
    const polling = await fetch(
      `${primary.url}${SOCKET_PATH.replace(/\/?$/, '/')}?EIO=4&transport=polling`,
    );
    expect(polling.status).toBe(400);

    const info = JSON.parse(
      await (
        await import('node:fs/promises')
      ).readFile(path.join(store.dataDir, 'server.json'), 'utf8'),
    ) as { opsToken: string; workers: number; pid: number; metricsUrl: string };
    expect(info).toMatchObject({ workers: 2, pid: primary.pid });
    // Every worker takes the one operator token the primary handed out.
    const opsStatus = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(primary, '/ops/maintenance', {
          headers: { authorization: `Bearer ${info.opsToken}` },
        }),
      ),
    );
    expect(opsStatus.map((reply) => reply.status)).toEqual(opsStatus.map(() => 200));

    const token = await loginToken(primary, 'player1');
    const last: string[] = [];
    const connectPage = async (i: number) => {
      const socket = connectSocket(primary.url, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        forceNew: true,
        auth: { token },
        reconnectionDelay: 100,
        reconnectionDelayMax: 500,
      });
      sockets.push(socket);
      socket.on('balance', (event: BalanceEvent) => {
        last[i] = event.balance;
      });
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      return socket;
    };
    const pages = await Promise.all(Array.from({ length: 6 }, (_, i) => connectPage(i)));
    const grantAll = async (amount: string) => {
      const reply = await call(primary, '/ops/bonus', {
        method: 'POST',
        headers: { authorization: `Bearer ${info.opsToken}` },
        json: { account: 'player1', amount, reason: 'cluster', idempotencyKey: newKey() },
      });
      expect(reply.body.success).toBe(true);
      const { body } = await call(primary, '/wps/v2/wallets/balance', { headers: bearer(token) });
      const balance = (body.value as { balance: string }).balance;
      await vi.waitFor(() => expect(last).toEqual(pages.map(() => balance)), { timeout: LIVE_MS });
    };
    await grantAll('3.00');
    // The primary's metrics add its workers' up: six pages open, over both workers.
    const metrics = await (await fetch(`${info.metricsUrl}/metrics`)).text();
    expect(metrics).toMatch(/^platform_sockets_open 6$/m);

    // A worker killed outright is replaced; its pages reconnect and hear the next change.
    const [victim] = await workerPids();
    process.kill(victim!, 'SIGKILL');
    await vi.waitFor(
      async () => {
        const now = await workerPids();
        expect(now).toHaveLength(2);
        expect(now).not.toContain(victim);
      },
      { timeout: 30_000 },
    );
    await vi.waitFor(() => expect(pages.every((page) => page.connected)).toBe(true), {
      timeout: 15_000,
    });
    await grantAll('4.00');
    expect(primary.output()).toContain(`Worker ${victim} exited (SIGKILL): replaced.`);

    // SIGTERM to the primary: every worker closes, then the primary exits cleanly.
    const workers = await workerPids();
    expect(await primary.stop(20_000)).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

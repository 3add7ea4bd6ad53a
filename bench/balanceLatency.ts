import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { houseAccountId, walletId } from '../server/domain/ledger/accounts';
import { postTransaction } from '../server/domain/ledger/post';
import { rooms } from '../server/realtime/io';
import { SOCKET_PATH } from '../src/shared/realtime';
import { bearer, call, loginToken, startPlatformServer } from './support/platformServer';
import { closeSockets, connectSockets, type FanoutRun, timeFanout } from './support/sockets';

/**
 * Commit-to-screen latency of the `balance` socket event with 1,000 sockets connected: the real
 * server in this process (in-memory PGlite, demo accounts), player1 on 10 sockets, player2 and
 * player3 on 45 each, 900 guests. Each round moves 1.00 between player1's MAIN and PG wallets
 * (POST /wps/relay/GCS_walletTransfer), which emits one `balance` event per wallet to the member's
 * room; the figure is the time from just before the request to the second event's arrival, per
 * player1 socket. Rounds run one at a time, so nothing queues behind another round.
 *
 * Baselines, in the same run: the HTTP round trip of the same call (measured in the same rounds),
 * and a bare socket.io server with 1,000 sockets of its own where one of 10 sockets in a room
 * asks by `emit` and the server answers with two events to the room (no database, no HTTP).
 */

export const SOCKETS = 1_000;
export const PLAYER_SOCKETS = 10;
const OTHER_MEMBER_SOCKETS = 90;
export const ROUNDS = 300;
const ROUND_BUDGET_MS = 20_000;
const WARM_UP = 20;

export interface BalanceLatencyFigures {
  sockets: number;
  playerSockets: number;
  connectMs: number;
  platform: FanoutRun;
  bare: FanoutRun;
  bareConnectMs: number;
  /** Transfers the server refused (should be none; printed, not asserted). */
  refused: number;
}

const key = () => randomBytes(12).toString('base64url');

async function untilRoomHas(
  count: () => Promise<number>,
  expected: number,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if ((await count()) >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the room did not reach ${expected} sockets within ${timeoutMs} ms`);
}

async function measurePlatform(): Promise<
  Pick<BalanceLatencyFigures, 'connectMs' | 'platform' | 'refused'>
> {
  const server = await startPlatformServer();
  try {
    // One login per member: logins are throttled to one a second per address and account.
    const player = await loginToken(server, 'player1');
    const others = [await loginToken(server, 'player2'), await loginToken(server, 'player3')];
    const [member] = await server.deps.db.query<{ id: string }>(
      `select id::text from members where account = 'player1'`,
    );
    const memberId = member!.id;
    // Money for the rounds, straight through the ledger (no event: nobody announces it).
    const main = await walletId(server.deps.db, memberId, null);
    await postTransaction(server.deps.db, {
      idempotencyKey: `bench-latency-fund-${key()}`,
      kind: 'deposit',
      memberId,
      postings: [
        { accountId: await houseAccountId(server.deps.db, 'deposits'), amount: -100_000n },
        { accountId: main, amount: 100_000n },
      ],
    });

    const connectStarted = performance.now();
    const sockets = await connectSockets(server.url, SOCKETS, (i) => {
      if (i < PLAYER_SOCKETS) return { token: player };
      if (i < PLAYER_SOCKETS + OTHER_MEMBER_SOCKETS) return { token: others[i % 2] };
      return {};
    });
    try {
      // The server joins a socket's rooms after resolving its token: wait until all are in.
      await untilRoomHas(
        async () => (await server.app.io.in(rooms.member(memberId)).fetchSockets()).length,
        PLAYER_SOCKETS,
      );
      await untilRoomHas(async () => server.app.io.of('/').sockets.size, SOCKETS);
      const connectMs = performance.now() - connectStarted;

      let refused = 0;
      const transfer = async (round: number) => {
        const reply = await call(server, '/wps/relay/GCS_walletTransfer', {
          method: 'POST',
          headers: bearer(player),
          json: {
            from: round % 2 === 0 ? 'MAIN' : 'PG',
            to: round % 2 === 0 ? 'PG' : 'MAIN',
            amount: '1.00',
            idempotencyKey: key(),
          },
        });
        if (!reply.body.success) refused += 1;
      };
      const listeners = sockets.slice(0, PLAYER_SOCKETS);
      const fanout = { listeners, event: 'balance', perRound: 2, budgetMs: ROUND_BUDGET_MS };
      await timeFanout({ ...fanout, rounds: WARM_UP, trigger: transfer });
      refused = 0;
      const platform = await timeFanout({ ...fanout, rounds: ROUNDS, trigger: transfer });
      return { connectMs, platform, refused };
    } finally {
      closeSockets(sockets);
    }
  } finally {
    await server.close();
  }
}

/** A bare socket.io server: a socket in the room emits `ask`, the room hears two `answer`s. */
async function measureBare(): Promise<Pick<BalanceLatencyFigures, 'bare' | 'bareConnectMs'>> {
  const http = createServer();
  const io = new Server(http, { path: SOCKET_PATH, serveClient: false });
  let seq = 0;
  io.on('connection', (socket) => {
    if ((socket.handshake.auth as { member?: boolean }).member) void socket.join('member');
    socket.on('ask', () => {
      for (const wallet of ['MAIN', 'PG']) {
        seq += 1;
        io.to('member').emit('answer', { wallet, balance: '1.00', currency: 'USD', seq });
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  try {
    const connectStarted = performance.now();
    const sockets = await connectSockets(url, SOCKETS, (i) =>
      i < PLAYER_SOCKETS ? { member: true } : {},
    );
    try {
      await untilRoomHas(async () => (await io.in('member').fetchSockets()).length, PLAYER_SOCKETS);
      const bareConnectMs = performance.now() - connectStarted;
      const listeners = sockets.slice(0, PLAYER_SOCKETS);
      const ask = async () => {
        listeners[0]!.emit('ask');
      };
      const fanout = { listeners, event: 'answer', perRound: 2, budgetMs: ROUND_BUDGET_MS };
      await timeFanout({ ...fanout, rounds: WARM_UP, trigger: ask });
      const bare = await timeFanout({ ...fanout, rounds: ROUNDS, trigger: ask });
      return { bare, bareConnectMs };
    } finally {
      closeSockets(sockets);
    }
  } finally {
    await io.close();
  }
}

export async function measureBalanceLatency(): Promise<BalanceLatencyFigures> {
  const platform = await measurePlatform();
  const bare = await measureBare();
  return { sockets: SOCKETS, playerSockets: PLAYER_SOCKETS, ...platform, ...bare };
}

import { randomBytes } from 'node:crypto';
import type { LaunchResult } from '../src/shared/games';
import { houseAccountId, walletId } from '../server/domain/ledger/accounts';
import { postTransaction } from '../server/domain/ledger/post';
import { rooms } from '../server/realtime/io';
import { bearer, call, loginToken, startPlatformServer } from './support/platformServer';
import { closeSockets, connectSockets } from './support/sockets';
import { type LatencySummary, summarize } from './support/stats';

/**
 * Commit-to-screen latency of the `salary` socket event: the real server in this process
 * (in-memory PGlite, demo accounts), an active realTimeSalary contract between agent1 (upline)
 * and player2 (downline) at 1.50 %, agent1 on one socket (room agent:<id>), player2 on one
 * socket (room member:<id>) and 500 guests. Each round is one real spin of player2 on a
 * catalogue slot (POST /wps/demo-vendor/spin, bet 1.00): the bet, its ledger postings and the
 * agent's accrual commit in one transaction, then the server emits `balance` to player2 and,
 * after one more query (the period's running total), `salary` to agent1. The figure is from just
 * before the request to the `salary` event's arrival on agent1's socket. Spins run one at a time.
 *
 * The baseline, in the same spins: the `balance` event of the same commit on player2's own
 * socket (another room, emitted first). The HTTP round trip of the spin is printed as well.
 */

export const SALARY_GUESTS = 500;
export const SALARY_SPINS = 300;
const WARM_UP = 20;
const SPIN_BUDGET_MS = 20_000;
const WAIT_MS = 5_000;

export interface SalaryLatencyFigures {
  sockets: number;
  connectMs: number;
  rounds: number;
  /** Spins where one of the two events did not arrive within the wait. */
  incomplete: number;
  refused: number;
  firstRefusal?: string;
  salary: LatencySummary;
  balance: LatencySummary;
  /** Per spin: salary arrival minus balance arrival (both on their own sockets). */
  salaryAfterBalance: LatencySummary;
  /** Per spin, in the server: salary announced minus balance announced. */
  announcedAfterBalance: LatencySummary;
  http: LatencySummary;
}

const key = () => randomBytes(12).toString('base64url');

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

export async function measureSalaryLatency(): Promise<SalaryLatencyFigures> {
  const server = await startPlatformServer();
  const { db } = server.deps;
  try {
    // One login each: logins are throttled to one a second per address and account.
    const agent = await loginToken(server, 'agent1');
    const player = await loginToken(server, 'player2');
    const ids = await db.query<{ account: string; id: string }>(
      `select account, id::text from members where account in ('agent1', 'player2')`,
    );
    const idOf = (account: string) => ids.find((row) => row.account === account)!.id;
    const agentId = idOf('agent1');
    const playerId = idOf('player2');

    // player2's stake: 1,000.00 as a bonus from the house "promotions" account, straight through
    // the ledger (no event), as server/domain/ledger/grants.ts posts it.
    const main = await walletId(db, playerId, null);
    await postTransaction(db, {
      idempotencyKey: `bonus:${playerId}:bench-salary-${key()}`,
      kind: 'bonus',
      memberId: playerId,
      postings: [
        { accountId: await houseAccountId(db, 'promotions'), amount: -100_000n },
        { accountId: main, amount: 100_000n },
      ],
    });
    await db.query(
      `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
       values ($1, $2, 'realTimeSalary', 'active', $3, now())`,
      [
        agentId,
        playerId,
        JSON.stringify({ rate: '1.50', activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' }),
      ],
    );
    const [game] = await db.query<{ node_id: string; vendor: string }>(
      `select node_id, vendor from games where engine = 'slot' and enabled order by node_id limit 1`,
    );
    const launched = await call(server, '/wps/game/launchGame', {
      method: 'POST',
      headers: bearer(player),
      json: { nodeId: game!.node_id, vassalage: game!.vendor },
    });
    if (!launched.body.success)
      throw new Error(`launchGame: ${launched.body.code} ${launched.body.message}`);
    const launch = new URL((launched.body.value as LaunchResult).url, server.url).searchParams.get(
      'launch',
    );

    const sockets = SALARY_GUESTS + 2;
    const connectStarted = performance.now();
    const connected = await connectSockets(server.url, sockets, (i) =>
      i === 0 ? { token: agent } : i === 1 ? { token: player } : {},
    );
    try {
      // The server joins a socket's rooms after resolving its token: wait until all are in.
      const inRoom = async (room: string) => (await server.app.io.in(room).fetchSockets()).length;
      await until(async () => (await inRoom(rooms.agent(agentId))) === 1, 'agent1 not in its room');
      await until(
        async () => (await inRoom(rooms.member(playerId))) === 1,
        'player2 not in its room',
      );
      await until(
        async () => server.app.io.of('/').sockets.size === sockets,
        'not every socket connected',
      );
      const connectMs = performance.now() - connectStarted;
      const agentSocket = connected[0]!;
      const playerSocket = connected[1]!;

      let current: {
        salary?: number;
        balance?: number;
        announced: { salary?: number; balance?: number };
        done: () => void;
      } | null = null;
      const heard = (kind: 'salary' | 'balance') => () => {
        if (!current || current[kind] !== undefined) return;
        current[kind] = performance.now();
        if (current.salary !== undefined && current.balance !== undefined) current.done();
      };
      const onSalary = heard('salary');
      const onBalance = heard('balance');
      agentSocket.on('salary', onSalary);
      playerSocket.on('balance', onBalance);
      // The server's side: when each announcement was made (io.ts emits on the same call).
      const announced = (kind: 'salary' | 'balance') => () => {
        if (current) current.announced[kind] ??= performance.now();
      };
      const stopSalary = server.deps.changes.on('salary', announced('salary'));
      const stopBalance = server.deps.changes.on('balance', announced('balance'));

      const salary: number[] = [];
      const balance: number[] = [];
      const gap: number[] = [];
      const serverGap: number[] = [];
      const http: number[] = [];
      let incomplete = 0;
      let refused = 0;
      let firstRefusal: string | undefined;
      let rounds = 0;
      const spin = async () => {
        let timer: NodeJS.Timeout | undefined;
        const both = new Promise<boolean>((resolve) => {
          current = { announced: {}, done: () => resolve(true) };
          timer = setTimeout(() => resolve(false), WAIT_MS);
        });
        const before = performance.now();
        const reply = await call(server, '/wps/demo-vendor/spin', {
          method: 'POST',
          json: { launch, bet: '1.00', roundId: key() },
        });
        const answered = performance.now();
        const arrived = reply.body.success ? await both : false;
        clearTimeout(timer);
        const round = current!;
        current = null;
        if (!reply.body.success) {
          refused += 1;
          firstRefusal ??= `${reply.status} ${reply.body.code} ${reply.body.message}`;
          return;
        }
        http.push(answered - before);
        if (!arrived) incomplete += 1;
        if (round.salary !== undefined) salary.push(round.salary - before);
        if (round.balance !== undefined) balance.push(round.balance - before);
        if (round.salary !== undefined && round.balance !== undefined)
          gap.push(round.salary - round.balance);
        const { announced: at } = round;
        if (at.salary !== undefined && at.balance !== undefined)
          serverGap.push(at.salary - at.balance);
      };
      try {
        for (let round = 0; round < WARM_UP; round += 1) await spin();
        for (const list of [salary, balance, gap, serverGap, http]) list.length = 0;
        incomplete = 0;
        refused = 0;
        firstRefusal = undefined;
        const started = performance.now();
        for (; rounds < SALARY_SPINS; rounds += 1) {
          if (performance.now() - started > SPIN_BUDGET_MS) break;
          await spin();
        }
      } finally {
        agentSocket.off('salary', onSalary);
        playerSocket.off('balance', onBalance);
        stopSalary();
        stopBalance();
      }
      return {
        sockets,
        connectMs,
        rounds,
        incomplete,
        refused,
        firstRefusal,
        salary: summarize(salary),
        balance: summarize(balance),
        salaryAfterBalance: summarize(gap),
        announcedAfterBalance: summarize(serverGap),
        http: summarize(http),
      };
    } finally {
      closeSockets(connected);
    }
  } finally {
    await server.close();
  }
}

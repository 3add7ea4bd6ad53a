import { io, type Socket } from 'socket.io-client';
import pg from 'pg';
import { parseMoney, toMoneyString } from '../src/shared/money';
import type { LoginResult } from '../src/shared/identity';
import type { LaunchResult as GameLaunch } from '../src/shared/games';
import { type BalanceEvent, SOCKET_PATH } from '../src/shared/realtime';
import {
  type InstanceName,
  residentBytes,
  type SoakCluster,
  startSoakCluster,
} from './support/soakCluster';
import {
  type CheckResult,
  type MoneyRecord,
  pendingDeposits,
  runChecks,
} from './support/soakChecks';
import { bearer, type Reply, seededRandom, SoakClient } from './support/soakClient';
import {
  combine,
  type RouteBuckets,
  scrapeBuckets,
  type ServerLatency,
  serverLatency,
} from './support/soakMetrics';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type LatencySummary, summarize } from './support/stats';

/**
 * The soak (issue 35): `npm run bench -- soak`. Two server processes on PostgreSQL and Redis
 * behind the shipped deploy/haproxy.cfg; SOAK_PLAYERS players (default 1,000), registered
 * through the API, each with a socket.io listener, doing a seeded mix of logins, deposits, slot
 * spins, lottery bets, wallet transfers, withdrawals (which an operator pays), reward claims,
 * chat messages and balance reads for SOAK_MINUTES (default 10; 30 for the record), at most
 * SOAK_IN_FLIGHT (default 32) requests in flight, all through HAProxy on 127.0.0.1. A quarter
 * of the way in the operator switches maintenance on, and off again a little later; half way
 * one process is killed (SIGKILL) and started again on the same port.
 *
 * Every money request carries an idempotency key (a reward claim: the reward's id) and is sent
 * again with it, with backoff, until it is answered; what was acknowledged is kept. At the end:
 * the books, every acknowledged request in the ledger exactly once (and no refused one in it),
 * each socket's last balance against the database, the daily deposit limits some players set;
 * latency per call kind before the kill, in the 10 s after it and after; errors by code; each
 * process's memory at the start, the middle and the end; events per second heard by sockets.
 *
 * Like every bench it prints figures; it exits 1 only when money is wrong (the books, or a
 * request acknowledged and not in the ledger exactly once, or refused and in it).
 */

export interface SoakOptions {
  players: number;
  minutes: number;
  inFlight: number;
  /**
   * A player's mean think time between two actions (seconds, exponential): 1,000 players each
   * acting every few seconds, as people do. 0 runs the saturation mode instead: `inFlight`
   * workers acting back to back for whichever idle player they pick, no think time.
   */
  thinkSeconds: number;
  seed: number;
  /** Runs dist-server/main.js (built by `npm run build`) instead of the sources through tsx. */
  compiled: boolean;
}

export function soakOptions(env: NodeJS.ProcessEnv = process.env): SoakOptions {
  const number = (name: string, fallback: number, least = Number.MIN_VALUE) => {
    const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isFinite(value) || value < least)
      throw new Error(`${name} must be a number of at least ${least === 0 ? 0 : 'above 0'}`);
    return value;
  };
  return {
    players: Math.floor(number('SOAK_PLAYERS', 1_000)),
    minutes: number('SOAK_MINUTES', 10),
    inFlight: Math.floor(number('SOAK_IN_FLIGHT', 32)),
    thinkSeconds: number('SOAK_THINK_S', 5, 0),
    seed: Math.floor(number('SOAK_SEED', 35)),
    compiled: env.SOAK_COMPILED === '1',
  };
}

/** After the kill, what counts as "during": the process is down and HAProxy finds out. */
export const DURING_MS = 10_000;
const PASSWORD = 'Soak2035x';
const PAYMENT_PASSWORD = '246810';
/** Every tenth player sets a daily deposit limit of this much (minor units). */
const DEPOSIT_LIMIT = 15_000n;
const STARTING_FUNDS = '500.00';
const REWARDS_PER_PLAYER = 3;
const REWARD_AMOUNT = 500n;

/** What a player does, and how often (weights). */
const ACTIONS = {
  spin: 30,
  draw: 12,
  deposit: 10,
  transfer: 10,
  withdrawal: 5,
  claim: 5,
  chat: 8,
  balance: 12,
  login: 3,
} as const;
type Action = keyof typeof ACTIONS;

interface Player {
  index: number;
  account: string;
  /** The player's own address, sent as X-Forwarded-For (HAProxy appends its own). */
  address: string;
  memberId: string;
  token: string;
  slot: string;
  draw: string;
  room: string | null;
  rewards: string[];
  depositLimit: bigint | null;
  /** The PG wallet's balance as the last transfer answered (minor units). */
  pg: bigint;
  random: () => number;
  serial: number;
  busy: boolean;
  socket: Socket | null;
  last: Map<string, { balance: string; seq: number }>;
}

export interface WindowFigures {
  before: LatencySummary;
  /**
   * Calls that met the maintenance (on, or in the 10 s after it went off): the site answers
   * `maintenance` at once and the caller waits it out, so what they waited is the switch's
   * length, not the servers' speed. Kept apart from "before".
   */
  maintenance: LatencySummary;
  during: LatencySummary;
  after: LatencySummary;
}

export interface MemorySample {
  instance: InstanceName;
  pid: number;
  /**
   * `restarted`: app2 just started again (cold); `warmed`: a minute later, the base its growth
   * is read from; `minute`: every minute of the load, for the curve.
   */
  when: 'start' | 'middle' | 'end' | 'restarted' | 'warmed' | 'minute';
  /** Ms from the load's start. */
  atMs: number;
  bytes: number;
}

export interface SoakFigures {
  options: SoakOptions;
  skipped?: string;
  setupMs?: number;
  loadMs?: number;
  /** Player actions taken during the load (a reward claim with none left reads the balance). */
  actions?: number;
  killAtMs?: number;
  restartMs?: number;
  maintenance?: { onAtMs: number; offAtMs: number };
  calls?: Map<string, WindowFigures>;
  /** The same calls timed from sending: the wait at the load's own gate left out. */
  sentCalls?: Map<string, WindowFigures>;
  callCounts?: Map<string, number>;
  errors?: Map<string, Map<string, number>>;
  memory?: MemorySample[];
  events?: {
    total: number;
    balance: number;
    /** Heard by name, for the busiest. */
    byName: Record<string, number>;
    perSecond: number;
    reconnects: number;
  };
  outcomes?: Map<string, { acknowledged: number; refused: number; unanswered: number }>;
  checks?: CheckResult[];
  /** The servers' own latency of the answered bets (their /metrics), over the whole load. */
  serverLatency?: Map<string, ServerLatency | null>;
  /** The load's own event loop: how late its timers and answers ran (ms). */
  loadLag?: { p50: number; p99: number; max: number };
  payouts?: { paid: number; refused: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Each player speaks from an address of its own (198.18.0.0/15, the benchmarking range), as
 * real players do: the per-address throttles (logins, captcha after 10 attempts, lockout after
 * 50) would otherwise treat the whole soak as one visitor. The servers trust HAProxy
 * (TRUST_PROXY=loopback), which appends the address it saw to the one the client sent.
 */
const addressOf = (index: number) =>
  `198.${18 + ((index >> 16) & 1)}.${(index >> 8) & 255}.${index & 255}`;

/** Picks an action by weight. */
function pick(random: () => number): Action {
  const total = Object.values(ACTIONS).reduce((sum, weight) => sum + weight, 0);
  let roll = random() * total;
  for (const [action, weight] of Object.entries(ACTIONS) as [Action, number][]) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'balance';
}

/** Keeps the balance with the highest ledger entry id per wallet (events may cross a fetch). */
function fold(player: Player, wallet: string, balance: string, seq: number): void {
  const known = player.last.get(wallet);
  if (!known || seq >= known.seq) player.last.set(wallet, { balance, seq });
}

export async function measureSoak(options: SoakOptions = soakOptions()): Promise<SoakFigures> {
  const figures: SoakFigures = { options };
  const setupStarted = performance.now();
  let cluster: SoakCluster;
  try {
    cluster = await startSoakCluster({ compiled: options.compiled });
  } catch (error) {
    return { ...figures, skipped: (error as Error).message.split('\n')[0] };
  }
  const players: Player[] = [];
  const closeSockets = () => {
    for (const player of players) player.socket?.disconnect();
  };
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  // PostgreSQL going away under it (a Ctrl-C stopping the cluster) is not a crash.
  db.on('error', () => undefined);
  // Ctrl-C mid-run: nothing this bench started is left running.
  const interrupted = () => {
    console.log('\nsoak interrupted: stopping HAProxy, the servers, Redis and PostgreSQL');
    closeSockets();
    void db
      .end()
      .catch(() => undefined)
      .then(() => cluster.stop())
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  await db.connect();
  try {
    const origin = performance.now();
    const client = new SoakClient(cluster.url, options.inFlight, origin);
    const ops = bearer(cluster.opsToken);
    const shared = seededRandom(options.seed);

    // --- Set-up (not timed as load): the players, their sockets, money, launches, rewards.
    const [slot] = (
      await db.query<{ node_id: string; vendor: string }>(
        `select node_id, vendor from games
         where engine = 'slot' and enabled and game_type = 'RNG' order by node_id limit 1`,
      )
    ).rows;
    const [draw] = (
      await db.query<{ node_id: string; vendor: string }>(
        `select node_id, vendor from games where engine = 'draw' and enabled order by node_id limit 1`,
      )
    ).rows;
    if (!slot || !draw) throw new Error('the catalogue has no slot or no draw game');

    const tag = `s${options.seed.toString(36)}${Date.now().toString(36).slice(-4)}`;
    const login = async (account: string, address: string) => {
      const altcha = await client.humanProof();
      return client.call('login', '/wps/session/login', {
        encrypted: true,
        headers: { 'x-forwarded-for': address },
        json: { type: 'username', portal: 'player', username: account, password: PASSWORD, altcha },
      });
    };
    const register = async (index: number): Promise<Player> => {
      const account = `${tag}p${index}`;
      const address = addressOf(index);
      const altcha = await client.humanProof();
      const reply = await client.money('register', '/wps/member/register', {
        method: 'PUT',
        encrypted: true,
        headers: { 'x-forwarded-for': address },
        json: {
          username: account,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          altcha,
          login: true,
          registerMethod: 'WEB',
        },
      });
      let token =
        reply.answered && reply.body.success ? (reply.body.value as LoginResult).token : null;
      // A registration whose first answer was lost is refused when sent again (the account
      // exists): the player logs in instead.
      for (let attempt = 0; attempt < 5 && !token; attempt += 1) {
        await sleep(1_100); // one login a second per account
        const again = await login(account, address);
        if (again.answered && again.body.success) token = (again.body.value as LoginResult).token;
      }
      if (!token)
        throw new Error(
          `registration of ${account} failed: ${reply.answered ? `${reply.body.code} ${reply.body.message}` : reply.code}`,
        );
      return {
        index,
        account,
        address,
        memberId: '',
        token,
        slot: '',
        draw: '',
        room: null,
        rewards: [],
        depositLimit: index % 10 === 0 ? DEPOSIT_LIMIT : null,
        pg: 0n,
        random: seededRandom(options.seed * 1_000_003 + index),
        serial: 0,
        busy: false,
        socket: null,
        last: new Map(),
      };
    };
    const setUp = async (player: Player) => {
      const need = (reply: Reply, what: string) => {
        if (!reply.answered || !reply.body.success)
          throw new Error(
            `${what} of ${player.account} failed: ${reply.answered ? `${reply.body.code} ${reply.body.message}` : reply.code}`,
          );
        return reply.body.value;
      };
      need(
        await client.money('setup', '/wps/member/paymentPassword', {
          encrypted: true,
          headers: bearer(player.token),
          json: { loginPassword: PASSWORD, paymentPassword: PAYMENT_PASSWORD },
        }),
        'payment password',
      );
      if (player.depositLimit !== null)
        need(
          await client.money('setup', '/wps/rg/limits', {
            method: 'PUT',
            headers: bearer(player.token),
            json: {
              limits: [
                { kind: 'deposit', period: 'day', limit: toMoneyString(player.depositLimit) },
              ],
            },
          }),
          'deposit limit',
        );
      const launch = async (game: { node_id: string; vendor: string }) => {
        const value = need(
          await client.money('setup', '/wps/game/launchGame', {
            headers: bearer(player.token),
            json: { nodeId: game.node_id, vassalage: game.vendor },
          }),
          'launch',
        ) as GameLaunch;
        return new URL(value.url, cluster.url).searchParams.get('launch')!;
      };
      player.slot = await launch(slot);
      player.draw = await launch(draw);
      await connectListener(player);
      need(
        await client.money('setup', '/ops/bonus', {
          headers: ops,
          json: {
            account: player.account,
            amount: STARTING_FUNDS,
            reason: 'soak funds',
            idempotencyKey: `${tag}fund${player.index}`,
          },
        }),
        'starting funds',
      );
    };

    let reconnects = 0;
    let events = 0;
    let balanceEvents = 0;
    const eventsByName = new Map<string, number>();
    let counting = false;
    /** A listener as a page keeps one: on a reconnection it reads the balance again. */
    const connectListener = (player: Player) =>
      new Promise<void>((resolve, reject) => {
        const socket = io(cluster.url, {
          path: SOCKET_PATH,
          transports: ['websocket'],
          forceNew: true,
          auth: { token: player.token },
          reconnectionDelay: 200,
          reconnectionDelayMax: 2_000,
          timeout: 20_000,
        });
        player.socket = socket;
        socket.onAny((event: string) => {
          if (!counting) return;
          events += 1;
          if (event === 'balance') balanceEvents += 1;
          eventsByName.set(event, (eventsByName.get(event) ?? 0) + 1);
        });
        socket.on('balance', (event: BalanceEvent) =>
          fold(player, event.wallet, event.balance, event.seq),
        );
        let first = true;
        socket.on('connect', () => {
          if (first) {
            first = false;
            resolve();
            return;
          }
          reconnects += 1;
          void refetchBalance(player);
        });
        socket.once('connect_error', (error) => {
          if (first) reject(error);
        });
      });
    const refetchBalance = async (player: Player) => {
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const reply = await client.once('/wps/v2/wallets/balance', {
          headers: bearer(player.token),
        });
        if (reply.answered && reply.body.success) {
          const value = reply.body.value as {
            wallets: { wallet: string; balance: string; seq: number }[];
          };
          for (const wallet of value.wallets)
            if (wallet.seq > 0) fold(player, wallet.wallet, wallet.balance, wallet.seq);
          return;
        }
        await sleep(500);
      }
    };

    // Registration, then everything else, a bounded number of players at a time.
    const batch = async <T>(items: readonly T[], work: (item: T) => Promise<void>) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(options.inFlight, items.length) }, async () => {
          while (next < items.length) {
            const item = items[next]!;
            next += 1;
            await work(item);
          }
        }),
      );
    };
    await batch(
      Array.from({ length: options.players }, (_, i) => i),
      async (index) => {
        players.push(await register(index));
      },
    );
    players.sort((a, b) => a.index - b.index);
    const ids = await db.query<{ account: string; id: string }>(
      `select account, id::text from members where account = any($1::text[])`,
      [players.map((player) => player.account)],
    );
    const idOf = new Map(ids.rows.map((row) => [row.account.toLowerCase(), row.id]));
    for (const player of players) player.memberId = idOf.get(player.account.toLowerCase())!;
    await batch(players, setUp);
    // Rewards waiting to be claimed, issued as a mission would (no wagering: real money).
    const issued = await db.query<{ id: string; member_id: string }>(
      `insert into rewards (member_id, source, source_key, house_account, amount, wagering_required, expires_at)
       select m::bigint, 'mission', $2 || ':' || m || ':' || n, 'promotions', $3, 0, now() + interval '1 day'
       from unnest($1::text[]) as m, generate_series(1, $4) as n
       returning id::text, member_id::text`,
      [players.map((player) => player.memberId), tag, REWARD_AMOUNT.toString(), REWARDS_PER_PLAYER],
    );
    const byMember = new Map(players.map((player) => [player.memberId, player]));
    for (const row of issued.rows) byMember.get(row.member_id)?.rewards.push(row.id);
    // The limits are in force (lowering from none applies at once).
    const limits = await db.query<{ n: number }>(
      `select count(*)::int as n from rg_limits where kind = 'deposit' and period = 'day'
       and amount = $2 and member_id = any($1::bigint[])`,
      [players.map((player) => player.memberId), DEPOSIT_LIMIT.toString()],
    );
    const limited = players.filter((player) => player.depositLimit !== null);
    if (limits.rows[0]!.n !== limited.length)
      throw new Error(`deposit limits in force: ${limits.rows[0]!.n} of ${limited.length}`);
    figures.setupMs = performance.now() - setupStarted;
    // The set-up's calls are not the load's.
    client.samples.length = 0;
    client.errors.clear();

    // --- The load.
    const records: MoneyRecord[] = [];
    const keep = (
      kind: MoneyRecord['kind'],
      ledgerKey: string,
      reply: Reply,
      acknowledged = reply.answered && reply.body.success,
    ) => {
      records.push({
        kind,
        ledgerKey,
        outcome: acknowledged ? 'acknowledged' : reply.answered ? 'refused' : 'unanswered',
      });
    };
    const key = (player: Player, what: string) =>
      `${tag}${what}${player.index}n${(player.serial += 1)}`;
    const amountBetween = (player: Player, low: number, high: number) =>
      `${low + Math.floor(player.random() * (high - low + 1))}.00`;

    const act = async (player: Player, action: Action) => {
      const auth = { ...bearer(player.token), 'x-forwarded-for': player.address };
      switch (action) {
        case 'spin':
        case 'draw': {
          const roundId = key(player, action === 'spin' ? 'spin' : 'draw');
          const bet = ['1.00', '2.00', '5.00'][Math.floor(player.random() * 3)]!;
          const json =
            action === 'spin'
              ? { launch: player.slot, bet, roundId }
              : { launch: player.draw, bet, roundId, pick: Math.floor(player.random() * 10) };
          const reply = await client.money(action, `/wps/demo-vendor/${action}`, {
            headers: { 'x-forwarded-for': player.address },
            json,
          });
          const vendor = action === 'spin' ? slot.vendor : draw.vendor;
          keep(action, `round:${vendor}:${player.memberId}:${roundId}:bet`, reply);
          return;
        }
        case 'deposit': {
          const idempotencyKey = key(player, 'dep');
          // 20.00 to 200.00 in tens; a player with a limit 20.00 to 60.00, so that it is
          // approached step by step and reached.
          const tens = player.depositLimit ? 4 : 18;
          const amount = `${2 + Math.floor(player.random() * (tens + 1))}0.00`;
          const reply = await client.money('deposit', '/wps/deposit', {
            headers: auth,
            json: { channel: 'DEMO', amount, idempotencyKey },
          });
          keep('deposit', `deposit:${player.memberId}:${idempotencyKey}`, reply);
          return;
        }
        case 'transfer': {
          const idempotencyKey = key(player, 'xfer');
          const back = player.pg > 0n && player.random() < 0.5;
          const amount = back ? toMoneyString(player.pg) : amountBetween(player, 5, 50);
          const reply = await client.money('transfer', '/wps/relay/GCS_walletTransfer', {
            headers: auth,
            json: { from: back ? 'PG' : 'MAIN', to: back ? 'MAIN' : 'PG', amount, idempotencyKey },
          });
          if (reply.answered && reply.body.success) {
            const balances = (reply.body.value as { balances: Record<string, string> }).balances;
            player.pg = parseMoney(balances.PG ?? '0.00');
          }
          keep('transfer', `wallet_transfer:${player.memberId}:${idempotencyKey}`, reply);
          return;
        }
        case 'withdrawal': {
          const idempotencyKey = key(player, 'wd');
          const reply = await client.money('withdrawal', '/wps/withdraw', {
            encrypted: true,
            headers: auth,
            json: {
              amount: amountBetween(player, 50, 80),
              paymentPassword: PAYMENT_PASSWORD,
              idempotencyKey,
            },
          });
          keep('withdrawal', `withdrawal:${player.memberId}:${idempotencyKey}`, reply);
          return;
        }
        case 'claim': {
          const reward = player.rewards.shift();
          if (!reward) return act(player, 'balance');
          // A claim has no key of its own: the reward's id is one. Each reward is claimed by
          // one call only, so "already claimed" can only answer a retry whose first attempt
          // went through (its answer lost): acknowledged.
          const reply = await client.money('claim', `/wps/rewards/${reward}/claim`, {
            method: 'POST',
            headers: auth,
          });
          const replayed = reply.answered && reply.body.code === 'reward_claimed';
          keep(
            'claim',
            `reward:${reward}`,
            reply,
            (reply.answered && reply.body.success) || replayed,
          );
          return;
        }
        case 'chat': {
          if (!player.room) {
            const launched = await client.call('chat', '/wps/relay/CBS_launchChat', {
              headers: auth,
              json: {},
            });
            if (!launched.answered || !launched.body.success) return;
            player.room = (launched.body.value as { room: string }).room;
          }
          await client.call('chat', `/wps/chat/rooms/${player.room}/messages`, {
            headers: auth,
            json: { text: `soak message ${(player.serial += 1)}` },
          });
          return;
        }
        case 'balance':
          await client.call('balance', '/wps/v2/wallets/balance', { headers: auth });
          return;
        case 'login':
          await login(player.account, player.address);
          return;
      }
    };

    const memory: MemorySample[] = [];
    let loadStarted = performance.now();
    const sampleMemory = async (when: MemorySample['when'], only?: InstanceName) => {
      for (const [instance, server] of cluster.instances)
        if (!only || only === instance)
          memory.push({
            instance,
            pid: server.pid,
            when,
            atMs: performance.now() - loadStarted,
            bytes: await residentBytes(server.pid),
          });
    };
    await sampleMemory('start');
    const scrape = (name: InstanceName) => scrapeBuckets(cluster.metricsUrls.get(name)!);
    const metricsAtStart = { app1: await scrape('app1'), app2: await scrape('app2') };
    let app2BeforeKill: RouteBuckets = new Map();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();

    const loadMs = options.minutes * 60_000;
    loadStarted = performance.now();
    const at = () => performance.now() - origin;
    const loadOrigin = at();
    const deadline = loadStarted + loadMs;
    const untilDeadline = (ms: number) =>
      sleep(Math.max(0, Math.min(ms, deadline - performance.now())));
    counting = true;

    // The operator: pays every requested withdrawal, polling its queue.
    let paid = 0;
    let payRefused = 0;
    let operating = true;
    /** One pass over the queue (its newest 100); answers how many it found. */
    const payQueue = async () => {
      const list = await client.call('ops_withdrawals', '/ops/withdrawals?status=requested', {
        headers: ops,
      });
      if (!list.answered || !list.body.success) return 0;
      const waiting = list.body.value as { id: string }[];
      for (const withdrawal of waiting) {
        const reply = await client.money('payout', `/ops/withdrawals/${withdrawal.id}`, {
          headers: ops,
          json: { action: 'pay' },
        });
        if (reply.answered && reply.body.success) paid += 1;
        else payRefused += 1;
      }
      return waiting.length;
    };
    const operator = (async () => {
      while (operating) {
        await payQueue();
        await sleep(1_000);
      }
    })();

    // The timeline: maintenance on at a quarter, off after a tenth (at most 20 s); the kill at
    // half way, and the restart at once.
    const maintenanceOn = loadMs / 4;
    const maintenanceOff = maintenanceOn + Math.min(20_000, loadMs / 10);
    const killAt = loadMs / 2;
    const timeline = (async () => {
      await sleep(maintenanceOn);
      const end = new Date(Date.now() + 10 * 60_000).toISOString();
      await client.money('ops_maintenance', '/ops/maintenance', {
        headers: ops,
        json: { enabled: true, end },
      });
      const onAtMs = at() - loadOrigin;
      await sleep(Math.max(0, maintenanceOff - (performance.now() - loadStarted)));
      await client.money('ops_maintenance', '/ops/maintenance', {
        headers: ops,
        json: { enabled: false },
      });
      figures.maintenance = { onAtMs, offAtMs: at() - loadOrigin };
      await sleep(Math.max(0, killAt - (performance.now() - loadStarted)));
      await sampleMemory('middle');
      app2BeforeKill = await scrape('app2');
      figures.killAtMs = at() - loadOrigin;
      await cluster.kill('app2');
      const restarting = performance.now();
      await cluster.restart('app2');
      figures.restartMs = performance.now() - restarting;
      await sampleMemory('restarted', 'app2');
      // A process just started is cold (no JIT code, no heap grown, no pooled connections):
      // its growth is read from a minute later, warm again, as the other's is from the start.
      await untilDeadline(60_000);
      if (performance.now() < deadline) await sampleMemory('warmed', 'app2');
    })();
    const minutes = setInterval(() => void sampleMemory('minute'), 60_000);

    let actions = 0;
    /** One player's turn: an action, its answer awaited (a player does one thing at a time). */
    const turn = async (player: Player) => {
      player.busy = true;
      actions += 1;
      try {
        await act(player, pick(player.random));
      } finally {
        player.busy = false;
      }
    };

    const thinkMs = options.thinkSeconds * 1_000;
    const workers =
      thinkMs > 0
        ? // Paced: every player on its own, thinking between two actions (exponential, mean
          // thinkMs), from a random point of its first think so that they do not start as one.
          players.map(async (player) => {
            await untilDeadline(player.random() * thinkMs);
            while (performance.now() < deadline) {
              await turn(player);
              await untilDeadline(-Math.log(1 - player.random()) * thinkMs);
            }
          })
        : // Saturation: `inFlight` workers acting back to back, each for an idle player picked by
          // the shared generator (one action at a time per player).
          Array.from({ length: options.inFlight }, async () => {
            while (performance.now() < deadline) {
              let player: Player | undefined;
              for (let tries = 0; tries < 8 && !player; tries += 1) {
                const candidate = players[Math.floor(shared() * players.length)]!;
                if (!candidate.busy) player = candidate;
              }
              if (player) await turn(player);
              else await sleep(5);
            }
          });
    await Promise.all(workers);
    figures.loadMs = performance.now() - loadStarted;
    clearInterval(minutes);
    lag.disable();
    figures.loadLag = {
      p50: lag.percentile(50) / 1e6,
      p99: lag.percentile(99) / 1e6,
      max: lag.max / 1e6,
    };
    // app2's counters start again at its restart: before the kill and after it, added.
    const served = combine(
      combine(
        combine(await scrape('app1'), metricsAtStart.app1, -1),
        combine(app2BeforeKill, metricsAtStart.app2, -1),
      ),
      await scrape('app2'),
    );
    figures.serverLatency = new Map(
      ['/wps/demo-vendor/spin', '/wps/demo-vendor/draw'].map((route) => [
        route,
        serverLatency(served.get(route)),
      ]),
    );
    figures.actions = actions;
    counting = false;
    await timeline;
    operating = false;
    await operator;
    await sampleMemory('end');

    // --- Settle: deposits confirmed by their channel, the last withdrawals paid, the last
    // events delivered.
    const memberIds = players.map((player) => player.memberId);
    for (let waited = 0; waited < 60_000; waited += 500) {
      if ((await pendingDeposits(db, memberIds)) === 0) break;
      await sleep(500);
    }
    for (let pass = 0; pass < 50 && (await payQueue()) > 0; pass += 1);
    await sleep(3_000);

    figures.events = {
      total: events,
      balance: balanceEvents,
      byName: Object.fromEntries(eventsByName),
      perSecond: (events * 1000) / figures.loadMs,
      reconnects,
    };
    figures.payouts = { paid, refused: payRefused };
    figures.memory = memory;
    figures.errors = client.errors;

    // Latency per call kind in windows: before the kill, the calls that met the maintenance,
    // the 10 s after the kill, and after.
    const killAtMs = loadOrigin + (figures.killAtMs ?? Number.POSITIVE_INFINITY);
    const maintenanceFrom = loadOrigin + (figures.maintenance?.onAtMs ?? Number.POSITIVE_INFINITY);
    const maintenanceTo =
      loadOrigin + (figures.maintenance?.offAtMs ?? Number.POSITIVE_INFINITY) + DURING_MS;
    type Windows = Record<keyof WindowFigures, number[]>;
    const byKind = new Map<string, Windows>();
    const sentByKind = new Map<string, Windows>();
    const windowsOf = (map: Map<string, Windows>, kind: string) => {
      const windows = map.get(kind) ?? { before: [], maintenance: [], during: [], after: [] };
      map.set(kind, windows);
      return windows;
    };
    for (const sample of client.samples) {
      const windows = windowsOf(byKind, sample.kind);
      const sent = windowsOf(sentByKind, sample.kind);
      const window: keyof WindowFigures =
        sample.startedAt < maintenanceTo && sample.startedAt + sample.ms > maintenanceFrom
          ? 'maintenance'
          : sample.startedAt < killAtMs
            ? 'before'
            : sample.startedAt < killAtMs + DURING_MS
              ? 'during'
              : 'after';
      windows[window].push(sample.ms);
      sent[window].push(sample.ms - sample.queuedMs);
    }
    const summaries = (map: Map<string, Windows>) =>
      new Map(
        [...map].map(([kind, windows]) => [
          kind,
          {
            before: summarize(windows.before),
            maintenance: summarize(windows.maintenance),
            during: summarize(windows.during),
            after: summarize(windows.after),
          },
        ]),
      );
    figures.calls = summaries(byKind);
    figures.sentCalls = summaries(sentByKind);
    figures.outcomes = new Map();
    for (const record of records) {
      const counts = figures.outcomes.get(record.kind) ?? {
        acknowledged: 0,
        refused: 0,
        unanswered: 0,
      };
      counts[record.outcome] += 1;
      figures.outcomes.set(record.kind, counts);
    }

    figures.checks = await runChecks(cluster.databaseUrl, {
      records,
      sockets: players.map((player) => ({ memberId: player.memberId, last: player.last })),
      depositLimits: limited.map((player) => ({
        memberId: player.memberId,
        limit: player.depositLimit!,
      })),
    });
    return figures;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    closeSockets();
    await db.end().catch(() => undefined);
    await cluster.stop();
  }
}

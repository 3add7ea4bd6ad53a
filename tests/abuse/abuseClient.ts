import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { WalletSnapshot } from '../../src/api/wallet';
import { sealPayload } from '../../src/api/payloadCipher';
import { CONTRACT_TYPES, type ContractType } from '../../src/shared/contracts';
import type { LoginResult } from '../../src/shared/identity';
import type { ContractView } from '../../src/shared/realtime';
import type { PlatformConfig } from '../../server/config/schema';
import type { SlotSymbol } from '../../server/domain/games/demoVendor/slotEngine';
import { HOUSE_BALANCE_SQL } from '../../server/domain/ledger/accounts';
import { creditDeposit } from '../../server/domain/payments/deposits';
import { upsertPromotion } from '../../server/domain/promotions/catalogue';
import { issueRewardWithin } from '../../server/domain/rewards/issue';
import { bearer, encryptedCall, humanProof, loginReply } from '../support/identityClient';
import { newKey, opsCall } from '../support/moneyClient';
import { act, acted } from '../server/contracts/contractClient';
import { call, type TestServer } from '../support/testServer';
import { foldAccruals } from '../../server/domain/accruals/fold';

/**
 * What the abuse strategies do through the real HTTP API: accounts registered as a browser
 * registers them (address, device cookie, invite code), deposits, rigged spins, claims.
 */
export const PASSWORD = 'abc12345';
export const PAYMENT_PASSWORD = '246810';
/** Nothing pays. */
export const LOSE: SlotSymbol[] = ['lemon', 'bell', 'star'];
/** Two cherries pay twice the bet. */
export const PAIR: SlotSymbol[] = ['cherry', 'cherry', 'bell'];

/** Deposits confirmed at once, payouts by hand, no shipped missions unless asked. */
export function abuseConfig(options: { missions?: boolean } = {}) {
  return (base: PlatformConfig): PlatformConfig => ({
    ...base,
    payments: {
      ...base.payments,
      deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
      withdrawal: { ...base.payments.withdrawal, demoPaySeconds: null },
    },
    missions: options.missions ? base.missions : [],
  });
}

/** The configuration's promotions, put in the catalogue as the server's boot does. */
export async function shipPromotions(server: TestServer, codes: string[]): Promise<void> {
  for (const code of codes) {
    const promotion = server.deps.config.promotions.find((one) => one.code === code);
    if (!promotion) throw new Error(`config/platform.json ships no promotion ${code}`);
    await upsertPromotion(server.deps.db, promotion, { onlyNew: true });
  }
}

export interface Member {
  username: string;
  token: string;
  id: string;
  /** The device cookie the server issued (a browser keeps it). */
  cookie: string | null;
}

export const post = (server: TestServer, token: string, path: string, json?: unknown) =>
  call(server, path, { method: 'POST', headers: bearer(token), json });

export async function get<T>(server: TestServer, token: string, path: string): Promise<T> {
  const reply = await call(server, path, { headers: bearer(token) });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value as T;
}

export async function memberIdOf(server: TestServer, account: string): Promise<string> {
  const [row] = await server.deps.db.query<{ id: string }>(
    'select id::text from members where account = $1',
    [account],
  );
  return row!.id;
}

const DEVICE_COOKIE = /(?:^|\s)device=([^;]*)/;

/**
 * Registers a new member through `PUT /wps/member/register` (logged in at once), from `ip`
 * when given (the server must trust the loopback proxy), with the device cookie a browser
 * sends (forged or not), a `Device-Id` header of its choosing, and an invite code.
 */
export async function register(
  server: TestServer,
  options: { ip?: string; cookie?: string; deviceHeader?: string; referralCode?: string } = {},
): Promise<Member> {
  const username = `ab${randomBytes(5).toString('hex')}`;
  const key = await call(server, '/wps/session/key/rsa');
  const sealed = await sealPayload((key.body.value as { publicKey: string }).publicKey, {
    username,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    email: `${username}@example.test`,
    altcha: await humanProof(server),
    login: true,
    ...(options.referralCode ? { referralCode: options.referralCode } : {}),
  });
  const response = await fetch(`${server.url}/wps/member/register`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      encryption: sealed.header,
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      ...(options.cookie ? { cookie: `device=${options.cookie}` } : {}),
      ...(options.deviceHeader ? { 'device-id': options.deviceHeader } : {}),
    },
    body: JSON.stringify(sealed.body),
  });
  const body = (await response.json()) as { success: boolean; value: unknown };
  expect(body.success, JSON.stringify(body)).toBe(true);
  const line = response.headers.getSetCookie().find((one) => DEVICE_COOKIE.test(one));
  const token = (body.value as LoginResult).token;
  // The member chooses its payment password, as the withdraw page asks.
  const set = await encryptedCall(
    server,
    '/wps/member/paymentPassword',
    'POST',
    { loginPassword: PASSWORD, paymentPassword: PAYMENT_PASSWORD },
    bearer(token),
  );
  expect(set.body.success, JSON.stringify(set.body)).toBe(true);
  return {
    username,
    token,
    id: await memberIdOf(server, username),
    cookie: line ? DEVICE_COOKIE.exec(line)![1]! : null,
  };
}

/** A demo-channel deposit, confirmed (the member's own money: not a gift). */
export async function deposit(server: TestServer, token: string, amount: string): Promise<void> {
  const reply = await post(server, token, '/wps/deposit', {
    channel: 'DEMO',
    amount,
    idempotencyKey: newKey(),
  });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  await creditDeposit(server.deps, (reply.body.value as { id: string }).id);
}

export function withdrawal(server: TestServer, token: string, amount: string) {
  return encryptedCall(
    server,
    '/wps/withdraw',
    'POST',
    { amount, paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey() },
    bearer(token),
  );
}

/** The real balance and the bonus balance, in minor units. */
export async function balances(
  server: TestServer,
  token: string,
): Promise<{ real: bigint; bonus: bigint }> {
  const snapshot = await get<WalletSnapshot>(server, token, '/wps/v2/wallets/balance');
  const cents = (text: string) => BigInt(Math.round(Number(text) * 100));
  return { real: cents(snapshot.balance), bonus: cents(snapshot.bonus.balance) };
}

/** Launches the catalogue's first slot for real play (RNG). */
export async function launchSlot(server: TestServer, token: string): Promise<string> {
  const [game] = await server.deps.db.query<{ node_id: string; vendor: string }>(
    `select node_id, vendor from games where engine = 'slot' and game_type = 'RNG'
     order by node_id limit 1`,
  );
  const launched = await post(server, token, '/wps/game/launchGame', {
    nodeId: game!.node_id,
    vassalage: game!.vendor,
  });
  expect(launched.body.success, JSON.stringify(launched.body)).toBe(true);
  return new URL((launched.body.value as { url: string }).url, server.url).searchParams.get(
    'launch',
  )!;
}

/** One real round whose reels are rigged; answers the envelope (a race may refuse it). */
export async function spin(
  server: TestServer,
  member: Pick<Member, 'id'>,
  launch: string,
  bet: string,
  symbols: SlotSymbol[],
) {
  server.deps.demoRigs.set(member.id, { engine: 'slot', symbols });
  const reply = await call(server, '/wps/demo-vendor/spin', {
    method: 'POST',
    json: { launch, bet, roundId: newKey() },
  });
  // What the round earns is folded in after its answer (issue 31): the strategies count it.
  await foldAccruals(server.deps);
  return reply;
}

/** Rounds that leave the balance where it was: a pair, then a loss, `pairs` times. */
export async function churn(
  server: TestServer,
  member: Pick<Member, 'id'>,
  launch: string,
  bet: string,
  pairs: number,
): Promise<void> {
  for (let n = 0; n < pairs; n += 1) {
    for (const symbols of [PAIR, LOSE]) {
      const reply = await spin(server, member, launch, bet, symbols);
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    }
  }
}

/** A waiting reward put straight in the reward centre (as a mission or a draw would). */
export async function issueBonus(
  server: TestServer,
  memberId: string,
  amount: bigint,
  wagering: bigint,
): Promise<string> {
  return (await issueRewardWithin(server.deps.db, {
    memberId,
    source: 'mission',
    sourceKey: `abuse:${newKey()}`,
    houseAccount: 'promotions',
    amount,
    wageringRequired: wagering,
  }))!;
}

/** A house account's balance over all its rows (migration 048), minor units. */
export async function houseBalance(server: TestServer, name: string): Promise<bigint> {
  const [row] = await server.deps.db.query<{ balance: string }>(HOUSE_BALANCE_SQL, [name]);
  return BigInt(row!.balance);
}

/** Every contract type at the shipped caps (config/platform.json, contracts.maxRate). */
export const CAPS: Record<ContractType, string> = {
  realTimeSalary: '1.50',
  hourlySalary: '1.50',
  dailySalary: '1.50',
  dividend: '30.00',
};

/** Logs in through the agent portal (a sub-agent) or the player portal. */
async function portalLogin(
  server: TestServer,
  username: string,
  portal: 'agent' | 'player',
  password = PASSWORD,
) {
  const login = await loginReply(server, { username, password, portal });
  expect(login.body.success, JSON.stringify(login.body)).toBe(true);
  return (login.body.value as LoginResult).token;
}

/** agent1's session, one per server (a login is allowed once a second per account). */
const agent1Sessions = new WeakMap<TestServer, Promise<string>>();

/**
 * A sub-agent of agent1 opened through registerCenter, holding every contract type at its cap
 * as its own rate (the operator's): each test's agent has salary periods of its own to settle.
 */
export async function openAgent(server: TestServer): Promise<Member> {
  const username = `boss${randomBytes(4).toString('hex')}`;
  const opened = await encryptedCall(
    server,
    '/wps/agent/team/register',
    'POST',
    { username, password: PASSWORD, confirmPassword: PASSWORD, kind: 'agent' },
    bearer(await agent1Session(server)),
  );
  expect(opened.body.success, JSON.stringify(opened.body)).toBe(true);
  for (const type of CONTRACT_TYPES) {
    const set = await opsCall(server, '/ops/agents/rate', {
      account: username,
      contractType: type,
      rate: CAPS[type],
    });
    expect(set.body.success, JSON.stringify(set.body)).toBe(true);
  }
  const id = (opened.body.value as { id: string }).id;
  return { username, token: await portalLogin(server, username, 'agent'), id, cookie: null };
}

function agent1Session(server: TestServer): Promise<string> {
  let session = agent1Sessions.get(server);
  if (!session) {
    session = portalLogin(server, 'agent1', 'agent', 'Passw0rd!');
    agent1Sessions.set(server, session);
  }
  return session;
}

/**
 * A direct downline opened by the agent through its registerCenter API (a player, or a
 * sub-agent of its own), holding every contract type at its cap with the agent.
 */
export async function openDownline(
  server: TestServer,
  agentToken: string,
  kind: 'player' | 'agent' = 'player',
): Promise<Member> {
  const username = `farm${randomBytes(4).toString('hex')}`;
  const opened = await encryptedCall(
    server,
    '/wps/agent/team/register',
    'POST',
    { username, password: PASSWORD, confirmPassword: PASSWORD, kind },
    bearer(agentToken),
  );
  expect(opened.body.success, JSON.stringify(opened.body)).toBe(true);
  const token = await portalLogin(server, username, kind);
  for (const type of CONTRACT_TYPES) {
    const offer = await act(server, agentToken, {
      action: 'offer',
      contractType: type,
      downline: username,
      terms: { rate: CAPS[type], activeMembers: 0, periodBet: '0', profitLoss: '0' },
    });
    expect(offer.body.success, `${type}: ${JSON.stringify(offer.body)}`).toBe(true);
    await acted(server, token, (offer.body.value as ContractView).id, 'accept');
  }
  return { username, token, id: (opened.body.value as { id: string }).id, cookie: null };
}

import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { WalletSnapshot } from '../../src/api/wallet';
import { sealPayload } from '../../src/api/payloadCipher';
import type { LoginResult } from '../../src/shared/identity';
import type { PlatformConfig } from '../../server/config/schema';
import type { SlotSymbol } from '../../server/domain/games/demoVendor/slotEngine';
import { creditDeposit } from '../../server/domain/payments/deposits';
import { upsertPromotion } from '../../server/domain/promotions/catalogue';
import { issueRewardWithin } from '../../server/domain/rewards/issue';
import { bearer, encryptedCall, humanProof } from '../support/identityClient';
import { newKey } from '../support/moneyClient';
import { call, type TestServer } from '../support/testServer';

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
  return call(server, '/wps/demo-vendor/spin', {
    method: 'POST',
    json: { launch, bet, roundId: newKey() },
  });
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

/** A house account's balance, minor units. */
export async function houseBalance(server: TestServer, name: string): Promise<bigint> {
  const [row] = await server.deps.db.query<{ balance: string }>(
    `select balance::text from ledger_accounts where kind = 'house' and name = $1`,
    [name],
  );
  return BigInt(row!.balance);
}

import { randomBytes } from 'node:crypto';
import type { LoginResult } from '../../../src/shared/identity';
import type { LimitChange, RgStatus } from '../../../src/shared/responsibleGaming';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, encryptedCall, humanProof, loginReply } from '../../support/identityClient';
import { newKey } from '../../support/moneyClient';
import { call, type TestServer } from '../../support/testServer';

/** Responsible-gaming helpers for the server tests (issue 17). */

export interface Member {
  account: string;
  id: string;
  token: string;
}

/** A fresh player registered through the API and logged in (password abc12345). */
export async function newMember(server: TestServer, prefix = 'rg'): Promise<Member> {
  const account = `${prefix}${randomBytes(5).toString('hex')}`.slice(0, 16);
  const reply = await encryptedCall(server, '/wps/member/register', 'PUT', {
    username: account,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    email: `${account}@example.test`,
    altcha: await humanProof(server),
    login: true,
    registerMethod: 'WEB',
  });
  if (!reply.body.success) throw new Error(`register failed: ${reply.body.code}`);
  const [row] = await server.deps.db.query<{ id: string }>(
    'select id::text from members where account = $1',
    [account],
  );
  return { account, id: row!.id, token: (reply.body.value as LoginResult).token };
}

export const deposit = (server: TestServer, token: string, amount: string, key = newKey()) =>
  call(server, '/wps/deposit', {
    method: 'POST',
    headers: bearer(token),
    json: { channel: 'DEMO', amount, idempotencyKey: key },
  });

export async function setLimits(server: TestServer, token: string, limits: LimitChange[]) {
  const reply = await call(server, '/wps/rg/limits', {
    method: 'PUT',
    headers: bearer(token),
    json: { limits },
  });
  if (!reply.body.success) throw new Error(`limits: ${reply.body.code} ${reply.body.message}`);
  return reply.body.value as RgStatus;
}

export async function status(server: TestServer, token: string): Promise<RgStatus> {
  const reply = await call(server, '/wps/rg', { headers: bearer(token) });
  if (!reply.body.success) throw new Error(`status: ${reply.body.code}`);
  return reply.body.value as RgStatus;
}

export const limitOf = (rg: RgStatus, kind: LimitChange['kind'], period: LimitChange['period']) =>
  rg.limits.find((limit) => limit.kind === kind && limit.period === period)!;

export const launchSlot = (server: TestServer, token: string) => launchFirstSlot(server, token);

export const spin = (server: TestServer, launch: string, bet: string) =>
  call(server, '/wps/demo-vendor/spin', {
    method: 'POST',
    json: { launch, bet, roundId: newKey() },
  });

export const rig = (server: TestServer, account: string, symbols: string[]) =>
  call(server, '/wps/dev/demo-vendor/rig', { method: 'POST', json: { account, symbols } });

export const LOSE = ['lemon', 'bell', 'star'];
/** Two cherries: twice the bet. */
export const WIN_DOUBLE = ['cherry', 'cherry', 'lemon'];

/** Moves the server's responsible-gaming clock `ms` ahead of the real one (0: back to real). */
export function shiftClock(server: TestServer, ms: number): void {
  server.deps.clock.now = () => new Date(Date.now() + ms);
}

export const HOUR = 60 * 60_000;

/**
 * A login answer for `account`, waiting out the one-login-a-second throttle of an address and
 * account (the tests log the same member in several times in a row).
 */
export async function loginAnswer(server: TestServer, account: string, password = 'abc12345') {
  for (;;) {
    const reply = await loginReply(server, { username: account, password });
    if (reply.body.code !== 'throttled') return reply;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Logs `account` in (see loginAnswer); fails when the login is refused. */
export async function logIn(server: TestServer, account: string, password = 'abc12345') {
  const reply = await loginAnswer(server, account, password);
  if (!reply.body.success) throw new Error(`login failed: ${reply.body.code}`);
  return (reply.body.value as LoginResult).token;
}

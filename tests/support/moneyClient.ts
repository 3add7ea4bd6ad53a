import { randomBytes } from 'node:crypto';
import { bearer, encryptedCall } from './identityClient';
import { call, type TestServer } from './testServer';

/** Money helpers for server tests: operator grants and calls, balances, withdrawals. */
export const newKey = () => randomBytes(9).toString('base64url');

export async function opsCall(server: TestServer, path: string, json?: unknown) {
  return call(server, path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${server.opsToken}` },
    json,
  });
}

/** Gives `account` money through the ledger (house promotions → main wallet). */
export async function grant(server: TestServer, account: string, amount: string): Promise<void> {
  const reply = await opsCall(server, '/ops/bonus', {
    account,
    amount,
    reason: 'test funds',
    idempotencyKey: newKey(),
  });
  if (!reply.body.success) throw new Error(`grant failed: ${reply.body.message}`);
}

export async function mainBalance(server: TestServer, token: string): Promise<string> {
  const reply = await call(server, '/wps/v2/wallets/balance', { headers: bearer(token) });
  return (reply.body.value as { balance: string }).balance;
}

export function withdraw(
  server: TestServer,
  token: string,
  body: { amount: string; paymentPassword?: string; idempotencyKey?: string },
) {
  return encryptedCall(
    server,
    '/wps/withdraw',
    'POST',
    { paymentPassword: '246810', idempotencyKey: newKey(), ...body },
    bearer(token),
  );
}

export function answer(server: TestServer, token: string, id: string, json: unknown) {
  return call(server, `/wps/withdraw/${id}/answer`, {
    method: 'POST',
    headers: bearer(token),
    json,
  });
}

/** The smallest valid PNG (a 1×1 pixel): enough for the magic-number check. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export async function uploadProof(
  server: TestServer,
  token: string,
  bytes: Buffer = tinyPng,
  type = 'image/png',
) {
  return call(server, '/wps/withdraw/proof', {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': type },
    body: new Uint8Array(bytes),
  });
}

/** Sum of every ledger account: zero when the books balance (ARCHITECTURE, Money). */
export async function ledgerSum(server: TestServer): Promise<bigint> {
  const [row] = await server.deps.db.query<{ total: string }>(
    'select coalesce(sum(balance), 0)::text as total from ledger_accounts',
  );
  return BigInt(row!.total);
}

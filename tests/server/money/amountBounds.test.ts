import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformConfigSchema } from '../../../server/config/schema';
import { bearer, loginToken } from '../../support/identityClient';
import { ledgerSum, newKey, opsCall, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { readFile } from 'node:fs/promises';

/** Sizes of amount an attacker or a careless operator sends (issue 11, finding 13). */
const HUGE = ['9999999999999999999.99', '1e30', '-5', '1000000000.01', '999999999999999.99'];

/**
 * Every amount is bounded (1,000,000,000.00) and refused clearly above it, never with a 500; a
 * balance that would pass BIGINT is refused as an amount too.
 */
describe.each(engines)('amount bounds on %s', (engine) => {
  let server: TestServer;
  let player: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    player = await loginToken(server, 'player3');
  });
  afterAll(() => server.close());

  const bonus = (account: string, amount: string) =>
    opsCall(server, '/ops/bonus', { account, amount, reason: 'bounds', idempotencyKey: newKey() });

  it('refuses an operator bonus above the bound with the bound named, and takes the bound', async () => {
    for (const amount of HUGE) {
      const reply = await bonus('player3', amount);
      expect(reply.status, amount).toBe(400);
      expect(['invalid_request', 'amount_out_of_range'], amount).toContain(reply.body.code);
    }
    const above = await bonus('player3', '1000000000.01');
    expect(above.body).toMatchObject({
      code: 'amount_out_of_range',
      value: { max: '1000000000.00' },
      message: 'An amount can be at most 1000000000.00.',
    });
    expect((await bonus('player3', '1000000000.00')).body.success).toBe(true);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses a balance that would pass what the books hold with a 409, not a 500', async () => {
    await server.deps.db.query(
      `update ledger_accounts set balance = 9223372036854775000
       where kind = 'main' and member_id = (select id from members where account = 'player4')`,
    );
    try {
      const reply = await bonus('player4', '1000.00');
      expect(reply).toMatchObject({ status: 409, body: { code: 'amount_out_of_range' } });
    } finally {
      await server.deps.db.query(
        `update ledger_accounts a set balance = coalesce(
           (select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)
         where kind = 'main' and member_id = (select id from members where account = 'player4')`,
      );
    }
  });

  it('answers every public amount field with a 4xx for any size of amount', async () => {
    const fields: [string, (amount: string) => Promise<{ status: number }>][] = [
      [
        'wallet transfer',
        (amount) =>
          call(server, '/wps/relay/GCS_walletTransfer', {
            method: 'POST',
            headers: bearer(player),
            json: { from: 'MAIN', to: 'PG', amount, idempotencyKey: newKey() },
          }),
      ],
      [
        'transfer to upline',
        (amount) =>
          call(server, '/wps/wallet/transferUpline', {
            method: 'POST',
            headers: bearer(player),
            json: { amount, idempotencyKey: newKey() },
          }),
      ],
      [
        'deposit',
        (amount) =>
          call(server, '/wps/deposit', {
            method: 'POST',
            headers: bearer(player),
            json: { channel: 'DEMO', amount, idempotencyKey: newKey() },
          }),
      ],
      ['withdrawal', (amount) => withdraw(server, player, { amount })],
    ];
    for (const [name, send] of fields) {
      for (const amount of HUGE) {
        const reply = await send(amount);
        expect(reply.status, `${name} ${amount}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, `${name} ${amount}`).toBeLessThan(500);
      }
    }
  });

  it('refuses a configuration whose amounts pass the bound', async () => {
    const config = JSON.parse(await readFile('config/platform.json', 'utf8'));
    config.payments.deposit.max = '99999999999999.00';
    expect(platformConfigSchema.safeParse(config).success).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import { bearer, loginToken } from '../../support/identityClient';
import {
  grant,
  ledgerSum,
  mainBalance,
  newKey,
  opsCall,
  withdraw,
} from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

type Reply = Awaited<ReturnType<typeof call>>;

/**
 * A request key answers its first result only for the same request (issue 11, finding 11): the
 * same key with another amount, target or text is refused with `idempotency_conflict` and
 * moves nothing, as payment APIs do.
 */
describe.each(engines)('a request key reused for another request on %s', (engine) => {
  let server: TestServer;
  let player: string;
  let agent: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    player = await loginToken(server, 'player3');
    agent = await loginToken(server, 'agent2');
    await grant(server, 'player3', '1000.00');
  });
  afterAll(() => server.close());

  /** The same key twice with the same body, then once with each other body. */
  async function reuse(
    send: (body: Record<string, unknown>) => Promise<Reply>,
    first: Record<string, unknown>,
    others: Record<string, unknown>[],
  ) {
    const once = await send(first);
    expect(once.body.success, JSON.stringify(once.body)).toBe(true);
    const again = await send(first);
    expect(again.body).toEqual(once.body);
    const balance = await mainBalance(server, player);
    for (const other of others) {
      const reply = await send(other);
      expect(reply, JSON.stringify(other)).toMatchObject({
        status: 409,
        body: { code: 'idempotency_conflict' },
      });
    }
    expect(await mainBalance(server, player)).toBe(balance);
  }

  it('refuses a wallet transfer, a transfer to the upline and a deposit under a used key', async () => {
    const transferKey = newKey();
    const transfer = (body: Record<string, unknown>) =>
      call(server, '/wps/relay/GCS_walletTransfer', {
        method: 'POST',
        headers: bearer(player),
        json: { idempotencyKey: transferKey, ...body },
      });
    await reuse(transfer, { from: 'MAIN', to: 'PG', amount: '10.00' }, [
      { from: 'MAIN', to: 'PG', amount: '500.00' },
      { from: 'MAIN', to: 'EG2', amount: '10.00' },
    ]);

    const uplineKey = newKey();
    const upline = (body: Record<string, unknown>) =>
      call(server, '/wps/wallet/transferUpline', {
        method: 'POST',
        headers: bearer(player),
        json: { idempotencyKey: uplineKey, ...body },
      });
    await reuse(upline, { amount: '5.00' }, [{ amount: '900.00' }]);

    const depositKey = newKey();
    const deposit = (body: Record<string, unknown>) =>
      call(server, '/wps/deposit', {
        method: 'POST',
        headers: bearer(player),
        json: { idempotencyKey: depositKey, channel: 'DEMO', ...body },
      });
    await reuse(deposit, { amount: '20.00' }, [{ amount: '50000.00' }]);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses a withdrawal and an operator bonus under a used key', async () => {
    const key = newKey();
    await reuse(
      (body) => withdraw(server, player, { idempotencyKey: key, amount: String(body.amount) }),
      { amount: '60.00' },
      [{ amount: '900.00' }],
    );
    const bonusKey = newKey();
    const bonus = (body: Record<string, unknown>) =>
      opsCall(server, '/ops/bonus', { account: 'player3', idempotencyKey: bonusKey, ...body });
    const first = await bonus({ amount: '1.00', reason: 'Welcome' });
    expect(first.body.success).toBe(true);
    expect(await bonus({ amount: '1.00', reason: 'Welcome' })).toEqual(first);
    for (const other of [
      { amount: '1000.00', reason: 'Welcome' },
      { amount: '1.00', reason: 'Another' },
    ]) {
      expect((await bonus(other)).body.code).toBe('idempotency_conflict');
    }
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses an agent’s message under a used key with another text or recipient', async () => {
    const requestKey = newKey();
    const send = (json: Record<string, unknown>) =>
      call(server, '/wps/agent/messages', {
        method: 'POST',
        headers: bearer(agent),
        json: { requestKey, ...json },
      });
    const first = { to: { account: 'player4' }, subject: 'Hi', body: 'Hello' };
    const sent = await send(first);
    expect(sent.body.success).toBe(true);
    expect(await send(first)).toEqual(sent);
    for (const other of [
      { ...first, body: 'Send me your password' },
      { ...first, to: { account: 'player5' } },
      { ...first, to: { directDownlines: true } },
    ]) {
      expect((await send(other)).body.code, JSON.stringify(other)).toBe('idempotency_conflict');
    }
    const [row] = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from member_messages where request_key = $1',
      [requestKey],
    );
    expect(row!.n).toBe(1);
  });

  it('moves money once for a burst of one key with two different amounts', async () => {
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        call(server, '/wps/relay/GCS_walletTransfer', {
          method: 'POST',
          headers: bearer(player),
          json: {
            idempotencyKey: key,
            from: 'MAIN',
            to: 'PG',
            amount: n % 2 ? '3.00' : '4.00',
          },
        }),
      ),
    );
    const succeeded = replies.filter((reply) => reply.body.success);
    const amounts = new Set(
      succeeded.map((reply) => (reply.body.value as { amount: string }).amount),
    );
    // Every success is the one first answer; every other reply is the conflict.
    expect(amounts.size).toBe(1);
    // Only the ten that asked for the amount that won get its answer.
    expect(succeeded).toHaveLength(10);
    expect(
      succeeded.length + replies.filter((r) => r.body.code === 'idempotency_conflict').length,
    ).toBe(20);
    const [moved] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where idempotency_key like $1`,
      [`%${key}`],
    );
    expect(moved!.n).toBe(1);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('credits a demo deposit once, at its first amount', async () => {
    const key = newKey();
    const reply = await call(server, '/wps/deposit', {
      method: 'POST',
      headers: bearer(player),
      json: { idempotencyKey: key, channel: 'DEMO', amount: '15.00' },
    });
    await creditDeposit(server.deps, (reply.body.value as { id: string }).id);
    const other = await call(server, '/wps/deposit', {
      method: 'POST',
      headers: bearer(player),
      json: { idempotencyKey: key, channel: 'DEMO', amount: '15000.00' },
    });
    expect(other.body.code).toBe('idempotency_conflict');
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginToken } from '../../support/identityClient';
import { answer, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Bank-style test (ARCHITECTURE, Money): concurrent clients move money at random for a bounded
 * time — transfers between wallets (some beyond the balance), deposits, replays of the same
 * idempotency key. Afterwards the books must balance exactly.
 */
describe.each(engines)('ledger under concurrent clients on %s', (engine) => {
  let server: TestServer;
  const tokens: string[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (config) => ({
        ...config,
        payments: {
          ...config.payments,
          deposit: { ...config.payments.deposit, demoConfirmSeconds: 0 },
          withdrawal: { ...config.payments.withdrawal, demoPaySeconds: 0 },
        },
      }),
    });
    for (const account of ['player1', 'player2', 'player3'])
      tokens.push(await loginToken(server, account));
  });
  afterAll(() => server.close());

  const key = () => randomBytes(9).toString('base64url');
  const wallets = ['MAIN', 'PG', 'EG2'];

  it('keeps every invariant while money moves concurrently', async () => {
    const firstAnswers = new Map<string, { token: string; body: unknown; result: unknown }>();
    const deadline = Date.now() + 4000;
    let operations = 0;
    let refused = 0;
    let withdrawals = 0;

    // At least 4 s of traffic, and on until it has done enough of each kind to prove something
    // (a busy machine does less in 4 s); bounded by a count, never by more waiting.
    const enough = () => withdrawals > 0 && operations > 30 && firstAnswers.size > 5;
    async function client(token: string) {
      while ((Date.now() < deadline || !enough()) && operations < 5_000) {
        operations += 1;
        const roll = randomInt(10);
        if (roll < 2) {
          const reply = await call(server, '/wps/deposit', {
            method: 'POST',
            headers: bearer(token),
            json: {
              channel: 'DEMO',
              amount: `${randomInt(10, 500)}.${randomInt(10, 99)}`,
              idempotencyKey: key(),
            },
          });
          expect(reply.status).toBe(200);
        } else if (roll === 3) {
          // A withdrawal: held at once (or refused beyond the balance), paid by the channel.
          const reply = await withdraw(server, token, {
            amount: `${randomInt(50, 150)}.${randomInt(10, 99)}`,
          });
          if (reply.body.success) withdrawals += 1;
          else expect(reply.body.code).toBe('insufficient_funds');
        } else if (roll === 4) {
          // Confirm the receipt of a paid one: the held amount leaves for good.
          const list = await call(server, '/wps/withdraw/records?status=awaitingConfirmation', {
            headers: bearer(token),
          });
          const [paid] = (list.body.value as { items: { id: string }[] }).items;
          if (paid) {
            const reply = await answer(server, token, paid.id, { answer: 'received' });
            // The other client of the same member may have confirmed it first.
            if (!reply.body.success) expect(reply.body.code).toBe('withdrawal_illegal_transition');
          }
        } else if (roll < 6 && firstAnswers.size > 0) {
          // Replay a transfer already made: same answer, nothing moves.
          const [idempotencyKey, first] = [...firstAnswers.entries()][
            randomInt(firstAnswers.size)
          ]!;
          const reply = await call(server, '/wps/relay/GCS_walletTransfer', {
            method: 'POST',
            headers: bearer(first.token),
            json: first.body,
          });
          expect(reply.body.value, idempotencyKey).toEqual(first.result);
        } else {
          const from = wallets[randomInt(3)]!;
          const to = wallets.filter((wallet) => wallet !== from)[randomInt(2)]!;
          const body = {
            from,
            to,
            amount: `${randomInt(1, 300)}.${String(randomInt(100)).padStart(2, '0')}`,
            idempotencyKey: key(),
          };
          const reply = await call(server, '/wps/relay/GCS_walletTransfer', {
            method: 'POST',
            headers: bearer(token),
            json: body,
          });
          if (reply.body.success)
            firstAnswers.set(body.idempotencyKey, { token, body, result: reply.body.value });
          else {
            expect(reply.body.code).toBe('insufficient_funds');
            refused += 1;
          }
        }
      }
    }
    // Two clients per member: the same wallets are contended.
    await Promise.all([...tokens, ...tokens].map((token) => client(token)));
    // Let the demo channel's confirmations land.
    await expect
      .poll(
        async () =>
          (await server.deps.db.query(`select 1 from deposits where status = 'pending'`)).length,
        { timeout: 10_000 },
      )
      .toBe(0);

    const db = server.deps.db;
    const [sum] = await db.query<{ total: string }>(
      'select coalesce(sum(balance), 0)::text as total from ledger_accounts',
    );
    expect(sum!.total).toBe('0');
    const negatives = await db.query(
      `select id from ledger_accounts where not allow_negative and balance < 0`,
    );
    expect(negatives).toEqual([]);
    const drift = await db.query(
      `select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
       group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`,
    );
    expect(drift).toEqual([]);
    const unbalanced = await db.query(
      'select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0',
    );
    expect(unbalanced).toEqual([]);
    const credited = await db.query<{ n: string }>(
      `select count(*)::text as n from deposits where status = 'credited'`,
    );
    const depositTransactions = await db.query<{ n: string }>(
      `select count(*)::text as n from ledger_transactions where kind = 'deposit'`,
    );
    expect(depositTransactions[0]!.n).toBe(credited[0]!.n);
    // What is held is exactly what the open withdrawals asked for.
    const [held] = await db.query<{ balance: string }>(
      `select balance::text from ledger_accounts where kind = 'house' and name = 'withdrawals_held'`,
    );
    const [open] = await db.query<{ total: string }>(
      `select coalesce(sum(amount), 0)::text as total from withdrawals
       where status in ('requested', 'awaitingConfirmation', 'notReceived', 'partiallyReceived')`,
    );
    expect(held!.balance).toBe(open!.total);
    expect(withdrawals).toBeGreaterThan(0);
    expect(operations).toBeGreaterThan(30);
    expect(firstAnswers.size).toBeGreaterThan(5);
    expect(refused).toBeGreaterThanOrEqual(0);
  });

  it('refuses a transfer beyond the balance and moves nothing', async () => {
    const before = await call(server, '/wps/v2/wallets/balance', { headers: bearer(tokens[0]!) });
    const reply = await call(server, '/wps/relay/GCS_walletTransfer', {
      method: 'POST',
      headers: bearer(tokens[0]!),
      json: { from: 'MAIN', to: 'PG', amount: '999999999.00', idempotencyKey: key() },
    });
    expect(reply).toMatchObject({ status: 409, body: { code: 'insufficient_funds' } });
    const after = await call(server, '/wps/v2/wallets/balance', { headers: bearer(tokens[0]!) });
    expect(after.body.value).toEqual(before.body.value);
  });

  it('refuses deposits outside the configured limits', async () => {
    const reply = await call(server, '/wps/deposit', {
      method: 'POST',
      headers: bearer(tokens[1]!),
      json: { channel: 'DEMO', amount: '1.00', idempotencyKey: key() },
    });
    expect(reply.body).toMatchObject({
      code: 'amount_out_of_range',
      value: { min: '10.00', max: '50000.00' },
    });
  });
});

describe('live balance', () => {
  it('tells every socket of the member about a committed movement, in seq order', async () => {
    const { io } = await import('socket.io-client');
    const server = await startTestServer('pglite');
    const token = await loginToken(server, 'player2');
    const sockets = [0, 1].map(() =>
      io(server.url, { transports: ['websocket'], forceNew: true, auth: { token } }),
    );
    try {
      const heard: { wallet: string; balance: string; seq: number }[][] = [[], []];
      sockets.forEach((socket, i) => socket.on('balance', (event) => heard[i]!.push(event)));
      await Promise.all(
        sockets.map(
          (socket) => new Promise<void>((resolve) => socket.on('connect', () => resolve())),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const deposit = await call(server, '/wps/deposit', {
        method: 'POST',
        headers: bearer(token),
        json: { channel: 'DEMO', amount: '100.00', idempotencyKey: 'live-balance-1' },
      });
      const { creditDeposit } = await import('../../../server/domain/payments/deposits');
      await creditDeposit(server.deps, (deposit.body.value as { id: string }).id);
      await call(server, '/wps/relay/GCS_walletTransfer', {
        method: 'POST',
        headers: bearer(token),
        json: { from: 'MAIN', to: 'PG', amount: '40.00', idempotencyKey: 'live-balance-2' },
      });
      for (const events of heard) {
        await expect.poll(() => events.length).toBe(3);
        expect(events.map((event) => [event.wallet, event.balance])).toEqual([
          ['MAIN', '100.00'],
          ['MAIN', '60.00'],
          ['PG', '40.00'],
        ]);
        expect(events[1]!.seq).toBeGreaterThan(events[0]!.seq);
      }
    } finally {
      for (const socket of sockets) socket.disconnect();
      await server.close();
    }
  });
});

describe('transfer to upline', () => {
  it('moves money from a downline to its agent, and refuses a member without one', async () => {
    const server = await startTestServer('pglite');
    try {
      const player2 = await loginToken(server, 'player2');
      const agent1 = await loginToken(server, 'agent1');
      const player1 = await loginToken(server, 'player1');
      const deposit = await call(server, '/wps/deposit', {
        method: 'POST',
        headers: bearer(player2),
        json: { channel: 'DEMO', amount: '50.00', idempotencyKey: 'upline-fund-1' },
      });
      const { creditDeposit } = await import('../../../server/domain/payments/deposits');
      await creditDeposit(server.deps, (deposit.body.value as { id: string }).id);
      const body = { amount: '20.00', idempotencyKey: 'upline-move-1' };
      const moved = await call(server, '/wps/wallet/transferUpline', {
        method: 'POST',
        headers: bearer(player2),
        json: body,
      });
      expect(moved.body.value).toEqual({ upline: 'agent1', amount: '20.00', balance: '30.00' });
      const replay = await call(server, '/wps/wallet/transferUpline', {
        method: 'POST',
        headers: bearer(player2),
        json: body,
      });
      expect(replay.body.value).toEqual(moved.body.value);
      const agentBalance = await call(server, '/wps/v2/wallets/balance', {
        headers: bearer(agent1),
      });
      expect((agentBalance.body.value as { balance: string }).balance).toBe('20.00');
      const orphan = await call(server, '/wps/wallet/transferUpline', {
        method: 'POST',
        headers: bearer(player1),
        json: { amount: '1.00', idempotencyKey: 'upline-none-1' },
      });
      expect(orphan).toMatchObject({ status: 409, body: { code: 'no_upline' } });
    } finally {
      await server.close();
    }
  });
});

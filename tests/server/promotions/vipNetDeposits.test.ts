import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VipLevelDefinition, VipStatus } from '../../../src/shared/vip';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import type { PlatformConfig } from '../../../server/config/schema';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import { bearer, loginToken } from '../../support/identityClient';
import { ledgerSum, newKey, opsCall, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * VIP deposit thresholds count deposits net of withdrawals (issue 28), through the real server
 * on both engines: a withdrawal counts against the period's deposits from its request (while its
 * money is held) and after it is paid; a rejected one no longer counts. The level follows at
 * once, down as well as up, and is announced.
 */
const level = (n: number, deposit: string): VipLevelDefinition => ({
  level: n,
  name: { EN: `Level ${n}` },
  validBet: '0.00',
  deposit,
  rebatePercent: { default: '0.00' },
  upgradeBonus: '0.00',
  withdrawalDailyMax: null,
});

const config = (base: PlatformConfig): PlatformConfig => ({
  ...base,
  payments: {
    ...base.payments,
    deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
    withdrawal: { ...base.payments.withdrawal, demoPaySeconds: null },
  },
  vip: {
    period: { kind: 'rolling', days: 30 },
    upgradeBonusWagering: 0,
    levels: [level(0, '0.00'), level(1, '150.00')],
  },
});

describe.each(engines)('VIP deposits net of withdrawals on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config });
  });
  afterAll(() => server.close());

  const status = async (token: string) => {
    const reply = await call(server, '/wps/vip', { headers: bearer(token) });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    const value = reply.body.value as VipStatus;
    return { level: value.level, deposit: value.deposit };
  };
  const deposit = async (token: string, amount: string) => {
    const reply = await call(server, '/wps/deposit', {
      method: 'POST',
      headers: bearer(token),
      json: { channel: 'DEMO', amount, idempotencyKey: newKey() },
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    await creditDeposit(server.deps, (reply.body.value as { id: string }).id);
  };
  const withdrawn = async (token: string, amount: string) => {
    const reply = await withdraw(server, token, { amount });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return (reply.body.value as WithdrawalView).id;
  };

  it('deposit 100, withdraw 100, deposit 100 does not reach a 150 threshold; the level follows withdrawals both ways', async () => {
    const token = await loginToken(server, 'player1');
    const memberId = (
      await server.deps.db.query<{ id: string }>(
        `select id::text from members where account = 'player1'`,
      )
    )[0]!.id;
    const heard: number[] = [];
    const stop = server.deps.changes.on('vip', (change) => {
      if (change.memberId === memberId) heard.push(change.level);
    });

    await deposit(token, '100.00');
    expect(await status(token)).toEqual({ level: 0, deposit: '100.00' });
    const first = await withdrawn(token, '100.00');
    expect(await status(token)).toEqual({ level: 0, deposit: '0.00' });
    await deposit(token, '100.00');
    // 200.00 deposited, 100.00 of it withdrawn: 100.00 counts, below the 150.00 of level 1.
    expect(await status(token)).toEqual({ level: 0, deposit: '100.00' });
    await deposit(token, '50.00');
    expect(await status(token)).toEqual({ level: 1, deposit: '150.00' });
    expect(heard).toEqual([1]);

    // A request counts at once, while its money is held: the level falls with it.
    const second = await withdrawn(token, '50.00');
    expect(await status(token)).toEqual({ level: 0, deposit: '100.00' });
    expect(heard).toEqual([1, 0]);
    // Rejected, it gives the money back and no longer counts: the level comes back.
    const rejected = await opsCall(server, `/ops/withdrawals/${second}`, { action: 'reject' });
    expect(rejected.body.success, JSON.stringify(rejected.body)).toBe(true);
    expect(await status(token)).toEqual({ level: 1, deposit: '150.00' });
    expect(heard).toEqual([1, 0, 1]);
    // Paid, the first still counts (the level stays as it is).
    const paid = await opsCall(server, `/ops/withdrawals/${first}`, { action: 'pay' });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    expect(await status(token)).toEqual({ level: 1, deposit: '150.00' });

    // Withdrawing more than the period's deposits counts 0, never a negative figure.
    await withdrawn(token, '150.00');
    expect(await status(token)).toEqual({ level: 0, deposit: '0.00' });
    expect(heard).toEqual([1, 0, 1, 0]);
    stop();
    expect(await ledgerSum(server)).toBe(0n);
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformConfig } from '../../../server/config/schema';
import {
  scheduleDemoPayout,
  schedulePendingDemoPayouts,
} from '../../../server/domain/withdrawals/demoChannel';
import { confirmPendingDemoDeposits } from '../../../server/jobs/demoChannelCatchUp';
import { catchUpDemoChannel } from '../../../server/jobs/demoChannelCatchUp';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, mainBalance, newKey, withdraw } from '../../support/moneyClient';
import { killServerProcesses, startServerProcess } from '../../support/serverProcess';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** The shipped configuration with the demo channels switched off (what production should run). */
const noDemoChannels = (config: PlatformConfig): PlatformConfig => ({
  ...config,
  payments: {
    ...config.payments,
    channels: { deposit: [], payout: [] },
    deposit: { ...config.payments.deposit, demoConfirmSeconds: 0 },
    withdrawal: { ...config.payments.withdrawal, demoPaySeconds: 0 },
  },
});

const deposit = (server: TestServer, token: string, channel: string, amount = '100.00') =>
  call(server, '/wps/deposit', {
    method: 'POST',
    headers: bearer(token),
    json: { channel, amount, idempotencyKey: newKey() },
  });

describe.each(engines)('demo payment channels on %s', (engine) => {
  let shipped: TestServer;
  let closed: TestServer;
  beforeAll(async () => {
    [shipped, closed] = await Promise.all([
      startTestServer(engine),
      startTestServer(engine, { config: noDemoChannels }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([shipped.close(), closed.close()]);
  });

  it('are offered to the page as demo, and only the enabled ones', async () => {
    const player1 = await loginToken(shipped, 'player1');
    const offered = await call(shipped, '/wps/deposit/channels', { headers: bearer(player1) });
    expect(offered.body.value).toEqual([
      {
        channel: 'DEMO',
        demo: true,
        min: '10.00',
        max: '50000.00',
        limitLeft: null,
        quickAmounts: ['50.00', '100.00', '200.00', '500.00', '1000.00'],
      },
    ]);
    const player2 = await loginToken(closed, 'player2');
    const none = await call(closed, '/wps/deposit/channels', { headers: bearer(player2) });
    expect(none.body.value).toEqual([]);
  });

  it('refuse a deposit on a channel that is not enabled, with a clear code', async () => {
    const token = await loginToken(closed, 'player1');
    for (const channel of ['DEMO', 'PAYPAL']) {
      const refused = await deposit(closed, token, channel);
      expect(refused).toMatchObject({
        status: 409,
        body: { success: false, code: 'channel_unavailable' },
      });
      expect(refused.body.message).toContain(channel);
    }
    const [row] = await closed.deps.db.query<{ n: number }>(
      'select count(*)::int as n from deposits d join members m on m.id = d.member_id ' +
        "where m.account = 'player1'",
    );
    expect(row!.n).toBe(0);
    // Still open on the server that enables it.
    const open = await deposit(shipped, await loginToken(shipped, 'player4'), 'DEMO');
    expect(open.body.success).toBe(true);
  });

  it('credit and pay nothing once disabled, even what was pending from before', async () => {
    const { db } = closed.deps;
    // A demo deposit left pending from when the channel was on, long overdue.
    const [member] = await db.query<{ id: string }>(
      "select id::text from members where account = 'player3'",
    );
    await db.query(
      `insert into deposits (member_id, channel, amount, idempotency_key, created_at)
       values ($1, 'DEMO', 5000000, 'left-pending-1', now() - interval '1 hour')`,
      [member!.id],
    );
    // A withdrawal requested while no payout channel is on: an operator must pay it.
    await grant(closed, 'player3', '300.00');
    const token = await loginToken(closed, 'player3');
    const requested = await withdraw(closed, token, { amount: '100.00' });
    expect(requested.body.success).toBe(true);
    const withdrawal = requested.body.value as WithdrawalView;
    await db.query(`update withdrawals set created_at = now() - interval '1 hour' where id = $1`, [
      withdrawal.id,
    ]);

    expect(await confirmPendingDemoDeposits(closed.deps)).toBe(0);
    expect(await schedulePendingDemoPayouts(closed.deps)).toBe(0);
    expect(scheduleDemoPayout(closed.deps, withdrawal)).toBe(false);
    expect(await catchUpDemoChannel(closed.deps)).toBe(0);

    const [pending] = await db.query<{ status: string }>(
      "select status from deposits where idempotency_key = 'left-pending-1'",
    );
    expect(pending!.status).toBe('pending');
    const [still] = await db.query<{ status: string }>(
      'select status from withdrawals where id = $1',
      [withdrawal.id],
    );
    expect(still!.status).toBe('requested');
    expect(await mainBalance(closed, token)).toBe('200.00');
  });
});

describe('demo money in production', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'demo-money-'));
  });
  afterAll(async () => {
    await killServerProcesses();
    await rm(folder, { recursive: true, force: true });
  });

  const production = { NODE_ENV: 'production', DEV_TOOLS: '0' };

  it('is refused at start with the shipped configuration, saying what to change', async () => {
    const started = startServerProcess({ dataDir: path.join(folder, 'refused'), env: production });
    await expect(started).rejects.toThrow(/exited before it was ready/);
    const error = await started.catch((reason: Error) => reason.message);
    expect(error).toContain('payments.channels');
    expect(error).toContain('allowDemoMoneyInProduction');
  });

  it('starts when the operator sets allowDemoMoneyInProduction', async () => {
    const config = JSON.parse(await readFile('config/platform.json', 'utf8'));
    config.payments.allowDemoMoneyInProduction = true;
    const configFile = path.join(folder, 'allowed.json');
    await writeFile(configFile, JSON.stringify(config));
    const server = await startServerProcess({
      dataDir: path.join(folder, 'allowed'),
      configFile,
      env: production,
      readyTimeoutMs: 60_000,
    });
    // Ready is a file the server writes; its output comes through a pipe and may be a moment
    // behind: wait for the line rather than read once.
    await vi.waitFor(
      () =>
        expect(server.output()).toContain('WARNING: demo payment channels are on in production'),
      { timeout: 10_000 },
    );
    const status = await fetch(`${server.url}/wps/system/status`);
    expect(status.status).toBe(200);
    await server.stop();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RebateView } from '../../src/shared/rebates';
import type { VipLevelDefinition, VipStatus } from '../../src/shared/vip';
import type { PlatformConfig } from '../../server/config/schema';
import { foldAccruals, holdFolds } from '../../server/domain/accruals/fold';
import { launchFirstSlot } from '../support/gameClient';
import { bearer, loginToken } from '../support/identityClient';
import { grant, ledgerSum, newKey } from '../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../support/testServer';

/**
 * Strategy `racing-the-level`: a player just below a VIP level bets as fast as it can, so that
 * its bets are folded in one batch with the bet that reaches the level (issue 31: the accruals
 * that only count are folded in after the answers, many bets together), hoping every bet of the
 * batch earns the manual rebate at the new level's rate. The bet that reaches a level earns at
 * that level's rate, the bets before it at the level they were made at, however they are
 * batched (migration 055): a batch crossing two levels pays what the same bets folded one at a
 * time pay. Before 055 every bet of a batch earned the rate of the level the batch ended on:
 * the e2e VIP test saw 1.30 where 1.27 was due.
 */
const level = (n: number, validBet: string, rngRate: string): VipLevelDefinition => ({
  level: n,
  name: { EN: `Level ${n}`, VI: `Cấp ${n}` },
  validBet,
  deposit: '0.00',
  rebatePercent: { default: '0.00', RNG: rngRate },
  upgradeBonus: '0.00',
  withdrawalDailyMax: null,
});

const steppedVip = (base: PlatformConfig): PlatformConfig => ({
  ...base,
  vip: {
    period: { kind: 'rolling', days: 30 },
    upgradeBonusWagering: 0,
    levels: [level(0, '0.00', '0.10'), level(1, '30.00', '0.50'), level(2, '50.00', '1.00')],
  },
});

describe.each(engines)('racing-the-level on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: steppedVip });
  });
  afterAll(() => server.close());

  const get = async <T>(token: string, path: string) => {
    const reply = await call(server, path, { headers: bearer(token) });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const spin = async (launch: string) => {
    const reply = await call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet: '10.00', roundId: newKey() },
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  };
  const queued = async (account: string) => {
    const [row] = await server.deps.db.query<{ n: string }>(
      `select count(*)::text as n from bet_accrual_queue q join members m on m.id = q.member_id
       where m.account = $1`,
      [account],
    );
    return Number(row!.n);
  };
  /** Six spins of 10.00: folded one at a time, or all six in one batch. */
  const sixSpins = async (account: string, batched: boolean) => {
    const token = await loginToken(server, account);
    await grant(server, account, '200.00');
    const launch = await launchFirstSlot(server, token, 'RNG');
    await foldAccruals(server.deps);
    if (batched) {
      const hold = holdFolds(server.deps);
      try {
        for (let i = 0; i < 6; i++) await spin(launch);
        // Every bet is answered and waits in the queue: the fold below takes them as one batch.
        expect(await queued(account)).toBe(6);
      } finally {
        hold.release();
      }
    } else {
      for (let i = 0; i < 6; i++) {
        await spin(launch);
        await foldAccruals(server.deps);
      }
    }
    await foldAccruals(server.deps);
    expect(await queued(account)).toBe(0);
    return {
      vip: await get<VipStatus>(token, '/wps/vip'),
      rebate: await get<RebateView>(token, '/wps/rebate'),
    };
  };

  it('racing-the-level: each bet earns the rebate of the level it reached, batched or not', async () => {
    // 10, 20 at level 0 (0.10 %); the third reaches level 1 at 30.00 and the fourth is at it
    // (0.50 %); the fifth reaches level 2 at 50.00 and the sixth is at it (1.00 %):
    // 10.00 × (0.10 + 0.10 + 0.50 + 0.50 + 1.00 + 1.00) % = 0.32 (not 0.60, all six at 1.00 %).
    const single = await sixSpins('player1', false);
    const batched = await sixSpins('player2', true);
    for (const { vip, rebate } of [single, batched]) {
      expect(vip).toMatchObject({ level: 2, validBet: '60.00' });
      expect(rebate).toEqual({
        items: [{ gameType: 'RNG', validBet: '60.00', amount: '0.32' }],
        total: '0.32',
        claimable: true,
      });
    }
    process.stdout.write(
      `[abuse] racing-the-level: rebate ${batched.rebate.total} batched, ${single.rebate.total} one at a time (60.00 of bets over two levels)\n`,
    );
    expect(await ledgerSum(server)).toBe(0n);
  });
});

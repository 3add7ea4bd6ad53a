import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayFigures } from '../../../src/shared/backOfficeMoney';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, newKey } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { newStaff } from './staffClient';

interface Dashboard {
  today: DayFigures;
  days: DayFigures[];
  at: string;
}

/** The dashboard's figures (issue 30) over real money movements: a bonus, a deposit, two spins. */
describe.each(engines)('the dashboard figures on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({
        ...base,
        payments: {
          ...base.payments,
          deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
        },
      }),
    });
  });
  afterAll(() => server.close());

  const dashboard = async (token: string) => {
    const reply = await call(server, '/ops/dashboard', { headers: bearer(token) });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.value as Dashboard;
  };

  it('sums today’s deposits, stakes, wins, bonus cost and players from the ledger', async () => {
    const finance = await newStaff(server, 'figures.fin', ['finance']);
    const before = await dashboard(finance.token);
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)).toEqual(before.today);

    const token = await loginToken(server, 'player1');
    await grant(server, 'player1', '100.00');
    await call(server, '/wps/deposit', {
      method: 'POST',
      headers: bearer(token),
      json: { channel: 'DEMO', amount: '200.00', idempotencyKey: newKey() },
    });
    await expect
      .poll(async () => {
        const [row] = await server.deps.db.query<{ status: string }>(
          `select status from deposits order by id desc limit 1`,
        );
        return row?.status;
      })
      .toBe('credited');
    const launch = await launchFirstSlot(server, token);
    const [member] = await server.deps.db.query<{ id: string }>(
      `select id::text from members where account = 'player1'`,
    );
    // One winning spin (two cherries: twice the stake) and one losing one.
    for (const symbols of [
      ['cherry', 'cherry', 'bell'],
      ['lemon', 'bell', 'star'],
    ] as const) {
      server.deps.demoRigs.set(member!.id, { engine: 'slot', symbols: [...symbols] });
      const spun = await call(server, '/wps/demo-vendor/spin', {
        method: 'POST',
        json: { launch, bet: '10.00', roundId: newKey() },
      });
      expect(spun.body.success, JSON.stringify(spun.body)).toBe(true);
    }

    const after = await dashboard(finance.token);
    const moved = (key: keyof Omit<DayFigures, 'day' | 'activePlayers'>) =>
      (Number(after.today[key]) * 100 - Number(before.today[key]) * 100) / 100;
    expect(moved('deposits')).toBe(200);
    expect(moved('bets')).toBe(20);
    expect(moved('payouts')).toBe(20);
    expect(moved('ggr')).toBe(0);
    expect(moved('bonusCost')).toBe(100);
    expect(moved('ngr')).toBe(-100);
    expect(after.today.activePlayers - before.today.activePlayers).toBe(1);
    expect(after.today.deposits).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('is for admin, finance and risk only', async () => {
    const marketing = await newStaff(server, 'figures.mkt', ['marketing']);
    const reply = await call(server, '/ops/dashboard', { headers: bearer(marketing.token) });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('forbidden_role');
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SalaryView } from '../../../src/shared/salary';
import type { SalaryChange } from '../../../server/domain/salary/publish';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, newKey } from '../../support/moneyClient';
import { launchFirstSlot } from '../../support/gameClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * A real-time salary contract pays its downline at once (issue 34): agent1 (holding 1.50 %)
 * offers agent2 1.00 %; a bet in agent2's team accrues agent2 1.00 % and agent1 the level
 * difference, 0.50 %, each visible and announced live.
 */
describe.each(engines)('real-time salary on %s', (engine) => {
  let server: TestServer;
  let upline: string;
  let downline: string;
  let player: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    upline = await loginToken(server, 'agent1');
    downline = await loginToken(server, 'agent2');
    player = await loginToken(server, 'player4');
    await grant(server, 'player4', '100.00');
    await server.deps.db.query(
      `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
       select a.id, p.id, 'realTimeSalary', 'active', $1, now()
       from members a, members p where a.account = 'agent1' and p.account = 'agent2'`,
      [JSON.stringify({ rate: '1.00', activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' })],
    );
  });
  afterAll(() => server.close());

  const salary = async (token: string) =>
    call(server, '/wps/agent/salary?contractType=realTimeSalary', { headers: bearer(token) });
  const accruedNow = (view: SalaryView) => BigInt(view.current.accrued.replace('.', ''));
  /** What a view gained since `before` (both spins in one 5-minute period, or across one). */
  const gainedSince = (before: SalaryView, after: SalaryView) =>
    after.current.periodStart === before.current.periodStart
      ? accruedNow(after) - accruedNow(before)
      : accruedNow(after) + BigInt(after.awaitingSettlement.replace('.', ''));

  it('pays the downline its rate and the upline the difference, announced to each at once', async () => {
    const before = {
      upline: (await salary(upline)).body.value as SalaryView,
      downline: (await salary(downline)).body.value as SalaryView,
    };
    expect(before.upline.contractsInEffect).toBe(1);
    expect(before.downline.contractsHeld).toBe(1);
    const launch = await launchFirstSlot(server, player);
    const heard: SalaryChange[] = [];
    const stop = server.deps.changes.on('salary', (change) => heard.push(change));
    for (let round = 0; round < 2; round += 1) {
      const reply = await call(server, '/wps/demo-vendor/spin', {
        method: 'POST',
        json: { launch, bet: '10.00', roundId: newKey() },
      });
      expect(reply.body.success).toBe(true);
    }
    const after = {
      upline: (await salary(upline)).body.value as SalaryView,
      downline: (await salary(downline)).body.value as SalaryView,
    };
    // Announced right after each commit, not before the player's answer (issue 31), to each.
    const lastHeard = (agentId: string) =>
      heard.filter((change) => change.agentId === agentId).at(-1)?.event.accrued;
    const ids = await server.deps.db.query<{ account: string; id: string }>(
      `select account, id::text from members where account in ('agent1', 'agent2')`,
    );
    const idOf = (account: string) => ids.find((row) => row.account === account)!.id;
    await vi.waitFor(() => {
      expect(lastHeard(idOf('agent2'))).toBe(after.downline.current.accrued);
      expect(lastHeard(idOf('agent1'))).toBe(after.upline.current.accrued);
    });
    stop();
    expect(gainedSince(before.downline, after.downline)).toBe(20n); // 2 × 1.00 % of 10.00
    expect(gainedSince(before.upline, after.upline)).toBe(10n); // 2 × (1.50 − 1.00) % of 10.00
  });

  it('is the agent’s only: a player is refused', async () => {
    expect((await salary(player)).status).toBe(403);
    const bad = await call(server, '/wps/agent/salary?contractType=bonus', {
      headers: bearer(upline),
    });
    expect(bad.body.code).toBe('invalid_request');
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SalaryView } from '../../../src/shared/salary';
import type { SalaryChange } from '../../../server/domain/salary/publish';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, newKey } from '../../support/moneyClient';
import { launchFirstSlot } from '../../support/gameClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/** A downline's real play accrues the agent's real-time salary at once, visible and live. */
describe.each(engines)('real-time salary on %s', (engine) => {
  let server: TestServer;
  let agent: string;
  let player: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    agent = await loginToken(server, 'agent1');
    player = await loginToken(server, 'player2');
    await grant(server, 'player2', '100.00');
    await server.deps.db.query(
      `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
       select a.id, p.id, 'realTimeSalary', 'active', $1, now()
       from members a, members p where a.account = 'agent1' and p.account = 'player2'`,
      [JSON.stringify({ rate: '1.50', activeMembers: 0, periodBet: '0.00', profitLoss: '0.00' })],
    );
  });
  afterAll(() => server.close());

  const salary = async (token: string) =>
    call(server, '/wps/agent/salary?contractType=realTimeSalary', { headers: bearer(token) });

  it('accrues 1.5 % of each valid bet for the agent, announced to the agent at once', async () => {
    const before = (await salary(agent)).body.value as SalaryView;
    expect(before.contractsInEffect).toBe(1);
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
    const after = (await salary(agent)).body.value as SalaryView;
    // Announced right after each commit, not before the player's answer (issue 31).
    await vi.waitFor(() => expect(heard.at(-1)?.event.accrued).toBe(after.current.accrued));
    stop();
    const accruedNow = (view: SalaryView) => BigInt(view.current.accrued.replace('.', ''));
    // Both spins fell in one 5-minute period unless a boundary passed between them.
    const gained =
      after.current.periodStart === before.current.periodStart
        ? accruedNow(after) - accruedNow(before)
        : accruedNow(after) + BigInt(after.awaitingSettlement.replace('.', ''));
    expect(gained).toBe(30n); // 2 × 1.5 % of 10.00
    expect(heard.every((change) => change.agentId === heard[0]!.agentId)).toBe(true);
  });

  it('is the agent’s only: a player is refused', async () => {
    expect((await salary(player)).status).toBe(403);
    const bad = await call(server, '/wps/agent/salary?contractType=bonus', {
      headers: bearer(agent),
    });
    expect(bad.body.code).toBe('invalid_request');
  });
});

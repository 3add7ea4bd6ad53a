import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TYPES, type ContractType } from '../../../src/shared/contracts';
import { parseMoney } from '../../../src/shared/money';
import type { ContractView } from '../../../src/shared/realtime';
import { settleDueSalaries } from '../../../server/domain/salary/settle';
import type { SlotSymbol } from '../../../server/domain/games/demoVendor/slotEngine';
import { bearer, encryptedCall, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, mainBalance, newKey, opsCall } from '../../support/moneyClient';
import { launchFirstSlot } from '../../support/gameClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { act, acted, offer } from './contractClient';
import { foldAccruals } from '../../../server/domain/accruals/fold';

const LOSE: SlotSymbol[] = ['cherry', 'lemon', 'bell'];
/** Two cherries pay twice the bet: a 50.00 bet comes back as 100.00. */
const PAIR: SlotSymbol[] = ['cherry', 'cherry', 'bell'];

/**
 * The outside review's self-dealing attack (issue 11, finding 1): an agent opens its own
 * downline, offers it contracts as rich as it can, accepts them as that downline, and the
 * downline plays. Before the limits, a 100 % real-time salary paid the agent 1,700.00 for the
 * downline's 500.00 loss. Now the offers stop at the caps, the chain earns one cap, and the pair
 * ends behind the house.
 */
describe.each(engines)('an agent dealing with its own downline on %s', (engine) => {
  let server: TestServer;
  let agent: string;
  let downline: string;
  let downlineId: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    agent = await loginToken(server, 'agent1');
    const opened = await encryptedCall(
      server,
      '/wps/agent/team/register',
      'POST',
      { username: 'selfdeal1', password: 'abc12345', confirmPassword: 'abc12345' },
      bearer(agent),
    );
    expect(opened.body.success).toBe(true);
    downlineId = (opened.body.value as { id: string }).id;
    downline = await loginToken(server, 'selfdeal1', 'abc12345');
  });
  afterAll(() => server.close());

  /** One real round of 50.00 on the demo slot with a forced outcome. */
  async function spin(launch: string, symbols: SlotSymbol[]) {
    server.deps.demoRigs.set(downlineId, { engine: 'slot', symbols });
    const reply = await call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet: '50.00', roundId: newKey() },
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  }

  it('cannot offer its own downline more than the caps', async () => {
    for (const type of CONTRACT_TYPES) {
      const reply = await offer(server, agent, 'selfdeal1', type, '100');
      expect(reply.status, type).toBe(400);
      expect(reply.body).toMatchObject({
        code: 'contract_rate_above_cap',
        value: { field: 'rate', max: type === 'dividend' ? '30.00' : '1.50' },
      });
    }
    const limits = await call(server, '/wps/agent/contracts/limits', { headers: bearer(agent) });
    expect(limits.body.value).toMatchObject({
      realTimeSalary: { cap: '1.50', held: '1.50', max: '1.50' },
      dividend: { cap: '30.00', held: '30.00', max: '30.00' },
    });
  });

  it('loses to the house with every contract at its cap: 500.00 lost in 34 rounds of 50.00', async () => {
    const rates: Record<ContractType, string> = {
      realTimeSalary: '1.50',
      hourlySalary: '1.50',
      dailySalary: '1.50',
      dividend: '30.00',
    };
    for (const type of CONTRACT_TYPES) {
      const reply = await act(server, agent, {
        action: 'offer',
        contractType: type,
        downline: 'selfdeal1',
        terms: { rate: rates[type], activeMembers: 0, periodBet: '0', profitLoss: '0' },
      });
      expect(reply.body.success, type).toBe(true);
      await acted(server, downline, (reply.body.value as ContractView).id, 'accept');
    }
    await grant(server, 'selfdeal1', '500.00');
    const agentBefore = parseMoney(await mainBalance(server, agent));

    const launch = await launchFirstSlot(server, downline);
    // 12 pairs and 12 losses (even), then 10 losses: 34 rounds, 1,700.00 bet, 500.00 lost.
    for (let round = 0; round < 24; round += 1) await spin(launch, round % 2 ? LOSE : PAIR);
    for (let round = 0; round < 10; round += 1) await spin(launch, LOSE);
    expect(await mainBalance(server, downline)).toBe('0.00');

    // As the settlement job does: every answered bet's salary folded in first (issue 31).
    await foldAccruals(server.deps);
    await settleDueSalaries(server.deps, new Date(Date.now() + 3 * 24 * 60 * 60_000));
    // The contract pays the downline its rate; the agent keeps the difference to what it holds
    // (issue 34): at the caps, the downline is paid everything. The pair is what counts.
    const paid =
      parseMoney(await mainBalance(server, agent)) -
      agentBefore +
      parseMoney(await mainBalance(server, downline));
    // At most one turnover cap (1.5 % of 1,700.00 = 25.50, however many salaries) and the
    // dividend's 30 % of the loss (150.00): 175.50. Before the limits: 1,700.00.
    expect(paid).toBeGreaterThan(0n);
    expect(paid).toBeLessThanOrEqual(2_550n + 15_000n);
    const salaries = await server.deps.db.query<{ contract_type: string; amount: string }>(
      `select contract_type, sum(amount)::text as amount from salary_settlements
       where agent_id in (select id from members where account in ('agent1', 'selfdeal1'))
       group by contract_type order by contract_type`,
    );
    const turnover = salaries
      .filter((row) => row.contract_type !== 'dividend')
      .reduce((sum, row) => sum + BigInt(row.amount), 0n);
    expect(turnover).toBe(2_550n);
    // The pair: the downline's 500.00 gone, the pay back to both. The house stays ahead.
    expect(paid - 50_000n).toBeLessThan(0n);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses an acceptance above what the agent holds now, after the operator lowered it', async () => {
    await opsCall(server, '/ops/agents/rate', {
      account: 'agent1',
      contractType: 'hourlySalary',
      rate: '1.00',
    });
    try {
      // The hourly contract in effect is 1.50: a new lower one of 1.20 would supersede it, but
      // agent1 now holds 1.00 only.
      const made = await offer(server, agent, 'selfdeal1', 'hourlySalary', '1.2');
      expect(made.body).toMatchObject({ code: 'contract_rate_above_held', value: { max: '1.00' } });
      const ok = await offer(server, agent, 'selfdeal1', 'hourlySalary', '0.8');
      expect(ok.body.success).toBe(true);
      await opsCall(server, '/ops/agents/rate', {
        account: 'agent1',
        contractType: 'hourlySalary',
        rate: '0.50',
      });
      const accepted = await act(server, downline, {
        action: 'accept',
        contractId: (ok.body.value as ContractView).id,
      });
      expect(accepted).toMatchObject({
        status: 400,
        body: { code: 'contract_rate_above_held', value: { max: '0.50' } },
      });
    } finally {
      await opsCall(server, '/ops/agents/rate', {
        account: 'agent1',
        contractType: 'hourlySalary',
        rate: '1.50',
      });
    }
  });

  it('lets only the operator set an agent’s own rate, within the cap, and logs each change', async () => {
    const anonymous = await call(server, '/ops/agents/rate', {
      method: 'POST',
      json: { account: 'agent1', contractType: 'dividend', rate: '50' },
    });
    expect(anonymous.status).toBe(403);
    const above = await opsCall(server, '/ops/agents/rate', {
      account: 'agent1',
      contractType: 'dividend',
      rate: '50',
    });
    expect(above.body).toMatchObject({ code: 'contract_rate_above_cap', value: { max: '30.00' } });
    const player = await opsCall(server, '/ops/agents/rate', {
      account: 'selfdeal1',
      contractType: 'dividend',
      rate: '5',
    });
    expect(player.body.code).toBe('not_agent');
    const set = await opsCall(server, '/ops/agents/rate', {
      account: 'agent2',
      contractType: 'dividend',
      rate: '12.5',
    });
    expect(set.body.value).toEqual({ account: 'agent2', contractType: 'dividend', rate: '12.50' });
    const read = await opsCall(server, '/ops/agents/agent2/rates');
    expect(read.body.value).toMatchObject({
      account: 'agent2',
      rates: { dividend: { set: '12.50', held: '12.50' } },
    });
    const [change] = await server.deps.db.query<{ old_rate_bp: number; new_rate_bp: number }>(
      `select old_rate_bp, new_rate_bp from agent_rate_changes
       where member_id = (select id from members where account = 'agent2') order by id desc limit 1`,
    );
    expect(change).toEqual({ old_rate_bp: 2500, new_rate_bp: 1250 });
  });
});

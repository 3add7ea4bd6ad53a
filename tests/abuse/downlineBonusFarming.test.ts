import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_TYPES } from '../../src/shared/contracts';
import { settleDueSalaries } from '../../server/domain/salary/settle';
import { ledgerSum } from '../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../support/testServer';
import {
  LOSE,
  PAIR,
  abuseConfig,
  balances,
  deposit,
  issueBonus,
  launchSlot,
  openAgent,
  openDownline,
  post,
  spin,
  type Member,
} from './abuseClient';
import { LOWEST_EDGE, bookOf, markOf, reportBook } from './ledgerBook';

/**
 * Strategy `downline-bonus-farming` (issue 28): an agent opens downlines through its
 * registerCenter API, holds every contract type with them at the caps (three salaries and the
 * dividend), and the downlines play bonus money the house gave them — hoping the house pays the
 * agent a salary and a dividend on play it funded. Bonus-funded rounds accrue nothing; the agent
 * is paid on real money only, and the pair stays behind the house whether the bonus is lost or
 * wagered through.
 */
describe.each(engines)('downline-bonus-farming on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: abuseConfig() });
  });
  afterAll(() => server.close());

  const newAgent = () => openAgent(server);
  const downline = (agent: string) => openDownline(server, agent);
  const claimBonus = async (member: Member, amount: bigint, wagering: bigint) => {
    const reward = await issueBonus(server, member.id, amount, wagering);
    const claimed = await post(server, member.token, `/wps/rewards/${reward}/claim`);
    expect(claimed.body.success, JSON.stringify(claimed.body)).toBe(true);
  };
  const play = async (member: Member, launch: string, bet: string, symbols: typeof LOSE) => {
    const reply = await spin(server, member, launch, bet, symbols);
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  };
  /** Salary accruals the member's rounds since the mark made, and what they made the agent. */
  const accrualsOf = async (member: Member, since: string) => {
    const [row] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from salary_accruals a join bets b on b.id = a.bet_id
       where b.member_id = $1 and a.id > $2`,
      [member.id, since],
    );
    return row!.n;
  };
  const settleAll = () =>
    settleDueSalaries(server.deps, new Date(Date.now() + 3 * 24 * 60 * 60_000));

  it('downline-bonus-farming: bonus money played to zero earns the agent nothing', async () => {
    const agent = await newAgent();
    const mark = await markOf(server);
    const farmers = [await downline(agent.token), await downline(agent.token)];
    for (const farmer of farmers) {
      await claimBonus(farmer, 5_000n, 150_000n);
      expect(await balances(server, farmer.token)).toEqual({ real: 0n, bonus: 5_000n });
      const launch = await launchSlot(server, farmer.token);
      await play(farmer, launch, '20.00', LOSE);
      await play(farmer, launch, '20.00', LOSE);
      await play(farmer, launch, '10.00', LOSE);
      expect(await balances(server, farmer.token)).toEqual({ real: 0n, bonus: 0n });
      expect(await accrualsOf(farmer, mark.accrual)).toBe(0);
    }
    await settleAll();
    const book = await bookOf(server, [agent.id, ...farmers.map((one) => one.id)], mark);
    reportBook(`downline-bonus-farming, bonus lost (${engine})`, book);
    expect(book.realStake).toBe(0n);
    expect(book.gifts.salary).toBe(0n);
    expect(book.dividend).toEqual({ paid: 0n, expected: 0 });
    expect(book.released.face).toBe(0n);
    expect(book.ev).toBe(0);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('downline-bonus-farming: a bonus wagered through is worth less than its wagering costs, and still pays the agent nothing', async () => {
    const agent = await newAgent();
    const mark = await markOf(server);
    const farmer = await downline(agent.token);
    await claimBonus(farmer, 2_000n, 60_000n);
    const launch = await launchSlot(server, farmer.token);
    // 600.00 of bonus-funded bets, winning and losing in turn: the bonus is released whole.
    for (let n = 0; n < 15; n += 1) {
      await play(farmer, launch, '20.00', PAIR);
      await play(farmer, launch, '20.00', LOSE);
    }
    expect(await balances(server, farmer.token)).toEqual({ real: 2_000n, bonus: 0n });
    expect(await accrualsOf(farmer, mark.accrual)).toBe(0);
    await settleAll();
    const book = await bookOf(server, [agent.id, farmer.id], mark);
    reportBook(`downline-bonus-farming, bonus released (${engine})`, book);
    expect(book.gifts.salary).toBe(0n);
    expect(book.dividend).toEqual({ paid: 0n, expected: 0 });
    expect(book.released).toMatchObject({ face: 2_000n, actual: 2_000n });
    // 20.00 released against 600.00 × 3.851 % expected lost on it: −3.11.
    expect(book.ev).toBeCloseTo(2_000 - 60_000 * LOWEST_EDGE, 6);
    expect(book.ev).toBeLessThanOrEqual(0);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('downline-bonus-farming: only the real part of a mixed bet pays, and real play at every cap still loses', async () => {
    const agent = await newAgent();
    const mark = await markOf(server);
    const farmer = await downline(agent.token);
    await deposit(server, farmer.token, '30.00');
    await claimBonus(farmer, 2_000n, 1_000_000n);
    const launch = await launchSlot(server, farmer.token);
    // 50.00 staked: 30.00 real, 20.00 bonus; lost. Then 50.00 real of a new deposit, lost.
    await play(farmer, launch, '50.00', LOSE);
    await deposit(server, farmer.token, '50.00');
    await play(farmer, launch, '50.00', LOSE);
    // The farmer's own levels (each contract pays its downline; the agent's difference rows
    // count the same bets again): 80.00 of real money per type.
    const accrued = await server.deps.db.query<{ contract_type: string; valid: string }>(
      `select a.contract_type, sum(a.valid_bet)::text as valid from salary_accruals a
       join bets b on b.id = a.bet_id where b.member_id = $1 and a.id > $2
         and a.agent_id = $1
       group by 1 order by 1`,
      [farmer.id, mark.accrual],
    );
    expect(accrued).toEqual(
      [...CONTRACT_TYPES].sort().map((type) => ({ contract_type: type, valid: '8000' })),
    );
    await settleAll();
    const book = await bookOf(server, [agent.id, farmer.id], mark);
    reportBook(`downline-bonus-farming, real play at the caps (${engine})`, book);
    // One turnover cap (1.5 % of 80.00 = 1.20) and the dividend's 30 % of the real loss only.
    expect(book.gifts.salary).toBe(120n);
    expect(book.dividend.paid).toBe(2_400n);
    expect(book.dividend.expected).toBeCloseTo(0.3 * 8_000 * LOWEST_EDGE, 6);
    expect(book.ev).toBeCloseTo(-8_000 * LOWEST_EDGE + 120 + 0.3 * 8_000 * LOWEST_EDGE, 6);
    expect(book.ev).toBeLessThanOrEqual(0);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

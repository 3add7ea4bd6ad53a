import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractTerms, ContractType } from '../../../src/shared/contracts';
import { accrueWithin } from '../../../server/domain/salary/accrue';
import { settleDueSalaries } from '../../../server/domain/salary/settle';
import type { SalaryChange } from '../../../server/domain/salary/publish';
import { ledgerSum } from '../../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../../support/testServer';

const MINUTE = 60_000;
const terms = (rate: string, extra: Partial<ContractTerms> = {}): ContractTerms => ({
  rate,
  activeMembers: 0,
  periodBet: '0.00',
  profitLoss: '0.00',
  ...extra,
});

/** Caps a little above the shipped ones (still below the games' edge), to test the arithmetic. */
export const TEST_LIMITS = {
  maxRate: {
    realTimeSalary: '2.00',
    hourlySalary: '2.00',
    dailySalary: '2.00',
    dividend: '30.00',
  },
  maxTurnoverRate: '2.00',
};

/**
 * The salary settlement job with a simulated clock (issue 6): bets across period boundaries,
 * runs mid-period and after, two runners at once — every period paid once, amounts equal
 * rate × eligible bets, and the books still balance. The limits of issue 11: the chain split by
 * level difference, the caps and the agents' own rates applied when the period is paid.
 */
describe.each(engines)('salary settlement on %s', (engine) => {
  let server: TestServer;
  const ids: Record<string, string> = {};
  // An hour boundary well in the past, so "now" never cuts a test period; each test moves it a
  // week back, so tests never share a period (or its ledger key).
  let base = new Date(Math.floor((Date.now() - 2 * 60 * MINUTE) / (60 * MINUTE)) * 60 * MINUTE);
  let firstTransaction = '0';
  const at = (minutes: number) => new Date(base.getTime() + minutes * MINUTE);

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({ ...base, contracts: structuredClone(TEST_LIMITS) }),
    });
    const rows = await server.deps.db.query<{ id: string; account: string }>(
      `select id::text, account from members
       where account in ('agent1', 'player2', 'player3', 'agent2', 'player4', 'agent3', 'player6')`,
    );
    for (const row of rows) ids[row.account] = row.id;
  });
  /** The operator's own rates: agent1 at the caps; agent2 holds what agent1's contract gives. */
  async function operatorRates(rates: Record<string, number>) {
    await server.deps.db.exec('delete from agent_rates');
    for (const [type, rateBp] of Object.entries(rates)) {
      await server.deps.db.query(
        'insert into agent_rates (member_id, contract_type, rate_bp) values ($1, $2, $3)',
        [ids.agent1!, type, rateBp],
      );
    }
  }
  afterAll(() => server.close());
  beforeEach(async () => {
    // Each test starts without contracts (accruals and settlements reference them).
    await server.deps.db.exec(
      `delete from salary_accruals; delete from salary_settlements; delete from contracts;
       delete from dividend_carry;`,
    );
    base = new Date(base.getTime() - 7 * 24 * 60 * MINUTE);
    server.deps.config.contracts = structuredClone(TEST_LIMITS);
    await operatorRates({
      realTimeSalary: 200,
      hourlySalary: 200,
      dailySalary: 200,
      dividend: 3000,
    });
    const [last] = await server.deps.db.query<{ id: string }>(
      'select coalesce(max(id), 0)::text as id from ledger_transactions',
    );
    firstTransaction = last!.id;
  });

  async function contract(
    downline: string,
    type: ContractType,
    contractTerms: ContractTerms,
    upline = 'agent1',
  ) {
    const [row] = await server.deps.db.query<{ id: string }>(
      `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
       values ($1, $2, $3, 'active', $4, now()) returning id::text`,
      [ids[upline]!, ids[downline]!, type, JSON.stringify(contractTerms)],
    );
    return row!.id;
  }

  /** A settled bet at a given moment, accrued as the demo vendor does in its transaction. */
  async function bet(member: string, minutes: number, stake: string, win = '0') {
    await server.deps.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
           valid_bet_amount, win_amount, created_at, settled_at)
         values ($1, 'PG', 'test', 'Test slot', $2, $3, $3, $4, $5, $5) returning id::text`,
        [ids[member]!, randomBytes(8).toString('hex'), stake, win, at(minutes)],
      );
      await accrueWithin(tx, server.deps.config.contracts, {
        id: row!.id,
        memberId: ids[member]!,
        valid: BigInt(stake),
        stake: BigInt(stake),
        win: BigInt(win),
        at: at(minutes),
      });
    });
  }

  /** The salaries the ledger paid since the test began, to one payee, in order. */
  const salaryPaid = async (account: string) => {
    const rows = await server.deps.db.query<{ key: string; amount: string }>(
      `select t.idempotency_key as key, e.amount::text from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.id and e.amount > 0
       where t.kind = 'salary' and t.id > $1 and t.member_id = $2 order by t.id`,
      [firstTransaction, ids[account]!],
    );
    return rows.map((row) => BigInt(row.amount));
  };

  it('pays each ended period once, rate × its valid bets to the downline and the difference to the upline, only after it ended', async () => {
    await contract('player2', 'realTimeSalary', terms('1.50'));
    await bet('player2', 1, '10000'); // period [0, 5): 100.00 bet
    await bet('player2', 4, '20000'); // same period: 200.00
    await bet('player2', 6, '40000'); // period [5, 10)
    await bet('player2', 11, '80000'); // period [10, 15)

    // Mid-way through the second period: only the first has ended.
    const heard: SalaryChange[] = [];
    const stop = server.deps.changes.on('salary', (change) => heard.push(change));
    // The first period of each payee: player2 (the contract's downline) and agent1.
    expect(await settleDueSalaries(server.deps, at(7))).toMatchObject({ ran: true, settled: 2 });
    stop();
    expect(await salaryPaid('player2')).toEqual([450n]); // 1.5 % of 300.00 = 4.50
    expect(await salaryPaid('agent1')).toEqual([150n]); // (2.00 − 1.50) % of 300.00 = 1.50
    expect(heard).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          agentId: ids.player2,
          event: expect.objectContaining({ accrued: '4.50', settled: true }),
        }),
        expect.objectContaining({
          agentId: ids.agent1,
          event: expect.objectContaining({ accrued: '1.50', settled: true }),
        }),
      ]),
    );
    expect(heard).toHaveLength(2);

    // Running again at the same moment (a restart) pays nothing more.
    expect(await settleDueSalaries(server.deps, at(7))).toMatchObject({ settled: 0 });
    // Later, after downtime: the two periods that ended meanwhile, each once.
    expect(await settleDueSalaries(server.deps, at(16))).toMatchObject({ settled: 4 });
    expect(await salaryPaid('player2')).toEqual([450n, 600n, 1200n]);
    expect(await salaryPaid('agent1')).toEqual([150n, 200n, 400n]);
    expect(await ledgerSum(server)).toBe(0n);
    // Each payment left its payee a notice in its inbox, with the amount paid.
    const notices = await server.deps.db.query<{ amount: string; period: string }>(
      `select params->>'amount' as amount, params->>'periodStart' as period
       from member_messages where member_id = $1 and topic = 'salarySettled'
         and (params->>'periodStart')::timestamptz >= $2 order by id`,
      [ids.player2!, at(0)],
    );
    expect(notices).toEqual([
      { amount: '4.50', period: at(0).toISOString() },
      { amount: '6.00', period: at(5).toISOString() },
      { amount: '12.00', period: at(10).toISOString() },
    ]);
  });

  it('pays every period exactly once with two runners at the same time', async () => {
    await contract('player2', 'realTimeSalary', terms('2.00'));
    await contract('player3', 'hourlySalary', terms('1.00'));
    for (let minute = 0; minute < 20; minute += 2) await bet('player2', minute, '5000');
    await bet('player3', 3, '100000');
    await bet('player3', 61, '100000');

    const runs = await Promise.all([
      settleDueSalaries(server.deps, at(125)),
      settleDueSalaries(server.deps, at(125)),
    ]);
    // 4 real-time periods + 2 hourly periods, each for the downline and for agent1 (its
    // difference: 0 on the real-time contract at agent1's own rate); each settled once.
    expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(12);
    const [dupes] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from (select agent_id, contract_type, period_start
         from salary_settlements group by 1, 2, 3 having count(*) > 1) d`,
    );
    expect(dupes!.n).toBe(0);
    const total = (amounts: bigint[]) => amounts.reduce((sum, amount) => sum + amount, 0n);
    // Real-time: 10 bets of 50.00 at 2 % = 1.00 each, in 4 periods, to player2; hourly: 1 % of
    // 1,000.00 in each of two hours to player3, and agent1's difference (1 %) on the same.
    expect(total(await salaryPaid('player2'))).toBe(1000n);
    expect(total(await salaryPaid('player3'))).toBe(2000n);
    expect(total(await salaryPaid('agent1'))).toBe(2000n);
    const [unsettled] = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from salary_accruals where settlement_id is null',
    );
    expect(unsettled!.n).toBe(0);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('pays nothing when the terms’ minimums are not met, and dividends only on a team loss', async () => {
    await contract('player2', 'realTimeSalary', terms('1.00', { periodBet: '1000.00' }));
    await contract('player3', 'dividend', terms('10.00'));
    await bet('player2', 1, '10000'); // 100.00 bet: below the 1,000.00 minimum
    // the team lost 100.00 → dividend 10.00 to player3, agent1's difference (20 %) 20.00
    await bet('player3', 2, '10000', '0');
    await bet('player3', 24 * 60 + 2, '10000', '50000'); // next day the team won 400.00 → 0

    await settleDueSalaries(server.deps, at(3 * 24 * 60));
    const settlements = await server.deps.db.query<{
      account: string;
      contract_type: string;
      amount: string;
    }>(
      `select m.account, s.contract_type, s.amount::text from salary_settlements s
       join members m on m.id = s.agent_id order by s.period_start, s.contract_type, m.account`,
    );
    expect(settlements).toEqual(
      expect.arrayContaining([
        { account: 'player2', contract_type: 'realTimeSalary', amount: '0' },
        { account: 'agent1', contract_type: 'realTimeSalary', amount: '0' },
        { account: 'player3', contract_type: 'dividend', amount: '1000' },
        { account: 'agent1', contract_type: 'dividend', amount: '2000' },
        { account: 'player3', contract_type: 'dividend', amount: '0' },
        { account: 'agent1', contract_type: 'dividend', amount: '0' },
      ]),
    );
    expect(await salaryPaid('player2')).toEqual([]);
    expect(await salaryPaid('player3')).toEqual([1000n]);
    expect(await salaryPaid('agent1')).toEqual([2000n]);
    expect(await ledgerSum(server)).toBe(0n);
  });
  it('pays a contract on its downline’s whole team, up the chain by level difference', async () => {
    // agent1 → agent2 (a sub-agent: player4 and, through agent3, player6 are its team), with a
    // minimum of two active members; agent2 → player4 of its own, at less than agent2 holds.
    await contract('agent2', 'realTimeSalary', terms('2.00', { activeMembers: 2 }));
    await contract('player4', 'realTimeSalary', terms('1.50'), 'agent2');
    await bet('player4', 1, '10000'); // period [0, 5): two team members bet
    await bet('player6', 2, '30000');
    await bet('player4', 6, '10000'); // period [5, 10): one member only

    await settleDueSalaries(server.deps, at(16));
    const paid = await server.deps.db.query<{ account: string; period: Date; amount: string }>(
      `select m.account, s.period_start as period, s.amount::text from salary_settlements s
       join members m on m.id = s.agent_id order by s.period_start, m.account`,
    );
    expect(
      paid.map((row) => [row.account, new Date(row.period).toISOString(), row.amount]),
    ).toEqual([
      // player4: 1.5 % of its 100.00 (agent2's contract); agent2, paid by agent1's contract:
      // the rest of its 2 % on it (0.5 %), and 2 % of player6's 300.00 (nobody below it on that
      // chain): 0.50 + 6.00; agent1 holds 2 % itself, all of it passed down: 0.
      ['agent1', at(0).toISOString(), '0'],
      ['agent2', at(0).toISOString(), '650'],
      ['player4', at(0).toISOString(), '150'],
      // One active member of the two required: nothing under agent1's contract; agent2's to
      // player4 has no minimum.
      ['agent1', at(5).toISOString(), '0'],
      ['agent2', at(5).toISOString(), '0'],
      ['player4', at(5).toISOString(), '150'],
    ]);
    expect(await ledgerSum(server)).toBe(0n);
  });

  /** Every salary paid since the test began, by agent. */
  const paidByAgent = async () => {
    const rows = await server.deps.db.query<{ account: string; amount: string }>(
      `select m.account, sum(s.amount)::text as amount from salary_settlements s
       join members m on m.id = s.agent_id group by m.account order by m.account`,
    );
    return Object.fromEntries(rows.map((row) => [row.account, row.amount]));
  };

  it('pays one cap for a whole chain, however deep and however many salaries are stacked', async () => {
    // Three salary types on one downline, each at the cap, and a sub-contract below them.
    for (const type of ['realTimeSalary', 'hourlySalary', 'dailySalary'] as const)
      await contract('agent2', type, terms('2.00'));
    await contract('agent3', 'realTimeSalary', terms('2.00'), 'agent2');
    await contract('player6', 'realTimeSalary', terms('2.00'), 'agent3');
    await bet('player6', 1, '100000'); // 1,000.00

    await settleDueSalaries(server.deps, at(3 * 24 * 60));
    // 2 % of 1,000.00 in all: player6, paid by the contract nearest the bettor, takes it;
    // nobody above has a margin.
    expect(await paidByAgent()).toEqual({
      agent1: '0',
      agent2: '0',
      agent3: '0',
      player6: '2000',
    });
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('pays at the cap when the operator lowered it before the period was paid', async () => {
    await contract('player2', 'realTimeSalary', terms('2.00'));
    await bet('player2', 1, '10000'); // 100.00 at 2 % accrued 2.00
    server.deps.config.contracts.maxTurnoverRate = '1.00';
    await settleDueSalaries(server.deps, at(16));
    expect(await salaryPaid('player2')).toEqual([100n]);
    expect(await salaryPaid('agent1')).toEqual([]);
  });

  it('pays at what the agent holds now when its own rate went down before the payment', async () => {
    await contract('agent2', 'realTimeSalary', terms('2.00'));
    await contract('player4', 'realTimeSalary', terms('1.50'), 'agent2');
    await bet('player4', 1, '10000');
    // The operator lowers agent1 to 0.50 %: agent1's contract pays agent2 at most that (0.50
    // already paid below: nothing), agent1's own difference is gone; agent2's contract pays
    // player4 at what agent2 holds (agent1's contract rate, 2.00), above it: still 1.50.
    await server.deps.db.query(
      `update agent_rates set rate_bp = 50 where member_id = $1 and contract_type = 'realTimeSalary'`,
      [ids.agent1!],
    );
    await settleDueSalaries(server.deps, at(16));
    expect(await paidByAgent()).toEqual({ agent1: '0', agent2: '0', player4: '150' });
  });

  it('stops paying a sub-agent’s contract once its own upline contract has ended', async () => {
    const upper = await contract('agent2', 'realTimeSalary', terms('2.00'));
    await contract('player4', 'realTimeSalary', terms('1.50'), 'agent2');
    await bet('player4', 1, '10000');
    await server.deps.db.query(`update contracts set state = 'terminated' where id = $1`, [upper]);
    await settleDueSalaries(server.deps, at(16));
    // agent2 holds nothing any more (no operator rate, no upline contract): its contract pays
    // player4 nothing, and agent2 itself is paid by no contract. agent1 kept no difference on
    // the bet: the 2 % was passed down.
    expect(await paidByAgent()).toEqual({ agent1: '0', agent2: '0', player4: '0' });
  });

  it('carries a won period of a dividend over: later losses cover it before anything is paid', async () => {
    const first = await contract('player2', 'dividend', terms('10.00'));
    await bet('player2', 2, '10000', '30000'); // day 0: the team won 200.00 → carry −20.00
    await bet('player2', 24 * 60 + 2, '10000'); // day 1: lost 100.00 → −10.00 still carried
    // Ending the contract and starting another does not wipe what the pair carries.
    await server.deps.db.query(`update contracts set state = 'terminated' where id = $1`, [first]);
    await contract('player2', 'dividend', terms('10.00'));
    await bet('player2', 2 * 24 * 60 + 2, '30000'); // day 2: lost 300.00 → 30.00 − 10.00
    await settleDueSalaries(server.deps, at(4 * 24 * 60));
    // player2 (10 %): −20.00, −10.00, then 30.00 − 10.00; agent1 (its 30 % less 10 %) twice that.
    expect(await salaryPaid('player2')).toEqual([2000n]);
    expect(await salaryPaid('agent1')).toEqual([4000n]);
    // Each payee carries on its own, for the contract's team (player2's).
    const carries = await server.deps.db.query<{ payee: string; amount: string }>(
      `select upline_id::text as payee, amount::text from dividend_carry where downline_id = $1
       order by upline_id`,
      [ids.player2!],
    );
    expect(carries).toEqual(
      [ids.agent1!, ids.player2!]
        .sort((a, b) => Number(BigInt(a) - BigInt(b)))
        .map((payee) => ({ payee, amount: '0' })),
    );
  });

  it('checks a dividend’s minimum on the team’s real loss, not on the truncated accruals', async () => {
    await contract('player2', 'dividend', terms('3.00', { profitLoss: '10.33' }));
    await bet('player2', 1, '1000'); // lost 10.00 → 0.30 accrued
    await bet('player2', 2, '33'); // lost 0.33 → 0.0099, truncated to 0.00
    await settleDueSalaries(server.deps, at(3 * 24 * 60));
    // The team lost exactly the 10.33 minimum: the 0.30 accrued is paid; agent1's difference
    // (27 %) accrued 2.70 and 0.08 (0.0891 truncated).
    expect(await salaryPaid('player2')).toEqual([30n]);
    expect(await salaryPaid('agent1')).toEqual([278n]);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

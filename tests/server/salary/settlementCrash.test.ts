import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { serverInfoFile } from '../../../server/boot';
import { loadPlatformConfig } from '../../../server/config/load';
import type { Database } from '../../../server/db/types';
import { accrueWithin } from '../../../server/domain/salary/accrue';
import { JobLock } from '../../../server/db/locks';
import {
  type ContractTerms,
  type ContractType,
  parseRateBasisPoints,
} from '../../../src/shared/contracts';
import { parseMoney, toMoneyString } from '../../../src/shared/money';
import { type CrashStore, createCrashStore } from '../../support/crashStore';
import {
  killServerProcesses,
  type ServerProcess,
  startServerProcess,
} from '../../support/serverProcess';
import { call, engines } from '../../support/testServer';

/**
 * The salary settlement job (settle.ts) with the real server process SIGKILLed in the middle of
 * a run, then restarted on the same data. A run settles up to BATCH periods in one database
 * transaction under an advisory lock; a SIGKILL runs no handler, so what survives is what the
 * database had committed when the process died.
 *
 * The work: contracts of every type between the demo agents and their downlines, and two
 * thousand bets (accrued by accrueWithin, as the demo vendor does) spread over several hundred
 * periods. The periods lie ahead of the clock, so the scheduler's own ticks never find them due:
 * only the dev route, which runs the same job as if the clock were later, settles them, and the
 * test decides when a run starts and when the process dies.
 *
 * What must hold, in the state each crash left and after the restart: each settlement is whole
 * (its accruals marked, its ledger transaction moving exactly its amount from the house to the
 * agent, one notice to the agent when paid) and its amount is what the contracts earned (rate × the period's bets, 0 when the
 * terms' minimums were not met); a run left all of its batch or nothing, never a part (a kill
 * may also come after the commit, before the answer); the agents' wallets rose by exactly what
 * was settled; the ledger balances. After the restart every period is settled exactly once and
 * a further run pays nothing.
 *
 * The kills come at shares of a whole run's duration until one cuts a run off in the middle
 * (see cutOffMidRun for how that is told on each engine): a test whose kills all missed the
 * runs would prove nothing, so it fails.
 */

/** Periods settled per run (settle.ts BATCH). */
const BATCH = 200;
/** Period lengths (periods.ts), restated: the expected amounts are computed independently. */
const PERIOD_MINUTES: Record<ContractType, number> = {
  realTimeSalary: 5,
  hourlySalary: 60,
  dailySalary: 24 * 60,
  dividend: 24 * 60,
};
/** The bets fall in this window ahead of the clock: far enough that no tick reaches them. */
const WINDOW_START_MINUTES = 15;
const WINDOW_MINUTES = 2 * 24 * 60;
/** The clock the runs pretend (the dev route's minutesAhead): past every period's end. */
const AHEAD_MINUTES = 4 * 24 * 60;
const BETS_PER_MEMBER = 260;
/** When to kill, as a share of an uninterrupted run's duration; tried in turn. */
const KILL_AT = [0.3, 0.5, 0.15, 0.7, 0.4];
const REQUEST_TIMEOUT_MS = 20_000;
const SETTLE = '/wps/dev/salary/settle';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const terms = (rate: string, extra: Partial<ContractTerms> = {}): ContractTerms => ({
  rate,
  activeMembers: 0,
  periodBet: '0.00',
  profitLoss: '0.00',
  ...extra,
});

interface ContractPlan {
  upline: string;
  downline: string;
  type: ContractType;
  terms: ContractTerms;
}

/**
 * The demo team (seedDemo, seedAgentDemo): agent1 over player2, player3, player7, player8 and
 * agent2; agent2 over player4, player5 and agent3; agent3 over player6. Two contracts of one
 * type under one agent share its settlements; some minimums are met in some periods only.
 */
/** Each member's upline in the demo team. */
const UPLINE: Record<string, string> = {
  player2: 'agent1',
  player3: 'agent1',
  player7: 'agent1',
  player8: 'agent1',
  agent2: 'agent1',
  player4: 'agent2',
  player5: 'agent2',
  agent3: 'agent2',
  player6: 'agent3',
};

/**
 * How far `downline` is above `member` (0: the member itself), or null when the member is not in
 * the downline's team: a contract earns on its downline's whole team.
 */
function depthInTeam(member: string, downline: string): number | null {
  let depth = 0;
  for (let at: string | undefined = member; at; at = UPLINE[at], depth += 1)
    if (at === downline) return depth;
  return null;
}

/**
 * The limits of issue 11, restated so the expected amounts are computed independently: the
 * shipped caps (config/platform.json: 1.50 % of turnover for the salaries together, 30 % for the
 * dividend) and the demo operator's own rates of the three agents (seedAgentRates.ts).
 */
const CAP_BP = { turnover: 150n, loss: 3000n };
const HELD_BP: Record<string, { turnover: bigint; loss: bigint }> = {
  agent1: { turnover: 150n, loss: 3000n },
  agent2: { turnover: 120n, loss: 2500n },
  agent3: { turnover: 100n, loss: 2000n },
};
const basisOf = (type: ContractType) => (type === 'dividend' ? 'loss' : 'turnover');
const min = (a: bigint, b: bigint) => (a < b ? a : b);

const plans: ContractPlan[] = [
  { upline: 'agent1', downline: 'player2', type: 'realTimeSalary', terms: terms('1.37') },
  {
    upline: 'agent1',
    downline: 'player3',
    type: 'realTimeSalary',
    terms: terms('2.50', { periodBet: '40.00' }),
  },
  {
    upline: 'agent1',
    downline: 'player7',
    type: 'hourlySalary',
    terms: terms('0.85', { activeMembers: 1 }),
  },
  {
    upline: 'agent1',
    downline: 'player8',
    type: 'dailySalary',
    terms: terms('0.60', { periodBet: '2500.00' }),
  },
  {
    upline: 'agent1',
    downline: 'agent2',
    type: 'dividend',
    // On agent2's whole team: the bets of player4, player5 and player6 count too.
    terms: terms('10.00', { profitLoss: '300.00', activeMembers: 3 }),
  },
  { upline: 'agent2', downline: 'player4', type: 'realTimeSalary', terms: terms('1.05') },
  {
    upline: 'agent2',
    downline: 'player5',
    type: 'hourlySalary',
    terms: terms('1.20', { periodBet: '150.00' }),
  },
  { upline: 'agent3', downline: 'player6', type: 'realTimeSalary', terms: terms('3.00') },
  { upline: 'agent3', downline: 'player6', type: 'dividend', terms: terms('5.00') },
];
// Above the cap or above what its upline holds, some of them pay less than their rate: player3's
// 2.50 pays 1.50 (the cap), player6's real-time 3.00 pays 1.00 (what agent3 holds); and up a
// chain each level earns only what is left above the levels below it (agent2, paid 10 % of its
// team's loss by agent1's dividend, earns 10 − 5 = 5 % of player6's; agent3 keeps its 20 %
// less the 5 % it passes to player6; agent1 its 30 % less agent2's 10 %).

interface PlannedBet {
  member: string;
  at: Date;
  stake: bigint;
  win: bigint;
}

/**
 * Each downline's bets at random moments of the window, in whole units; the accruals are
 * truncated per bet, as accrue.ts documents, and the dividend minimum is on the team's loss.
 */
function planBets(now: number): PlannedBet[] {
  const members = [...new Set(plans.map((plan) => plan.downline))];
  return members.flatMap((member) =>
    Array.from({ length: BETS_PER_MEMBER }, () => {
      const stake = BigInt(randomInt(1, 60)) * 100n;
      const win = randomInt(2) === 0 ? 0n : BigInt(randomInt(0, 120)) * 100n;
      const offset = (WINDOW_START_MINUTES + randomInt(WINDOW_MINUTES)) * MINUTE;
      return { member, at: new Date(now + offset + randomInt(MINUTE)), stake, win };
    }),
  );
}

/** The key of one settlement, as settle.ts keys its ledger transaction: agent, type, start. */
const settlementKey = (agentId: string, type: string, periodStart: Date) =>
  `${agentId}:${type}:${periodStart.toISOString()}`;

/**
 * What each (payee, type, period) must be paid (issue 34: a contract pays its downline, and its
 * upline keeps the level difference). Per bet, the levels up its chain, nearest first: each
 * contract whose team has the bettor pays its downline its rate, bounded by the cap and by what
 * its upline holds; and when no contract of the type pays that upline from above, the upline is
 * paid up to what it holds itself (bounded by the cap). Each level earns its rate less the
 * highest such rate of the same basis nearer the bettor (never below 0), × the bet (truncated
 * per bet; a dividend on the house's result, stake − win), summed over the period per contract
 * and payee, counted only when the contract's minimums are met (active members, period bet, and
 * for a dividend the team's loss) and the sum is positive. Every period with a bet gets a
 * settlement, 0 or not. A dividend is paid on the payee's net share of the team's loss since its
 * last paid period (negative carry-over, per payee and team).
 */
function expectedSettlements(bets: PlannedBet[], ids: Map<string, string>): Map<string, bigint> {
  /** What a member holds for a type: the operator's rate, else its upline's contract's. */
  const held = (member: string, type: ContractType): bigint =>
    HELD_BP[member]?.[basisOf(type)] ??
    plans
      .filter((plan) => plan.downline === member && plan.type === type)
      .reduce((most, plan) => {
        const rate = BigInt(parseRateBasisPoints(plan.terms.rate));
        return rate > most ? rate : most;
      }, 0n);
  const paidFromAbove = (member: string, type: ContractType) =>
    plans.some((plan) => plan.downline === member && plan.type === type);
  const perContract = new Map<
    string,
    {
      plan: ContractPlan;
      index: number;
      payee: string;
      start: Date;
      key: string;
      amount: bigint;
      valid: bigint;
      loss: bigint;
      bettors: Set<string>;
    }
  >();
  for (const bet of bets) {
    // The bet's levels: the contracts whose team has the bettor, nearest first, then by id.
    const levels = plans
      .map((plan, index) => ({ plan, index, depth: depthInTeam(bet.member, plan.downline) }))
      .filter((entry): entry is typeof entry & { depth: number } => entry.depth !== null)
      .flatMap(({ plan, index, depth }) => {
        const cap = CAP_BP[basisOf(plan.type)];
        const upline = held(plan.upline, plan.type);
        const own = min(min(BigInt(parseRateBasisPoints(plan.terms.rate)), upline), cap);
        const downline = { plan, index, depth, side: 0, payee: plan.downline, rate: own };
        if (paidFromAbove(plan.upline, plan.type)) return [downline];
        const top = { plan, index, depth: depth + 1, side: 1, payee: plan.upline };
        return [downline, { ...top, rate: min(upline, cap) }];
      })
      .sort((a, b) => a.depth - b.depth || a.side - b.side || a.index - b.index);
    const highest = { turnover: 0n, loss: 0n };
    for (const { plan, index, payee, rate } of levels) {
      const basis = basisOf(plan.type);
      const basisPoints = rate > highest[basis] ? rate - highest[basis] : 0n;
      if (rate > highest[basis]) highest[basis] = rate;
      const length = PERIOD_MINUTES[plan.type] * MINUTE;
      const start = new Date(Math.floor(bet.at.getTime() / length) * length);
      const key = settlementKey(ids.get(payee)!, plan.type, start);
      const base = plan.type === 'dividend' ? bet.stake - bet.win : bet.stake;
      const sum = perContract.get(`${index}|${key}`) ?? {
        plan,
        index,
        payee,
        start,
        key,
        amount: 0n,
        valid: 0n,
        loss: 0n,
        bettors: new Set<string>(),
      };
      sum.amount += (base * basisPoints) / 10_000n;
      sum.valid += bet.stake;
      sum.loss += bet.stake - bet.win;
      sum.bettors.add(bet.member);
      perContract.set(`${index}|${key}`, sum);
    }
  }
  const expected = new Map<string, bigint>();
  // A dividend's share passes through the payee's carry-over, period after period: a won period
  // is carried, later losses cover it first; a loss that misses the terms leaves it as it was.
  const carry = new Map<string, bigint>();
  const inOrder = [...perContract.values()].sort(
    (a, b) => a.start.getTime() - b.start.getTime() || a.index - b.index,
  );
  for (const { plan, payee, key, amount, valid, loss, bettors } of inOrder) {
    const met =
      bettors.size >= plan.terms.activeMembers &&
      valid >= parseMoney(plan.terms.periodBet) &&
      (plan.type !== 'dividend' || loss >= parseMoney(plan.terms.profitLoss));
    let paid = met && amount > 0n ? amount : 0n;
    if (plan.type === 'dividend') {
      const pair = `${payee}>${plan.downline}`;
      const carried = carry.get(pair) ?? 0n;
      const net = carried + amount;
      paid = net > 0n && met ? net : 0n;
      if (net > 0n) carry.set(pair, met ? 0n : carried);
      else carry.set(pair, amount < 0n || met ? net : carried);
    }
    expected.set(key, (expected.get(key) ?? 0n) + paid);
  }
  return expected;
}

/** The accounts' member ids. */
async function memberIds(db: Database): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; account: string }>(
    'select id::text, account from members',
  );
  return new Map(rows.map((row) => [row.account, row.id]));
}

/** Each agent's main balance (0 before their wallet exists). */
async function agentBalances(db: Database, agentIds: string[]): Promise<Map<string, bigint>> {
  const rows = await db.query<{ id: string; balance: string }>(
    `select m.id::text, coalesce(a.balance, 0)::text as balance
     from members m left join ledger_accounts a on a.member_id = m.id and a.kind = 'main'
     where m.id::text = any(string_to_array($1, ','))`,
    [agentIds.join(',')],
  );
  return new Map(rows.map((row) => [row.id, BigInt(row.balance)]));
}

/** The contracts, and the bets written and accrued as the demo vendor does, in one transaction. */
async function writeWork(db: Database, ids: Map<string, string>, bets: PlannedBet[]) {
  await db.transaction(async (tx) => {
    for (const plan of plans)
      await tx.query(
        `insert into contracts (upline_id, downline_id, contract_type, state, terms, approved_at)
         values ($1, $2, $3, 'active', $4, now())`,
        [ids.get(plan.upline)!, ids.get(plan.downline)!, plan.type, JSON.stringify(plan.terms)],
      );
    const rounds = bets.map(() => randomBytes(8).toString('hex'));
    const rows = await tx.query<{ id: string; round_id: string }>(
      `insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
         valid_bet_amount, win_amount, created_at, settled_at)
       select b.member_id, 'PG', 'crash', 'Crash test', b.round_id, b.stake, b.stake, b.win,
         b.at, b.at
       from jsonb_to_recordset($1::jsonb)
         as b(member_id bigint, round_id text, stake bigint, win bigint, at timestamptz)
       returning id::text, round_id`,
      [
        JSON.stringify(
          bets.map((bet, index) => ({
            member_id: ids.get(bet.member)!,
            round_id: rounds[index],
            stake: bet.stake.toString(),
            win: bet.win.toString(),
            at: bet.at.toISOString(),
          })),
        ),
      ],
    );
    const betIds = new Map(rows.map((row) => [row.round_id, row.id]));
    const { contracts: limits } = await loadPlatformConfig('config/platform.json');
    for (const [index, bet] of bets.entries())
      await accrueWithin(tx, limits, {
        id: betIds.get(rounds[index]!)!,
        memberId: ids.get(bet.member)!,
        valid: bet.stake,
        stake: bet.stake,
        win: bet.win,
        at: bet.at,
      });
  });
}

/** Opens the books, runs `read`, closes them. */
async function withBooks<T>(open: () => Promise<Database>, read: (db: Database) => Promise<T>) {
  const db = await open();
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** The ledger's invariants (ARCHITECTURE, Money), as a list of what is wrong. */
async function ledgerProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  const [sum] = await db.query<{ total: string }>(
    'select coalesce(sum(balance), 0)::text as total from ledger_accounts',
  );
  if (sum!.total !== '0') problems.push(`the balances sum to ${sum!.total}, not 0`);
  // A member's account below zero is also refused by a check constraint (003_ledger.sql).
  const accounts = await db.query<{ id: string; balance: string; entries: string }>(
    `select a.id::text, a.balance::text,
       (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id)::text
         as entries
     from ledger_accounts a
     where a.balance <> (select coalesce(sum(e.amount), 0) from ledger_entries e
                         where e.account_id = a.id)
        or (not a.allow_negative and a.balance < 0)`,
  );
  for (const account of accounts)
    problems.push(
      `account ${account.id}: balance ${account.balance}, its entries sum to ${account.entries}`,
    );
  const unbalanced = await db.query<{ id: string; kind: string; total: string }>(
    `select t.id::text, t.kind, coalesce(sum(e.amount), 0)::text as total
     from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
     group by t.id having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0`,
  );
  for (const tx of unbalanced)
    problems.push(`transaction ${tx.id} (${tx.kind}) sums to ${tx.total}`);
  return problems;
}

/**
 * The settlements against what was earned: each is expected and has its expected amount; a
 * paid one links the one ledger transaction that moved exactly that amount from the house's
 * salaries to the agent's main wallet under the period's key, an unpaid one links none; no
 * salary transaction exists without its settlement; the agent was told of each paid one once;
 * a settled period has all its accruals marked with it and an unsettled one none. `final`:
 * every expected period is settled.
 */
async function settlementProblems(
  db: Database,
  expected: Map<string, bigint>,
  final: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.query<{
    agent_id: string;
    contract_type: string;
    period_start: Date;
    amount: string;
    tx_kind: string | null;
    tx_key: string | null;
    entries: number;
    to_agent: string | null;
    from_house: string | null;
  }>(
    `select s.agent_id::text, s.contract_type, s.period_start, s.amount::text,
       t.kind as tx_kind, t.idempotency_key as tx_key,
       (select count(*)::int from ledger_entries e where e.transaction_id = t.id) as entries,
       (select e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.transaction_id = t.id and a.kind = 'main' and a.member_id = s.agent_id)::text
         as to_agent,
       (select e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.transaction_id = t.id and a.kind = 'house' and a.name = 'salaries')::text
         as from_house
     from salary_settlements s left join ledger_transactions t on t.id = s.ledger_transaction_id`,
  );
  const seen = new Set<string>();
  const paidSettlements = new Map<string, bigint>();
  for (const row of rows) {
    const key = settlementKey(row.agent_id, row.contract_type, new Date(row.period_start));
    seen.add(key);
    const amount = BigInt(row.amount);
    if (amount > 0n) paidSettlements.set(key, amount);
    if (expected.get(key) !== amount)
      problems.push(`settlement ${key}: ${amount}, expected ${expected.get(key)}`);
    const paid =
      row.tx_kind === 'salary' &&
      row.tx_key === `salary:${key}` &&
      row.entries === 2 &&
      row.to_agent === amount.toString() &&
      row.from_house === (-amount).toString();
    const unpaid =
      row.tx_kind === null && row.entries === 0 && row.to_agent === null && amount === 0n;
    if (amount > 0n ? !paid : !unpaid) problems.push(`settlement ${key}: ${JSON.stringify(row)}`);
  }
  if (final)
    for (const key of expected.keys()) if (!seen.has(key)) problems.push(`${key} is unsettled`);

  problems.push(...(await noticeProblems(db, paidSettlements)));
  const stray = await db.query<{ id: string }>(
    `select t.id::text from ledger_transactions t where t.kind = 'salary' and
       (select count(*) from salary_settlements s where s.ledger_transaction_id = t.id) <> 1`,
  );
  for (const tx of stray) problems.push(`salary transaction ${tx.id} pays no single settlement`);

  // Every accrual was written before any run: a settled period has them all.
  const [accruals] = await db.query<{ wrong: number; unsettled: number }>(
    `select
       count(*) filter (where a.settlement_id is not null and (s.id is null
         or s.id <> a.settlement_id))::int as wrong,
       count(*) filter (where a.settlement_id is null)::int as unsettled
     from salary_accruals a left join salary_settlements s
       on s.agent_id = a.agent_id and s.contract_type = a.contract_type
         and s.period_start = a.period_start`,
  );
  if (accruals!.wrong > 0) problems.push(`${accruals!.wrong} accruals marked by another period`);
  const [stranded] = await db.query<{ n: number }>(
    `select count(*)::int as n from salary_accruals a join salary_settlements s
       on s.agent_id = a.agent_id and s.contract_type = a.contract_type
         and s.period_start = a.period_start
     where a.settlement_id is null`,
  );
  if (stranded!.n > 0) problems.push(`${stranded!.n} accruals of settled periods are unmarked`);
  if (final && accruals!.unsettled > 0)
    problems.push(`${accruals!.unsettled} accruals are unsettled`);
  return problems;
}

/**
 * The agents' notices of paid periods (written in the settlement's transaction, with no key of
 * their own): exactly one per paid settlement, with its amount, and none for anything else.
 */
async function noticeProblems(db: Database, paid: Map<string, bigint>): Promise<string[]> {
  const problems: string[] = [];
  const notices = await db.query<{
    agent_id: string;
    contract_type: string;
    period_start: string;
    amount: string;
    n: number;
  }>(
    `select member_id::text as agent_id, params->>'contractType' as contract_type,
       params->>'periodStart' as period_start, params->>'amount' as amount, count(*)::int as n
     from member_messages where kind = 'notice' and topic = 'salarySettled'
     group by 1, 2, 3, 4`,
  );
  const told = new Set<string>();
  for (const notice of notices) {
    const key = settlementKey(notice.agent_id, notice.contract_type, new Date(notice.period_start));
    told.add(key);
    const amount = paid.get(key);
    if (notice.n !== 1 || amount === undefined || notice.amount !== toMoneyString(amount))
      problems.push(`notice of ${key}: ${notice.n} × ${notice.amount}, paid ${amount}`);
  }
  for (const key of paid.keys()) if (!told.has(key)) problems.push(`no notice of ${key}`);
  return problems;
}

/** The settlement work written for the test, and what it must pay. */
interface Work {
  /** Amount by settlement key, for every period that has a bet. */
  expected: Map<string, bigint>;
  /** The agents' main balances before any settlement, by member id. */
  balancesBefore: Map<string, bigint>;
}

async function prepareWork(db: Database): Promise<Work> {
  const ids = await memberIds(db);
  const bets = planBets(Date.now());
  await writeWork(db, ids, bets);
  // Every payee: the contracts' downlines and, for their differences, their uplines.
  const agents = [...new Set(plans.flatMap((plan) => [plan.upline, plan.downline]))].map(
    (account) => ids.get(account)!,
  );
  return {
    expected: expectedSettlements(bets, ids),
    balancesBefore: await agentBalances(db, agents),
  };
}

/** The books at one moment: what is wrong with them, and how many periods are settled. */
interface BooksState {
  problems: string[];
  settled: number;
}

async function readBooks(db: Database, work: Work, final: boolean): Promise<BooksState> {
  const problems = [
    ...(await ledgerProblems(db)),
    ...(await settlementProblems(db, work.expected, final)),
  ];
  // Each agent's wallet rose by exactly what its settlements paid.
  const balances = await agentBalances(db, [...work.balancesBefore.keys()]);
  const paid = await db.query<{ agent_id: string; total: string }>(
    'select agent_id::text, sum(amount)::text as total from salary_settlements group by agent_id',
  );
  const paidTo = new Map(paid.map((row) => [row.agent_id, BigInt(row.total)]));
  for (const [agent, before] of work.balancesBefore) {
    const rise = balances.get(agent)! - before;
    const settled = paidTo.get(agent) ?? 0n;
    if (rise !== settled) problems.push(`agent ${agent}: wallet rose by ${rise}, paid ${settled}`);
  }
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from salary_settlements',
  );
  return { problems, settled: count!.n };
}

interface RunResult {
  ran: boolean;
  settled: number;
  failed: number;
}

/** Asks for one settlement run through the dev route, as if the clock were later. */
function requestRun(server: ServerProcess, minutesAhead: number) {
  return call(server, SETTLE, {
    method: 'POST',
    json: { minutesAhead },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** One whole run, and how long it took. */
async function settle(
  server: ServerProcess,
  minutesAhead = AHEAD_MINUTES,
): Promise<{ result: RunResult; ms: number }> {
  // The scheduler's own run (every 30 s, and at start) may hold the job's lock at that moment:
  // a run it skipped is asked for again, as an operator would, until one runs.
  for (let attempt = 0; ; attempt += 1) {
    const begun = Date.now();
    const reply = await requestRun(server, minutesAhead);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const result = reply.body.value as RunResult;
    if (result.ran || attempt >= 100) return { result, ms: Date.now() - begun };
    await sleep(20);
  }
}

/**
 * A server life: started with its metrics on a port of its own, and returned once its start-up
 * tick of jobs is over (the last job of the tick has a run counted), so that the runs the test
 * asks for do not meet the scheduler's catch-up run; the next tick is 30 s away.
 */
async function startLife(store: CrashStore): Promise<ServerProcess> {
  const server = await startServerProcess({ ...store, env: { METRICS_PORT: '0' } });
  const info = JSON.parse(await readFile(serverInfoFile(store.dataDir), 'utf8')) as {
    metricsUrl: string;
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    const metrics = await fetch(`${info.metricsUrl}/metrics`).then((reply) => reply.text());
    if (/^platform_job_runs_total\{job="withdrawalAutoConfirm"/m.test(metrics)) return server;
    if (Date.now() > deadline) throw new Error(`the start-up jobs did not end\n${metrics}`);
    await sleep(50);
  }
}

/**
 * Waits until a run with nothing due (the clock as it is) gets the job's lock: the start-up
 * tick is done with it, so the next run is the only one. Returns how long that run took: the
 * way into a run and out of it, without the work.
 */
async function untilLockFree(server: ServerProcess): Promise<number> {
  const { result, ms } = await settle(server, 0);
  expect(result, 'the settlement lock stayed taken').toEqual({ ran: true, settled: 0, failed: 0 });
  return ms;
}

/** PostgreSQL: the settlement run seen from another connection while it runs. */
interface RunProbe {
  lockHeld: boolean;
  /** The settlements' identity sequence moves with every insert, committed or not. */
  lastSettlementId: bigint;
}

async function probeRun(db: Database): Promise<RunProbe> {
  const [row] = await db.query<{ held: boolean; last: string | null }>(
    `select exists (select 1 from pg_locks l join pg_database d on d.oid = l.database
         where l.locktype = 'advisory' and l.granted and d.datname = current_database()
           and l.classid = 0 and l.objid::bigint = $1) as held,
       pg_sequence_last_value(pg_get_serial_sequence('salary_settlements', 'id')::regclass)::text
         as last`,
    [JobLock.salarySettlement],
  );
  return { lockHeld: row!.held, lastSettlementId: BigInt(row!.last ?? 0) };
}

/** One kill during a run. */
interface Kill {
  delayMs: number;
  /** How long a run with nothing due took just before (see untilLockFree). */
  idleRunMs: number;
  /** The run's answer and when it came, if it came before the kill. */
  answer: { result: RunResult; ms: number } | null;
  /** PostgreSQL: the run seen before it was asked for and just before the kill. */
  probe: { before: RunProbe; atKill: RunProbe } | null;
}

/** Asks for a run and SIGKILLs the server `delayMs` later, whatever the run got to. */
async function killDuringRun(
  server: ServerProcess,
  delayMs: number,
  watch: Database | null,
): Promise<Kill> {
  const idleRunMs = await untilLockFree(server);
  const before = watch ? await probeRun(watch) : null;
  const seen: { answer: Kill['answer'] } = { answer: null };
  const run = settle(server).then(
    (answer) => {
      seen.answer = answer;
    },
    (error: unknown) => error, // cut off by the kill (a failed check would show here too)
  );
  await sleep(delayMs);
  const atKill = watch ? await probeRun(watch) : null;
  const answer = seen.answer;
  await server.kill();
  const failure = await run;
  // After the kill the only way to fail is a connection the kill closed.
  if (failure) expect(String(failure)).toMatch(/fetch failed|terminated|aborted/);
  if (watch) {
    // The server's backend rolls back (or commits, if it was told to) once it finds the
    // connection gone, and lets go of the lock: read the books after that.
    const deadline = Date.now() + 10_000;
    while ((await probeRun(watch)).lockHeld) {
      if (Date.now() > deadline) throw new Error('the killed run still holds the lock');
      await sleep(20);
    }
  }
  return { delayMs, idleRunMs, answer, probe: before && atKill ? { before, atKill } : null };
}

/**
 * Whether a kill cut a run off in the middle: no answer and nothing of its batch committed, so
 * it had not finished; and it had begun. PostgreSQL shows the beginning from outside: the job's
 * lock was held and settlements had been inserted (the sequence moved) that the crash rolled
 * back. PGlite runs inside the killed process, nothing of a run is seen from outside: there the
 * kill came well after a run's way in (a run with nothing due takes idleRunMs, lock and all).
 */
function cutOffMidRun(kill: Kill, added: number): boolean {
  if (kill.answer || added !== 0) return false;
  if (kill.probe)
    return (
      kill.probe.atKill.lockHeld &&
      kill.probe.atKill.lastSettlementId > kill.probe.before.lastSettlementId
    );
  return kill.delayMs > kill.idleRunMs;
}

describe.each(engines)('salary settlement across a SIGKILL of the server on %s', (engine) => {
  let store: CrashStore | null = null;
  let watch: Database | null = null;
  afterAll(async () => {
    // Whatever the test got to: no server process outlives it, no database is left behind.
    await killServerProcesses();
    await watch?.close();
    await store?.remove();
  }, 30_000);

  it('pays every period once, what the contracts earned, in whole runs only', async () => {
    store = await createCrashStore(engine, 'salary-crash');
    // The first start migrates and seeds the demo team; the work is written with it stopped.
    let server = await startServerProcess(store);
    expect(await server.stop(), server.output()).toEqual({ code: 0, signal: null });
    const work = await withBooks(store.open, prepareWork);
    const paidPeriods = [...work.expected.values()].filter((amount) => amount > 0n).length;
    // Enough for several runs, with paid periods and unpaid ones (minimums not met).
    expect(work.expected.size).toBeGreaterThan(3 * BATCH);
    expect(paidPeriods).toBeGreaterThan(0);
    expect(paidPeriods).toBeLessThan(work.expected.size);
    if (store.watchable) watch = await store.open();

    // --- Lives ended by a SIGKILL during a run, until one cut a run off in the middle.
    server = await startLife(store);
    await untilLockFree(server);
    // One whole run first: it settles a full batch, and tells how long a run takes.
    const first = await settle(server);
    expect(first.result).toEqual({ ran: true, settled: BATCH, failed: 0 });
    let runMs = first.ms;
    let settled = BATCH;
    let cutOff = false;
    for (const [index, share] of KILL_AT.entries()) {
      if (index > 0) server = await startLife(store);
      const kill = await killDuringRun(server, Math.round(share * runMs), watch);
      const crash = await withBooks(store.openCrashState, (db) => readBooks(db, work, false));
      expect(crash.problems).toEqual([]);
      const added = crash.settled - settled;
      if (kill.answer) {
        // Answered before the kill: committed, and durable.
        expect(kill.answer.result.failed).toBe(0);
        expect(added).toBe(kill.answer.result.settled);
        runMs = Math.min(runMs, kill.answer.ms);
      } else {
        // Cut off: all of its batch (committed, the answer lost) or nothing, never a part.
        expect([0, Math.min(BATCH, work.expected.size - settled)]).toContain(added);
      }
      settled = crash.settled;
      cutOff = cutOffMidRun(kill, added);
      if (cutOff) break;
    }
    expect(cutOff, 'no kill landed in the middle of a run').toBe(true);

    // --- Last life on the same data: runs settle the rest, each period once, then nothing.
    server = await startLife(store);
    // Whole runs until one finds nothing left (bounded: runs that kept paying would fail below).
    const runs: { result: RunResult; ms: number }[] = [];
    for (let done = false; !done && runs.length < 20;) {
      const run = await settle(server);
      runs.push(run);
      done = run.result.ran && run.result.settled === 0;
    }
    expect(runs.map(({ result }) => result.failed)).toEqual(runs.map(() => 0));
    expect(runs.at(-1)!.result).toEqual({ ran: true, settled: 0, failed: 0 });
    expect(runs.reduce((sum, { result }) => sum + result.settled, 0)).toBe(
      work.expected.size - settled,
    );
    expect(await server.stop(), server.output()).toEqual({ code: 0, signal: null });

    const books = await withBooks(store.open, (db) => readBooks(db, work, true));
    expect(books.problems).toEqual([]);
    expect(books.settled).toBe(work.expected.size);
  }, 400_000);
});

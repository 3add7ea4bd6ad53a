import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IncomeDay,
  TeamBet,
  TeamMember,
  TeamOverview,
  TeamProfitRow,
  TeamTransaction,
} from '../../../src/shared/agentReports';
import { accountRecordTypes } from '../../../src/shared/records';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { agentCall, allRows, pageOf, sum, wideRange } from './agentClient';

/**
 * The back office's reports over the seeded demo team (server/seed/seedAgentDemo.ts):
 * agent1 ─ player2, player3, player7, player8, agent2 ─ player4, player5, agent3 ─ player6.
 */
describe.each(engines)('agent team reports on %s', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const range = wideRange();

  beforeAll(async () => {
    server = await startTestServer(engine);
    // Another agent's team, to prove nobody sees it: outsider ─ stranger.
    await server.deps.db.query(
      `insert into members (account, nickname, password_hash, type)
       select 'outsider', 'Outsider', password_hash, 1 from members where account = 'agent1'`,
    );
    await server.deps.db.query(
      `insert into members (account, nickname, password_hash, type, upline_id)
       select 'stranger', 'Stranger', password_hash, 0,
         (select id from members where account = 'outsider') from members where account = 'agent1'`,
    );
    for (const account of ['agent1', 'agent2', 'agent3', 'player4', 'outsider']) {
      tokens[account] = await loginToken(server, account);
    }
    // The seed sends no money up (the books hold only transfers someone asked for): ask for one.
    const moved = await call(server, '/wps/wallet/transferUpline', {
      method: 'POST',
      headers: bearer(tokens.player4!),
      json: { amount: '40.00', idempotencyKey: 'agent-reports-up-1' },
    });
    expect(moved.body).toMatchObject({ success: true, value: { upline: 'agent2' } });
  });
  afterAll(() => server.close());

  const members = (token: string, query = {}) =>
    allRows<TeamMember>(server, token, '/wps/agent/team/members', query);

  it('walks the whole tree, several levels deep, with each member at its level', async () => {
    const { rows, total } = await members(tokens.agent1!);
    const levels = Object.fromEntries(rows.map((row) => [row.account, row.level]));
    expect(levels).toEqual({
      player2: 1,
      player3: 1,
      agent2: 1,
      player7: 1,
      player8: 1,
      player4: 2,
      player5: 2,
      agent3: 2,
      player6: 3,
    });
    expect(total).toBe(9);
    const player6 = rows.find((row) => row.account === 'player6')!;
    expect(player6).toMatchObject({ uplineAccount: 'agent3', kind: 'player', status: 'active' });
    expect(rows.find((row) => row.account === 'agent2')).toMatchObject({
      kind: 'agent',
      directMembers: 3,
    });
    // A sub-agent's team starts below it.
    const agent2 = await members(tokens.agent2!);
    expect(agent2.rows.map((row) => [row.account, row.level]).sort()).toEqual([
      ['agent3', 1],
      ['player4', 1],
      ['player5', 1],
      ['player6', 2],
    ]);
  });

  it('filters team management by level, account and status, and pages it', async () => {
    const direct = await members(tokens.agent1!, { level: 1 });
    expect(direct.rows.map((row) => row.account).sort()).toEqual([
      'agent2',
      'player2',
      'player3',
      'player7',
      'player8',
    ]);
    const found = await members(tokens.agent1!, { account: 'YER4' });
    expect(found.rows.map((row) => row.account)).toEqual(['player4']);
    await server.deps.db.query(`update members set status = 'disabled' where account = 'player8'`);
    const disabled = await members(tokens.agent1!, { status: 'disabled' });
    expect(disabled.rows.map((row) => row.account)).toEqual(['player8']);
    await server.deps.db.query(`update members set status = 'active' where account = 'player8'`);

    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      const current = await pageOf<TeamMember>(server, tokens.agent1!, '/wps/agent/team/members', {
        page,
        pageSize: 2,
      });
      expect(current.total).toBe(9);
      expect(current.items.length).toBe(page === 5 ? 1 : 2);
      seen.push(...current.items.map((row) => row.account));
    }
    expect(new Set(seen).size).toBe(9);
  });

  it('shows nobody outside the team: not the upline, not a sibling, not another agent’s team', async () => {
    for (const account of ['stranger', 'outsider', 'agent1', 'player7']) {
      const reply = await members(tokens.agent2!, { account });
      expect(reply.total, account).toBe(0);
      for (const path of ['/wps/agent/team/bets', '/wps/agent/team/profit']) {
        const page = await pageOf(server, tokens.agent2!, path, { ...range, account });
        expect(page.total, `${path} ${account}`).toBe(0);
      }
      const entries = await pageOf(server, tokens.agent2!, '/wps/agent/team/transactions', {
        ...range,
        account,
      });
      expect(entries.total, account).toBe(0);
    }
    const outsider = await members(tokens.outsider!);
    expect(outsider.rows.map((row) => row.account)).toEqual(['stranger']);
    const overview = await pageOf<never>(
      server,
      tokens.outsider!,
      '/wps/agent/team/overview',
      range,
    );
    expect(overview).toMatchObject({ teamSize: 1, betCount: 0, betAmount: '0.00' });
  });

  it('refuses players and guests on every agent call', async () => {
    const paths = [
      '/wps/agent/team/overview',
      '/wps/agent/team/members',
      '/wps/agent/team/bets',
      '/wps/agent/team/profit',
      '/wps/agent/team/transactions',
      '/wps/agent/income',
    ];
    for (const path of paths) {
      const player = await agentCall(server, tokens.player4!, path);
      expect(player.status, path).toBe(403);
      const guest = await call(server, path);
      expect(guest.status, path).toBe(401);
    }
  });

  it('adds up team betting: totals are the sum of every row, across pages', async () => {
    const { rows, totals, total } = await allRows<TeamBet>(
      server,
      tokens.agent1!,
      '/wps/agent/team/bets',
      range,
    );
    expect(total).toBe(300);
    expect(rows.length).toBe(300);
    expect(new Set(rows.map((row) => row.id)).size).toBe(300);
    expect(totals).toEqual({
      betAmount: sum(rows, (row) => row.betAmount),
      validBetAmount: sum(rows, (row) => row.validBetAmount),
      winAmount: sum(rows, (row) => row.winAmount),
      profit: sum(rows, (row) => row.profit),
    });
    const times = rows.map((row) => row.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(rows.map((row) => row.account))).toEqual(
      new Set(['player4', 'player5', 'player6', 'player7', 'player8']),
    );
    expect(rows.find((row) => row.account === 'player6')!.level).toBe(3);

    const vendor = rows[0]!.vendor;
    const byVendor = await allRows<TeamBet>(server, tokens.agent1!, '/wps/agent/team/bets', {
      ...range,
      vendor,
    });
    expect(byVendor.rows.every((row) => row.vendor === vendor)).toBe(true);
    expect(byVendor.total).toBe(rows.filter((row) => row.vendor === vendor).length);
    const byMember = await allRows<TeamBet>(server, tokens.agent1!, '/wps/agent/team/bets', {
      ...range,
      account: 'PLAYER6',
    });
    expect(byMember.total).toBe(rows.filter((row) => row.account === 'player6').length);
    expect(byMember.totals!.betAmount).toBe(sum(byMember.rows, (row) => row.betAmount));
  });

  it('agrees with itself: overview = profit totals = betting totals over the same range', async () => {
    const overview = await pageOf<never>(server, tokens.agent1!, '/wps/agent/team/overview', range);
    const bets = await pageOf<TeamBet>(server, tokens.agent1!, '/wps/agent/team/bets', range);
    const profit = await allRows<TeamProfitRow>(
      server,
      tokens.agent1!,
      '/wps/agent/team/profit',
      range,
    );
    const o = overview as unknown as TeamOverview;
    expect(o).toMatchObject({
      teamSize: 9,
      directMembers: 5,
      activeMembers: 5,
      betCount: 300,
      deposits: '2500.00',
      withdrawals: '0.00',
      betAmount: bets.totals!.betAmount,
      winAmount: bets.totals!.winAmount,
      profit: bets.totals!.profit,
    });
    expect(o.newMembers).toBe(9); // everyone registered at the seed, today
    // The charts' days add up to the range: bets and their amount exactly; a player active on
    // two days counts on both, so the days' active members are at least the range's.
    const cents = (amount: string) => BigInt(amount.replace('.', ''));
    expect(o.daily.length).toBeGreaterThan(0);
    expect(o.daily.map((day) => day.day)).toEqual([...o.daily.map((day) => day.day)].sort());
    expect(o.daily.reduce((sum, day) => sum + day.betCount, 0)).toBe(o.betCount);
    expect(o.daily.reduce((sum, day) => sum + cents(day.betAmount), 0n)).toBe(cents(o.betAmount));
    expect(o.daily.reduce((sum, day) => sum + day.activeMembers, 0)).toBeGreaterThanOrEqual(
      o.activeMembers,
    );
    expect(profit.total).toBe(5);
    expect(profit.totals).toEqual({
      betAmount: sum(profit.rows, (row) => row.betAmount),
      validBetAmount: sum(profit.rows, (row) => row.validBetAmount),
      winAmount: sum(profit.rows, (row) => row.winAmount),
      profit: sum(profit.rows, (row) => row.profit),
      deposits: sum(profit.rows, (row) => row.deposits),
      withdrawals: sum(profit.rows, (row) => row.withdrawals),
      bonus: sum(profit.rows, (row) => row.bonus),
    });
    expect(profit.totals).toMatchObject({
      betAmount: o.betAmount,
      deposits: '2500.00',
      bonus: '5000.00',
    });
    const bets2 = profit.rows.map((row) => row.betAmount);
    expect(bets2).toEqual([...bets2].sort((a, b) => Number(b) - Number(a)));
  });

  it('lists the team’s ledger entries with the account record’s type filter', async () => {
    const all = await allRows<TeamTransaction>(
      server,
      tokens.agent1!,
      '/wps/agent/team/transactions',
      range,
    );
    expect(all.totals).toEqual({ amount: sum(all.rows, (row) => row.amount) });
    // 5 bonuses, 5 deposits, player4's transfer up to agent2 (both in the team), the rounds.
    const kinds = new Set(all.rows.map((row) => row.kind));
    expect(kinds).toEqual(new Set(['bonus', 'deposit', 'upline_transfer', 'bet', 'win']));
    const game = await allRows<TeamTransaction>(
      server,
      tokens.agent1!,
      '/wps/agent/team/transactions',
      { ...range, type: 'game' },
    );
    expect(game.rows.every((row) => accountRecordTypes.game.some((k) => k === row.kind))).toBe(
      true,
    );
    expect(game.total).toBe(all.rows.filter((row) => ['bet', 'win'].includes(row.kind)).length);
    const transfers = await allRows<TeamTransaction>(
      server,
      tokens.agent1!,
      '/wps/agent/team/transactions',
      { ...range, type: 'transfer' },
    );
    // player4 → agent2: both sides are in agent1's team.
    expect(transfers.total).toBe(2);
    expect(transfers.totals).toEqual({ amount: '0.00' });
    const bad = await agentCall(server, tokens.agent1!, '/wps/agent/team/transactions', {
      type: 'nonsense',
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
  });

  it('reports my income per day: transfers received, not sent, with totals', async () => {
    const income = await allRows<IncomeDay>(server, tokens.agent1!, '/wps/agent/income', range);
    expect(income.totals).toEqual({
      salary: sum(income.rows, (row) => row.salary),
      uplineTransfers: sum(income.rows, (row) => row.uplineTransfers),
      total: sum(income.rows, (row) => row.total),
    });
    // Nothing came up to agent1 yet; agent2 got player4's transfer today.
    expect(income).toMatchObject({ total: 0, totals: { total: '0.00' } });
    const agent2 = await allRows<IncomeDay>(server, tokens.agent2!, '/wps/agent/income', range);
    expect(agent2.totals).toEqual({ salary: '0.00', uplineTransfers: '40.00', total: '40.00' });
    expect(agent2.totals!.total).toBe(sum(agent2.rows, (row) => row.total));
    expect(agent2.rows.length).toBe(1);
    // agent2 sends 10.00 on to agent1: agent2's income counts what came in, not what went out.
    await server.deps.db.transaction(async (tx) => {
      const { postWithin } = await import('../../../server/domain/ledger/post');
      const { walletId } = await import('../../../server/domain/ledger/accounts');
      const [a2] = await tx.query<{ id: string }>(
        `select id::text from members where account = 'agent2'`,
      );
      const [a1] = await tx.query<{ id: string }>(
        `select id::text from members where account = 'agent1'`,
      );
      await postWithin(tx, {
        idempotencyKey: 'test-upline-agent2',
        kind: 'upline_transfer',
        memberId: a2!.id,
        postings: [
          { accountId: await walletId(tx, a2!.id, null), amount: -1000n },
          { accountId: await walletId(tx, a1!.id, null), amount: 1000n },
        ],
      });
    });
    const after = await pageOf<IncomeDay>(server, tokens.agent2!, '/wps/agent/income', range);
    expect(after.totals).toMatchObject({ uplineTransfers: '40.00' });
    const agent1 = await pageOf<IncomeDay>(server, tokens.agent1!, '/wps/agent/income', range);
    expect(agent1.totals).toMatchObject({ uplineTransfers: '10.00' });
    const salaryOnly = await pageOf<IncomeDay>(server, tokens.agent2!, '/wps/agent/income', {
      ...range,
      type: 'salary',
    });
    expect(salaryOnly).toMatchObject({ total: 0, items: [], totals: { total: '0.00' } });
    // A salary the settlement posts shows up under salary.
    await server.deps.db.transaction(async (tx) => {
      const { postWithin } = await import('../../../server/domain/ledger/post');
      const { houseAccountId, walletId } = await import('../../../server/domain/ledger/accounts');
      const [agent] = await tx.query<{ id: string }>(
        `select id::text from members where account = 'agent3'`,
      );
      await postWithin(tx, {
        idempotencyKey: 'test-salary-agent3',
        kind: 'salary',
        memberId: agent!.id,
        postings: [
          { accountId: await houseAccountId(tx, 'salaries'), amount: -1234n },
          { accountId: await walletId(tx, agent!.id, null), amount: 1234n },
        ],
        describe: () => ({ contractType: 'dailySalary' }),
      });
    });
    const agent3 = await pageOf<IncomeDay>(server, tokens.agent3!, '/wps/agent/income', range);
    expect(agent3.items).toEqual([
      expect.objectContaining({ salary: '12.34', uplineTransfers: '0.00', total: '12.34' }),
    ]);
  });

  it('keeps to the date range and refuses bad ranges and filters with 400s', async () => {
    const future = {
      from: new Date(Date.now() + 86_400_000).toISOString(),
      to: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    };
    const empty = await pageOf<TeamBet>(server, tokens.agent1!, '/wps/agent/team/bets', future);
    expect(empty).toMatchObject({ total: 0, items: [], totals: { betAmount: '0.00' } });
    const quiet = await pageOf<never>(server, tokens.agent1!, '/wps/agent/team/overview', future);
    expect(quiet).toMatchObject({ teamSize: 9, activeMembers: 0, newMembers: 0, deposits: '0.00' });

    const refusals: [string, Record<string, string | number>, string][] = [
      ['/wps/agent/team/bets', { from: range.to, to: range.from }, 'date_range_invalid'],
      [
        '/wps/agent/team/profit',
        { from: new Date(Date.now() - 200 * 86_400_000).toISOString(), to: range.to },
        'date_range_invalid',
      ],
      ['/wps/agent/team/members', { level: 'abc' }, 'invalid_request'],
      ['/wps/agent/team/members', { level: 0 }, 'invalid_request'],
      ['/wps/agent/team/members', { status: 'gone' }, 'invalid_request'],
      ['/wps/agent/team/members', { pageSize: 1000 }, 'invalid_request'],
      ['/wps/agent/team/members', { admin: 1 }, 'invalid_request'],
      ['/wps/agent/team/bets', { vendor: "x' or 1=1" }, 'invalid_request'],
      ['/wps/agent/team/overview', { from: 'yesterday' }, 'invalid_request'],
      ['/wps/agent/income', { type: 'bonus' }, 'invalid_request'],
      ['/wps/agent/team/profit', { account: 'x'.repeat(65) }, 'invalid_request'],
    ];
    for (const [path, query, code] of refusals) {
      const reply = await agentCall(server, tokens.agent1!, path, query);
      expect(reply.status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(reply.body.code).toBe(code);
    }
    // A search with SQL in it is just text.
    const odd = await agentCall(server, tokens.agent1!, '/wps/agent/team/members', {
      account: "%' or '1'='1",
    });
    expect(odd).toMatchObject({ status: 200, body: { value: { total: 0 } } });
    expect(
      (await call(server, '/wps/agent/team/members', { headers: bearer('nope') })).status,
    ).toBe(401);
  });
});

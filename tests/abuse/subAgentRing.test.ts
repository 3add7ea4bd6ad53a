import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleDueSalaries } from '../../server/domain/salary/settle';
import { ledgerSum } from '../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../support/testServer';
import {
  LOSE,
  PAIR,
  abuseConfig,
  deposit,
  launchSlot,
  openAgent,
  openDownline,
  spin,
  type Member,
} from './abuseClient';
import { LOWEST_EDGE, bookOf, markOf, reportBook } from './ledgerBook';

/**
 * Strategy `sub-agent-ring` (issue 34): since a contract pays its downline and the upline keeps
 * the level difference, every member of a chain can be a payee at once. An agent holding every
 * cap opens a sub-agent and gives it every contract type at the caps; the sub-agent opens
 * players of its own and gives them the same; the players (and the sub-agent itself) play real
 * money. The ring hopes three payees on one bet are paid more than one cap, or that the
 * dividend's share of a loss stacks on the salaries beyond the edge. One bet pays the whole chain
 * at most one turnover cap and one dividend share; the ring stays behind the house.
 */
describe.each(engines)('sub-agent-ring on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: abuseConfig() });
  });
  afterAll(() => server.close());

  const play = async (member: Member, launch: string, symbols: typeof LOSE) => {
    const reply = await spin(server, member, launch, '20.00', symbols);
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  };

  it('sub-agent-ring: three payees on every bet are paid one cap together, and the ring loses', async () => {
    const boss = await openAgent(server);
    const mark = await markOf(server);
    const sub = await openDownline(server, boss.token, 'agent');
    const players = [await openDownline(server, sub.token), await openDownline(server, sub.token)];
    const ring = [boss, sub, ...players];
    // 200.00 of real money played by the sub-agent and each player: 100.00 lost, 100.00 won back
    // and lost again (pairs and losses in turn).
    for (const member of [sub, ...players]) {
      await deposit(server, member.token, '100.00');
      const launch = await launchSlot(server, member.token);
      for (let round = 0; round < 10; round += 1)
        await play(member, launch, round % 2 ? LOSE : PAIR);
    }
    // Every level of every bet: the bettor's own contract, the sub-agent's (paid by the boss's
    // contract), the boss's difference. No bet's salaries add up to more than 1.5 %.
    const perBet = await server.deps.db.query<{ bet: string; valid: string; salary: string }>(
      `select b.id::text as bet, b.valid_bet_amount::text as valid,
         sum(a.amount) filter (where a.contract_type <> 'dividend')::text as salary
       from bets b join salary_accruals a on a.bet_id = b.id
       where b.member_id = any(string_to_array($1, ',')::bigint[])
       group by b.id, b.valid_bet_amount`,
      [ring.map((member) => member.id).join(',')],
    );
    expect(perBet.length).toBeGreaterThan(0);
    for (const row of perBet) {
      expect(BigInt(row.salary) * 10_000n).toBeLessThanOrEqual(BigInt(row.valid) * 150n);
    }
    const payees = await server.deps.db.query<{ payee: string }>(
      `select distinct a.agent_id::text as payee from salary_accruals a
       join bets b on b.id = a.bet_id where b.member_id = $1 and a.amount > 0`,
      [players[0]!.id],
    );
    // The player is paid by its contract at the caps; nobody above has a margin left.
    expect(payees.map((row) => row.payee)).toEqual([players[0]!.id]);

    await settleDueSalaries(server.deps, new Date(Date.now() + 3 * 24 * 60 * 60_000));
    const book = await bookOf(
      server,
      ring.map((member) => member.id),
      mark,
    );
    reportBook(`sub-agent-ring (${engine})`, book);
    // 600.00 staked: at most one turnover cap (9.00) and 30 % of the real loss.
    expect(book.gifts.salary).toBeLessThanOrEqual(900n);
    expect(book.ev).toBeLessThanOrEqual(0);
    // The ring's expected value is no better than the edge less one cap of each kind.
    const bound = Number(book.realStake) * (-LOWEST_EDGE + 0.015 + 0.3 * LOWEST_EDGE);
    expect(book.ev).toBeLessThanOrEqual(bound + 1e-6);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type StatementCount } from '../../../server/db/statementCount';
import { foldAccruals } from '../../../server/domain/accruals/fold';
import { readsSettled } from '../../../server/platform/unitOfWork';
import { checkBets } from '../../support/betChecks';
import { type Bettor, prepareBettors } from '../../support/bettors';
import { newKey } from '../../support/moneyClient';
import { call, startTestServer, type TestServer } from '../../support/testServer';

/**
 * What one real bet executes on the database, with every accrual active (issue 31): a losing
 * spin and a losing lottery bet of a member with an agent's contract, limits in force, a bonus
 * being wagered, a rebate promotion, points, VIP and missions. The figures are held exactly, so a
 * change that adds a round trip to the hot path is noticed here (and one that removes one
 * updates them, and `bench/README.md`'s table). A round trip is a statement, or a transaction's
 * `begin` or `commit`. Counted until the agent's salary is announced: the bet's transaction
 * (the member's lock with its limits and stake accounts, the usage read when a limit needs it,
 * the batch that writes the round and queues its accruals), then after the answer the fold's
 * (`accrual_fold`, one statement for every bet queued by then: issue 31) and the read of the
 * salary total it announces.
 */
const EXPECTED: Record<'spin' | 'draw' | 'unlimited', StatementFigures> = {
  spin: { statements: 5, transactions: 2, roundTrips: 9 },
  draw: { statements: 5, transactions: 2, roundTrips: 9 },
  // A member with no loss or wager limit: the usage is counted among the round's writes.
  unlimited: { statements: 4, transactions: 2, roundTrips: 8 },
};
type StatementFigures = Pick<StatementCount, 'statements' | 'transactions' | 'roundTrips'>;

describe('what one bet costs the database', () => {
  let server: TestServer;
  let bettor: Bettor;
  let unlimited: Bettor;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    bettor = (await prepareBettors(server.deps, 1, 'betcost'))[0]!;
    unlimited = (await prepareBettors(server.deps, 1, 'betfree', false))[0]!;
  });
  afterAll(() => server?.close());

  /** One losing bet through the HTTP API, counted until the agent's salary is announced. */
  async function countedBet(
    path: 'spin' | 'draw',
    who = bettor,
    account = who === bettor ? 'betcost1' : 'betfree1',
  ): Promise<StatementCount> {
    const rigged = await call(server, '/wps/dev/demo-vendor/rig', {
      method: 'POST',
      json:
        path === 'spin' ? { account, symbols: ['lemon', 'bell', 'star'] } : { account, drawn: 3 },
    });
    expect(rigged.status).toBe(200);
    const { count } = await countStatements(server.deps.db, async () => {
      const salary = new Promise<void>((resolve) => {
        const stop = server.deps.changes.on('salary', () => {
          stop();
          resolve();
        });
      });
      const reply = await call(server, `/wps/demo-vendor/${path}`, {
        method: 'POST',
        json: {
          launch: path === 'spin' ? who.slot : who.draw,
          bet: '1.00',
          roundId: newKey(),
          ...(path === 'draw' ? { pick: 7 } : {}),
        },
      });
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
      expect(reply.body.value).toMatchObject({ win: '0.00' });
      await salary;
    });
    return count;
  }

  it.each(['spin', 'draw'] as const)('a %s executes what the budget says', async (path) => {
    // The member's first bets create its rows (VIP day, points, missions): warm up first.
    for (let round = 0; round < 2; round += 1) await countedBet(path);
    const count = await countedBet(path);
    const { sql, ms: _ms, ...figures } = count;
    expect(figures, `what one ${path} executed:\n${sql.join('\n')}`).toEqual(EXPECTED[path]);
  });

  it('a spin of a member with no limit in force executes one statement less', async () => {
    for (let round = 0; round < 2; round += 1) await countedBet('spin', unlimited);
    const { sql, ms: _ms, ...figures } = await countedBet('spin', unlimited);
    expect(figures, `what the spin executed:\n${sql.join('\n')}`).toEqual(EXPECTED.unlimited);
  });

  // The bets bench checks its runs with these (bench/bets.ts); held here so that they follow the
  // design (they once went stale when a contract's upline became a second payee, migration 051).
  it("agrees with the bets bench's checks: the books and every accrual match the bets", async () => {
    await countedBet('spin');
    await countedBet('draw', unlimited);
    await foldAccruals(server.deps);
    await readsSettled(server.deps);
    const checked = await checkBets(server.deps.db, [bettor, unlimited]);
    expect(checked.anomalies).toEqual([]);
    expect(checked.bets).toBeGreaterThanOrEqual(2);
    // And the checks see a disagreement: one VIP day total a cent off.
    await server.deps.db.query(
      'update vip_daily_totals set valid_bet = valid_bet + 1 where member_id = $1',
      [bettor.id],
    );
    const tampered = await checkBets(server.deps.db, [bettor, unlimited]);
    expect(tampered.anomalies).toEqual([expect.stringContaining('VIP valid bet')]);
  });
});

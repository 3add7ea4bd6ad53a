import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodAt } from '../../src/shared/lottery';
import type { VnLine } from '../../src/shared/vnLotto';
import { openDueDraws } from '../../server/domain/games/lottery/draws';
import { settleVnSlips } from '../../server/domain/games/lottery/vnSettle';
import { grant, ledgerSum, newKey } from '../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../support/testServer';
import {
  abuseConfig,
  balances,
  houseBalance,
  issueBonus,
  post,
  register,
  type Member,
} from './abuseClient';

/**
 * Strategy `lottery-slips` (issue 34, finding 4): the Vietnamese lottery's slips wait for their
 * draw, so a bonus hunter tries to stake them with bonus money (which could be released or
 * forfeited before the draw), a player sends a burst of slips worth more than the balance, and
 * another bets after the cut-off, hoping to see the draw first. Slips take real money only,
 * the burst never overdraws, late bets go nowhere, and the house's side of every slip is the
 * stake less the paytable's win.
 */
describe.each(engines)('lottery-slips on %s', (engine) => {
  let server: TestServer;
  const interval = 300;
  const period = periodAt(interval, new Date());
  const now = new Date(period.opensAt.getTime() + 20_000);
  let nodeId: string;

  beforeAll(async () => {
    server = await startTestServer(engine, { config: abuseConfig() });
    server.deps.clock.now = () => now;
    const [game] = await server.deps.db.query<{ node_id: string }>(
      `select node_id from games where lottery_group = 'VN_NORTH' and enabled order by sort limit 1`,
    );
    nodeId = game!.node_id;
  });
  afterAll(() => server.close());

  const launchVn = async (member: Member): Promise<string> => {
    const launched = await post(server, member.token, '/wps/game/launchGame', {
      nodeId,
      vassalage: 'TCG_LOTTO_VN',
    });
    expect(launched.body.success, JSON.stringify(launched.body)).toBe(true);
    return new URL((launched.body.value as { url: string }).url, server.url).searchParams.get(
      'launch',
    )!;
  };
  const slip = (launch: string, lines: VnLine[], numero = period.numero) =>
    call(server, '/wps/demo-vendor/vn/slips', {
      method: 'POST',
      json: { launch, slipId: newKey(), numero, lines },
    });
  const lo = (number: string): VnLine => ({
    betType: 'lo2',
    numbers: [number],
    unit: '1.00',
    multiplier: 1,
  });

  it('lottery-slips: bonus money buys no slip, a burst never overdraws, a late slip goes nowhere', async () => {
    // Bonus money only: every slip refused, the bonus untouched.
    const hunter = await register(server);
    const reward = await issueBonus(server, hunter.id, 5_000n, 150_000n);
    const claimed = await post(server, hunter.token, `/wps/rewards/${reward}/claim`);
    expect(claimed.body.success, JSON.stringify(claimed.body)).toBe(true);
    const hunterLaunch = await launchVn(hunter);
    const refused = await slip(hunterLaunch, [lo('27')]);
    expect(refused.body.code).toBe('insufficient_funds');
    expect(await balances(server, hunter.token)).toEqual({ real: 0n, bonus: 5_000n });

    // Ten 1.00 of real money, twenty 1.00 slips at once: ten placed, never below zero. The
    // bonus it also holds is not touched.
    await grant(server, hunter.username, '10.00');
    const vendorsBefore = await houseBalance(server, 'vendors');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, n) => slip(hunterLaunch, [lo(String(n).padStart(2, '0'))])),
    );
    const placed = burst.filter((reply) => reply.body.success);
    expect(placed).toHaveLength(10);
    for (const reply of burst.filter((one) => !one.body.success)) {
      expect(reply.body.code).toBe('insufficient_funds');
    }
    expect(await balances(server, hunter.token)).toEqual({ real: 0n, bonus: 5_000n });
    expect((await houseBalance(server, 'vendors')) - vendorsBefore).toBe(1_000n);

    // At the cut-off the draw takes no more bets: the slip is refused, not moved to a draw the
    // player did not choose.
    await grant(server, hunter.username, '5.00');
    server.deps.clock.now = () => new Date(period.closesAt.getTime() - 30_000);
    const late = await slip(hunterLaunch, [lo('27')]);
    expect(late.body.code).toBe('draw_closed');
    server.deps.clock.now = () => now;

    // The draw opens and settles: the house's side is the stakes less the paytable's wins.
    await openDueDraws(
      server.deps.db,
      server.deps.config.lottery,
      new Date(period.closesAt.getTime() + 1000),
    );
    const run = await settleVnSlips(server.deps);
    expect(run.settled).toBe(10);
    const [paid] = await server.deps.db.query<{ stake: string; win: string }>(
      `select sum(stake)::text as stake, sum(win)::text as win from vn_slips s
       join members m on m.id = s.member_id where m.account = $1`,
      [hunter.username],
    );
    expect(paid!.stake).toBe('1000');
    expect((await houseBalance(server, 'vendors')) - vendorsBefore).toBe(
      1_000n - BigInt(paid!.win),
    );
    const after = await balances(server, hunter.token);
    expect(after).toEqual({ real: 500n + BigInt(paid!.win), bonus: 5_000n });
    expect(await ledgerSum(server)).toBe(0n);
  });
});

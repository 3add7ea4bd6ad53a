import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawRaffle, type RaffleView } from '../../../src/shared/raffle';
import type { RewardList } from '../../../src/shared/rewards';
import { drawDueRaffles, nodeHmac } from '../../../server/domain/raffles/raffles';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, newKey, opsCall } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Raffles (issue 14) through the real server, on both engines: tickets from the valid bets of
 * members who joined, a draw at the set time by the job with the seed committed from the start
 * (its hash published before, the seed and entries after), reproducible by anyone from what is
 * published; prizes to the reward centre, claimed with MCS2_claimRafflePromotion.
 */
describe.each(engines)('raffles on %s', (engine) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const drawAt = new Date(Date.now() + 60 * 60_000).toISOString();
  beforeAll(async () => {
    server = await startTestServer(engine);
    for (const account of ['player1', 'player2', 'player3']) {
      tokens[account] = await loginToken(server, account);
      await grant(server, account, '500.00');
    }
    const created = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'RAFFLE_TEST',
        type: 'raffle',
        content: { EN: { title: 'Test raffle', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: {
          ticketPer: '10.00',
          drawAt,
          prizes: [
            { amount: '30.00', count: 1 },
            { amount: '5.00', count: 1 },
          ],
          wageringMultiplier: 0,
        },
      },
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  });
  afterAll(() => server.close());

  const view = async (token?: string) => {
    const reply = await call(server, '/wps/raffles/RAFFLE_TEST', {
      headers: token ? bearer(token) : {},
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as RaffleView;
  };
  const spins = async (account: string, count: number) => {
    const launch = await launchFirstSlot(server, tokens[account]!, 'RNG');
    for (let i = 0; i < count; i++) {
      const reply = await call(server, '/wps/demo-vendor/spin', {
        method: 'POST',
        json: { launch, bet: '10.00', roundId: newKey() },
      });
      expect(reply.body.success).toBe(true);
    }
  };

  it('counts tickets only for members who joined, from their valid bets until the draw', async () => {
    const before = await view();
    expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.seed).toBeNull();
    for (const account of ['player1', 'player2']) {
      const joined = await call(server, '/wps/promotions/RAFFLE_TEST/join', {
        method: 'POST',
        headers: bearer(tokens[account]!),
        json: {},
      });
      expect(joined.body.value).toEqual({ code: 'RAFFLE_TEST', state: 'joined' });
    }
    await spins('player1', 3);
    await spins('player2', 1);
    // player3 plays without joining: no tickets.
    await spins('player3', 5);
    expect((await view(tokens.player1)).myTickets).toBe(3);
    expect(await view(tokens.player3)).toMatchObject({ myTickets: 0, myEntry: null });
    expect((await view()).totalTickets).toBe(4);
  });

  it('draws once at the set time, reproducibly from the published seed, and pays the prizes', async () => {
    const committed = (await view()).seedHash;
    // Not yet: the job draws nothing before the time.
    expect(await drawDueRaffles(server.deps, new Date())).toEqual([]);
    const winners = await drawDueRaffles(server.deps, new Date(Date.parse(drawAt) + 1000));
    expect(winners.sort()).toHaveLength(2);
    expect(await drawDueRaffles(server.deps, new Date(Date.parse(drawAt) + 2000))).toEqual([]);

    const drawn = await view(tokens.player1);
    expect(drawn.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(drawn.seed!, 'hex')).digest('hex')).toBe(
      committed,
    );
    expect(drawn.entries.map((entry) => entry.tickets).sort()).toEqual([1, 3]);
    // Anyone can check the draw from what is published.
    const again = drawRaffle(
      drawn.seed!,
      drawn.entries.map((entry) => ({ entry: entry.entry, tickets: entry.tickets })),
      drawn.prizes,
      nodeHmac,
    );
    expect(again.map((win) => [win.prize, win.amount, win.entry])).toEqual(
      drawn.winners.map((win) => [win.prize, win.amount, win.entry]),
    );
    // Two members, two prizes: each wins one.
    expect(new Set(drawn.winners.map((win) => win.entry)).size).toBe(2);

    // Too late to join now.
    const late = await call(server, '/wps/promotions/RAFFLE_TEST/join', {
      method: 'POST',
      headers: bearer(tokens.player3!),
      json: {},
    });
    expect(late.body.code).toBe('promotion_not_open');

    // Each winner claims through MCS2_claimRafflePromotion; a second claim finds nothing.
    let paid = 0;
    for (const account of ['player1', 'player2']) {
      const claim = await call(server, '/wps/relay/MCS2_claimRafflePromotion', {
        method: 'POST',
        headers: bearer(tokens[account]!),
        json: { code: 'RAFFLE_TEST' },
      });
      expect(claim.body.success, JSON.stringify(claim.body)).toBe(true);
      paid += (claim.body.value as { amount: string }[]).reduce(
        (sum, reward) => sum + Number(reward.amount),
        0,
      );
      const twice = await call(server, '/wps/relay/MCS2_claimRafflePromotion', {
        method: 'POST',
        headers: bearer(tokens[account]!),
        json: { code: 'RAFFLE_TEST' },
      });
      expect(twice.body.code).toBe('no_raffle_prize');
      const rewards = (await call(server, '/wps/rewards', { headers: bearer(tokens[account]!) }))
        .body.value as RewardList;
      expect(rewards.history.some((reward) => reward.source === 'raffle')).toBe(true);
    }
    expect(paid).toBe(35);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

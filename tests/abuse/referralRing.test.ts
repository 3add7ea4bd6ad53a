import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralView } from '../../src/shared/referrals';
import type { RewardList } from '../../src/shared/rewards';
import { ledgerSum, opsCall } from '../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../support/testServer';
import {
  LOSE,
  abuseConfig,
  balances,
  churn,
  deposit,
  get,
  issueBonus,
  launchSlot,
  post,
  register,
  spin,
  type Member,
} from './abuseClient';
import { LOWEST_EDGE, bookOf, markOf, reportBook } from './ledgerBook';

/**
 * Strategy `referral-ring` (issue 28, finding 5): one person opens a chain of accounts, each
 * invited by the one before, from one address or two in turn, each with a device id of its own
 * making (a forged `device` cookie and the `Device-Id` header pages used to send), and hopes for
 * an inviter's reward per account. A friend sharing an address with anyone up the chain is
 * refused; the server issues its own signed device ids; and an inviter is paid only once its
 * friend's real-money turnover reaches the terms (its first deposit × the multiplier and the
 * minimum turnover), never for a deposit or for bonus-funded play. The reward is a bonus to wager.
 */
const TERMS = {
  amount: '5.00',
  wageringMultiplier: 30,
  minFirstDeposit: '20.00',
  minTurnover: '30.00',
};

describe.each(engines)('referral-ring on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { trustProxy: '127.0.0.1', config: abuseConfig() });
    const created = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'INVITE_RING',
        type: 'referralReward',
        content: { EN: { title: 'Invite a friend', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: TERMS,
      },
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  });
  afterAll(() => server.close());

  const view = (member: Member) => get<ReferralView>(server, member.token, '/wps/referral');
  const referralRewards = async (member: Member) =>
    (await get<RewardList>(server, member.token, '/wps/rewards')).waiting.filter(
      (reward) => reward.source === 'referral',
    );
  /** A ring from `addresses` in turn, each account with a device id it made up. */
  const ring = async (addresses: string[], size: number) => {
    const forged = () => randomBytes(12).toString('hex');
    const id = forged();
    const members = [await register(server, { ip: addresses[0], cookie: id, deviceHeader: id })];
    const links: (string | null)[][] = [];
    for (let n = 1; n < size; n += 1) {
      const inviter = members.at(-1)!;
      const made = forged();
      const friend = await register(server, {
        ip: addresses[n % addresses.length],
        cookie: made,
        deviceHeader: made,
        referralCode: (await view(inviter)).code,
      });
      const [link] = (await view(inviter)).friends;
      links.push([link!.state, link!.refusedReason]);
      members.push(friend);
    }
    return { members, links };
  };
  /** Each member deposits the minimum and bets 40.00 of real money (pairs and losses). */
  const playAll = async (members: Member[]) => {
    for (const member of members) {
      await deposit(server, member.token, '20.00');
      await churn(server, member, await launchSlot(server, member.token), '10.00', 2);
    }
  };

  it('referral-ring: a ring from one address earns nothing, whatever devices it claims', async () => {
    const mark = await markOf(server);
    const { members, links } = await ring(['10.30.0.1'], 5);
    expect(links).toEqual(Array.from({ length: 4 }, () => ['refused', 'same_address']));
    await playAll(members);
    for (const member of members) expect(await referralRewards(member)).toEqual([]);
    const book = await bookOf(
      server,
      members.map((member) => member.id),
      mark,
    );
    reportBook(`referral-ring, one address (${engine})`, book);
    expect(book.gifts.bonus).toBe(0n);
    expect(book.ev).toBeCloseTo(-5 * 4_000 * LOWEST_EDGE, 6);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('referral-ring: two addresses in turn earn one reward for the whole ring, worth less than its wagering', async () => {
    const mark = await markOf(server);
    const { members, links } = await ring(['10.31.0.1', '10.31.0.2'], 5);
    // The first friend is from elsewhere as far as anyone can tell; every later one shares an
    // address with the chain. Made-up device ids change nothing.
    expect(links).toEqual([
      ['registered', null],
      ['refused', 'same_address'],
      ['refused', 'same_address'],
      ['refused', 'same_address'],
    ]);
    await playAll(members);
    const [head, ...rest] = members;
    for (const member of rest) expect(await referralRewards(member)).toEqual([]);
    const [reward] = await referralRewards(head!);
    expect(reward).toMatchObject({ amount: '5.00', wageringRequired: '150.00' });
    // The head claims it and wagers it through: 160.00 of pairs and losses releases it.
    expect((await post(server, head!.token, `/wps/rewards/${reward!.id}/claim`)).body.success).toBe(
      true,
    );
    await churn(server, head!, await launchSlot(server, head!.token), '10.00', 8);
    expect(await balances(server, head!.token)).toEqual({ real: 2_500n, bonus: 0n });
    const book = await bookOf(
      server,
      members.map((member) => member.id),
      mark,
    );
    reportBook(`referral-ring, two addresses (${engine})`, book);
    expect(book.released).toMatchObject({ face: 500n, actual: 500n });
    // 5.00 for the ring against (5 × 40.00 + 160.00) × 3.851 %: −8.86.
    expect(book.ev).toBeCloseTo(500 - 36_000 * LOWEST_EDGE, 6);
    expect(book.ev).toBeLessThanOrEqual(0);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('referral-ring: the inviter is paid only after the friend’s real-money turnover, not for a deposit or bonus play', async () => {
    const inviter = await register(server, { ip: '10.32.0.1' });
    const friend = await register(server, {
      ip: '10.32.0.2',
      referralCode: (await view(inviter)).code,
    });
    const launch = await launchSlot(server, friend.token);
    const friendState = async () => (await view(inviter)).friends[0]!;
    await deposit(server, friend.token, '20.00');
    expect(await friendState()).toMatchObject({ state: 'registered', firstDeposit: '20.00' });
    // 20.00 of real money bet and lost: below the 30.00 of turnover the terms ask.
    for (const bet of ['10.00', '10.00']) {
      expect((await spin(server, friend, launch, bet, LOSE)).body.success).toBe(true);
    }
    // Bonus money only (the real balance is empty): it counts for nothing.
    const bonus = await issueBonus(server, friend.id, 5_000n, 150_000n);
    expect((await post(server, friend.token, `/wps/rewards/${bonus}/claim`)).body.success).toBe(
      true,
    );
    for (const bet of ['20.00', '20.00']) {
      expect((await spin(server, friend, launch, bet, LOSE)).body.success).toBe(true);
    }
    expect(await balances(server, friend.token)).toEqual({ real: 0n, bonus: 1_000n });
    expect(await friendState()).toMatchObject({ state: 'registered', turnover: '20.00' });
    expect(await referralRewards(inviter)).toEqual([]);
    // Real money again: the turnover reaches 30.00 and the inviter is paid, once.
    await deposit(server, friend.token, '20.00');
    expect((await spin(server, friend, launch, '10.00', LOSE)).body.success).toBe(true);
    expect(await friendState()).toMatchObject({ state: 'rewarded' });
    expect(await referralRewards(inviter)).toHaveLength(1);
    expect((await spin(server, friend, launch, '10.00', LOSE)).body.success).toBe(true);
    expect(await referralRewards(inviter)).toHaveLength(1);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RewardList } from '../../src/shared/rewards';
import { ledgerSum } from '../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../support/testServer';
import {
  abuseConfig,
  balances,
  churn,
  deposit,
  get,
  houseBalance,
  launchSlot,
  post,
  register,
  shipPromotions,
  withdrawal,
  type Member,
} from './abuseClient';
import { LOWEST_EDGE, bookOf, markOf, reportBook } from './ledgerBook';

/**
 * Strategy `deposit-withdraw-claim` (issue 28): new accounts sign up for the shipped
 * WELCOME_DEPOSIT (100 % up to 100.00, wagered 30 × deposit and bonus), deposit, take the
 * deposit back out before claiming, and claim the bonus anyway — a free option on the house's
 * money. The claim is refused (`bonus_deposit_withdrawn`) and the reward void; claimed first,
 * the deposit is locked (`wagering_open`) until the wagering is met, and meeting it costs more
 * than the bonus is worth.
 */
const ACCOUNTS = 3;

describe.each(engines)('deposit-withdraw-claim on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config: abuseConfig() });
    await shipPromotions(server, ['WELCOME_DEPOSIT']);
  });
  afterAll(() => server.close());

  /** A new account signed up for the welcome bonus, its deposit made, the bonus waiting. */
  const signedAndDeposited = async (amount: string): Promise<Member & { reward: string }> => {
    const member = await register(server);
    const signed = await post(server, member.token, '/wps/promotions/WELCOME_DEPOSIT/sign');
    expect(signed.body.success, JSON.stringify(signed.body)).toBe(true);
    await deposit(server, member.token, amount);
    // The demo channel's own confirmation may credit the deposit first: wait for the reward.
    const reward = await vi.waitFor(async () => {
      const centre = await get<RewardList>(server, member.token, '/wps/rewards');
      const [waiting] = centre.waiting;
      expect(waiting?.promotion?.code).toBe('WELCOME_DEPOSIT');
      return waiting!;
    });
    expect(reward).toMatchObject({ amount: amount, wageringRequired: '6000.00' });
    return { ...member, reward: reward.id };
  };

  it('deposit-withdraw-claim: the deposit withdrawn before the claim voids the bonus, for every new account', async () => {
    const mark = await markOf(server);
    const members: string[] = [];
    for (let n = 0; n < ACCOUNTS; n += 1) {
      const member = await signedAndDeposited('100.00');
      members.push(member.id);
      const out = await withdrawal(server, member.token, '100.00');
      expect(out.body.success, JSON.stringify(out.body)).toBe(true);
      const promotionsBefore = await houseBalance(server, 'promotions');
      const claim = await post(server, member.token, `/wps/rewards/${member.reward}/claim`);
      expect(claim).toMatchObject({ status: 409, body: { code: 'bonus_deposit_withdrawn' } });
      const centre = await get<RewardList>(server, member.token, '/wps/rewards');
      expect(centre.waiting).toEqual([]);
      expect(centre.history.find((reward) => reward.id === member.reward)?.state).toBe('void');
      // Claiming again changes nothing: the house's promotions account never moved.
      const again = await post(server, member.token, `/wps/rewards/${member.reward}/claim`);
      expect(again.status).toBe(409);
      expect(await houseBalance(server, 'promotions')).toBe(promotionsBefore);
      expect(await balances(server, member.token)).toEqual({ real: 0n, bonus: 0n });
    }
    const book = await bookOf(server, members, mark);
    reportBook(`deposit-withdraw-claim (${engine}, ${ACCOUNTS} accounts)`, book);
    expect(book.gifts).toEqual({ bonus: 0n, points_convert: 0n, salary: 0n });
    expect(book.released.face).toBe(0n);
    expect(book.ev).toBeLessThanOrEqual(0);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('deposit-withdraw-claim: claimed first, the deposit is locked; forfeiting gives the bonus back', async () => {
    const mark = await markOf(server);
    const member = await signedAndDeposited('100.00');
    const claim = await post(server, member.token, `/wps/rewards/${member.reward}/claim`);
    expect(claim.body.success, JSON.stringify(claim.body)).toBe(true);
    expect(await balances(server, member.token)).toEqual({ real: 10_000n, bonus: 10_000n });
    const locked = await withdrawal(server, member.token, '100.00');
    expect(locked.body).toMatchObject({
      code: 'wagering_open',
      value: { left: '6000.00', promotion: 'WELCOME_DEPOSIT' },
    });
    // The only way out before the wagering: forfeit, and the whole bonus balance goes back.
    const forfeited = await post(server, member.token, '/wps/rewards/bonus/forfeit');
    expect(forfeited.body.value).toEqual({ forfeited: '100.00' });
    const out = await withdrawal(server, member.token, '100.00');
    expect(out.body.success, JSON.stringify(out.body)).toBe(true);
    const book = await bookOf(server, [member.id], mark);
    reportBook(`deposit-withdraw-claim, forfeited (${engine})`, book);
    expect(book.ev).toBe(0);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('deposit-withdraw-claim: meeting the wagering to withdraw costs more than the bonus', async () => {
    const mark = await markOf(server);
    const member = await signedAndDeposited('100.00');
    expect(
      (await post(server, member.token, `/wps/rewards/${member.reward}/claim`)).body,
    ).toMatchObject({ success: true });
    const launch = await launchSlot(server, member.token);
    // 6,000.00 of bets in rounds of 50.00 that win and lose in turn: the balance never moves,
    // real money goes first, the bonus is released whole by the last round.
    await churn(server, member, launch, '50.00', 59);
    expect((await withdrawal(server, member.token, '100.00')).body.code).toBe('wagering_open');
    await churn(server, member, launch, '50.00', 1);
    expect(await balances(server, member.token)).toEqual({ real: 20_000n, bonus: 0n });
    const out = await withdrawal(server, member.token, '200.00');
    expect(out.body.success, JSON.stringify(out.body)).toBe(true);

    const book = await bookOf(server, [member.id], mark);
    reportBook(`deposit-withdraw-claim, wagered (${engine})`, book);
    expect(book.realStake).toBe(600_000n);
    expect(book.released).toMatchObject({ face: 10_000n, actual: 10_000n });
    // 100.00 of bonus against 6,000.00 × 3.851 % = 231.06 expected lost: −131.06.
    expect(book.ev).toBeCloseTo(10_000 - 600_000 * LOWEST_EDGE, 6);
    expect(book.ev).toBeLessThanOrEqual(0);
    expect(await ledgerSum(server)).toBe(0n);
  });
});

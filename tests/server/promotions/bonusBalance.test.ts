import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletSnapshot } from '../../../src/api/wallet';
import type { RewardList, RewardSummary } from '../../../src/shared/rewards';
import type { SlotSymbol } from '../../../server/domain/games/demoVendor/slotEngine';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import { expireRewards } from '../../../server/domain/rewards/expiry';
import { hashPassword } from '../../../server/domain/identity/password';
import { DEMO_PAYMENT_PASSWORD } from '../../../server/seed/demoAccounts';
import { parseMoney } from '../../../src/shared/money';
import { issueRewardWithin } from '../../../server/domain/rewards/issue';
import { launchFirstSlot } from '../../support/gameClient';
import { acted, offered } from '../contracts/contractClient';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, newKey, opsCall, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { foldAccruals } from '../../../server/domain/accruals/fold';

/**
 * Bonus money as its own balance (issue 28, findings 1 and 2), through the real server on both
 * engines: a deposit bonus is void once its deposit has left; a bet takes real money first and
 * pays a win back in the proportion its stake came from each balance; a bonus played down to
 * nothing ends its requirement and frees the real money; an expired one takes back the whole
 * bonus balance; and only the real-money part of a bet earns points, rebates, VIP progress and
 * salaries.
 */
const LOSE: SlotSymbol[] = ['lemon', 'bell', 'star'];
const BELLS: SlotSymbol[] = ['bell', 'bell', 'bell'];

describe.each(engines)('the bonus balance on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({
        ...base,
        payments: {
          ...base.payments,
          deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
          withdrawal: { ...base.payments.withdrawal, demoPaySeconds: null },
        },
        missions: [],
      }),
    });
  });
  afterAll(() => server.close());

  const post = (token: string, path: string, json?: unknown) =>
    call(server, path, { method: 'POST', headers: bearer(token), json });
  const get = async <T>(token: string, path: string) => {
    const reply = await call(server, path, { headers: bearer(token) });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const balances = async (token: string) => {
    const snapshot = await get<WalletSnapshot>(token, '/wps/v2/wallets/balance');
    return { real: snapshot.balance, bonus: snapshot.bonus.balance };
  };
  /** The agent demo's players have no payment password yet: the demo one, for withdrawals. */
  const paymentPassword = async (account: string) =>
    server.deps.db.query('update members set payment_password_hash = $2 where account = $1', [
      account,
      await hashPassword(DEMO_PAYMENT_PASSWORD),
    ]);
  const memberId = async (account: string) => {
    const [row] = await server.deps.db.query<{ id: string }>(
      'select id::text from members where account = $1',
      [account],
    );
    return row!.id;
  };
  const spin = async (account: string, launch: string, bet: string, symbols: SlotSymbol[]) => {
    server.deps.demoRigs.set(await memberId(account), { engine: 'slot', symbols });
    const reply = await call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet, roundId: newKey() },
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as { balance: string; win: string };
  };
  /** Spends the member's real money to exactly zero with losing spins (whole units only). */
  const spendReal = async (account: string, token: string, launch: string) => {
    let left = Math.round(Number((await balances(token)).real) * 100);
    expect(left % 100).toBe(0);
    for (const bet of [5000, 2000, 1000, 500, 200, 100]) {
      while (left >= bet) {
        await spin(account, launch, (bet / 100).toFixed(2), LOSE);
        left -= bet;
      }
    }
  };
  /** A claimed bonus with a requirement (as a mission's reward would be). */
  const claimBonus = async (account: string, token: string, amount: bigint, wagering: bigint) => {
    const id = (await issueRewardWithin(server.deps.db, {
      memberId: await memberId(account),
      source: 'mission',
      sourceKey: `test:${newKey()}`,
      houseAccount: 'promotions',
      amount,
      wageringRequired: wagering,
    }))!;
    const claimed = await post(token, `/wps/rewards/${id}/claim`);
    expect(claimed.body.success, JSON.stringify(claimed.body)).toBe(true);
  };
  /** Whole real money: a grant tops the balance up to a whole number of units, plus `extra`. */
  const topUpWhole = async (account: string, token: string, extraCents: number) => {
    const cents = Math.round(Number((await balances(token)).real) * 100);
    const topUp = extraCents + ((100 - (cents % 100)) % 100);
    if (topUp > 0) await grant(server, account, (topUp / 100).toFixed(2));
  };

  it('voids a deposit bonus whose deposit was withdrawn before the claim (the free option)', async () => {
    const created = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'DEP_OPTION',
        type: 'depositBonus',
        content: { EN: { title: 'Option', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: { percent: '100', cap: '100.00', minDeposit: '10.00', wageringMultiplier: 30 },
      },
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const token = await loginToken(server, 'player6');
    await paymentPassword('player6');
    expect((await post(token, '/wps/promotions/DEP_OPTION/sign')).body.success).toBe(true);
    const before = await balances(token);
    const asked = await post(token, '/wps/deposit', {
      channel: 'DEMO',
      amount: '100.00',
      idempotencyKey: newKey(),
    });
    await creditDeposit(server.deps, (asked.body.value as { id: string }).id);
    const waiting = (await get<RewardList>(token, '/wps/rewards')).waiting;
    expect(waiting).toHaveLength(1);
    // The deposit leaves before the bonus is claimed: the claim is refused, the bonus void.
    const withdrawn = await withdraw(server, token, { amount: '100.00' });
    expect(withdrawn.body.success, JSON.stringify(withdrawn.body)).toBe(true);
    const claim = await post(token, `/wps/rewards/${waiting[0]!.id}/claim`);
    expect(claim).toMatchObject({ status: 409, body: { code: 'bonus_deposit_withdrawn' } });
    const centre = await get<RewardList>(token, '/wps/rewards');
    expect(centre.waiting).toEqual([]);
    expect(centre.history.find((reward) => reward.id === waiting[0]!.id)?.state).toBe('void');
    expect(await balances(token)).toEqual(before);
    const again = await post(token, `/wps/rewards/${waiting[0]!.id}/claim`);
    expect(again.status).toBe(409);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('takes real money first and pays a win back in proportion; a bonus played to zero frees the real money', async () => {
    const token = await loginToken(server, 'player7');
    await paymentPassword('player7');
    const launch = await launchFirstSlot(server, token);
    await topUpWhole('player7', token, 0);
    await spendReal('player7', token, launch);
    await claimBonus('player7', token, 2_000n, 100_000n);
    await grant(server, 'player7', '3.00');
    expect(await balances(token)).toEqual({ real: '3.00', bonus: '20.00' });
    // 10.00 staked: 3.00 real, 7.00 bonus; three bells pay 180.00: 54.00 real, 126.00 bonus.
    const mixed = await spin('player7', launch, '10.00', BELLS);
    expect(mixed).toMatchObject({ win: '180.00', balance: '193.00' });
    expect(await balances(token)).toEqual({ real: '54.00', bonus: '139.00' });
    // Real money goes first again; then the bonus is played down to nothing.
    await spendReal('player7', token, launch);
    expect(await balances(token)).toEqual({ real: '0.00', bonus: '139.00' });
    for (const bet of ['50.00', '50.00', '20.00', '10.00', '5.00', '2.00', '2.00']) {
      await spin('player7', launch, bet, LOSE);
    }
    expect(await balances(token)).toEqual({ real: '0.00', bonus: '0.00' });
    // The requirement ended as lost: nothing of the house's is left, new money is free.
    expect((await get<RewardSummary>(token, '/wps/rewards/summary')).wagering).toBeNull();
    const [ended] = await server.deps.db.query<{ state: string }>(
      `select state from wagering_requirements where member_id = $1 order by id desc limit 1`,
      [await memberId('player7')],
    );
    expect(ended!.state).toBe('lost');
    await grant(server, 'player7', '60.00');
    const freed = await withdraw(server, token, { amount: '50.00' });
    expect(freed.body.success, JSON.stringify(freed.body)).toBe(true);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('takes back the whole bonus balance when the wagering time runs out', async () => {
    const token = await loginToken(server, 'player8');
    const launch = await launchFirstSlot(server, token);
    await topUpWhole('player8', token, 0);
    await spendReal('player8', token, launch);
    await claimBonus('player8', token, 1_000n, 100_000n);
    await spin('player8', launch, '10.00', BELLS);
    expect(await balances(token)).toEqual({ real: '0.00', bonus: '180.00' });
    const heard: string[] = [];
    const id = await memberId('player8');
    const stop = server.deps.changes.on('reward', (change) => {
      if (change.memberId === id) heard.push(change.reason);
    });
    // Not yet due: nothing happens.
    expect((await expireRewards(server.deps, new Date())).bonuses).toBe(0);
    const later = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    expect((await expireRewards(server.deps, later)).bonuses).toBe(1);
    stop();
    expect(heard).toContain('expired');
    expect(await balances(token)).toEqual({ real: '0.00', bonus: '0.00' });
    const [ended] = await server.deps.db.query<{ state: string; forfeited: string }>(
      `select state, forfeited::text from wagering_requirements
       where member_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(ended).toEqual({ state: 'expired', forfeited: '18000' });
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('earns points, rebates, VIP progress and salaries on the real part of a bet only', async () => {
    // player3's upline agent1 holds a salary contract and a dividend with it.
    const account = 'player3';
    const token = await loginToken(server, account);
    const agent = await loginToken(server, 'agent1');
    for (const [type, rate] of [
      ['realTimeSalary', '1'],
      ['dividend', '20'],
    ] as const) {
      const made = await offered(server, agent, account, type, rate);
      await acted(server, token, made.id, 'accept');
    }
    const id = await memberId(account);
    const launch = await launchFirstSlot(server, token, 'RNG');
    await topUpWhole(account, token, 0);
    await spendReal(account, token, launch);
    await claimBonus(account, token, 5_000n, 1_000_000n);
    await grant(server, account, '4.00');
    const earned = async () => {
      // What only counts is folded in after the bet's answer (issue 31): wait for it.
      await foldAccruals(server.deps);
      const [row] = await server.deps.db.query<{
        points: string;
        rebate: string;
        vip: string;
        salary: string;
      }>(
        `select
           (select coalesce(sum(amount), 0) from point_entries
            where member_id = $1 and kind = 'earn')::text as points,
           (select coalesce(sum(valid_bet), 0) from rebate_balances where member_id = $1)::text
             as rebate,
           (select coalesce(sum(valid_bet), 0) from vip_daily_totals where member_id = $1)::text
             as vip,
           (select coalesce(sum(a.valid_bet), 0) from salary_accruals a
            join bets b on b.id = a.bet_id where b.member_id = $1)::text as salary`,
        [id],
      );
      return row!;
    };
    const before = await earned();
    // 10.00 staked: 4.00 real, 6.00 bonus. Then 20.00 of bonus money alone.
    await spin(account, launch, '10.00', LOSE);
    const mixed = await earned();
    await spin(account, launch, '20.00', LOSE);
    await spin(account, launch, '10.00', LOSE);
    const after = await earned();
    expect(after).toEqual(mixed);
    expect(BigInt(mixed.rebate) - BigInt(before.rebate)).toBe(400n);
    expect(BigInt(mixed.vip) - BigInt(before.vip)).toBe(400n);
    // Points in hundredths: real valid bet × the configured rate per 1.00 (points.earnPerUnit).
    const perUnit = server.deps.config.points.earnPerUnit;
    const rate = parseMoney(perUnit.RNG ?? perUnit.default ?? '0');
    expect(BigInt(mixed.points) - BigInt(before.points)).toBe((400n * rate) / 100n);
    // Each salary accrued on the mixed bet counted its 4.00 of real money; the bonus-only bets
    // accrued none.
    const accrued = await server.deps.db.query<{ valid_bet: string; bonus_bet: string }>(
      `select a.valid_bet::text, b.bonus_bet_amount::text as bonus_bet
       from salary_accruals a join bets b on b.id = a.bet_id
       where b.member_id = $1 and b.bonus_bet_amount > 0`,
      [id],
    );
    expect(accrued.length).toBeGreaterThan(0);
    for (const row of accrued) expect(row).toEqual({ valid_bet: '400', bonus_bet: '600' });
    expect((await balances(token)).bonus).toBe('14.00');
    expect(await ledgerSum(server)).toBe(0n);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PromotionList } from '../../../src/shared/promotions';
import type { ClaimAllResult, RewardList, RewardSummary } from '../../../src/shared/rewards';
import type { WalletSnapshot } from '../../../src/api/wallet';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import type { SlotSymbol } from '../../../server/domain/games/demoVendor/slotEngine';
import { issueRewardWithin } from '../../../server/domain/rewards/issue';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, encryptedCall, humanProof, loginToken } from '../../support/identityClient';
import {
  grant,
  ledgerSum,
  mainBalance,
  newKey,
  opsCall,
  withdraw,
} from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Deposit bonus, reward centre and wagering (issue 14) through the real server, on both
 * engines: the money moves once, from the promotions house account, and stays locked until
 * real bets reach the requirement; every way round the lock (a withdrawal or an upline transfer
 * at the moment of the claim, a bonus moved to a game wallet before forfeiting it, parallel
 * claims) is tried.
 */
const depositBonus = (code: string, terms: Record<string, unknown>, extra = {}) => ({
  code,
  type: 'depositBonus',
  content: { EN: { title: `${code} title`, summary: '', terms: '' } },
  banner: null,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  audience: { kind: 'all' },
  terms: { percent: '50', cap: '20.00', minDeposit: '20.00', wageringMultiplier: 2, ...terms },
  ...extra,
});

describe.each(engines)('rewards and wagering on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({
        ...base,
        payments: {
          ...base.payments,
          deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
          // The operator pays by hand here: no demo payout moves held money meanwhile.
          withdrawal: { ...base.payments.withdrawal, demoPaySeconds: null },
        },
        // The deposits here would complete the shipped deposit mission too.
        missions: [],
      }),
    });
  });
  afterAll(() => server.close());

  const createPromotion = async (definition: unknown) => {
    const reply = await opsCall(server, '/ops/promotions', { mode: 'create', definition });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  };
  const post = (token: string, path: string, json?: unknown) =>
    call(server, path, { method: 'POST', headers: bearer(token), json });
  const get = async <T>(token: string, path: string) => {
    const reply = await call(server, path, { headers: bearer(token) });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as T;
  };
  const summary = (token: string) => get<RewardSummary>(token, '/wps/rewards/summary');
  /** The real balance and the bonus balance, as the wallet shows them (issue 28). */
  const balances = async (token: string) => {
    const snapshot = await get<WalletSnapshot>(token, '/wps/v2/wallets/balance');
    return { real: snapshot.balance, bonus: snapshot.bonus.balance };
  };
  /** The next spin of this member stops on these reels (the development tools' rig). */
  const rig = async (account: string, symbols: SlotSymbol[]) =>
    server.deps.demoRigs.set(await memberId(account), { engine: 'slot', symbols });
  const deposit = async (token: string, amount: string) => {
    const reply = await post(token, '/wps/deposit', {
      channel: 'DEMO',
      amount,
      idempotencyKey: newKey(),
    });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    await creditDeposit(server.deps, (reply.body.value as { id: string }).id);
  };
  const spin = (launch: string, bet: string) =>
    call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet, roundId: newKey() },
    });
  const memberId = async (account: string) => {
    const [row] = await server.deps.db.query<{ id: string }>(
      'select id::text from members where account = $1',
      [account],
    );
    return row!.id;
  };
  /** A waiting reward put straight in the reward centre (as a mission or a draw would). */
  const issue = async (account: string, amount: bigint, wagering: bigint) =>
    (await issueRewardWithin(server.deps.db, {
      memberId: await memberId(account),
      source: 'mission',
      sourceKey: `test:${newKey()}`,
      houseAccount: 'promotions',
      amount,
      wageringRequired: wagering,
    }))!;

  it('signs up, earns the bonus with a deposit, claims it, is locked until bets reach the requirement', async () => {
    await createPromotion(depositBonus('DEP_FLOW', {}));
    const token = await loginToken(server, 'player1');
    const heard: string[] = [];
    const id = await memberId('player1');
    const stop = server.deps.changes.on('reward', (change) => {
      if (change.memberId === id) heard.push(change.reason);
    });

    expect((await post(token, '/wps/promotions/DEP_FLOW/sign')).body.value).toEqual({
      code: 'DEP_FLOW',
      state: 'signed',
    });
    const twice = await post(token, '/wps/promotions/DEP_FLOW/sign');
    expect(twice).toMatchObject({ status: 409, body: { code: 'promotion_state' } });

    // Below the minimum: nothing yet, the sign-up waits for a qualifying deposit.
    await deposit(token, '10.00');
    expect(await summary(token)).toEqual({ waiting: 0, missionsWaiting: 0, wagering: null });
    await deposit(token, '30.00');
    expect((await summary(token)).waiting).toBe(1);
    // The demo channel's own confirmation may credit the deposit first: its unit of work
    // publishes just after its commit, so the change is waited for, not assumed.
    await vi.waitFor(() => expect(heard).toEqual(['issued']));
    const listed = await get<PromotionList>(token, '/wps/promotions');
    expect(listed.items.find((item) => item.code === 'DEP_FLOW')).toMatchObject({
      status: 'issued',
      state: 'issued',
    });

    const centre = await get<RewardList>(token, '/wps/rewards');
    expect(centre.waiting).toHaveLength(1);
    const reward = centre.waiting[0]!;
    // 50 % of 30.00 (under the 20.00 cap); wager (30 + 15) × 2.
    expect(reward).toMatchObject({
      source: 'promotion',
      promotion: { code: 'DEP_FLOW', title: 'DEP_FLOW title' },
      amount: '15.00',
      wageringRequired: '90.00',
      detail: { deposit: '30.00' },
      state: 'waiting',
    });

    const claimed = await post(token, `/wps/rewards/${reward.id}/claim`);
    expect(claimed.body.value).toMatchObject({ id: reward.id, state: 'claimed' });
    // The bonus is its own balance (issue 28), apart from the 40.00 of real money.
    expect(await balances(token)).toEqual({ real: '40.00', bonus: '15.00' });
    const again = await post(token, `/wps/rewards/${reward.id}/claim`);
    expect(again).toMatchObject({ status: 409, body: { code: 'reward_claimed' } });
    expect(await balances(token)).toEqual({ real: '40.00', bonus: '15.00' });
    expect((await summary(token)).wagering).toMatchObject({
      promotion: { code: 'DEP_FLOW' },
      bonus: '15.00',
      balance: '15.00',
      required: '90.00',
      wagered: '0.00',
      left: '90.00',
      percent: 0,
    });

    const locked = await withdraw(server, token, { amount: '50.00' });
    expect(locked.body).toMatchObject({
      code: 'wagering_open',
      value: { left: '90.00', promotion: 'DEP_FLOW' },
    });
    expect(locked.body.message).toContain('90.00');

    // Real bets count toward it, in the bet's transaction (enough money to place them), and
    // take real money first: losing spins leave the bonus balance whole.
    await grant(server, 'player1', '100.00');
    const launch = await launchFirstSlot(server, token);
    for (let i = 0; i < 4; i++) {
      await rig('player1', ['lemon', 'bell', 'star']);
      expect((await spin(launch, '20.00')).body.success).toBe(true);
    }
    expect((await summary(token)).wagering).toMatchObject({ wagered: '80.00', left: '10.00' });
    expect(await balances(token)).toEqual({ real: '60.00', bonus: '15.00' });
    expect(heard.filter((reason) => reason === 'wagered')).toHaveLength(4);
    // One more bet of 10 meets it: the bonus balance turns real money, in one posting.
    await rig('player1', ['lemon', 'bell', 'star']);
    expect((await spin(launch, '10.00')).body.success).toBe(true);
    expect((await summary(token)).wagering).toBeNull();
    expect(heard.at(-1)).toBe('unlocked');
    expect(await balances(token)).toEqual({ real: '65.00', bonus: '0.00' });
    const done = await get<PromotionList>(token, '/wps/promotions');
    // Still open to others; done for this member.
    expect(done.items.find((item) => item.code === 'DEP_FLOW')).toMatchObject({
      phase: 'open',
      status: 'closed',
      state: 'closed',
    });
    const [participation] = await server.deps.db.query<{ state: string; context: unknown }>(
      `select pp.state, pp.context from promotion_participations pp
       join promotions p on p.id = pp.promotion_id where p.code = 'DEP_FLOW'`,
    );
    expect(participation).toEqual({
      state: 'closed',
      context: { wagering: true, outcome: 'unlocked' },
    });
    stop();

    // Unlocked: the money may leave.
    if (Number(await mainBalance(server, token)) < 50) await grant(server, 'player1', '50.00');
    expect((await withdraw(server, token, { amount: '50.00' })).body.success).toBe(true);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('pays a reward once under parallel claims, and wagers one bonus at a time', async () => {
    const token = await loginToken(server, 'player5');
    const cents = (text: string) => BigInt(Math.round(Number(text) * 100));
    const before = cents((await balances(token)).real);
    // Real money and bonus money together, in cents.
    const now = async () => {
      const both = await balances(token);
      return cents(both.real) + cents(both.bonus);
    };
    const first = await issue('player5', 1_000n, 5_000n);
    const second = await issue('player5', 2_000n, 6_000n);
    const plain = await issue('player5', 300n, 0n);

    const replies = await Promise.all(
      Array.from({ length: 8 }, () => post(token, `/wps/rewards/${first}/claim`)),
    );
    expect(replies.filter((reply) => reply.body.success)).toHaveLength(1);
    for (const reply of replies.filter((one) => !one.body.success)) {
      expect(reply.body.code).toBe('reward_claimed');
    }
    expect((await now()) - before).toBe(1_000n);

    const blocked = await post(token, `/wps/rewards/${second}/claim`);
    expect(blocked).toMatchObject({ status: 409, body: { code: 'bonus_active' } });
    // Claim all: the plain reward is paid, the second bonus waits for the first to be done.
    const all = (await post(token, '/wps/rewards/claim-all')).body.value as ClaimAllResult;
    expect(all.claimed.map((reward) => reward.id)).toEqual([plain]);
    expect(all.deferred).toBe(1);
    expect((await now()) - before).toBe(1_300n);
    expect(await summary(token)).toMatchObject({ waiting: 1, wagering: { bonus: '10.00' } });
    // The bonus to wager is bonus money; the plain reward is real money at once.
    expect(cents((await balances(token)).real) - before).toBe(300n);
    expect((await balances(token)).bonus).toBe('10.00');

    const [paid] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where idempotency_key = $1`,
      [`reward:${first}`],
    );
    expect(paid!.n).toBe(1);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('never lets a withdrawal or an upline transfer take a bonus out at the moment it is claimed', async () => {
    // player3's upline is agent1: a colluding agent would cash the bonus out through it.
    const token = await loginToken(server, 'player3');
    await grant(server, 'player3', '500.00');
    for (let round = 0; round < 3; round++) {
      const reward = await issue('player3', 5_000n, 100_000n);
      const [claim, withdrawal, transfer] = await Promise.all([
        post(token, `/wps/rewards/${reward}/claim`),
        withdraw(server, token, { amount: '50.00' }),
        call(server, '/wps/wallet/transferUpline', {
          method: 'POST',
          headers: bearer(token),
          json: { amount: '5.00', idempotencyKey: newKey() },
        }),
      ]);
      expect(claim.body.success, JSON.stringify(claim.body)).toBe(true);
      const claimTx = await server.deps.db.query<{ id: string }>(
        'select ledger_transaction_id::text as id from rewards where id = $1',
        [reward],
      );
      // Whatever got through committed before the claim; what came after was refused.
      for (const [reply, kind] of [
        [withdrawal, 'withdrawal_hold'],
        [transfer, 'upline_transfer'],
      ] as const) {
        if (reply.body.success) {
          const [moved] = await server.deps.db.query<{ id: string }>(
            `select max(id)::text as id from ledger_transactions where kind = $1 and member_id = $2`,
            [kind, await memberId('player3')],
          );
          expect(BigInt(moved!.id)).toBeLessThan(BigInt(claimTx[0]!.id));
        } else {
          expect(reply.body.code, JSON.stringify(reply.body)).toBe('wagering_open');
        }
      }
      // Give it up to run the next round; the lock is lifted.
      expect((await post(token, '/wps/rewards/bonus/forfeit')).body.success).toBe(true);
    }
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('forfeits the whole bonus balance, what it won too, and leaves the real money (issue 28)', async () => {
    const token = await loginToken(server, 'player2');
    // Real money in whole units (at least 5.00), so whole bets can spend all of it below.
    const startCents = Math.round(Number((await balances(token)).real) * 100);
    const topUp = 500 + ((100 - (startCents % 100)) % 100);
    await grant(server, 'player2', (topUp / 100).toFixed(2));
    const reward = await issue('player2', 2_000n, 50_000n);
    expect((await post(token, `/wps/rewards/${reward}/claim`)).body.success).toBe(true);
    const real = ((startCents + topUp) / 100).toFixed(2);
    expect(await balances(token)).toEqual({ real, bonus: '20.00' });
    // Bonus money is no wallet to move: a transfer takes real money only.
    const moved = await call(server, '/wps/relay/GCS_walletTransfer', {
      method: 'POST',
      headers: bearer(token),
      json: { from: 'MAIN', to: 'PG', amount: '20.00', idempotencyKey: newKey() },
    });
    if (Number(real) < 20) expect(moved.body.code).toBe('insufficient_funds');
    else expect(moved.body.code).toBe('wagering_open');
    // Spend the real money, then a bet staked with bonus money wins: the win is bonus money.
    const launch = await launchFirstSlot(server, token);
    let left = Number(real);
    for (const bet of [50, 20, 10, 5, 2, 1]) {
      while (left >= bet) {
        await rig('player2', ['lemon', 'bell', 'star']);
        expect((await spin(launch, `${bet}.00`)).body.success).toBe(true);
        left -= bet;
      }
    }
    expect(await balances(token)).toEqual({ real: '0.00', bonus: '20.00' });
    await rig('player2', ['bell', 'bell', 'bell']);
    expect((await spin(launch, '10.00')).body).toMatchObject({ value: { balance: '190.00' } });
    expect(await balances(token)).toEqual({ real: '0.00', bonus: '190.00' });
    const [bet] = await server.deps.db.query<{ bonus_bet: string; bonus_win: string }>(
      `select bonus_bet_amount::text as bonus_bet, bonus_win_amount::text as bonus_win
       from bets where member_id = $1 order by id desc limit 1`,
      [await memberId('player2')],
    );
    expect(bet).toEqual({ bonus_bet: '1000', bonus_win: '18000' });

    // The forfeit takes all 190.00 (not just the 20.00 bonus), once.
    const forfeited = await post(token, '/wps/rewards/bonus/forfeit');
    expect(forfeited.body.value).toEqual({ forfeited: '190.00' });
    expect(await balances(token)).toEqual({ real: '0.00', bonus: '0.00' });
    expect(await summary(token)).toEqual({ waiting: 0, missionsWaiting: 0, wagering: null });
    const twice = await post(token, '/wps/rewards/bonus/forfeit');
    expect(twice).toMatchObject({ status: 409, body: { code: 'no_open_bonus' } });
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('refuses opting in to what is not open, not for the member, or not that kind of promotion', async () => {
    await createPromotion(
      depositBonus('DEP_LATER', {}, { startsAt: '2099-01-01T00:00:00Z', endsAt: null }),
    );
    await createPromotion(
      depositBonus('DEP_TEAM', {}, { audience: { kind: 'agentTeam', agent: 'agent3' } }),
    );
    await createPromotion(depositBonus('DEP_OPEN', {}));
    const token = await loginToken(server, 'player4');
    expect(await post(token, '/wps/promotions/DEP_LATER/sign')).toMatchObject({
      status: 409,
      body: { code: 'promotion_not_open' },
    });
    // player4 is in agent2's team, not agent3's.
    expect(await post(token, '/wps/promotions/DEP_TEAM/sign')).toMatchObject({
      status: 403,
      body: { code: 'promotion_not_eligible' },
    });
    expect(await post(token, '/wps/promotions/DEP_OPEN/join')).toMatchObject({
      status: 400,
      body: { code: 'invalid_request' },
    });
    expect(await post(token, '/wps/promotions/NOPE/sign')).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(await call(server, '/wps/promotions/DEP_OPEN/sign', { method: 'POST' })).toMatchObject({
      status: 401,
    });
    expect(await post(token, '/wps/rewards/999999/claim')).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    // Another member's reward is not found either.
    const theirs = await issue('player7', 100n, 0n);
    expect(await post(token, `/wps/rewards/${theirs}/claim`)).toMatchObject({ status: 404 });
  });

  it('pays a first-deposit bonus only on a first deposit ever, as its text says (issue 28, finding 9)', async () => {
    await createPromotion(depositBonus('DEP_FIRST', { firstDepositOnly: true }));
    // A member who deposited before cannot sign up for it.
    const old = await loginToken(server, 'player8');
    await deposit(old, '30.00');
    expect(await post(old, '/wps/promotions/DEP_FIRST/sign')).toMatchObject({
      status: 403,
      body: { code: 'promotion_not_eligible', value: { reason: 'first_deposit_only' } },
    });
    // Nor is it offered on the promotions page.
    const offered = await get<PromotionList>(old, '/wps/promotions');
    expect(offered.items.map((item) => item.code)).not.toContain('DEP_FIRST');
    // One who has not: signs up, and a deposit below the minimum is its first deposit, so the
    // next one, above it, earns nothing either.
    const newMember = async (name: string) => {
      const reply = await encryptedCall(server, '/wps/member/register', 'PUT', {
        username: `${name}${engine.slice(0, 2)}`,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        email: `${name}${engine.slice(0, 2)}@example.test`,
        altcha: await humanProof(server),
        login: true,
        registerMethod: 'WEB',
      });
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
      return (reply.body.value as { token: string }).token;
    };
    const firstBonus = async (token: string) =>
      (await get<RewardList>(token, '/wps/rewards')).waiting.filter(
        (reward) => reward.promotion?.code === 'DEP_FIRST',
      );
    // A new member's first deposit earns it.
    const fresh = await newMember('firsta');
    expect((await post(fresh, '/wps/promotions/DEP_FIRST/sign')).body.success).toBe(true);
    await deposit(fresh, '30.00');
    expect(await firstBonus(fresh)).toHaveLength(1);
    // A first deposit below the minimum was the first: the next one earns nothing.
    const small = await newMember('firstb');
    expect((await post(small, '/wps/promotions/DEP_FIRST/sign')).body.success).toBe(true);
    await deposit(small, '10.00');
    await deposit(small, '30.00');
    expect(await firstBonus(small)).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/shared/identity';
import type { ReferralView } from '../../../src/shared/referrals';
import type { RewardList } from '../../../src/shared/rewards';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import { launchFirstSlot } from '../../support/gameClient';
import { bearer, encryptedCall, humanProof } from '../../support/identityClient';
import { grant, ledgerSum, newKey, opsCall } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Invite friends (issue 14) through the real server, on both engines: a friend registered with
 * the inviter's code earns the inviter the open referral promotion's reward once its first
 * deposit and turnover reach the condition — and never when it registered from an address or a
 * device the inviter has used. Addresses come from X-Forwarded-For (a trusted proxy here).
 */
describe.each(engines)('referrals on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      trustProxy: '127.0.0.1',
      config: (base) => ({
        ...base,
        payments: {
          ...base.payments,
          deposit: { ...base.payments.deposit, demoConfirmSeconds: 0 },
        },
      }),
    });
    const created = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'INVITE_TEST',
        type: 'referralReward',
        content: { EN: { title: 'Invite a friend', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: {
          amount: '5.00',
          wageringMultiplier: 30,
          minFirstDeposit: '20.00',
          minTurnover: '30.00',
        },
      },
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  });
  afterAll(() => server.close());

  const device = () => randomBytes(12).toString('hex');
  /** Registers a new member from `ip` on `deviceId`, with an invite code when given. */
  const register = async (ip: string, deviceId: string, referralCode?: string) => {
    const username = `r${randomBytes(4).toString('hex')}`;
    const reply = await encryptedCall(
      server,
      '/wps/member/register',
      'PUT',
      {
        username,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        email: `${username}@example.test`,
        altcha: await humanProof(server),
        login: true,
        ...(referralCode ? { referralCode } : {}),
      },
      { 'x-forwarded-for': ip, 'device-id': deviceId },
    );
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return { username, token: (reply.body.value as LoginResult).token };
  };
  const depositAndPlay = async (friend: { username: string; token: string }) => {
    const deposit = await call(server, '/wps/deposit', {
      method: 'POST',
      headers: bearer(friend.token),
      json: { channel: 'DEMO', amount: '20.00', idempotencyKey: newKey() },
    });
    await creditDeposit(server.deps, (deposit.body.value as { id: string }).id);
    await grant(server, friend.username, '100.00');
    const launch = await launchFirstSlot(server, friend.token, 'RNG');
    for (let i = 0; i < 4; i++) {
      const spin = await call(server, '/wps/demo-vendor/spin', {
        method: 'POST',
        json: { launch, bet: '10.00', roundId: newKey() },
      });
      expect(spin.body.success).toBe(true);
    }
  };
  const view = async (token: string) => {
    const reply = await call(server, '/wps/referral', { headers: bearer(token) });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.value as ReferralView;
  };
  const referralRewards = async (token: string) =>
    (
      (await call(server, '/wps/rewards', { headers: bearer(token) })).body.value as RewardList
    ).waiting.filter((reward) => reward.source === 'referral');

  it('rewards the inviter once when a friend from elsewhere meets the condition', async () => {
    const inviterDevice = device();
    const inviter = await register('10.1.0.1', inviterDevice);
    const mine = await view(inviter.token);
    expect(mine.code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await view(inviter.token)).code).toBe(mine.code);
    expect(mine.offer).toEqual({
      code: 'INVITE_TEST',
      title: 'Invite a friend',
      amount: '5.00',
      minFirstDeposit: '20.00',
      minTurnover: '30.00',
    });

    // The inviter's open page is told of the new friend (it refreshes on `reward`).
    const inviterId = (
      await server.deps.db.query<{ id: string }>(
        'select id::text from members where account = $1',
        [inviter.username],
      )
    )[0]!.id;
    const told: string[] = [];
    const stop = server.deps.changes.on('reward', (change) => {
      if (change.memberId === inviterId) told.push(change.reason);
    });
    const friend = await register('10.1.0.2', device(), mine.code.toLowerCase());
    stop();
    expect(told).toEqual(['changed']);
    expect((await view(inviter.token)).friends).toEqual([
      expect.objectContaining({ state: 'registered', firstDeposit: null, turnover: '0.00' }),
    ]);
    await depositAndPlay(friend);
    const after = await view(inviter.token);
    expect(after.friends[0]).toMatchObject({ state: 'rewarded', firstDeposit: '20.00' });
    const rewards = await referralRewards(inviter.token);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({
      amount: '5.00',
      wageringRequired: '150.00',
      promotion: { code: 'INVITE_TEST' },
    });
    // More play pays nothing more.
    const launch = await launchFirstSlot(server, friend.token, 'RNG');
    await call(server, '/wps/demo-vendor/spin', {
      method: 'POST',
      json: { launch, bet: '10.00', roundId: newKey() },
    });
    expect(await referralRewards(inviter.token)).toHaveLength(1);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('never rewards a friend registered from the inviter’s address or device', async () => {
    const inviterDevice = device();
    const inviter = await register('10.2.0.1', inviterDevice);
    const { code } = await view(inviter.token);
    const sameAddress = await register('10.2.0.1', device(), code);
    const sameDevice = await register('10.2.0.9', inviterDevice, code);
    await depositAndPlay(sameAddress);
    await depositAndPlay(sameDevice);
    const friends = (await view(inviter.token)).friends;
    expect(friends.map((friend) => [friend.state, friend.refusedReason]).sort()).toEqual([
      ['refused', 'same_address'],
      ['refused', 'same_device'],
    ]);
    expect(await referralRewards(inviter.token)).toHaveLength(0);
  });

  it('refuses a ring: a friend from an address used up the chain, not by its inviter (issue 28, finding 5)', async () => {
    // Five accounts from two alternating addresses, each on a fresh device, each inviting the next.
    const addresses = ['10.4.0.1', '10.4.0.2'];
    let inviter = await register(addresses[0]!, device());
    const states: (string | null)[][] = [];
    for (let n = 1; n < 5; n += 1) {
      const { code } = await view(inviter.token);
      const friend = await register(addresses[n % 2]!, device(), code);
      const [row] = (await view(inviter.token)).friends;
      states.push([row!.state, row!.refusedReason]);
      inviter = friend;
    }
    // The first friend is from elsewhere; every later one shares an address with the chain.
    expect(states).toEqual([
      ['registered', null],
      ['refused', 'same_address'],
      ['refused', 'same_address'],
      ['refused', 'same_address'],
    ]);
  });

  it('links nothing for an unknown code, and the registration still succeeds', async () => {
    const friend = await register('10.3.0.2', device(), 'NOSUCHCODE');
    const [row] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from referrals r join members m on m.id = r.friend_id
       where m.account = $1`,
      [friend.username],
    );
    expect(row!.n).toBe(0);
  });

  it('gives a sign-up bonus to a new member, once per address', async () => {
    const created = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'SIGNUP_TEST',
        type: 'signupBonus',
        content: { EN: { title: 'Welcome gift', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'newMembers', days: 7 },
        terms: { amount: '3.00', wageringMultiplier: 30 },
      },
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const gifts = async (token: string) =>
      (
        (await call(server, '/wps/rewards', { headers: bearer(token) })).body.value as RewardList
      ).waiting.filter((reward) => reward.promotion?.code === 'SIGNUP_TEST');
    const first = await register('10.4.0.1', device());
    expect(await gifts(first.token)).toEqual([
      expect.objectContaining({ amount: '3.00', wageringRequired: '90.00' }),
    ]);
    // A second account from the same address gets nothing; one from elsewhere does.
    const second = await register('10.4.0.1', device());
    expect(await gifts(second.token)).toEqual([]);
    const elsewhere = await register('10.4.0.2', device());
    expect(await gifts(elsewhere.token)).toHaveLength(1);
    await opsCall(server, '/ops/promotions/SIGNUP_TEST/close', {});
  });
});

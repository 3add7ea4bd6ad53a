import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/shared/identity';
import type { ReferralView } from '../../../src/shared/referrals';
import type { RewardList } from '../../../src/shared/rewards';
import { creditDeposit } from '../../../server/domain/payments/deposits';
import { launchFirstSlot } from '../../support/gameClient';
import { sealPayload } from '../../../src/api/payloadCipher';
import { bearer, humanProof } from '../../support/identityClient';
import { grant, ledgerSum, newKey, opsCall } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Invite friends (issue 14) through the real server, on both engines: a friend registered with
 * the inviter's code earns the inviter the open referral promotion's reward once its first
 * deposit and turnover reach the condition — and never when it registered from an address or a
 * device the inviter has used. Addresses come from X-Forwarded-For (a trusted proxy here);
 * devices from the server's signed `device` cookie, which each test's browser keeps.
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

  /**
   * A browser: the device cookie it keeps (null until the server issues one) and, to play a
   * client that chooses its own, a `Device-Id` header as pages used to send.
   */
  interface Browser {
    cookie: string | null;
    header?: string;
  }
  const device = (): Browser => ({ cookie: null });
  const DEVICE_COOKIE = /(?:^|\s)device=([^;]*)/;
  /** The device ids on record for a member (member_devices). */
  const devicesOf = async (username: string) =>
    (
      await server.deps.db.query<{ device: string }>(
        `select d.device from member_devices d join members m on m.id = d.member_id
         where m.account = $1`,
        [username],
      )
    ).map((row) => row.device);
  /**
   * An (E) call from `ip` in `browser`, which keeps the device cookie the answer sets (as a
   * browser does).
   */
  const sealedCall = async (
    path: string,
    method: string,
    ip: string,
    browser: Browser,
    payload: unknown,
  ) => {
    const key = await call(server, '/wps/session/key/rsa');
    const sealed = await sealPayload((key.body.value as { publicKey: string }).publicKey, payload);
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        encryption: sealed.header,
        'x-forwarded-for': ip,
        ...(browser.cookie ? { cookie: `device=${browser.cookie}` } : {}),
        ...(browser.header ? { 'device-id': browser.header } : {}),
      },
      body: JSON.stringify(sealed.body),
    });
    const body = (await response.json()) as { success: boolean; value: unknown };
    expect(body.success, JSON.stringify(body)).toBe(true);
    // The server's device cookie: HttpOnly, its id signed.
    const cookie = response.headers.getSetCookie().find((line) => DEVICE_COOKIE.test(line));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    browser.cookie = DEVICE_COOKIE.exec(cookie!)![1]!;
    return (body.value as LoginResult).token;
  };
  /** Registers a new member from `ip` in `browser`, with an invite code when given. */
  const register = async (ip: string, browser: Browser, referralCode?: string) => {
    const username = `r${randomBytes(4).toString('hex')}`;
    const token = await sealedCall('/wps/member/register', 'PUT', ip, browser, {
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      email: `${username}@example.test`,
      altcha: await humanProof(server),
      login: true,
      ...(referralCode ? { referralCode } : {}),
    });
    return { username, token };
  };
  /** Logs `username` in from `ip` in `browser`. */
  const login = async (ip: string, browser: Browser, username: string) =>
    sealedCall('/wps/session/login', 'POST', ip, browser, {
      type: 'username',
      portal: 'player',
      username,
      password: 'abc12345',
      altcha: await humanProof(server),
    });
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
      turnoverMultiplier: 1,
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

  it('trusts only a device id it issued: a forged or client-chosen one is a new device (issue 28, finding 5)', async () => {
    const inviterBrowser = device();
    const inviter = await register('10.5.0.1', inviterBrowser);
    const [inviterDevice] = await devicesOf(inviter.username);
    expect(server.deps.identity.devices.verify(inviterBrowser.cookie)).toBe(inviterDevice);
    const { code } = await view(inviter.token);
    // The inviter's id with a made-up signature, its id alone, and the id sent as the header
    // pages used to send: none is the inviter's device, each gets a new one from the server.
    const forgeries: Browser[] = [
      { cookie: `${inviterDevice}.${'A'.repeat(43)}` },
      { cookie: inviterDevice! },
      { cookie: null, header: inviterDevice! },
    ];
    for (const [n, browser] of forgeries.entries()) {
      const friend = await register(`10.5.1.${n + 1}`, browser, code);
      const [issued] = await devicesOf(friend.username);
      expect(issued).not.toBe(inviterDevice);
      expect(server.deps.identity.devices.verify(browser.cookie)).toBe(issued);
    }
    const friends = (await view(inviter.token)).friends;
    expect(friends.map((friend) => [friend.state, friend.refusedReason])).toEqual([
      ['registered', null],
      ['registered', null],
      ['registered', null],
    ]);
    // The inviter's own browser, cookie as issued, is caught from any address; so is another
    // browser the inviter logged in from.
    await register('10.5.2.1', inviterBrowser, code);
    expect((await view(inviter.token)).friends[0]).toMatchObject({
      state: 'refused',
      refusedReason: 'same_device',
    });
    const laptop = device();
    await login('10.5.0.1', laptop, inviter.username);
    expect(await devicesOf(inviter.username)).toHaveLength(2);
    await register('10.5.2.2', laptop, code);
    expect((await view(inviter.token)).friends[0]).toMatchObject({
      state: 'refused',
      refusedReason: 'same_device',
    });
  });

  it('still refuses a ring whose accounts make up their own device ids (issue 28, finding 5)', async () => {
    const addresses = ['10.6.0.1', '10.6.0.2'];
    const madeUp = (): Browser => {
      const id = randomBytes(12).toString('hex');
      return { cookie: id, header: id };
    };
    const chosen: string[] = [];
    let inviterBrowser = madeUp();
    chosen.push(inviterBrowser.cookie!);
    let inviter = await register(addresses[0]!, inviterBrowser);
    const members = [inviter.username];
    const states: (string | null)[][] = [];
    for (let n = 1; n < 5; n += 1) {
      const { code } = await view(inviter.token);
      inviterBrowser = madeUp();
      chosen.push(inviterBrowser.cookie!);
      const friend = await register(addresses[n % 2]!, inviterBrowser, code);
      const [row] = (await view(inviter.token)).friends;
      states.push([row!.state, row!.refusedReason]);
      inviter = friend;
      members.push(friend.username);
    }
    expect(states).toEqual([
      ['registered', null],
      ['refused', 'same_address'],
      ['refused', 'same_address'],
      ['refused', 'same_address'],
    ]);
    // What is on record is what the server issued, never an id a client chose.
    const recorded = (await Promise.all(members.map(devicesOf))).flat();
    expect(recorded).toHaveLength(5);
    for (const id of recorded) expect(chosen).not.toContain(id);
    const linked = await server.deps.db.query<{ device: string }>(
      `select r.device from referrals r join members m on m.id = r.friend_id
       where m.account = any(string_to_array($1, ','))`,
      [members.join(',')],
    );
    expect(linked).toHaveLength(4);
    for (const row of linked) expect(chosen).not.toContain(row.device);
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
  it('pays the inviter only after the friend bets real money, never for a deposit alone (issue 28, finding 5)', async () => {
    // A promotion without a turnover floor nor a multiplier (as ones made before them): the
    // friend still has to bet its first deposit once.
    const refused = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'INVITE_ZERO',
        type: 'referralReward',
        content: { EN: { title: 'No play needed', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-02T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: { amount: '4.00', wageringMultiplier: 30, turnoverMultiplier: 0 },
      },
    });
    expect(refused.body.success).toBe(false);
    const created = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'INVITE_PLAY',
        type: 'referralReward',
        content: { EN: { title: 'Invite a player', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-02T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: { amount: '4.00', wageringMultiplier: 30 },
      },
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    try {
      const inviter = await register('10.7.0.1', device());
      const mine = await view(inviter.token);
      expect(mine.offer).toMatchObject({
        code: 'INVITE_PLAY',
        minTurnover: '0.00',
        turnoverMultiplier: 1,
      });
      const friend = await register('10.7.0.2', device(), mine.code);
      const deposit = await call(server, '/wps/deposit', {
        method: 'POST',
        headers: bearer(friend.token),
        json: { channel: 'DEMO', amount: '20.00', idempotencyKey: newKey() },
      });
      await creditDeposit(server.deps, (deposit.body.value as { id: string }).id);
      // Deposited, not played: nothing yet.
      expect((await view(inviter.token)).friends[0]).toMatchObject({
        state: 'registered',
        firstDeposit: '20.00',
        turnover: '0.00',
      });
      expect(await referralRewards(inviter.token)).toHaveLength(0);
      await grant(server, friend.username, '50.00');
      const launch = await launchFirstSlot(server, friend.token, 'RNG');
      const spin = async () =>
        expect(
          (
            await call(server, '/wps/demo-vendor/spin', {
              method: 'POST',
              json: { launch, bet: '10.00', roundId: newKey() },
            })
          ).body.success,
        ).toBe(true);
      await spin();
      expect((await view(inviter.token)).friends[0]).toMatchObject({
        state: 'registered',
        turnover: '10.00',
      });
      expect(await referralRewards(inviter.token)).toHaveLength(0);
      // The deposit bet once: paid.
      await spin();
      expect((await view(inviter.token)).friends[0]).toMatchObject({ state: 'rewarded' });
      expect(await referralRewards(inviter.token)).toEqual([
        expect.objectContaining({
          amount: '4.00',
          promotion: expect.objectContaining({ code: 'INVITE_PLAY' }),
        }),
      ]);
      expect(await ledgerSum(server)).toBe(0n);
    } finally {
      await opsCall(server, '/ops/promotions/INVITE_PLAY/close', {});
    }
  });
});

import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishOne } from '../../../server/platform/unitOfWork';
import type { SupportLoginResult } from '../../../src/shared/chat';
import type { LoginResult } from '../../../src/shared/identity';
import type { WithdrawalView } from '../../../src/shared/withdrawals';
import { prepareDatabase } from '../../../server/boot';
import { generateMemberPassword } from '../../../server/domain/identity/memberStatus';
import { hashPassword } from '../../../server/domain/identity/password';
import { DEMO_PASSWORD } from '../../../server/seed/demoAccounts';
import {
  bearer,
  encryptedCall,
  lastCode,
  loginReply,
  loginWhenAllowed,
  loginToken,
  smsCode,
} from '../../support/identityClient';
import { grant, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * A database first started in development (demo seed: support1 and the demo players with the
 * published demo password) that later runs with NODE_ENV=production (security review): the
 * production start disables the demo support account while it still has the demo password (its
 * console sessions end, its login is refused), and so every demo player and agent still on the
 * demo password (their sessions end, open tabs are told, login answers `account_disabled`; their
 * money and withdrawals already asked for stay); one with a password of its own is left alone.
 * The operator brings one back with `member password` then `member enable`. On both engines.
 */
describe.each(engines)('demo logins at a production start on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    // The operator pays the withdrawal below, not the demo channel's timer (5 s): on a busy
    // machine the timer paid first and the operator's answer met a paid withdrawal.
    server = await startTestServer(engine, {
      config: (base) => {
        base.payments.withdrawal.demoPaySeconds = null;
        return base;
      },
    });
  });
  afterAll(() => server.close());

  const staffLogin = (password: string) =>
    call(server, '/wps/support/session', { method: 'POST', json: { name: 'support1', password } });
  const ops = (path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(server.opsToken),
      ...(json === undefined ? {} : { json }),
    });

  it('disables the demo support account on the demo password and warns about demo members', async () => {
    const signedIn = await staffLogin(DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const { token } = signedIn.body.value as SupportLoginResult;
    expect((await call(server, '/wps/support/me', { headers: bearer(token) })).status).toBe(200);
    // A demo player whose password was changed is no longer a demo login.
    await server.deps.db.query(`update members set password_hash = $1 where account = 'player1'`, [
      await hashPassword('own-Passw0rd-1'),
    ]);

    // A development start changes nothing and says nothing.
    expect(await prepareDatabase(server.deps.db, server.deps.config, false)).toEqual({
      warning: null,
      endedSessions: [],
    });
    expect((await call(server, '/wps/support/me', { headers: bearer(token) })).status).toBe(200);

    const { warning } = await prepareDatabase(server.deps.db, server.deps.config, true);
    expect(warning).toContain('support1 still had the demo password and is now disabled');
    expect(warning).toContain('npm run ops -- support password support1');
    expect(warning).toMatch(/agent1, player2, player3, agent2, player4/);
    expect(warning).toContain('are now disabled');
    expect(warning).toMatch(/npm run ops -- member password (\w+), then member enable \1\./);
    expect(warning).not.toMatch(/\bplayer1\b/);
    expect((await call(server, '/wps/support/me', { headers: bearer(token) })).status).toBe(401);
    expect((await staffLogin(DEMO_PASSWORD)).status).toBe(401);
    expect((await ops('/ops/support/staff')).body.value).toContainEqual(
      expect.objectContaining({ name: 'support1', status: 'disabled' }),
    );

    // The operator gives it a password of its own and enables it: a later start leaves it.
    const reset = await ops('/ops/support/staff/support1/password', {});
    const { password } = reset.body.value as { password: string };
    await ops('/ops/support/staff/support1/status', { status: 'active' });
    const { warning: again } = await prepareDatabase(server.deps.db, server.deps.config, true);
    expect(again ?? '').not.toContain('support1');
    expect((await staffLogin(password)).status).toBe(200);
  });

  const works = async (token: string) =>
    (await call(server, '/wps/member/info', { headers: bearer(token) })).status === 200;
  const statusOf = async (account: string) =>
    (
      await server.deps.db.query<{ status: string }>(
        'select status from members where account = $1',
        [account],
      )
    )[0]?.status;

  /** A socket of `token`'s session, and the `session` events it hears. */
  async function listen(token: string) {
    const socket = connect(server.url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token },
    });
    const heard: string[] = [];
    socket.on('session', (event: { reason: string }) => heard.push(event.reason));
    // The rooms are joined in the turn the server connects the socket (server/realtime/io.ts):
    // an event published once the client hears "connect" reaches it, with no wait.
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    return { heard, close: () => socket.disconnect() };
  }

  it('disables the demo members on the demo password; the operator brings one back', async () => {
    // Bring the members back as a development database has them (the test above disabled them).
    await server.deps.db.query(
      `update members set status = 'active' where account in ('player3', 'player5', 'agent2')`,
    );
    // player3 asked for a withdrawal before the production start.
    await grant(server, 'player3', '500.00');
    const player3 = await loginToken(server, 'player3');
    const asked = await withdraw(server, player3, { amount: '100.00' });
    expect(asked.body).toMatchObject({ success: true });
    const withdrawal = asked.body.value as WithdrawalView;
    const player5 = await loginToken(server, 'player5');
    const tab = await listen(player5);
    // agent2 has a password of its own: left alone.
    await server.deps.db.query(`update members set password_hash = $1 where account = 'agent2'`, [
      await hashPassword('own-Passw0rd-2'),
    ]);
    try {
      const found = await prepareDatabase(server.deps.db, server.deps.config, true);
      expect(found.warning).toMatch(/player3, player5\n/);
      expect(found.warning).not.toMatch(/\bagent2\b/);
      expect(found.endedSessions.length).toBeGreaterThanOrEqual(2);
      // What boot does once the realtime layer runs: the open tab is told, as at a logout.
      publishOne(server.deps, 'sessionsEnded', {
        sessionIds: found.endedSessions,
        reason: 'disabled',
      });
      await expect.poll(() => tab.heard).toEqual(['disabled']);
      expect(await works(player5)).toBe(false);
      expect(await works(player3)).toBe(false);
      expect(await statusOf('player5')).toBe('disabled');
      expect(await statusOf('agent2')).toBe('active');
      // The README's password now meets a clear refusal, not a session.
      // (player8: player5 logged in less than a second ago.)
      const refused = await loginReply(server, { username: 'player8', password: DEMO_PASSWORD });
      expect(refused.body).toMatchObject({ success: false, code: 'account_disabled' });
      // A wrong password still answers as a wrong password (nothing told to a guesser).
      const wrong = await loginReply(server, { username: 'player7', password: 'Wrong-pass1' });
      expect(wrong.body.code).not.toBe('account_disabled');
      // The withdrawal asked for before goes on without the member: the operator pays it.
      const paid = await ops(`/ops/withdrawals/${withdrawal.id}`, { action: 'pay' });
      expect(paid.body).toMatchObject({ success: true });
      expect((paid.body.value as WithdrawalView).status).toBe('awaitingConfirmation');
    } finally {
      tab.close();
    }

    // Enabling refuses while the password is the demo one; unknown accounts are refused.
    const early = await ops('/ops/members/player5/status', { status: 'active' });
    expect(early.body).toMatchObject({ success: false, code: 'demo_password' });
    expect(early.body.message).toContain('npm run ops -- member password player5');
    expect(await statusOf('player5')).toBe('disabled');
    expect((await ops('/ops/members/nobody99/password', {})).body.code).toBe('not_found');
    expect((await ops('/ops/members/nobody99/status', { status: 'active' })).body.code).toBe(
      'not_found',
    );
    expect((await ops('/ops/members/player5/status', { status: 'open' })).status).toBe(400);
    expect((await ops('/ops/members/player5/status', {})).status).toBe(400);
    // Not without the operator's token.
    const stranger = await call(server, '/ops/members/player5/password', {
      method: 'POST',
      json: {},
    });
    expect(stranger.status).toBe(403);

    // A new generated password (shown once), then enable: the member logs in and must change it.
    const reset = await ops('/ops/members/PLAYER5/password', {});
    expect(reset.body.value).toMatchObject({ account: 'player5', status: 'disabled' });
    const { password } = reset.body.value as { password: string };
    expect(password).not.toBe(DEMO_PASSWORD);
    expect((await loginWhenAllowed(server, { username: 'player5', password })).body.code).toBe(
      'account_disabled',
    );
    const enabled = await ops('/ops/members/player5/status', { status: 'active' });
    expect(enabled.body.value).toEqual({ account: 'player5', status: 'active' });
    const back = await loginWhenAllowed(server, { username: 'player5', password });
    expect(back.body.success).toBe(true);
    const result = back.body.value as LoginResult;
    expect(result.defaultPassword).toBe(true);
    expect(await works(result.token)).toBe(true);
    // A later production start leaves it alone; player3's withdrawal went on.
    const later = await prepareDatabase(server.deps.db, server.deps.config, true);
    expect(later.warning ?? '').not.toMatch(/\bplayer5\b/);
    const player3Hold = await server.deps.db.query<{ status: string }>(
      'select status from withdrawals where id = $1',
      [withdrawal.id],
    );
    expect(player3Hold[0]?.status).toBe('awaitingConfirmation');

    // Disabling by hand ends the sessions and tells the open tabs; the password reset too.
    const tab5 = await listen(result.token);
    try {
      const disabled = await ops('/ops/members/player5/status', { status: 'disabled' });
      expect(disabled.body.value).toEqual({ account: 'player5', status: 'disabled' });
      await expect.poll(() => tab5.heard).toEqual(['disabled']);
      expect(await works(result.token)).toBe(false);
    } finally {
      tab5.close();
    }

    // A disabled member gets no session by a password reset either, and its password stays.
    expect((await ops('/ops/members/player1/status', { status: 'disabled' })).body.value).toEqual({
      account: 'player1',
      status: 'disabled',
    });
    await smsCode(server, 'noLogin', '900000001');
    const reset1 = await encryptedCall(server, '/wps/member/password/verification', 'POST', {
      mobileNum: '900000001',
      countryDialingCode: '84',
      verificationCode: await lastCode(server, '+84900000001'),
      newPassword: 'Mobile123',
    });
    expect(reset1.body).toMatchObject({ success: false, code: 'account_disabled' });
    const own = await loginReply(server, { username: 'player1', password: 'own-Passw0rd-1' });
    expect(own.body.code).toBe('account_disabled');
  });

  it('generates passwords the configured password rule accepts', () => {
    const rule = {
      acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
      patternId: 'X',
      minLength: 6,
      maxLength: 8,
    };
    for (let i = 0; i < 50; i += 1) {
      const password = generateMemberPassword(rule);
      expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]{8}$/);
    }
    expect(generateMemberPassword()).toHaveLength(16);
  });
});

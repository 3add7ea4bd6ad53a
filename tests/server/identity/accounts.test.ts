import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/shared/identity';
import {
  bearer,
  encryptedCall,
  humanProof,
  lastCode,
  loginReply,
  loginToken,
  smsCode,
} from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

describe.each(engines)('registration and passwords on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const register = async (fields: Record<string, string>, path = '/wps/member/register') =>
    encryptedCall(server, path, 'PUT', {
      ...fields,
      altcha: await humanProof(server),
      login: true,
      registerMethod: 'WEB',
    });

  it('registers by username, logs the new member in, and refuses the same name again', async () => {
    const reply = await register({
      username: 'newbie01',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      email: 'n@example.test',
    });
    expect(reply.status).toBe(200);
    const { token, firstTimeLogin } = reply.body.value as LoginResult;
    expect(firstTimeLogin).toBe(true);
    const info = await call(server, '/wps/member/info', { headers: bearer(token) });
    expect(info.body.value).toMatchObject({
      account: 'newbie01',
      email: 'ne@example.test'.replace('ne@', 'n*@'),
    });
    const again = await register({
      username: 'NEWBIE01',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'username_taken' } });
  });

  it('applies the configured field rules and the confirmation on the server', async () => {
    const badName = await register({
      username: '1abc',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(badName.body).toMatchObject({ code: 'field_invalid', value: { field: 'username' } });
    const mismatch = await register({
      username: 'okname1',
      password: 'abc12345',
      confirmPassword: 'abc12346',
    });
    expect(mismatch.body).toMatchObject({
      code: 'field_invalid',
      value: { field: 'confirmPassword' },
    });
    const weak = await register({
      username: 'okname1',
      password: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(weak.body).toMatchObject({ code: 'field_invalid', value: { field: 'password' } });
    expect(await server.deps.db.query(`select 1 from members where account = 'okname1'`)).toEqual(
      [],
    );
  });

  it('checks affiliate codes: an agent code makes the agent the upline, a wrong code is refused', async () => {
    expect(
      (await call(server, '/wps/agent/affiliate?code=agent1&domain=localhost')).body.value,
    ).toBe(true);
    expect((await call(server, '/wps/agent/affiliate?code=NOPE1')).body.code).toBe(
      'invitation_code_error',
    );
    const wrong = await register({
      username: 'downline1',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      affiliateCode: 'NOPE1',
    });
    expect(wrong.body.code).toBe('invitation_code_error');
    const right = await register({
      username: 'downline1',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      affiliateCode: 'AGENT1',
    });
    expect(right.status).toBe(200);
    const [row] = await server.deps.db.query<{ upline: string }>(
      `select u.account as upline from members m join members u on u.id = m.upline_id where m.account = 'downline1'`,
    );
    expect(row?.upline).toBe('agent1');
  });

  it('registers by mobile with the SMS code, and refuses a second account on that number', async () => {
    const sent = await smsCode(server, 'register', '911222333');
    expect(sent.body).toMatchObject({ success: true });
    const code = await lastCode(server, '+84911222333');
    const reply = await register(
      {
        mobileNum: '911222333',
        countryDialingCode: '84',
        verificationCode: code,
        password: 'abc12345',
        confirmPassword: 'abc12345',
      },
      '/wps/member/register/mobile',
    );
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
    await sleep(1000);
    const taken = await smsCode(server, 'register', '911222333');
    expect(taken).toMatchObject({ status: 409, body: { code: 'mobile_taken' } });
  });

  it('says the number is taken when a code sent before it was registered is used after', async () => {
    const fields = (verificationCode: string) => ({
      mobileNum: '911222444',
      countryDialingCode: '84',
      verificationCode,
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    await sleep(1000);
    expect((await smsCode(server, 'register', '911222444')).status).toBe(200);
    const first = await lastCode(server, '+84911222444');
    await sleep(1000);
    expect((await smsCode(server, 'register', '911222444')).status).toBe(200);
    const second = await lastCode(server, '+84911222444');
    const made = await register(fields(second), '/wps/member/register/mobile');
    expect(made.body, JSON.stringify(made.body)).toMatchObject({ success: true });
    // The first code is still good, but the number now belongs to an account: the form must say
    // so on its mobile tab, not that a username is taken.
    const again = await register(fields(first), '/wps/member/register/mobile');
    expect(again).toMatchObject({ status: 409, body: { code: 'mobile_taken' } });
  });

  it('limits SMS: one a second per address, five per number, then a 5-minute wait', async () => {
    await sleep(1000);
    // Two at once from one address, their proofs of work made first: one is sent, the other
    // throttled (sent one after the other, a busy machine let more than a second pass between
    // them: CI red once).
    const proofs = [await humanProof(server), await humanProof(server)];
    const both = await Promise.all(
      proofs.map((altcha) =>
        call(server, '/wps/verification/sms/noLogin', {
          method: 'POST',
          json: { mobileNum: '922000000', countryDialingCode: '84', altcha },
        }),
      ),
    );
    expect(both.map((reply) => reply.body.code ?? 'sent').sort()).toEqual(['sent', 'throttled']);
    for (let sent = 2; sent <= 5; sent += 1) {
      await sleep(1000);
      expect((await smsCode(server, 'noLogin', '922000000')).status).toBe(200);
    }
    await sleep(1000);
    const blocked = await smsCode(server, 'noLogin', '922000000');
    expect(blocked).toMatchObject({ status: 429, body: { code: 'too_many_requests' } });
    expect((blocked.body.value as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(
      290,
    );
  });

  it('changes a password: old one checked, all sessions end, a new token comes back', async () => {
    const other = await loginToken(server, 'player3');
    await sleep(1000);
    const token = await loginToken(server, 'player3');
    const headers = bearer(token);
    const { resolveSession } = await import('../../../server/domain/identity/sessions');
    const asking = (await resolveSession(server.deps.db, token))!.sessionId;
    const elsewhere = (await resolveSession(server.deps.db, other))!.sessionId;
    const announced: string[] = [];
    server.deps.changes.on('sessionsEnded', ({ sessionIds }) => announced.push(...sessionIds));
    const wrongOld = await encryptedCall(
      server,
      '/wps/member/password',
      'POST',
      { oldPassword: 'nope', newPassword: 'newPass99', confirmNewPassword: 'newPass99' },
      headers,
    );
    expect(wrongOld.body.code).toBe('old_password_wrong');
    const changed = await encryptedCall(
      server,
      '/wps/member/password',
      'POST',
      { oldPassword: 'Passw0rd!', newPassword: 'newPass99', confirmNewPassword: 'newPass99' },
      headers,
    );
    expect(changed.status).toBe(200);
    expect((await call(server, '/wps/member/info', { headers })).status).toBe(401);
    expect((await call(server, '/wps/member/info', { headers: bearer(other) })).status).toBe(401);
    // Other tabs are told; the tab that asked has its new token already and is not logged out.
    expect(announced).toContain(elsewhere);
    expect(announced).not.toContain(asking);
    const fresh = (changed.body.value as LoginResult).token;
    expect((await call(server, '/wps/member/info', { headers: bearer(fresh) })).status).toBe(200);
  });

  it('resets by mobile code and logs the member in', async () => {
    await sleep(1000);
    await smsCode(server, 'noLogin', '900000001');
    const code = await lastCode(server, '+84900000001');
    const reply = await encryptedCall(server, '/wps/member/password/verification', 'POST', {
      mobileNum: '900000001',
      countryDialingCode: '84',
      verificationCode: code,
      newPassword: 'mobile123',
    });
    expect(reply.status).toBe(200);
    await sleep(1000);
    expect((await loginReply(server, { username: 'player1', password: 'mobile123' })).status).toBe(
      200,
    );
  });
});

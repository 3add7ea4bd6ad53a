import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMe, SupportLoginResult } from '../../../src/shared/chat';
import { bearer } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { appCode, newStaff, staffLogin } from './staffClient';

/**
 * Two-factor sign-in for staff (issue 30): the back office refuses a session that did not prove
 * the second factor; setting it up takes a first code and answers ten recovery codes; a login
 * then needs a code, each code works once (a parallel burst with one code opens one session),
 * each recovery code once; an admin's reset ends every session; an idle session ends.
 */
describe.each(engines)('staff two-factor sign-in on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server.close();
  });

  const withdrawals = (token: string) =>
    call(server, '/ops/withdrawals', { headers: bearer(token) });

  it('keeps the back office closed until it is set up, then opens it to that session', async () => {
    const made = await call(server, '/ops/support/staff', {
      method: 'POST',
      headers: bearer(server.opsToken),
      json: { name: 'fin.new', roles: ['finance'] },
    });
    const { password } = made.body.value as { password: string };
    const { token } = (await staffLogin(server, { name: 'fin.new', password })).body
      .value as SupportLoginResult;
    expect(await withdrawals(token)).toMatchObject({
      status: 403,
      body: { code: 'staff_two_factor_required' },
    });
    const setup = await call(server, '/wps/support/two-factor/setup', {
      method: 'POST',
      headers: bearer(token),
    });
    const { secret, uri } = setup.body.value as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*fin\.new.*secret=/);
    const wrong = await call(server, '/wps/support/two-factor/confirm', {
      method: 'POST',
      headers: bearer(token),
      json: { code: '000000' === (await appCode(secret)) ? '111111' : '000000' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'staff_code_wrong' } });
    const confirmed = await call(server, '/wps/support/two-factor/confirm', {
      method: 'POST',
      headers: bearer(token),
      json: { code: await appCode(secret) },
    });
    const { recoveryCodes } = confirmed.body.value as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await withdrawals(token)).status).toBe(200);
    const me = (await call(server, '/wps/support/me', { headers: bearer(token) })).body
      .value as StaffMe;
    expect(me).toMatchObject({ roles: ['finance'], twoFactorOn: true, twoFactor: true });
    // Set up once: a second setup is refused (an admin resets it).
    const again = await call(server, '/wps/support/two-factor/setup', {
      method: 'POST',
      headers: bearer(token),
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'staff_two_factor_on' } });
  });

  it('keeps the app secret sealed in the database (STAFF_SECRET_KEY), never as given', async () => {
    const staff = await newStaff(server, 'fin.sealed', ['finance']);
    const [row] = await server.deps.db.query<{ totp_secret: string }>(
      'select totp_secret from support_staff where name = $1',
      ['fin.sealed'],
    );
    expect(row!.totp_secret).toMatch(/^v1\./);
    expect(row!.totp_secret).not.toContain(staff.secret);
    expect(server.deps.identity.secrets.open(row!.totp_secret, 'staff-totp-secret')).toBe(
      staff.secret,
    );
    // Sealed for one purpose, it opens for no other.
    expect(() => server.deps.identity.secrets.open(row!.totp_secret, 'other')).toThrow();
  });

  it('asks every login for a code, takes each code once, and each recovery code once', async () => {
    const staff = await newStaff(server, 'fin.codes', ['finance']);
    expect(await staffLogin(server, { name: staff.name, password: staff.password })).toMatchObject({
      status: 401,
      body: { code: 'staff_code_required' },
    });
    // The setup used this step's code; a login takes the next step's, once, even in a burst
    // (of five: the name's lock counts what is in flight, and would refuse a sixth).
    const code = await appCode(staff.secret, 1);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        staffLogin(server, { name: staff.name, password: staff.password, code }),
      ),
    );
    expect(burst.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(burst.filter((reply) => reply.body.code === 'staff_code_wrong')).toHaveLength(4);
    const { token } = burst.find((reply) => reply.status === 200)!.body.value as SupportLoginResult;
    expect((await withdrawals(token)).status).toBe(200);

    const recovery = staff.recoveryCodes[0]!;
    const first = await staffLogin(server, {
      name: staff.name,
      password: staff.password,
      recoveryCode: recovery.toUpperCase(),
    });
    expect(first.status).toBe(200);
    const second = await staffLogin(server, {
      name: staff.name,
      password: staff.password,
      recoveryCode: recovery,
    });
    expect(second).toMatchObject({ status: 401, body: { code: 'staff_code_wrong' } });
  });

  it("ends every session at an admin's reset, and a session left idle", async () => {
    const staff = await newStaff(server, 'fin.reset', ['finance']);
    const admin = await newStaff(server, 'adm.reset', ['admin']);
    const noReason = await call(server, `/ops/staff/${staff.name}/two-factor/reset`, {
      method: 'POST',
      headers: bearer(admin.token),
      json: {},
    });
    expect(noReason.status).toBe(400);
    const reset = await call(server, `/ops/staff/${staff.name}/two-factor/reset`, {
      method: 'POST',
      headers: bearer(admin.token),
      json: { reason: 'Lost phone' },
    });
    expect(reset).toMatchObject({ status: 200, body: { value: { endedSessions: 1 } } });
    expect((await withdrawals(staff.token)).status).toBe(403);
    const login = await staffLogin(server, { name: staff.name, password: staff.password });
    expect(login.status).toBe(200);
    const { token } = login.body.value as SupportLoginResult;
    expect(await withdrawals(token)).toMatchObject({
      status: 403,
      body: { code: 'staff_two_factor_required' },
    });

    await server.deps.db.query(
      `update support_sessions set last_seen_at = now() - interval '31 minutes'
       where staff_id = (select id from support_staff where name = $1)`,
      [admin.name],
    );
    expect((await call(server, '/wps/support/me', { headers: bearer(admin.token) })).status).toBe(
      401,
    );
    expect(
      (await call(server, '/ops/support/staff', { headers: bearer(admin.token) })).status,
    ).toBe(403);
  });
});

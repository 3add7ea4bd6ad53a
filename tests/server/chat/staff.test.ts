import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportLoginResult, SupportStaffView } from '../../../src/shared/chat';
import { bearer } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * The support console's accounts (issue 16): made by the operator (`npm run ops -- support
 * add`), the password generated and shown once; a login refused alike for an unknown name, a
 * wrong password and a disabled account; guesses counted before the password is checked (a
 * parallel burst cannot get past the limit); a new password or disabling ends every session,
 * and its console sockets with them.
 */
describe.each(engines)('support staff on %s', (engine) => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await server.close();
  });

  const ops = (path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(server.opsToken),
      ...(json === undefined ? {} : { json }),
    });
  const login = (name: string, password: string) =>
    call(server, '/wps/support/session', { method: 'POST', json: { name, password } });

  it('makes an account with a generated password, shown once, that logs in to the console', async () => {
    const made = await ops('/ops/support/staff', { name: 'Anna.B', displayName: ' Anna  B ' });
    expect(made.status).toBe(200);
    const { staff, password } = made.body.value as { staff: SupportStaffView; password: string };
    expect(staff).toMatchObject({ name: 'anna.b', displayName: 'Anna B', available: true });
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [row] = await server.deps.db.query<{ password_hash: string }>(
      `select password_hash from support_staff where name = 'anna.b'`,
    );
    expect(row!.password_hash).not.toContain(password);
    expect((await ops('/ops/support/staff')).body.value).toContainEqual(
      expect.objectContaining({ name: 'anna.b', status: 'active' }),
    );

    const session = await login('ANNA.B', password);
    expect(session.status).toBe(200);
    const { token, staff: me } = session.body.value as SupportLoginResult;
    const whoAmI = await call(server, '/wps/support/me', { headers: bearer(token) });
    expect(whoAmI.body.value).toEqual(me);
    // Only the operator (or an admin: issue 30) makes accounts; names and display names are
    // checked. A console session without the second factor does not get into the back office.
    const stranger = await call(server, '/ops/support/staff', {
      method: 'POST',
      headers: bearer(token),
      json: { name: 'mallory' },
    });
    expect(stranger).toMatchObject({ status: 403, body: { code: 'staff_two_factor_required' } });
    for (const [json, code] of [
      [{ name: 'anna.b' }, 'support_staff_exists'],
      [{ name: '1abc' }, 'support_name_invalid'],
      [{ name: 'ab' }, 'support_name_invalid'],
      [{ name: 'zed', displayName: '\u0007' }, 'support_display_name_invalid'],
      [{ name: 'zed', displayName: 'x'.repeat(41) }, 'support_display_name_invalid'],
      [{ name: 'zed', role: 'admin' }, 'invalid_request'],
    ] as const) {
      const reply = await ops('/ops/support/staff', json);
      expect(reply.body.code, code).toBe(code);
    }
    expect((await ops('/ops/support/staff')).body.value).not.toContainEqual(
      expect.objectContaining({ name: 'zed' }),
    );
  });

  it('refuses unknown names, wrong passwords and bad shapes alike, and logs out', async () => {
    const { password } = (await ops('/ops/support/staff', { name: 'bao' })).body.value as {
      password: string;
    };
    for (const [name, pass] of [
      ['bao', 'wrong-password'],
      ['nobody', password],
    ]) {
      const reply = await login(name!, pass!);
      expect(reply).toMatchObject({ status: 401, body: { code: 'support_login_failed' } });
    }
    const shape = await call(server, '/wps/support/session', {
      method: 'POST',
      json: { name: 'bao' },
    });
    expect(shape).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    const { token } = (await login('bao', password)).body.value as SupportLoginResult;
    const out = await call(server, '/wps/support/session', {
      method: 'DELETE',
      headers: bearer(token),
    });
    expect(out.status).toBe(200);
    const after = await call(server, '/wps/support/rooms', { headers: bearer(token) });
    expect(after).toMatchObject({ status: 401, body: { code: 'support_not_logged_in' } });
  });

  it('locks a name after five failures, counted before the password is checked (parallel guesses)', async () => {
    const { password } = (await ops('/ops/support/staff', { name: 'chi' })).body.value as {
      password: string;
    };
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, n) => login('chi', `guess-${n}`)),
    );
    const codes = guesses.map((reply) => reply.body.code);
    expect(codes.filter((code) => code === 'support_login_failed')).toHaveLength(5);
    expect(codes.filter((code) => code === 'support_login_locked')).toHaveLength(7);
    // The right password is refused too while the name is locked.
    const locked = await login('chi', password);
    expect(locked).toMatchObject({ status: 429, body: { code: 'support_login_locked' } });
    expect((locked.body.value as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(
      0,
    );
  });

  it('ends every session, and cuts its console sockets, on a new password or when disabled', async () => {
    const { password } = (await ops('/ops/support/staff', { name: 'dung' })).body.value as {
      password: string;
    };
    const { token } = (await login('dung', password)).body.value as SupportLoginResult;
    const { io } = await import('socket.io-client');
    const socket = io(`${server.url}/chat`, {
      transports: ['websocket'],
      forceNew: true,
      auth: { staffToken: token },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const ended = new Promise<{ reason: string }>((resolve) =>
      socket.once('chatSession', (event: { reason: string }) => resolve(event)),
    );
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const reset = await ops('/ops/support/staff/dung/password', {});
    const fresh = (reset.body.value as { password: string }).password;
    expect(fresh).not.toBe(password);
    expect(await ended).toEqual({ reason: 'password_reset' });
    expect(await gone).toBe('io server disconnect');
    const old = await call(server, '/wps/support/me', { headers: bearer(token) });
    expect(old.status).toBe(401);
    expect((await login('dung', password)).status).toBe(401);

    const { token: second } = (await login('dung', fresh)).body.value as SupportLoginResult;
    const disabled = await ops('/ops/support/staff/dung/status', { status: 'disabled' });
    expect(disabled.body.value).toMatchObject({ status: 'disabled' });
    expect((await call(server, '/wps/support/me', { headers: bearer(second) })).status).toBe(401);
    expect(await login('dung', fresh)).toMatchObject({
      status: 401,
      body: { code: 'support_login_failed' },
    });
    await ops('/ops/support/staff/dung/status', { status: 'active' });
    expect((await login('dung', fresh)).status).toBe(200);
    expect((await ops('/ops/support/staff/nobody/password', {})).status).toBe(404);
  });
});

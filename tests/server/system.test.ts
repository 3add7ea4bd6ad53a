import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revealCustomerServicePath } from '../../src/shared/customerService';
import type { HelpCentre } from '../../src/shared/help';
import type { SystemEvent } from '../../src/shared/realtime';
import type { SystemStatusResponse } from '../../src/shared/system';
import { bearer, loginReply, loginToken } from '../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../support/testServer';

describe.each(engines)('system endpoints on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const ops = (json: unknown) =>
    call(server, '/ops/maintenance', {
      method: 'POST',
      json,
      headers: { authorization: `Bearer ${server.opsToken}` },
    });

  it('reports status with site info, visitor IP and no maintenance by default', async () => {
    const { status, body } = await call(server, '/wps/system/status');
    expect(status).toBe(200);
    const value = body.value as SystemStatusResponse;
    expect(value.maintenance).toBe(false);
    expect(value.regionRestriction).toBe(false);
    expect(value.maintenanceEnd).toBeNull();
    expect(value.location.ip).toBe('127.0.0.1');
    expect(value.info.brand.merchantCode).toBe('AURORA');
    expect(value.info.brand.languages).toContain('ES');
    expect(value.info.analytics).toEqual({ gtagId: null });
    expect(value.info.imageCDNs.length).toBeGreaterThan(0);
    expect(value.info.launchGameCDNs.length).toBeGreaterThan(0);
    expect(value.info.whitelabel.length).toBeGreaterThan(0);
    expect(value.info.register).toEqual({ usernameRegistration: true, mobileRegistration: true });
    // Customer-service entries carry their csType; paths are obfuscated, and decode with their
    // own last 8 characters.
    const [chat, help] = value.info.customerService;
    expect(chat?.csType).toBe('LIVE');
    expect(chat?.path).not.toContain('chat');
    expect(revealCustomerServicePath(chat!.path)).toBe('/chat');
    expect(help?.csType).toBe('HELP');
    expect(help?.path).not.toContain('helpmc');
    expect(revealCustomerServicePath(help!.path)).toBe('/helpmc#live-support');
  });

  it('serves the whitelabel tree, domain routes and help centre in the asked language', async () => {
    const whitelabel = await call(server, '/wps/system/whitelabel');
    expect(whitelabel.body.value).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ modId: 'AGENTPOLICY3', enabled: true, childrenNodes: [] }),
      ]),
    );
    const routes = await call(server, '/wps/system/domainRoute');
    expect(routes.body.value).toEqual([{ domain: 'localhost', type: 'MAIN' }]);
    // The help centre's own tests are tests/server/help/helpCenter.test.ts.
    const spanish = await call(server, '/wps/system/helpCenter', { headers: { language: 'ES' } });
    expect((spanish.body.value as HelpCentre).sections[0]?.title).toBe('Cuenta y seguridad');
    const english = await call(server, '/wps/system/helpCenter');
    expect((english.body.value as HelpCentre).sections[0]?.title).toBe('Account and security');
    const relayed = await call(server, '/wps/relay/getHelpV2?lang=es&device=WEB');
    expect(relayed.body.value).toEqual(spanish.body.value);
  });

  it('gives the registration settings and the validation rules as two readings', async () => {
    const settings = await call(server, '/wps/system/setting/register');
    expect((settings.body.value as Record<string, unknown>).username).toEqual({
      enabled: true,
      required: true,
    });
    const rules = await call(server, '/wps/system/setting/register?type=VALIDATION');
    const username = (rules.body.value as Record<string, { patternId: string; minLength: number }>)
      .username;
    expect(username).toMatchObject({
      patternId: 'LETTER_FIRST_ALNUM',
      minLength: 4,
      maxLength: 16,
    });
    // Disabled fields have no rule to send.
    expect(rules.body.value).not.toHaveProperty('qqNum');
  });

  it('accepts an offered language change and refuses one the brand does not offer', async () => {
    const accepted = await call(server, '/wps/system/language', {
      method: 'PUT',
      json: { language: 'es' },
    });
    expect(accepted).toEqual({
      status: 200,
      body: { success: true, value: { language: 'ES', stored: false } },
    });
    const refused = await call(server, '/wps/system/language', {
      method: 'PUT',
      json: { language: 'TY' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_request');
  });

  it("keeps a member's language on the member: the next login, on any device, finds it", async () => {
    const first = await loginToken(server, 'player1');
    const info = async (token: string) =>
      (await call(server, '/wps/member/info', { headers: bearer(token) })).body.value as {
        language: string | null;
      };
    const chosen = await call(server, '/wps/system/language', {
      method: 'PUT',
      json: { language: 'vi' },
      headers: bearer(first),
    });
    expect(chosen.body.value).toEqual({ language: 'VI', stored: true });
    // Another device: a session of its own (one login a second per account and address).
    let again = await loginReply(server, { username: 'player1', password: 'Passw0rd!' });
    while (again.body.code === 'throttled')
      again = await loginReply(server, { username: 'player1', password: 'Passw0rd!' });
    const second = (again.body.value as { token: string }).token;
    expect((await info(second)).language).toBe('VI');
    // A refused language changes nothing; a token the server cannot accept is refused (issue
    // 32: the choice is not quietly kept as a guest's), and without one it is a guest's.
    await call(server, '/wps/system/language', {
      method: 'PUT',
      json: { language: 'TY' },
      headers: bearer(second),
    });
    const guest = await call(server, '/wps/system/language', {
      method: 'PUT',
      json: { language: 'th' },
      headers: bearer('not-a-token'),
    });
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: false, code: 'not_logged_in' });
    const asGuest = await call(server, '/wps/system/language', {
      method: 'PUT',
      json: { language: 'th' },
    });
    expect(asGuest.body.value).toEqual({ language: 'TH', stored: false });
    expect((await info(second)).language).toBe('VI');
  });

  it('switches maintenance for every open socket live, and closes the API meanwhile', async () => {
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const events: SystemEvent[] = [];
    socket.on('system', (event) => events.push(event));

    const end = '2026-12-01T06:00:00.000Z';
    expect((await ops({ enabled: true, end })).status).toBe(200);
    await expect.poll(() => events.length).toBe(1);
    expect(events[0]).toMatchObject({ status: 1, maintenanceEnd: end });

    const status = (await call(server, '/wps/system/status')).body.value as SystemStatusResponse;
    expect(status).toMatchObject({ maintenance: true, maintenanceEnd: end });
    const closed = await call(server, '/wps/relay/getHelpV2?lang=en');
    expect(closed).toMatchObject({ status: 503, body: { success: false, code: 'maintenance' } });

    await ops({ enabled: false });
    await expect.poll(() => events.length).toBe(2);
    expect(events[1]).toMatchObject({ status: 0, maintenanceEnd: null });
    expect(events[1]!.seq).toBeGreaterThan(events[0]!.seq);
    expect((await call(server, '/wps/relay/getHelpV2?lang=en')).status).toBe(200);
    socket.disconnect();
  });

  it('refuses operator calls without the operator token', async () => {
    const anonymous = await call(server, '/ops/maintenance', {
      method: 'POST',
      json: { enabled: true },
    });
    expect(anonymous).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const wrong = await call(server, '/ops/maintenance', {
      method: 'POST',
      json: { enabled: true },
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(403);
    expect(
      ((await call(server, '/wps/system/status')).body.value as SystemStatusResponse).maintenance,
    ).toBe(false);
  });
});

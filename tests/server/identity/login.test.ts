import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginFailure, LoginResult, MemberInfo } from '../../../src/shared/identity';
import { bearer, lastCode, loginReply, loginToken, smsCode } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

describe.each(engines)('login on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { trustProxy: 'loopback' });
  });
  afterAll(() => server.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('logs a player in with password and proof of work; the token reads member info', async () => {
    const reply = await loginReply(server, { username: 'player2', password: 'Passw0rd!' });
    expect(reply.status).toBe(200);
    const result = reply.body.value as LoginResult;
    expect(result).toMatchObject({
      firstTimeLogin: true,
      passwordExpired: false,
      defaultPassword: false,
    });
    const info = await call(server, '/wps/member/info', { headers: bearer(result.token) });
    expect(info.body.value).toMatchObject({
      account: 'player2',
      type: 0,
    } satisfies Partial<MemberInfo>);
    await sleep(1000);
    const again = await loginReply(server, { username: 'player2', password: 'Passw0rd!' });
    expect((again.body.value as LoginResult).firstTimeLogin).toBe(false);
  });

  it('refuses a password login without a solved challenge', async () => {
    const reply = await loginReply(server, {
      username: 'player3',
      password: 'Passw0rd!',
      altcha: 'bm9wZQ==',
    });
    expect(reply).toMatchObject({ status: 400, body: { code: 'challenge_failed' } });
  });

  it('asks for the captcha after three failures, then accepts the right answer only', async () => {
    const ip = '198.51.100.10';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const reply = await loginReply(server, { username: 'player3', password: 'wrong' }, from(ip));
      expect(reply.body.code).toBe('invalid_credentials');
      expect((reply.body.value as LoginFailure).captcha).toBe(attempt >= 3);
      await sleep(1000);
    }
    const withoutCaptcha = await loginReply(
      server,
      { username: 'player3', password: 'Passw0rd!' },
      from(ip),
    );
    expect(withoutCaptcha.body).toMatchObject({
      code: 'captcha_required',
      value: { captcha: true },
    });

    await sleep(1000);
    const image = await call(server, '/wps/captcha', { headers: from(ip) });
    const { captchaId } = image.body.value as { captchaId: string; image: string };
    expect((image.body.value as { image: string }).image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await loginReply(
      server,
      { username: 'player3', password: 'Passw0rd!', captchaId, captcha: 'zzzz' },
      from(ip),
    );
    expect(wrong.body.code).toBe('captcha_invalid');

    await sleep(1000);
    const fresh = (await call(server, '/wps/captcha', { headers: from(ip) })).body.value as {
      captchaId: string;
    };
    const { answer } = (await call(server, `/wps/dev/captcha/${fresh.captchaId}`)).body.value as {
      answer: string;
    };
    await sleep(1000);
    const right = await loginReply(
      server,
      {
        username: 'player3',
        password: 'Passw0rd!',
        captchaId: fresh.captchaId,
        captcha: answer.toUpperCase(),
      },
      from(ip),
    );
    expect(right.status).toBe(200);
  });

  it('throttles captcha refreshes to one a second', async () => {
    const headers = from('198.51.100.11');
    expect((await call(server, '/wps/captcha', { headers })).status).toBe(200);
    expect(await call(server, '/wps/captcha', { headers })).toMatchObject({
      status: 429,
      body: { code: 'throttled' },
    });
  });

  it('lets only agents in through the agent portal', async () => {
    const player = await loginReply(server, {
      username: 'player1',
      password: 'Passw0rd!',
      portal: 'agent',
    });
    expect(player).toMatchObject({ status: 403, body: { code: 'not_agent' } });
    const agent = await loginReply(server, {
      username: 'agent1',
      password: 'Passw0rd!',
      portal: 'agent',
    });
    expect(agent.status).toBe(200);
  });

  it('refuses non-member accounts everywhere', async () => {
    await server.deps.db.query(`update members set kind = 'system' where account = 'player3'`);
    try {
      await sleep(1000);
      const reply = await loginReply(server, { username: 'player3', password: 'Passw0rd!' });
      expect(reply).toMatchObject({ status: 403, body: { code: 'not_member' } });
    } finally {
      await server.deps.db.query(`update members set kind = 'member' where account = 'player3'`);
    }
  });

  it('logs in by SMS code without proof of work; a wrong code is refused', async () => {
    expect((await smsCode(server, 'noLogin', '900000001')).body.value).toEqual({
      expiredMinutes: 1,
    });
    const code = await lastCode(server, '+84900000001');
    const wrong = await loginReply(server, {
      type: 'sms',
      mobileNum: '900000001',
      countryDialingCode: '84',
      verificationCode: '000000',
    });
    expect(wrong.body.code).toBe('verification_code_invalid');
    await sleep(1000);
    const right = await loginReply(server, {
      type: 'sms',
      mobileNum: '900000001',
      countryDialingCode: '84',
      verificationCode: code,
    });
    expect(right.status).toBe(200);
  });

  it('asks for a code from a new address, sent to the bound mobile', async () => {
    await loginToken(server, 'player1'); // records 127.0.0.1
    await sleep(1000);
    const ip = '203.0.113.50';
    const reply = await loginReply(
      server,
      { username: 'player1', password: 'Passw0rd!' },
      from(ip),
    );
    expect(reply).toMatchObject({
      status: 403,
      body: {
        code: 'ip_verification_required',
        value: { ipVerification: { channels: ['sms', 'email'], maskedMobile: '+84 *****0001' } },
      },
    });
    const code = await lastCode(server, '+84900000001');
    await sleep(1000);
    const verified = await loginReply(
      server,
      { username: 'player1', password: 'Passw0rd!', ipVerificationCode: code },
      from(ip),
    );
    expect(verified.status).toBe(200);
  });

  it('starts a trial session (type 4) that real-money calls refuse', async () => {
    const trial = await call(server, '/wps/session/login/freeplay', {
      method: 'POST',
      json: { os: 'linux', platform: 'W', gatewayVersion: 3 },
    });
    const { token } = trial.body.value as LoginResult;
    const info = await call(server, '/wps/member/info', { headers: bearer(token) });
    expect((info.body.value as MemberInfo).type).toBe(4);
    const change = await call(server, '/wps/member/password', {
      method: 'POST',
      json: {},
      headers: bearer(token),
    });
    expect(change).toMatchObject({ status: 403, body: { code: 'in_need_true_account' } });
  });

  it('logs out: the token stops working and the tab hears it on its socket', async () => {
    const token = await loginToken(server, 'agent1');
    const socket = connect(server.url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token },
    });
    try {
      const heard: string[] = [];
      socket.on('session', (event) => heard.push(event.reason));
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      await sleep(100); // the server joins the rooms asynchronously after connect
      const out = await call(server, '/wps/session/logout', {
        method: 'DELETE',
        headers: bearer(token),
      });
      expect(out.status).toBe(200);
      expect((await call(server, '/wps/member/info', { headers: bearer(token) })).status).toBe(401);
      await expect.poll(() => heard).toEqual(['logout']);
    } finally {
      socket.disconnect();
    }
  });
});

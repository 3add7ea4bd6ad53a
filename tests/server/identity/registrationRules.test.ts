import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformConfig } from '../../../server/config/schema';
import {
  bearer,
  encryptedCall,
  humanProof,
  lastCode,
  loginToken,
  smsCode,
} from '../../support/identityClient';
import { withdraw, grant } from '../../support/moneyClient';
import { engines, startTestServer, type TestServer } from '../../support/testServer';

/** Fields the shipped configuration leaves disabled. */
const DISABLED = {
  qqNum: '12345678',
  line: 'myline',
  whatsapp: '912345678',
  facebook: 'fb.me',
  telegram: 'tg',
  zalo: '912345678',
  wechat: 'wx',
  idNumber: 'ID123456',
  birthday: '2000-01-01',
  nickname: 'Customer Service',
  recommenderId: 'abcd1234',
  paymentPassword: 'a',
};

/**
 * Registration takes what the configuration offers and nothing else, each with its rules
 * (issue 11, findings 9 and 10): a disabled field is refused, not stored without its rules; a
 * nickname never carries markup or passes for staff; a mobile number is bound only where its SMS
 * code proves it.
 */
describe.each(engines)('registration rules on %s', (engine) => {
  let shipped: TestServer;
  let open: TestServer;
  beforeAll(async () => {
    shipped = await startTestServer(engine);
    // The same platform with nickname and payment password offered at registration.
    open = await startTestServer(engine, {
      config: (base: PlatformConfig) => {
        base.registration.fields.nickname!.enabled = true;
        base.registration.fields.paymentPassword!.enabled = true;
        return base;
      },
    });
  });
  afterAll(async () => {
    await shipped.close();
    await open.close();
  });

  const register = async (
    server: TestServer,
    fields: Record<string, string>,
    path = '/wps/member/register',
  ) =>
    encryptedCall(server, path, 'PUT', {
      ...fields,
      altcha: await humanProof(server),
      login: true,
    });
  const base = (username: string) => ({
    username,
    password: 'abc12345',
    confirmPassword: 'abc12345',
  });
  const stored = async (server: TestServer, account: string) =>
    (
      await server.deps.db.query<{ n: number }>(
        'select count(*)::int as n from members where lower(account) = lower($1)',
        [account],
      )
    )[0]!.n;

  it('refuses every field the configuration does not offer, and stores nothing', async () => {
    for (const [field, value] of Object.entries(DISABLED)) {
      const reply = await register(shipped, { ...base(`dis${field.slice(0, 8)}`), [field]: value });
      expect(reply.status, field).toBe(400);
      expect(reply.body, field).toMatchObject({ code: 'field_not_allowed', value: { field } });
      expect(await stored(shipped, `dis${field.slice(0, 8)}`), field).toBe(0);
    }
    const unknown = await register(shipped, { ...base('disunknown'), affiliateCode: 'AGENT1' });
    expect(unknown.status).toBe(200);
  });

  it('refuses a third party’s phone verification (not offered: issue 16), storing nothing', async () => {
    for (const field of ['firebaseChannel', 'firebaseIdToken']) {
      const reply = await register(shipped, { ...base(`fb${field.slice(8, 14)}`), [field]: 'x' });
      expect(reply.status, field).toBe(400);
      expect(reply.body.code).toBe('invalid_request');
      expect(reply.body.message).toMatch(
        new RegExp(`${field}: third-party phone verification is not offered`),
      );
      expect(await stored(shipped, `fb${field.slice(8, 14)}`)).toBe(0);
    }
  });

  it('applies every rule of an offered field: a payment password of "a" is refused', async () => {
    const weak = await register(open, { ...base('payweak1'), paymentPassword: 'a' });
    expect(weak.body).toMatchObject({ code: 'field_invalid', value: { field: 'paymentPassword' } });
    expect(await stored(open, 'payweak1')).toBe(0);
    const good = await register(open, { ...base('paygood1'), paymentPassword: '135791' });
    expect(good.status).toBe(200);
    const token = await loginToken(open, 'paygood1', 'abc12345');
    await grant(open, 'paygood1', '100.00');
    const wrong = await withdraw(open, token, { amount: '50.00', paymentPassword: 'a' });
    expect(wrong.body.code).toBe('payment_password_wrong');
  });

  it('refuses a nickname with markup or that passes for staff, here and in registerCenter', async () => {
    for (const nickname of [
      'Customer Service',
      'customer-service',
      'Official_Support',
      'ADMIN',
      '客服小王',
      '<b>Lucky</b>',
      'Tom & Jerry',
    ]) {
      const reply = await register(open, { ...base('nickbad1'), nickname });
      expect(reply.body, nickname).toMatchObject({
        code: 'nickname_not_allowed',
        value: { field: 'nickname' },
      });
    }
    expect(await stored(open, 'nickbad1')).toBe(0);
    expect((await register(open, { ...base('nickgood1'), nickname: 'Lucky Seven' })).status).toBe(
      200,
    );
    const agent = await loginToken(open, 'agent1');
    const center = await encryptedCall(
      open,
      '/wps/agent/team/register',
      'POST',
      {
        username: 'nickteam1',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        nickname: 'Support Desk',
      },
      bearer(agent),
    );
    expect(center.body.code).toBe('nickname_not_allowed');
  });

  it('binds a mobile number only where its SMS code proves it', async () => {
    const claimed = await register(shipped, { ...base('mobsquat1'), mobileNum: '977000111' });
    expect(claimed.body).toMatchObject({
      code: 'field_not_allowed',
      value: { field: 'mobileNum' },
    });
    expect(await stored(shipped, 'mobsquat1')).toBe(0);
    // The number's owner registers it on the mobile tab with the code sent to it.
    expect((await smsCode(shipped, 'register', '977000111')).body.success).toBe(true);
    const owner = await register(
      shipped,
      {
        mobileNum: '977000111',
        countryDialingCode: '84',
        verificationCode: await lastCode(shipped, '+84977000111'),
        password: 'abc12345',
        confirmPassword: 'abc12345',
      },
      '/wps/member/register/mobile',
    );
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });
});

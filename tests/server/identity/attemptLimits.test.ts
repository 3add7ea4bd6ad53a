import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealPayload } from '../../../src/api/payloadCipher';
import { bearer, humanProof, lastCode, loginToken, smsCode } from '../../support/identityClient';
import { grant, newKey } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

type Reply = Awaited<ReturnType<typeof call>>;

/**
 * Counters that guard a secret hold under a burst (issue 11, finding 4): every guess reserves its
 * attempt in one statement before the secret is compared, so however many guesses arrive at once,
 * at most the rule's number are judged. Each burst is prepared first (proofs of work solved,
 * payloads sealed) and then sent at once; PostgreSQL runs them concurrently, PGlite one by one.
 */
describe.each(engines)('attempt limits under a burst on %s', (engine) => {
  let server: TestServer;
  let publicKey: string;
  beforeAll(async () => {
    server = await startTestServer(engine, { trustProxy: 'loopback' });
    publicKey = ((await call(server, '/wps/session/key/rsa')).body.value as { publicKey: string })
      .publicKey;
  });
  afterAll(() => server.close());

  /** An (E) call, sealed now, sent later: the burst's requests leave together. */
  async function sealed(path: string, payload: unknown, headers: Record<string, string> = {}) {
    const { header, body } = await sealPayload(publicKey, payload);
    return () =>
      call(server, path, {
        method: 'POST',
        json: body,
        headers: { encryption: header, ...headers },
      });
  }
  const from = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
  const burst = (sends: (() => Promise<Reply>)[]) => Promise.all(sends.map((send) => send()));
  const codes = (replies: Reply[]) => replies.map((reply) => reply.body.code ?? 'ok');
  const count = (replies: Reply[], code: string) => codes(replies).filter((c) => c === code).length;

  async function codeAttempts(purpose: string, target: string): Promise<number[]> {
    const rows = await server.deps.db.query<{ attempts: number }>(
      'select attempts from verification_codes where purpose = $1 and target = $2',
      [purpose, target],
    );
    return rows.map((row) => Number(row.attempts));
  }

  it('judges at most five guesses of an SMS login code sent at once, the right one last', async () => {
    expect((await smsCode(server, 'noLogin', '900000001')).body.success).toBe(true);
    const code = await lastCode(server, '+84900000001');
    const wrong = code === '000000' ? '111111' : '000000';
    const login = (guess: string, n: number) =>
      sealed(
        '/wps/session/login',
        {
          type: 'sms',
          portal: 'player',
          countryDialingCode: '84',
          mobileNum: '900000001',
          verificationCode: guess,
        },
        from(n),
      );
    const sends = await Promise.all([
      ...Array.from({ length: 40 }, (_, n) => login(wrong, n + 1)),
      login(code, 41),
    ]);
    const replies = await burst(sends);
    // Five judged at most (the right one only if it came in among them); the rest unread.
    expect(count(replies, 'verification_code_invalid') + count(replies, 'ok')).toBeLessThanOrEqual(
      5,
    );
    expect(count(replies, 'ok')).toBe(0);
    expect(await codeAttempts('login', '+84900000001')).toEqual([5]);
    // Spent: the right code no longer works.
    const late = await (await login(code, 42))();
    expect(late.body.code).toBe('verification_code_expired');
  });

  it('judges at most five guesses of a password-reset SMS code; the password stays', async () => {
    await server.deps.db.query(
      `update members set mobile_num = '900000055', country_dialing_code = '84'
       where account = 'player5'`,
    );
    const sent = await call(server, '/wps/verification/sms/noLogin', {
      method: 'POST',
      headers: from(99),
      json: { mobileNum: '900000055', countryDialingCode: '84', altcha: await humanProof(server) },
    });
    expect(sent.body.success).toBe(true);
    const code = await lastCode(server, '+84900000055');
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (guess: string, n: number) =>
      sealed(
        '/wps/member/password/verification',
        {
          countryDialingCode: '84',
          mobileNum: '900000055',
          verificationCode: guess,
          newPassword: 'Taken0ver',
        },
        from(100 + n),
      );
    const sends = await Promise.all([
      ...Array.from({ length: 59 }, (_, n) => reset(wrong, n)),
      reset(code, 59),
    ]);
    const replies = await burst(sends);
    expect(count(replies, 'verification_code_invalid') + count(replies, 'ok')).toBeLessThanOrEqual(
      5,
    );
    expect(count(replies, 'ok')).toBe(0);
    expect(await codeAttempts('login', '+84900000055')).toEqual([5]);
    // The old password still opens the account.
    expect(await loginToken(server, 'player5')).toBeTruthy();
  });

  it('locks the payment password at the fifth guess of a burst: the right one last is refused', async () => {
    const token = await loginToken(server, 'player2');
    await grant(server, 'player2', '500.00');
    const withdraw = (paymentPassword: string) =>
      sealed(
        '/wps/withdraw',
        { amount: '50.00', paymentPassword, idempotencyKey: newKey() },
        bearer(token),
      );
    const sends = await Promise.all([
      ...Array.from({ length: 60 }, () => withdraw('999999')),
      withdraw('246810'),
    ]);
    const replies = await burst(sends);
    expect(count(replies, 'ok')).toBe(0);
    expect(count(replies, 'payment_password_wrong')).toBeLessThanOrEqual(4);
    expect(count(replies, 'too_many_requests')).toBe(61 - count(replies, 'payment_password_wrong'));
    const [withdrawals] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from withdrawals
       where member_id = (select id from members where account = 'player2')`,
    );
    expect(withdrawals!.n).toBe(0);
    // Locked now, even for the right password.
    expect((await (await withdraw('246810'))()).body.code).toBe('too_many_requests');
  });

  it('judges at most three password guesses without a captcha, from any number of addresses', async () => {
    const sends = await Promise.all(
      Array.from({ length: 20 }, async (_, n) =>
        sealed(
          '/wps/session/login',
          {
            type: 'username',
            portal: 'player',
            altcha: await humanProof(server),
            username: 'player6',
            password: `wrong${n}`,
          },
          from(200 + n),
        ),
      ),
    );
    const replies = await burst(sends);
    expect(count(replies, 'invalid_credentials')).toBeLessThanOrEqual(3);
    expect(count(replies, 'captcha_required')).toBeGreaterThanOrEqual(17);
  });

  it('judges at most five guesses of a new-address login code', async () => {
    // player1 has logged in once from 198.51.100.1: every other address is new.
    await server.deps.db.query(
      `delete from member_known_ips where member_id = (select id from members where account = 'player1')`,
    );
    const first = await sealed(
      '/wps/session/login',
      {
        type: 'username',
        portal: 'player',
        altcha: await humanProof(server),
        username: 'player1',
        password: 'Passw0rd!',
      },
      { 'x-forwarded-for': '198.51.100.1' },
    );
    expect((await first()).body.success).toBe(true);
    const asked = await (
      await sealed(
        '/wps/session/login',
        {
          type: 'username',
          portal: 'player',
          altcha: await humanProof(server),
          username: 'player1',
          password: 'Passw0rd!',
        },
        from(250),
      )
    )();
    expect(asked.body.code).toBe('ip_verification_required');
    const member = (
      await server.deps.db.query<{ id: string }>(
        `select id::text from members where account = 'player1'`,
      )
    )[0]!.id;
    // Each guess comes with the password and a solved captcha (the account asks for one after
    // three attempts), from addresses of its own.
    const sends = await Promise.all(
      Array.from({ length: 12 }, async (_, n) => {
        const captcha = (await call(server, '/wps/captcha', { headers: from(260 + n) })).body
          .value as { captchaId: string };
        const { answer } = (await call(server, `/wps/dev/captcha/${captcha.captchaId}`)).body
          .value as { answer: string };
        return sealed(
          '/wps/session/login',
          {
            type: 'username',
            portal: 'player',
            altcha: await humanProof(server),
            username: 'player1',
            password: 'Passw0rd!',
            captchaId: captcha.captchaId,
            captcha: answer,
            ipVerificationCode: '000000',
          },
          from(260 + n),
        );
      }),
    );
    const replies = await burst(sends);
    expect(count(replies, 'verification_code_invalid')).toBeLessThanOrEqual(5);
    expect(count(replies, 'ok')).toBe(0);
    expect(await codeAttempts('ip', `member:${member}`)).toEqual([5]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, encryptedCall, loginToken } from '../../support/identityClient';
import { engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Issue 28, finding 4: behind a session, the forms that ask for the login password again
 * (setting the payment password, changing the password) judged every guess — 40 of 40 at
 * ≈ 20 a second — and the right one replaced the payment password. Now they share one counter
 * per member, reserved before the password is compared: five judged in all, then locked.
 */
describe.each(engines)('login-password guesses behind a session on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  it('judges five wrong guesses across every form at most, then locks the right one out too', async () => {
    const token = await loginToken(server, 'player6');
    const setPayment = (loginPassword: string) =>
      encryptedCall(
        server,
        '/wps/member/paymentPassword',
        'POST',
        { loginPassword, paymentPassword: '135790' },
        bearer(token),
      );
    const changePassword = (oldPassword: string) =>
      encryptedCall(
        server,
        '/wps/member/password',
        'POST',
        { oldPassword, newPassword: 'newPass99', confirmNewPassword: 'newPass99' },
        bearer(token),
      );
    const paymentHash = async () =>
      (
        await server.deps.db.query<{ hash: string | null }>(
          `select payment_password_hash as hash from members where account = 'player6'`,
        )
      )[0]?.hash;
    const before = await paymentHash();
    // A burst of guesses at once, half at each form.
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? setPayment(`guess-${i}`) : changePassword(`guess-${i}`),
      ),
    );
    const codes = replies.map((reply) => reply.body.code);
    expect(codes.filter((code) => code === 'old_password_wrong').length).toBeLessThanOrEqual(4);
    expect(codes.filter((code) => code === 'too_many_requests').length).toBeGreaterThanOrEqual(16);
    expect(
      codes.every((code) => code === 'old_password_wrong' || code === 'too_many_requests'),
    ).toBe(true);
    // The right password is refused while the lock lasts: the payment password stays as it was.
    const right = await setPayment('Passw0rd!');
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('too_many_requests');
    expect(await paymentHash()).toBe(before);
  });

  it('gives the attempt back for the right password: an owner who types it is never locked', async () => {
    const token = await loginToken(server, 'player7');
    for (let i = 0; i < 8; i += 1) {
      const reply = await encryptedCall(
        server,
        '/wps/member/paymentPassword',
        'POST',
        { loginPassword: 'Passw0rd!', paymentPassword: '135790' },
        bearer(token),
      );
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Issue 28, finding 7: five wrong passwords from anywhere locked a staff name for 15 minutes,
 * and then its owner's right password was refused. The lock is per name and address now, as a
 * member's is: the guesser's address is locked, the owner's is not.
 */
describe.each(engines)('support console lockout on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a trusted proxy, so the test can speak from two client addresses.
    server = await startTestServer(engine, { trustProxy: '127.0.0.1' });
  });
  afterAll(() => server?.close());

  const login = (name: string, password: string, from: string) =>
    call(server, '/wps/support/session', {
      method: 'POST',
      json: { name, password },
      headers: { 'x-forwarded-for': from },
    });

  it('locks the name only from the address that guessed', async () => {
    const made = await call(server, '/ops/support/staff', {
      method: 'POST',
      headers: bearer(server.opsToken),
      json: { name: 'lan' },
    });
    const { password } = made.body.value as { password: string };
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, n) => login('lan', `guess-${n}`, '203.0.113.7')),
    );
    const codes = guesses.map((reply) => reply.body.code);
    expect(codes.filter((code) => code === 'support_login_failed')).toHaveLength(5);
    expect(codes.filter((code) => code === 'support_login_locked')).toHaveLength(3);
    // The guesser's address stays locked, even with the right password …
    expect((await login('lan', password, '203.0.113.7')).body.code).toBe('support_login_locked');
    // … while the owner, elsewhere, logs in.
    const owner = await login('lan', password, '198.51.100.20');
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
  });

  it('lets a whole office behind one address sign in, more times than the address allows guesses', async () => {
    const made = await call(server, '/ops/support/staff', {
      method: 'POST',
      headers: bearer(server.opsToken),
      json: { name: 'office' },
    });
    const { password } = made.body.value as { password: string };
    // The address allows 30 attempts an hour; right passwords give theirs back.
    for (let n = 0; n < 40; n += 1) {
      const reply = await login('office', password, '192.0.2.50');
      expect(reply.status, `login ${n}: ${JSON.stringify(reply.body)}`).toBe(200);
    }
    // Guessing from there is still limited.
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, n) => login('office', `guess-${n}`, '192.0.2.50')),
    );
    expect(guesses.map((reply) => reply.body.code)).toContain('support_login_locked');
  });
});

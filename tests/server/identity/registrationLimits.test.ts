import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, encryptedCall, humanProof, loginToken } from '../../support/identityClient';
import { engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Issue 28, finding 8: ten parallel sign-ups from one address were all accepted, and nothing
 * bounded the accounts one agent could open — what makes bonus farming, colluding downlines and
 * referral rings scale. The caps hold under a parallel burst (reserved in one statement each).
 */
describe.each(engines)('caps on new accounts on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      trustProxy: '127.0.0.1',
      config: (base) => {
        base.registration.limits = { perAddressPerHour: 3, perAgentPerDay: 4 };
        return base;
      },
    });
  });
  afterAll(() => server?.close());

  let serial = 0;
  const signUp = async (from: string, extra: Record<string, string> = {}) => {
    serial += 1;
    const name = `cap${engine.slice(0, 2)}${serial}x`;
    return encryptedCall(
      server,
      '/wps/member/register',
      'PUT',
      {
        username: name,
        password: 'abc12345',
        confirmPassword: 'abc12345',
        email: `${name}@example.test`,
        altcha: await humanProof(server),
        login: true,
        registerMethod: 'WEB',
        ...extra,
      },
      { 'x-forwarded-for': from },
    );
  };

  it('accepts the hourly cap of sign-ups from one address, however many come at once', async () => {
    const replies = await Promise.all(Array.from({ length: 8 }, () => signUp('198.51.100.40')));
    const codes = replies.map((reply) => reply.body.code ?? 'ok');
    expect(codes.filter((code) => code === 'ok')).toHaveLength(3);
    expect(codes.filter((code) => code === 'registration_limit')).toHaveLength(5);
    const refused = replies.find((reply) => reply.body.code === 'registration_limit')!;
    expect(refused.status).toBe(429);
    expect((refused.body.value as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(
      0,
    );
    // Another address is not affected.
    expect((await signUp('198.51.100.41')).body.success).toBe(true);
  });

  it('caps the accounts an agent gains a day, by its code and by its own registerCenter', async () => {
    const token = await loginToken(server, 'agent3');
    const open = (n: number) =>
      encryptedCall(
        server,
        '/wps/agent/team/register',
        'POST',
        {
          username: `capdl${engine.slice(0, 2)}${n}`,
          password: 'abc12345',
          confirmPassword: 'abc12345',
        },
        bearer(token),
      );
    const opened = await Promise.all([1, 2, 3].map(open));
    expect(opened.every((reply) => reply.body.success)).toBe(true);
    // The fourth through the agent's code from a fresh address, the fifth refused either way.
    const [agent] = await server.deps.db.query<{ code: string }>(
      `select affiliate_code as code from members where account = 'agent3'`,
    );
    expect((await signUp('198.51.100.50', { affiliateCode: agent!.code })).body.success).toBe(true);
    const byCode = await signUp('198.51.100.51', { affiliateCode: agent!.code });
    expect(byCode.body.code).toBe('registration_limit');
    expect((await open(9)).body.code).toBe('registration_limit');
  });
});

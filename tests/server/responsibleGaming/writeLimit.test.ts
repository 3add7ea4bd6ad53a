import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RG_WRITES } from '../../../server/http/responsibleGaming/rgRoutes';
import { bearer, encryptedCall } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { newMember, status } from './rgClient';

/**
 * Responsible-gaming setting writes are limited per member (security review): every write route
 * takes one of the member's writes of the window, reserved in one statement before anything
 * else, so a parallel burst passes exactly the limit (on PostgreSQL too); past it, each route
 * is refused with the site's too_many_requests and a retry delay, and nothing changes.
 */
describe.each(engines)('responsible-gaming write limit on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const put = (token: string, path: string, json: unknown) =>
    call(server, path, { method: 'PUT', headers: bearer(token), json });

  it(`lets a parallel burst through exactly ${RG_WRITES.limit} times, then refuses every write route`, async () => {
    const member = await newMember(server);
    const choices = [15, 30, 45, 60, 90, 120];
    const burst = await Promise.all(
      Array.from({ length: RG_WRITES.limit + 10 }, (_, i) =>
        put(member.token, '/wps/rg/realityCheck', { minutes: choices[i % choices.length] }),
      ),
    );
    const codes = burst.map((reply) => reply.status);
    expect(codes.filter((code) => code === 200)).toHaveLength(RG_WRITES.limit);
    expect(codes.filter((code) => code === 429)).toHaveLength(10);
    const history = (await status(server, member.token)).history;
    const before = history.length;

    const refused = {
      status: 429,
      body: {
        success: false,
        code: 'too_many_requests',
        value: { retryAfterSeconds: expect.any(Number) },
      },
    };
    expect(
      await put(member.token, '/wps/rg/limits', {
        limits: [{ kind: 'deposit', period: 'day', limit: '10' }],
      }),
    ).toMatchObject(refused);
    expect(await put(member.token, '/wps/rg/sessionLimit', { minutes: 60 })).toMatchObject(refused);
    expect(await put(member.token, '/wps/rg/realityCheck', { minutes: null })).toMatchObject(
      refused,
    );
    expect(
      await put(member.token, '/wps/rg/timeZone', { timeZone: 'Asia/Tokyo', initial: false }),
    ).toMatchObject(refused);
    // Malformed input is counted and refused the same way (nothing is read before the count).
    expect(await put(member.token, '/wps/rg/sessionLimit', { minutes: 'x' })).toMatchObject(
      refused,
    );
    const exclusion = await encryptedCall(
      server,
      '/wps/rg/exclusion',
      'POST',
      { kind: 'timeOut', duration: '24h', password: 'abc12345' },
      bearer(member.token),
    );
    expect(exclusion).toMatchObject(refused);
    const after = await status(server, member.token);
    expect(after.history).toHaveLength(before);
    expect(after.limits.every((limit) => limit.limit === null)).toBe(true);
    expect(after.sessionLimit).toBeNull();

    // Another member is not affected.
    const other = await newMember(server);
    expect((await put(other.token, '/wps/rg/sessionLimit', { minutes: 60 })).status).toBe(200);
  });
});

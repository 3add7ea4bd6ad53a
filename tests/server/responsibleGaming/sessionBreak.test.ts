import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RgSession, SessionBreakRefusal } from '../../../src/shared/responsibleGaming';
import { findByAccount } from '../../../server/domain/identity/accounts';
import { startSession } from '../../../server/domain/signIn/login';
import { ApiError } from '../../../server/platform/apiError';
import { bearer } from '../../support/identityClient';
import { grant } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { launchSlot, logIn, loginAnswer, newMember, shiftClock, spin } from './rgClient';

const MINUTE = 60_000;

/**
 * The session limit across logins (issue 17, security review): the limit bounds a sitting, not
 * one login, so logging out and in again does not restart it; at the limit play stops and no
 * login (another tab's, parallel ones) is let in until the configured break has passed, with
 * a refusal naming when it ends. Through the real server on both engines, the clock moved.
 */
describe.each(engines)('the session limit across logins on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());
  afterEach(() => shiftClock(server, 0));

  const sessionOf = async (token: string) => {
    const reply = await call(server, '/wps/rg/session', { headers: bearer(token) });
    if (!reply.body.success) throw new Error(`session: ${reply.body.code}`);
    return reply.body.value as RgSession;
  };
  const logOut = (token: string) =>
    call(server, '/wps/session/logout', { method: 'DELETE', headers: bearer(token) });
  const setSessionLimit = (token: string, minutes: number) =>
    call(server, '/wps/rg/sessionLimit', {
      method: 'PUT',
      headers: bearer(token),
      json: { minutes },
    });

  /**
   * Time passes for the member's sessions: their starts, sittings, logouts and expiries move
   * `ms` into the past (the database stamps logouts with its own clock, which a test cannot
   * move; the server's responsible-gaming clock stays real here).
   */
  const age = (memberId: string, ms: number) =>
    server.deps.db.query(
      `update sessions set created_at = created_at - make_interval(secs => $2),
         sitting_started_at = sitting_started_at - make_interval(secs => $2),
         revoked_at = revoked_at - make_interval(secs => $2),
         expires_at = expires_at - make_interval(secs => $2)
       where member_id = $1`,
      [memberId, ms / 1000],
    );
  const sittingStart = async (memberId: string) => {
    const [row] = await server.deps.db.query<{ at: Date }>(
      'select max(sitting_started_at) as at from sessions where member_id = $1',
      [memberId],
    );
    return new Date(row!.at).getTime();
  };
  const breakRefusal = (endsAt: number) => ({
    status: 403,
    body: {
      code: 'rg_session_break',
      value: { minutes: 30, endsAt: new Date(endsAt).toISOString() } satisfies SessionBreakRefusal,
    },
  });

  it('a new login joins the sitting; at its limit no login is let in until the break ends', async () => {
    expect(server.deps.config.responsibleGaming.sessionBreakMinutes).toBe(60);
    const member = await newMember(server);
    await grant(server, member.account, '20.00');
    expect((await setSessionLimit(member.token, 30)).status).toBe(200);
    const first = await sessionOf(member.token);
    expect(first).toMatchObject({ sessionLimit: 30, sessionBreakMinutes: 60 });
    expect((await spin(server, await launchSlot(server, member.token), '1.00')).status).toBe(200);

    // Logging out and in again 10 minutes later is the same sitting: the limit does not restart.
    await age(member.id, 10 * MINUTE);
    expect((await logOut(member.token)).status).toBe(200);
    const second = await logIn(server, member.account);
    const joined = await sessionOf(second);
    expect(Date.parse(joined.sittingStartedAt)).toBe(await sittingStart(member.id));
    expect(Date.parse(joined.sittingStartedAt)).toBeLessThan(Date.parse(joined.startedAt));
    const launch = await launchSlot(server, second);
    expect((await spin(server, launch, '1.00')).status).toBe(200);

    // At the limit, play stops and the refusal says when the member may log in again.
    await age(member.id, 21 * MINUTE);
    const start = await sittingStart(member.id);
    const breakEndsAt = start + (30 + 60) * MINUTE;
    expect(await spin(server, launch, '1.00')).toMatchObject({
      status: 403,
      body: {
        code: 'rg_session_limit',
        value: { minutes: 30, breakEndsAt: new Date(breakEndsAt).toISOString() },
      },
    });
    // Another tab's login while this one is still open, and a login after logging out: refused
    // until the break ends, which the refusal names.
    expect(await loginAnswer(server, member.account)).toMatchObject(breakRefusal(breakEndsAt));
    expect((await logOut(second)).status).toBe(200);
    expect(await loginAnswer(server, member.account)).toMatchObject(breakRefusal(breakEndsAt));
    await age(member.id, 58 * MINUTE);
    const later = await loginAnswer(server, member.account);
    expect(later.body.code).toBe('rg_session_break');

    // After the break, a new sitting with its own limit.
    await age(member.id, 2 * MINUTE);
    const third = await logIn(server, member.account);
    const fresh = await sessionOf(third);
    // (The sitting is stamped by the server's clock, the login by the database's.)
    expect(Math.abs(Date.parse(fresh.sittingStartedAt) - Date.parse(fresh.startedAt))).toBeLessThan(
      MINUTE,
    );
    expect((await spin(server, await launchSlot(server, third), '1.00')).status).toBe(200);
  });

  it('a member who left before the limit may come back after the break from the logout', async () => {
    const member = await newMember(server);
    expect((await setSessionLimit(member.token, 30)).status).toBe(200);
    await age(member.id, 20 * MINUTE);
    expect((await logOut(member.token)).status).toBe(200);
    // 20 minutes played, away 40 (less than the break): the sitting is over its limit.
    await age(member.id, 40 * MINUTE);
    const [left] = await server.deps.db.query<{ at: Date }>(
      'select max(revoked_at) as at from sessions where member_id = $1',
      [member.id],
    );
    expect(await loginAnswer(server, member.account)).toMatchObject(
      breakRefusal(new Date(left!.at).getTime() + 60 * MINUTE),
    );
    await age(member.id, 21 * MINUTE);
    await logIn(server, member.account);
  });

  it('parallel logins join one sitting, and all are refused once it reached its limit', async () => {
    const member = await newMember(server);
    expect((await setSessionLimit(member.token, 30)).status).toBe(200);
    const { sittingStartedAt } = await sessionOf(member.token);
    const account = (await findByAccount(server.deps.db, member.account))!;
    const burst = () =>
      Promise.allSettled(
        Array.from({ length: 6 }, () =>
          startSession(server.deps, account, '127.0.0.1', 'username'),
        ),
      );

    shiftClock(server, 5 * MINUTE);
    const joined = await burst();
    expect(joined.every((result) => result.status === 'fulfilled')).toBe(true);
    const rows = await server.deps.db.query<{ sitting: Date }>(
      'select distinct sitting_started_at as sitting from sessions where member_id = $1',
      [member.id],
    );
    expect(rows.map((row) => new Date(row.sitting).toISOString())).toEqual([sittingStartedAt]);

    shiftClock(server, 30 * MINUTE);
    const refused = await burst();
    for (const result of refused) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.code).toBe('rg_session_break');
    }
    const [open] = await server.deps.db.query<{ n: number }>(
      `select count(*)::int as n from sessions where member_id = $1 and revoked_at is null`,
      [member.id],
    );
    // Every session opened stays what it was: 1 registration + 6 joined, none from the refusals.
    expect(open!.n).toBe(7);
    // And the open ones cannot play.
    await expect(launchSlot(server, member.token)).rejects.toThrow('rg_session_limit');
  });

  it('a member without a session limit logs in and out freely', async () => {
    const member = await newMember(server);
    shiftClock(server, 5 * 60 * MINUTE);
    expect((await logOut(member.token)).status).toBe(200);
    await logIn(server, member.account);
  });
});

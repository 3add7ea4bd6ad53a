import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LimitRefusal, RgSession, RgStatus } from '../../../src/shared/responsibleGaming';
import type { PlatformConfig } from '../../../server/config/schema';
import { bearer } from '../../support/identityClient';
import { grant, mainBalance, newKey } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import {
  deposit,
  HOUR,
  launchSlot,
  limitOf,
  logIn,
  LOSE,
  newMember,
  rig,
  setLimits,
  shiftClock,
  spin,
  status,
  WIN_DOUBLE,
} from './rgClient';

/** No demo deposit confirms by itself here: what counts is the request (pending or not). */
const config = (base: PlatformConfig): PlatformConfig => ({
  ...base,
  payments: { ...base.payments, deposit: { ...base.payments.deposit, demoConfirmSeconds: 3600 } },
});

/**
 * Responsible-gaming limits (issue 17) through the real server on both engines: a deposit, a
 * bet and a launch over a limit are refused with what the limit leaves; a raise or a removal
 * waits for the cooling-off delay (a simulated clock) while a cut applies at once; parallel
 * deposits cannot pass a limit together; the session limit stops play; every change is
 * recorded with its actor, old and new value.
 */
describe.each(engines)('responsible-gaming limits on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { config });
  });
  afterAll(() => server.close());
  afterEach(() => shiftClock(server, 0));

  const put = (token: string, path: string, json: unknown) =>
    call(server, path, { method: 'PUT', headers: bearer(token), json });

  it('refuses a deposit over the daily limit, saying what the limit leaves', async () => {
    const member = await newMember(server);
    const set = await setLimits(server, member.token, [
      { kind: 'deposit', period: 'day', limit: '100' },
    ]);
    expect(limitOf(set, 'deposit', 'day')).toMatchObject({
      limit: '100.00',
      used: '0.00',
      left: '100.00',
      pending: null,
    });
    expect((await deposit(server, member.token, '80.00')).status).toBe(200);
    const refused = await deposit(server, member.token, '30.00');
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'rg_deposit_limit',
        message: 'Your daily deposit limit of 100.00 leaves 20.00 today.',
        value: { kind: 'deposit', period: 'day', limit: '100.00', left: '20.00' },
      },
    });
    // Nothing of the refused one was stored or counted; the rest of the limit still works.
    expect((await deposit(server, member.token, '20.00')).status).toBe(200);
    const after = await status(server, member.token);
    expect(limitOf(after, 'deposit', 'day')).toMatchObject({ used: '100.00', left: '0.00' });
    expect(limitOf(after, 'deposit', 'week')).toMatchObject({ limit: null, used: '100.00' });
    const [stored] = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from deposits where member_id = $1',
      [member.id],
    );
    expect(stored!.n).toBe(2);
    // A replayed request is answered as it was, not counted (nor refused) again.
    const key = newKey();
    const weekly = await newMember(server);
    await setLimits(server, weekly.token, [{ kind: 'deposit', period: 'week', limit: '50' }]);
    const first = await deposit(server, weekly.token, '50.00', key);
    expect(first.status).toBe(200);
    expect(await deposit(server, weekly.token, '50.00', key)).toMatchObject({
      status: 200,
      body: { value: first.body.value },
    });
  });

  it('lets parallel deposits pass a limit only as far as it goes, together', async () => {
    const member = await newMember(server);
    await setLimits(server, member.token, [{ kind: 'deposit', period: 'day', limit: '100' }]);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => deposit(server, member.token, '20.00')),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status !== 200).map((reply) => reply.body.code)).toEqual(
      Array(5).fill('rg_deposit_limit'),
    );
    const [sum] = await server.deps.db.query<{ total: string }>(
      'select coalesce(sum(amount), 0)::text as total from deposits where member_id = $1',
      [member.id],
    );
    expect(sum!.total).toBe('10000');
  });

  it('refuses a bet over the wager limit, and a launch once no bet fits', async () => {
    const member = await newMember(server);
    await grant(server, member.account, '100.00');
    await setLimits(server, member.token, [{ kind: 'wager', period: 'week', limit: '5' }]);
    const launch = await launchSlot(server, member.token);
    for (let round = 0; round < 2; round += 1) {
      await rig(server, member.account, LOSE);
      expect((await spin(server, launch, '2.00')).status).toBe(200);
    }
    const refused = await spin(server, launch, '2.00');
    expect(refused).toMatchObject({
      status: 403,
      body: {
        code: 'rg_wager_limit',
        message: 'Your weekly wager limit of 5.00 leaves 1.00 this week.',
      },
    });
    // The refused round moved nothing.
    expect(await mainBalance(server, member.token)).toBe('96.00');
    expect((await spin(server, launch, '1.00')).status).toBe(200);
    await expect(launchSlot(server, member.token)).rejects.toThrow('rg_wager_limit');
    expect(limitOf(await status(server, member.token), 'wager', 'week')).toMatchObject({
      used: '5.00',
      left: '0.00',
    });
  });

  it('counts the loss limit net of wins: a win leaves room to lose again', async () => {
    const member = await newMember(server);
    await grant(server, member.account, '100.00');
    await setLimits(server, member.token, [{ kind: 'loss', period: 'day', limit: '10' }]);
    const launch = await launchSlot(server, member.token);
    await rig(server, member.account, LOSE);
    expect((await spin(server, launch, '5.00')).status).toBe(200);
    await rig(server, member.account, LOSE);
    expect((await spin(server, launch, '5.00')).status).toBe(200);
    // Lost 10.00: not even the smallest bet fits.
    const refused = await spin(server, launch, '1.00');
    expect(refused.body).toMatchObject({
      code: 'rg_loss_limit',
      value: { left: '0.00' } satisfies Partial<LimitRefusal>,
    });
    expect(limitOf(await status(server, member.token), 'loss', 'day')).toMatchObject({
      used: '10.00',
      left: '0.00',
    });
    await expect(launchSlot(server, member.token)).rejects.toThrow('rg_loss_limit');
    // The loss limit resets with the member's day: a day later, a 5.00 bet that wins double
    // brings the day's result to +5.00, so up to 10.00 may be lost from there.
    shiftClock(server, 24 * HOUR + 60_000);
    const nextDay = await launchSlot(server, member.token);
    await rig(server, member.account, WIN_DOUBLE);
    expect((await spin(server, nextDay, '5.00')).status).toBe(200);
    expect(limitOf(await status(server, member.token), 'loss', 'day')).toMatchObject({
      used: '0.00',
      left: '10.00',
    });
    await rig(server, member.account, LOSE);
    expect((await spin(server, nextDay, '10.00')).status).toBe(200);
    expect((await spin(server, nextDay, '10.00')).body.code).toBe('rg_loss_limit');
  });

  it('applies a cut at once and a raise or a removal only after the cooling-off delay', async () => {
    const member = await newMember(server);
    await setLimits(server, member.token, [{ kind: 'deposit', period: 'day', limit: '100' }]);
    const raised = await setLimits(server, member.token, [
      { kind: 'deposit', period: 'day', limit: '500' },
    ]);
    const pending = limitOf(raised, 'deposit', 'day');
    expect(pending).toMatchObject({ limit: '100.00', pending: { limit: '500.00' } });
    const due = new Date(pending.pending!.at).getTime();
    expect(due - Date.now()).toBeGreaterThan(23.9 * HOUR);
    expect(due - Date.now()).toBeLessThanOrEqual(24 * HOUR);
    expect((await deposit(server, member.token, '150.00')).body.code).toBe('rg_deposit_limit');
    // Asking again does not restart the wait.
    const again = await setLimits(server, member.token, [
      { kind: 'deposit', period: 'day', limit: '500' },
    ]);
    expect(limitOf(again, 'deposit', 'day').pending!.at).toBe(pending.pending!.at);

    shiftClock(server, 23 * HOUR);
    expect((await deposit(server, member.token, '150.00')).body.code).toBe('rg_deposit_limit');
    shiftClock(server, 24 * HOUR + 1000);
    expect(limitOf(await status(server, member.token), 'deposit', 'day')).toMatchObject({
      limit: '500.00',
      pending: null,
    });
    expect((await deposit(server, member.token, '150.00')).status).toBe(200);

    // A cut applies at once; a removal waits like a raise; a cut drops a waiting raise.
    const cut = await setLimits(server, member.token, [
      { kind: 'deposit', period: 'day', limit: '50' },
    ]);
    expect(limitOf(cut, 'deposit', 'day')).toMatchObject({ limit: '50.00', pending: null });
    const removal = await setLimits(server, member.token, [
      { kind: 'deposit', period: 'day', limit: null },
    ]);
    expect(limitOf(removal, 'deposit', 'day')).toMatchObject({
      limit: '50.00',
      pending: { limit: null },
    });
    const cutAgain = await setLimits(server, member.token, [
      { kind: 'deposit', period: 'day', limit: '40' },
    ]);
    expect(limitOf(cutAgain, 'deposit', 'day')).toMatchObject({ limit: '40.00', pending: null });

    // Every change is recorded: by whom, when, from what, to what, and from when.
    const subjects = cutAgain.history.map((item) => [item.actor, item.old, item.new]);
    expect(subjects).toEqual([
      ['member', '50.00', '40.00'],
      ['member', '50.00', null],
      ['member', '500.00', '50.00'],
      ['member', '100.00', '500.00'],
      ['member', null, '100.00'],
    ]);
    expect(cutAgain.history.every((item) => item.subject === 'limit.deposit.day')).toBe(true);
    const operator = await call(server, `/ops/rg/${member.account}`, {
      headers: bearer(server.opsToken),
    });
    expect((operator.body.value as { history: unknown[] }).history).toHaveLength(5);
  });

  it('stops play when the session reaches its limit; raising it waits too', async () => {
    const member = await newMember(server);
    await grant(server, member.account, '20.00');
    const set = await put(member.token, '/wps/rg/sessionLimit', { minutes: 30 });
    expect((set.body.value as RgStatus).sessionLimit).toBe(30);
    const launch = await launchSlot(server, member.token);
    expect((await spin(server, launch, '1.00')).status).toBe(200);
    shiftClock(server, 31 * 60_000);
    expect(await spin(server, launch, '1.00')).toMatchObject({
      status: 403,
      body: { code: 'rg_session_limit', value: { minutes: 30 } },
    });
    await expect(launchSlot(server, member.token)).rejects.toThrow('rg_session_limit');
    shiftClock(server, 0);
    const raised = await put(member.token, '/wps/rg/sessionLimit', { minutes: 120 });
    expect(raised.body.value).toMatchObject({
      sessionLimit: 30,
      pendingSessionLimit: { minutes: 120 },
    });
    // A new login joins the sitting (its limit counts from the first login, which is within it
    // on the real clock); the reality check's figures count from this login.
    const fresh = await logIn(server, member.account);
    const session = await call(server, '/wps/rg/session', { headers: bearer(fresh) });
    expect(session.body.value).toMatchObject({ sessionLimit: 30, wagered: '0.00', net: '0.00' });
    expect((await spin(server, await launchSlot(server, fresh), '1.00')).status).toBe(200);
  });

  it('tells the session what it played and reminds at the chosen interval', async () => {
    const member = await newMember(server);
    await grant(server, member.account, '20.00');
    const set = await put(member.token, '/wps/rg/realityCheck', { minutes: 30 });
    expect((set.body.value as RgStatus).realityCheckMinutes).toBe(30);
    const launch = await launchSlot(server, member.token);
    await rig(server, member.account, LOSE);
    await spin(server, launch, '5.00');
    await rig(server, member.account, WIN_DOUBLE);
    await spin(server, launch, '2.00');
    const session = (await call(server, '/wps/rg/session', { headers: bearer(member.token) })).body
      .value as RgSession;
    expect(session).toMatchObject({
      realityCheckMinutes: 30,
      wagered: '7.00',
      won: '4.00',
      net: '-3.00',
    });
    expect(Date.now() - new Date(session.startedAt).getTime()).toBeLessThan(60_000);
    expect((await put(member.token, '/wps/rg/realityCheck', { minutes: 7 })).body.code).toBe(
      'invalid_request',
    );
  });

  it('counts periods in the member’s time zone; a change waits while limits are in force', async () => {
    const member = await newMember(server);
    expect((await status(server, member.token)).timeZoneSet).toBe(false);
    const first = await put(member.token, '/wps/rg/timeZone', {
      timeZone: 'asia/tokyo',
      initial: true,
    });
    const tokyo = first.body.value as RgStatus;
    expect(tokyo).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneSet: true });
    // Tokyo's next midnight (UTC+9, no daylight saving) is 15:00 UTC.
    expect(new Date(limitOf(tokyo, 'deposit', 'day').resetsAt).getUTCHours()).toBe(15);
    // The page's "initial" never overwrites a stored zone.
    const initial = await put(member.token, '/wps/rg/timeZone', {
      timeZone: 'Europe/Paris',
      initial: true,
    });
    expect((initial.body.value as RgStatus).timeZone).toBe('Asia/Tokyo');
    await setLimits(server, member.token, [{ kind: 'loss', period: 'week', limit: '100' }]);
    const moved = await put(member.token, '/wps/rg/timeZone', { timeZone: 'America/New_York' });
    expect(moved.body.value).toMatchObject({
      timeZone: 'Asia/Tokyo',
      pendingTimeZone: { timeZone: 'America/New_York' },
    });
    expect(
      (await put(member.token, '/wps/rg/timeZone', { timeZone: 'Mars/Olympus' })).body,
    ).toMatchObject({ code: 'rg_time_zone_invalid', value: { field: 'timeZone' } });
  });

  it('makes even the first zone wait while a limit is in force (no fresh day from the UTC default)', async () => {
    const member = await newMember(server);
    await setLimits(server, member.token, [{ kind: 'loss', period: 'day', limit: '50' }]);
    const first = await put(member.token, '/wps/rg/timeZone', {
      timeZone: 'Pacific/Kiritimati',
      initial: true,
    });
    expect(first.body.value).toMatchObject({
      timeZone: 'UTC',
      pendingTimeZone: { timeZone: 'Pacific/Kiritimati' },
    });
  });

  it('refuses malformed limits with a clear code', async () => {
    const member = await newMember(server);
    for (const limits of [
      [],
      [{ kind: 'deposit', period: 'day', limit: '-5' }],
      [{ kind: 'deposit', period: 'year', limit: '5' }],
      [{ kind: 'bonus', period: 'day', limit: '5' }],
      [
        { kind: 'deposit', period: 'day', limit: '5' },
        { kind: 'deposit', period: 'day', limit: '6' },
      ],
    ]) {
      const reply = await put(member.token, '/wps/rg/limits', { limits });
      expect(reply, JSON.stringify(limits)).toMatchObject({
        status: 400,
        body: { code: 'invalid_request' },
      });
    }
    const huge = await put(member.token, '/wps/rg/limits', {
      limits: [{ kind: 'deposit', period: 'day', limit: '999999999999' }],
    });
    expect(huge.body.code).toBe('amount_out_of_range');
    expect((await put(member.token, '/wps/rg/sessionLimit', { minutes: 5 })).status).toBe(400);
  });
});

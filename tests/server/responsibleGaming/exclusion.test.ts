import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../src/shared/agentReports';
import type { Page } from '../../../src/shared/records';
import type { ExclusionRefusal } from '../../../src/shared/responsibleGaming';
import type { RewardList } from '../../../src/shared/rewards';
import type { PlatformConfig } from '../../../server/config/schema';
import type { Database } from '../../../server/db/types';
import { requestDeposit, creditDeposit } from '../../../server/domain/payments/deposits';
import { autoConfirmWithdrawals } from '../../../server/domain/withdrawals/autoConfirm';
import { bearer, encryptedCall, loginToken } from '../../support/identityClient';
import { grant, newKey, opsCall, withdraw } from '../../support/moneyClient';
import {
  call,
  engines,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../../support/testServer';
import {
  deposit,
  HOUR,
  launchSlot,
  logIn,
  loginAnswer,
  newMember,
  shiftClock,
  spin,
} from './rgClient';

/** Deposits and payouts wait for the test (no demo timers), so each step is the test's. */
const config = (base: PlatformConfig): PlatformConfig => ({
  ...base,
  payments: {
    ...base.payments,
    deposit: { ...base.payments.deposit, demoConfirmSeconds: 3600 },
    withdrawal: { ...base.payments.withdrawal, demoPaySeconds: null },
  },
});

const exclude = (server: TestServer, token: string, body: Record<string, string>) =>
  encryptedCall(
    server,
    '/wps/rg/exclusion',
    'POST',
    { password: 'abc12345', ...body },
    bearer(token),
  );

/**
 * Time-outs and self-exclusion (issue 17) through the real server on both engines: the member
 * is logged out everywhere and cannot log in, deposit or play until the end, which the refusal
 * names; nothing shortens it (the operator can only extend); it survives a restart; pending
 * withdrawals still complete; no promotion, bonus, offer or message reaches the member; agents
 * see "excluded" and nothing more.
 */
describe.each(engines)('time-outs and self-exclusion on %s', (engine) => {
  let db: Database;
  let drop: () => Promise<void>;
  let server: TestServer;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(engine, { seeded: true }));
    server = await startTestServer(engine, { config, database: db });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
    await drop();
  });
  afterEach(() => shiftClock(server, 0));

  it('self-excludes with the password, logs out everywhere and keeps the member out', async () => {
    const member = await newMember(server);
    await grant(server, member.account, '50.00');
    const other = await logIn(server, member.account);
    const launch = await launchSlot(server, member.token);

    const wrong = await exclude(server, member.token, {
      kind: 'selfExclusion',
      duration: '6m',
      password: 'not-it-1',
    });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'old_password_wrong' } });
    const offered = await exclude(server, member.token, { kind: 'timeOut', duration: '6m' });
    expect(offered.body.code).toBe('invalid_request');

    const done = await exclude(server, member.token, { kind: 'selfExclusion', duration: '6m' });
    expect(done.status).toBe(200);
    const { endsAt } = done.body.value as ExclusionRefusal;
    const months = (new Date(endsAt!).getTime() - Date.now()) / (24 * HOUR);
    expect(months).toBeGreaterThan(180);
    expect(months).toBeLessThan(185);

    // Both sessions ended; the game opened before stops.
    for (const token of [member.token, other]) {
      expect((await call(server, '/wps/rg', { headers: bearer(token) })).status).toBe(401);
    }
    expect((await spin(server, launch, '1.00')).body.code).toBe('launch_expired');
    // Login says until when.
    const login = await loginAnswer(server, member.account);
    expect(login).toMatchObject({
      status: 403,
      body: { code: 'rg_excluded', value: { kind: 'selfExclusion', endsAt } },
    });
    // Behind the login, the money and play paths refuse it too.
    await expect(
      requestDeposit(server.deps, member.id, {
        channel: 'DEMO',
        amount: '20.00',
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: 'rg_excluded' });
    await db.query(
      `update game_launches set expires_at = now() + interval '1 hour' where member_id = $1`,
      [member.id],
    );
    expect((await spin(server, launch, '1.00')).body).toMatchObject({
      code: 'rg_excluded',
      value: { kind: 'selfExclusion', endsAt },
    });
  });

  it('cannot be shortened; the operator can only extend it, and it survives a restart', async () => {
    const member = await newMember(server);
    const done = await exclude(server, member.token, { kind: 'selfExclusion', duration: '1y' });
    const endsAt = (done.body.value as ExclusionRefusal).endsAt!;
    const extend = (until: string | null) =>
      opsCall(server, '/ops/rg/extend', { account: member.account, endsAt: until });
    const earlier = new Date(new Date(endsAt).getTime() - 24 * HOUR).toISOString();
    expect(await extend(earlier)).toMatchObject({
      status: 409,
      body: { code: 'rg_exclusion_shorter' },
    });
    const later = new Date(new Date(endsAt).getTime() + 365 * 24 * HOUR).toISOString();
    expect((await extend(later)).body.value).toMatchObject({
      kind: 'selfExclusion',
      endsAt: later,
    });
    // A year later than the first end, the member is still out.
    shiftClock(server, 400 * 24 * HOUR);
    expect((await loginAnswer(server, member.account)).body).toMatchObject({
      code: 'rg_excluded',
      value: { endsAt: later },
    });
    shiftClock(server, 0);
    expect((await extend(null)).body.value).toMatchObject({ endsAt: null });
    expect((await extend(later)).body.code).toBe('rg_exclusion_shorter');

    // A restart of the server on the same data: still out, permanently.
    await server.close();
    server = await startTestServer(engine, { config, database: db });
    expect((await loginAnswer(server, member.account)).body).toMatchObject({
      code: 'rg_excluded',
      value: { kind: 'selfExclusion', endsAt: null },
    });
    const view = await opsCall(server, `/ops/rg/${member.account}`);
    expect(view.body.value).toMatchObject({
      account: member.account,
      excluded: { kind: 'selfExclusion', endsAt: null },
    });
    const exclusions = (view.body.value as { exclusions: { actor: string; new: string }[] })
      .exclusions;
    expect(exclusions.map((item) => item.actor)).toEqual(['operator', 'operator', 'member']);
    expect(exclusions[0]!.new).toBe('selfExclusion permanent');
  });

  it('ends a time-out at its time, not before', async () => {
    const member = await newMember(server);
    const done = await exclude(server, member.token, { kind: 'timeOut', duration: '24h' });
    expect((done.body.value as ExclusionRefusal).kind).toBe('timeOut');
    shiftClock(server, 23 * HOUR);
    expect((await loginAnswer(server, member.account)).body.code).toBe('rg_excluded');
    shiftClock(server, 24 * HOUR + 60_000);
    const back = await logIn(server, member.account);
    expect((await deposit(server, back, '10.00')).status).toBe(200);
  });

  it('completes withdrawals asked for before, and credits pending deposits without bonuses', async () => {
    const member = await newMember(server);
    await grant(server, member.account, '200.00');
    const password = await encryptedCall(
      server,
      '/wps/member/paymentPassword',
      'POST',
      { loginPassword: 'abc12345', paymentPassword: '135790' },
      bearer(member.token),
    );
    expect(password.body.success, JSON.stringify(password.body)).toBe(true);
    const asked = await withdraw(server, member.token, {
      amount: '60.00',
      paymentPassword: '135790',
    });
    expect(asked.body.success, JSON.stringify(asked.body)).toBe(true);
    const withdrawalId = (asked.body.value as { id: string }).id;
    // A deposit bonus signed for and a deposit asked for, not yet credited.
    const created = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'RG_DEPOSIT',
        type: 'depositBonus',
        content: { EN: { title: 'Deposit bonus', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: { percent: '100', cap: '100.00', minDeposit: '10.00', wageringMultiplier: 30 },
      },
    });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const signed = await call(server, '/wps/promotions/RG_DEPOSIT/sign', {
      method: 'POST',
      headers: bearer(member.token),
      json: {},
    });
    expect(signed.body.success, JSON.stringify(signed.body)).toBe(true);
    const pending = await deposit(server, member.token, '50.00');
    const depositId = (pending.body.value as { id: string }).id;

    await exclude(server, member.token, { kind: 'timeOut', duration: '7d' });

    const paid = await opsCall(server, `/ops/withdrawals/${withdrawalId}`, { action: 'pay' });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    await autoConfirmWithdrawals(server.deps, new Date(Date.now() + 2 * HOUR));
    const [withdrawal] = await db.query<{ status: string }>(
      'select status from withdrawals where id = $1',
      [withdrawalId],
    );
    expect(withdrawal!.status).toBe('received');

    await creditDeposit(server.deps, depositId);
    const [credited] = await db.query<{ status: string }>(
      'select status from deposits where id = $1',
      [depositId],
    );
    expect(credited!.status).toBe('credited');
    const rewards = await db.query('select 1 from rewards where member_id = $1', [member.id]);
    expect(rewards).toEqual([]);
    shiftClock(server, 7 * 24 * HOUR + 60_000);
    const back = await logIn(server, member.account);
    const list = await call(server, '/wps/rewards', { headers: bearer(back) });
    expect(list.body.value).toMatchObject({
      waiting: [],
      history: [],
    } satisfies Partial<RewardList>);
  });

  it('lets no promotion, bonus, offer or message reach an excluded member', async () => {
    // player2 is agent1's direct downline (the demo's team).
    const token = await loginToken(server, 'player2');
    const applied = await opsCall(server, '/ops/promotions', {
      mode: 'create',
      definition: {
        code: 'RG_LOYAL',
        type: 'appliedBonus',
        content: { EN: { title: 'Loyal', summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms: { amount: '5.00', wageringMultiplier: 0 },
      },
    });
    expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
    await call(server, '/wps/promotions/RG_LOYAL/apply', {
      method: 'POST',
      headers: bearer(token),
      json: {},
    });
    await encryptedCall(
      server,
      '/wps/rg/exclusion',
      'POST',
      { kind: 'selfExclusion', duration: '6m', password: 'Passw0rd!' },
      bearer(token),
    );

    const bonus = await opsCall(server, '/ops/bonus', {
      account: 'player2',
      amount: '5.00',
      reason: 'Come back',
      idempotencyKey: newKey(),
    });
    expect(bonus).toMatchObject({ status: 409, body: { code: 'member_excluded' } });
    const approve = await opsCall(server, '/ops/applications', {
      code: 'RG_LOYAL',
      account: 'player2',
      decision: 'approve',
    });
    expect(approve.body.code).toBe('member_excluded');
    const announce = await opsCall(server, '/ops/announcements', {
      kind: 'popup',
      execution: 'A',
      title: { EN: 'Back soon?' },
      content: { EN: '<p>Bonus inside</p>' },
      accounts: ['player2'],
    });
    expect(announce.body.code).toBe('member_excluded');

    const agent = await loginToken(server, 'agent1');
    const offer = await call(server, '/wps/agent/contracts', {
      method: 'POST',
      headers: bearer(agent),
      json: {
        action: 'offer',
        contractType: 'dailySalary',
        downline: 'player2',
        terms: { rate: '0.50', activeMembers: 1, periodBet: '0.00', profitLoss: '0.00' },
      },
    });
    expect(offer.body.code).toBe('member_excluded');
    const message = await call(server, '/wps/agent/messages', {
      method: 'POST',
      headers: bearer(agent),
      json: {
        to: { account: 'player2' },
        subject: 'Offer',
        body: 'A bonus for you',
        requestKey: newKey(),
      },
    });
    expect(message.body.code).toBe('member_excluded');
    const toAll = await call(server, '/wps/agent/messages', {
      method: 'POST',
      headers: bearer(agent),
      json: {
        to: { directDownlines: true },
        subject: 'News',
        body: 'Hello team',
        requestKey: newKey(),
      },
    });
    expect(toAll.body.success, JSON.stringify(toAll.body)).toBe(true);
    const [inbox] = await db.query<{ n: number }>(
      `select count(*)::int as n from member_messages m join members p on p.id = m.member_id
       where p.account = 'player2' and m.kind = 'upline'`,
    );
    expect(inbox!.n).toBe(0);

    // The team list says "excluded", and nothing of the kind or the end.
    const team = await call(server, '/wps/agent/team/members?account=player2', {
      headers: bearer(agent),
    });
    const row = (team.body.value as Page<TeamMember>).items[0]!;
    expect(row).toMatchObject({ account: 'player2', excluded: true });
    expect(JSON.stringify(row)).not.toMatch(/selfExclusion|timeOut|endsAt/);
    const downlines = await call(server, '/wps/agent/downlines?keyword=player', {
      headers: bearer(agent),
    });
    const listed = (downlines.body.value as Page<{ account: string; excluded: boolean }>).items;
    expect(listed.find((item) => item.account === 'player2')?.excluded).toBe(true);
    expect(listed.find((item) => item.account === 'player3')?.excluded).toBe(false);
  });
});

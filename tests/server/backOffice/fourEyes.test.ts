import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalView } from '../../../src/shared/backOffice';
import type { AuditEntry } from '../../../src/shared/staffRoles';
import { bearer, loginToken } from '../../support/identityClient';
import { grant, ledgerSum, mainBalance, newKey, withdraw } from '../../support/moneyClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';
import { operatorPays } from '../money/withdrawalConfig';
import { loadPlatformConfig } from '../../../server/config/load';
import { backOfficeCommands } from '../../../server/ops/commands/backOffice';
import { parseCommand } from '../../../server/ops/commands/args';
import { newStaff, reLogin, type TestStaff } from './staffClient';

/**
 * Four-eyes on money (issue 30): above its configured amount a bonus, a withdrawal's payout and
 * an agent's rate wait for a second staff member; under it they run at once. The one who asked
 * cannot approve, a role the action does not allow cannot either, a rejection needs a reason,
 * and two approvers at once run the action once.
 */
describe('four-eyes in the shipped configuration', () => {
  it('holds payouts, bonuses and rates above everyday amounts (test servers lift them)', async () => {
    const shipped = await loadPlatformConfig('config/platform.json');
    expect(shipped.backOffice.approvals).toEqual({
      withdrawalPayout: '5000.00',
      bonus: '500.00',
      rgPayout: '5000.00',
      agentRatePercent: '1.00',
      promotionAmount: '500.00',
      rebatePercent: '0.50',
    });
  });
});

describe.each(engines)('four-eyes on %s', (engine) => {
  let server: TestServer;
  let finA: TestStaff;
  let finB: TestStaff;
  let marketing: TestStaff;
  let marketingB: TestStaff;
  let risk: TestStaff;
  let player3: string;
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: (base) => ({
        ...operatorPays(base),
        backOffice: {
          approvals: {
            withdrawalPayout: '50.00',
            bonus: '100.00',
            rgPayout: '100.00',
            agentRatePercent: '1.00',
            promotionAmount: '200.00',
            rebatePercent: '0.05',
          },
        },
      }),
    });
    [finA, finB, marketing, marketingB, risk] = await Promise.all([
      newStaff(server, 'fin.a', ['finance']),
      newStaff(server, 'fin.b', ['finance']),
      newStaff(server, 'mkt.a', ['marketing']),
      newStaff(server, 'mkt.b', ['marketing']),
      newStaff(server, 'risk.a', ['risk']),
    ]);
    player3 = await loginToken(server, 'player3');
  });
  afterAll(async () => {
    delete process.env.OPS_URL;
    delete process.env.OPS_TOKEN;
    await server.close();
  });

  const as = (staff: TestStaff, path: string, json?: unknown) =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: bearer(staff.token),
      ...(json === undefined ? {} : { json }),
    });
  const bonus = (staff: TestStaff, amount: string) =>
    as(staff, '/ops/bonus', {
      account: 'player3',
      amount,
      reason: 'goodwill',
      idempotencyKey: newKey(),
    });
  const pendingOf = (reply: Awaited<ReturnType<typeof call>>) =>
    (reply.body.value as { pending: ApprovalView }).pending;

  it('runs a bonus under the amount at once, and keeps one above it for a second person', async () => {
    const before = await mainBalance(server, player3);
    expect((await bonus(finA, '100.00')).status).toBe(200);
    const asked = await bonus(finA, '150.00');
    expect(asked.status).toBe(202);
    const pending = pendingOf(asked);
    expect(pending).toMatchObject({
      action: 'bonus.grant',
      // The 100.00 granted a moment ago counts with it.
      amount: "150.00 (250.00 with the last 24 hours' grants)",
      threshold: '100.00',
      requestedBy: 'staff:fin.a',
      status: 'pending',
    });
    const afterAsk = await mainBalance(server, player3);
    expect(Number(afterAsk) - Number(before)).toBeCloseTo(100, 2);

    const queue = (await as(finB, '/ops/approvals')).body.value as ApprovalView[];
    expect(queue.map((entry) => entry.id)).toContain(pending.id);
    const own = await as(finA, `/ops/approvals/${pending.id}/approve`, {});
    expect(own).toMatchObject({ status: 403, body: { code: 'approval_own' } });
    const wrongRole = await as(marketing, `/ops/approvals/${pending.id}/approve`, {});
    expect(wrongRole).toMatchObject({ status: 403, body: { code: 'forbidden_role' } });

    const approved = await as(finB, `/ops/approvals/${pending.id}/approve`, {});
    expect(approved.body.value).toMatchObject({
      status: 'approved',
      decidedBy: 'staff:fin.b',
      outcome: { ok: true, status: 200 },
    });
    expect(Number(await mainBalance(server, player3)) - Number(afterAsk)).toBeCloseTo(150, 2);
    const again = await as(finB, `/ops/approvals/${pending.id}/approve`, {});
    expect(again).toMatchObject({ status: 409, body: { code: 'approval_decided' } });

    // The trail: who asked, who approved, and the grant run as the approver's, naming both.
    const trail = (
      await call(server, '/ops/audit?action=bonus&limit=10', {
        headers: bearer(server.opsToken),
      })
    ).body.value as { entries: AuditEntry[] };
    expect(trail.entries[0]).toMatchObject({
      actor: 'staff:fin.b',
      target: { approval: pending.id, requestedBy: 'staff:fin.a' },
      outcome: { status: 200 },
    });
    expect(await ledgerSum(server)).toBe(0n);
  });

  it('adds up what one person granted in a day: split grants wait like one', async () => {
    const clerk = await newStaff(server, 'fin.split', ['finance']);
    expect((await bonus(clerk, '60.00')).status).toBe(200);
    const second = await bonus(clerk, '60.00');
    expect(second.status).toBe(202);
    expect(pendingOf(second).amount).toBe("60.00 (120.00 with the last 24 hours' grants)");
    // Another clerk's grants are their own.
    expect((await bonus(finB, '60.00')).status).toBe(200);
  });

  it('counts a burst of split grants atomically, and gives back a grant that was refused', async () => {
    const clerk = await newStaff(server, 'fin.burst', ['finance']);
    const refused = await as(clerk, '/ops/bonus', {
      account: 'nobody1',
      amount: '90.00',
      reason: 'typo',
      idempotencyKey: newKey(),
    });
    expect(refused.status).toBe(404);
    const before = await mainBalance(server, player3);
    const burst = await Promise.all(Array.from({ length: 6 }, () => bonus(clerk, '30.00')));
    // 100.00 a day: three grants of 30.00 run (the refused 90.00 counted for nothing).
    expect(burst.filter((reply) => reply.status === 200)).toHaveLength(3);
    expect(burst.filter((reply) => reply.status === 202)).toHaveLength(3);
    expect(Number(await mainBalance(server, player3)) - Number(before)).toBeCloseTo(90, 2);
  });

  it('needs a reason to reject, and moves nothing when rejected', async () => {
    const before = await mainBalance(server, player3);
    const pending = pendingOf(await bonus(finA, '250.00'));
    // The command line lists the queue, and a bonus it asks for above the amount waits too.
    process.env.OPS_URL = server.url;
    process.env.OPS_TOKEN = server.opsToken;
    expect(await backOfficeCommands(parseCommand(['approvals']))).toContain(
      `#${pending.id}  bonus.grant  250.00 (350.00 with the last 24 hours' grants) (above 100.00)  asked by staff:fin.a  pending`,
    );
    await expect(
      call(server, '/ops/bonus', {
        method: 'POST',
        headers: bearer(server.opsToken),
        json: { account: 'player3', amount: '999.00', reason: 'cli', idempotencyKey: newKey() },
      }),
    ).resolves.toMatchObject({ status: 202 });
    const bare = await as(finB, `/ops/approvals/${pending.id}/reject`, {});
    expect(bare).toMatchObject({ status: 400, body: { code: 'approval_reason_required' } });
    const rejected = await as(finB, `/ops/approvals/${pending.id}/reject`, {
      reason: 'No such promise was made',
    });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', decidedBy: 'staff:fin.b' });
    expect(await mainBalance(server, player3)).toBe(before);
  });

  it('runs an approval once when two approve at the same moment', async () => {
    const before = await mainBalance(server, player3);
    const pending = pendingOf(await bonus(finA, '300.00'));
    const decisions = await Promise.all([
      as(finB, `/ops/approvals/${pending.id}/approve`, {}),
      call(server, `/ops/approvals/${pending.id}/approve`, {
        method: 'POST',
        headers: { ...bearer(server.opsToken), 'x-ops-user': 'night-shift' },
        json: {},
      }),
    ]);
    expect(decisions.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(Number(await mainBalance(server, player3)) - Number(before)).toBeCloseTo(300, 2);
    expect(await ledgerSum(server)).toBe(0n);
  });

  it("holds a withdrawal's payout above the amount until a second person approves", async () => {
    await grant(server, 'player3', '200.00');
    const asked = await withdraw(server, player3, { amount: '80.00' });
    const { id } = asked.body.value as { id: string };
    const pay = await as(finA, `/ops/withdrawals/${id}`, { action: 'pay' });
    expect(pay.status).toBe(202);
    expect(pendingOf(pay)).toMatchObject({ amount: '80.00', threshold: '50.00' });
    const approved = await as(finB, `/ops/approvals/${pendingOf(pay).id}/approve`, {});
    expect(approved.body.value).toMatchObject({ status: 'approved', outcome: { ok: true } });
    const list = await as(finA, '/ops/withdrawals');
    const paid = (list.body.value as { id: string; status: string }[]).find((w) => w.id === id);
    expect(paid?.status).not.toBe('requested');
  });

  it("holds an agent's rate above the percentage for a second risk officer", async () => {
    const asked = await as(risk, '/ops/agents/rate', {
      account: 'agent1',
      contractType: 'dividend',
      rate: '2.5',
    });
    expect(asked.status).toBe(202);
    expect(pendingOf(asked)).toMatchObject({ amount: '2.50 %', threshold: '1.00' });
    const small = await as(risk, '/ops/agents/rate', {
      account: 'agent1',
      contractType: 'dividend',
      rate: '0.5',
    });
    expect(small.status).toBe(200);
  });

  it('holds a promotion that pays more at once, or returns more per bet, than its amount', async () => {
    const promotion = (code: string, type: string, terms: object) => ({
      mode: 'create',
      definition: {
        code,
        type,
        content: { EN: { title: code, summary: '', terms: '' } },
        banner: null,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        audience: { kind: 'all' },
        terms,
      },
    });
    const small = await as(
      marketing,
      '/ops/promotions',
      promotion('FE_SMALL', 'signupBonus', { amount: '150.00', wageringMultiplier: 5 }),
    );
    expect(small.status).toBe(200);
    const large = await as(
      marketing,
      '/ops/promotions',
      promotion('FE_LARGE', 'depositBonus', {
        percent: '100',
        cap: '250.00',
        minDeposit: '10.00',
        wageringMultiplier: 10,
      }),
    );
    expect(large.status).toBe(202);
    expect(pendingOf(large)).toMatchObject({ amount: '250.00', threshold: '200.00' });
    const pool = await as(
      marketing,
      '/ops/promotions',
      promotion('FE_RAFFLE', 'raffle', {
        ticketPer: '10.00',
        drawAt: '2027-01-01T00:00:00Z',
        prizes: [
          { amount: '50.00', count: 3 },
          { amount: '10.00', count: 6 },
        ],
        wageringMultiplier: 1,
      }),
    );
    expect(pendingOf(pool)).toMatchObject({ amount: '210.00' });
    const rebate = await as(
      marketing,
      '/ops/promotions',
      promotion('FE_REBATE', 'rebate', { percent: '0.06', gameTypes: ['PVP'] }),
    );
    expect(pendingOf(rebate)).toMatchObject({ amount: '0.06 %', threshold: '0.05' });
    const saved = async (code: string) =>
      (await server.deps.db.query('select 1 from promotions where code = $1', [code])).length;
    expect(await saved('FE_LARGE')).toBe(0);

    // A second marketing manager approves: it is saved then, once.
    const approved = await as(marketingB, `/ops/approvals/${pendingOf(large).id}/approve`, {});
    expect(approved.body.value).toMatchObject({ status: 'approved', outcome: { status: 200 } });
    expect(await saved('FE_LARGE')).toBe(1);
  });
});

describe('four-eyes against a sock puppet', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      config: (base) => ({
        ...base,
        backOffice: { approvals: { ...base.backOffice.approvals, bonus: '100.00' } },
      }),
    });
  });
  afterAll(() => server.close());

  it('refuses an approval by an account the asker made or gave its roles, and the reverse', async () => {
    const admin = await newStaff(server, 'boss.a', ['admin', 'finance']);
    const as = (staff: TestStaff, path: string, json?: unknown) =>
      call(server, path, {
        method: json === undefined ? 'GET' : 'POST',
        headers: bearer(staff.token),
        ...(json === undefined ? {} : { json }),
      });
    // The admin makes a finance account of its own (its password is answered to the admin).
    const puppet = await newStaff(server, 'puppet.a', ['finance'], admin);
    const ask = (staff: TestStaff) =>
      as(staff, '/ops/bonus', {
        account: 'player3',
        amount: '150.00',
        reason: 'puppet',
        idempotencyKey: newKey(),
      });
    const asked = await ask(admin);
    expect(asked.status).toBe(202);
    const id = (asked.body.value as { pending: ApprovalView }).pending.id;
    const byPuppet = await as(puppet, `/ops/approvals/${id}/approve`, {});
    expect(byPuppet).toMatchObject({ status: 403, body: { code: 'approval_tied' } });

    // The reverse: the puppet asks, its maker approves.
    const puppetAsked = await ask(puppet);
    const puppetId = (puppetAsked.body.value as { pending: ApprovalView }).pending.id;
    const byMaker = await as(admin, `/ops/approvals/${puppetId}/approve`, {});
    expect(byMaker).toMatchObject({ status: 403, body: { code: 'approval_tied' } });

    // Roles given later count as making: a clerk made by the command line, given finance by
    // the admin, cannot approve the admin's ask either.
    const clerk = await newStaff(server, 'clerk.a', ['support']);
    const roled = await as(admin, '/ops/staff/clerk.a/roles', {
      roles: ['finance'],
      reason: 'New finance clerk',
    });
    expect(roled.status).toBe(200);
    const relogged = await reLogin(server, clerk);
    const byRoled = await as(relogged, `/ops/approvals/${id}/approve`, {});
    expect(byRoled).toMatchObject({ status: 403, body: { code: 'approval_tied' } });

    // Someone independent of both decides.
    const other = await newStaff(server, 'fin.other', ['finance']);
    const approved = await as(other, `/ops/approvals/${id}/approve`, {});
    expect(approved.body.value).toMatchObject({ status: 'approved' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditVerdict } from '../../../src/shared/staffRoles';
import { backOfficeCommands } from '../../../server/ops/commands/backOffice';
import { parseCommand } from '../../../server/ops/commands/args';
import { appendAudit } from '../../../server/domain/backOffice/audit';
import { bearer } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * The audit trail (issue 30): every back-office call appended in one unbroken chain, even under
 * a burst of parallel calls from two kinds of caller; the table refuses updates and deletes; and
 * a row changed or removed behind the triggers' back (an owner who disabled them) is found by
 * `npm run ops -- audit verify`, which names the row and fails.
 */
describe.each(engines)('the audit trail on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    delete process.env.OPS_URL;
    delete process.env.OPS_TOKEN;
    await server.close();
  });

  const ops = (path: string, json?: unknown, user = 'tester') =>
    call(server, path, {
      method: json === undefined ? 'GET' : 'POST',
      headers: { ...bearer(server.opsToken), 'x-ops-user': user },
      ...(json === undefined ? {} : { json }),
    });

  const cli = async (...argv: string[]) => {
    process.env.OPS_URL = server.url;
    process.env.OPS_TOKEN = server.opsToken;
    return backOfficeCommands(parseCommand(argv));
  };

  it('chains a parallel burst of calls without a gap, each under its caller', async () => {
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        index % 2
          ? ops('/ops/withdrawals', undefined, `clerk${index}`)
          : ops('/ops/bonus', {
              account: 'nobody1',
              amount: '1.00',
              reason: `burst ${index}`,
              idempotencyKey: `burst-${index}`,
            }),
      ),
    );
    expect(burst.every((reply) => reply.status !== 403)).toBe(true);
    const verdict = (await ops('/ops/audit/verify')).body.value as AuditVerdict;
    expect(verdict).toMatchObject({ intact: true, broken: null });
    expect(verdict.rows).toBeGreaterThanOrEqual(40);
    const rows = await server.deps.db.query<{ seq: string }>(
      'select seq::text from staff_audit order by staff_audit.seq',
    );
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, index) => index + 1));

    const page = (await ops('/ops/audit?action=bonus&text=burst%2012&limit=10')).body.value as {
      entries: AuditEntry[];
    };
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      actor: 'cli:tester',
      action: 'bonus.grant',
      reason: 'burst 12',
      detail: { account: 'nobody1', amount: '1.00', reason: 'burst 12' },
    });
    expect(page.entries[0]!.outcome.code).toBeTruthy();
    expect(await cli('audit', 'verify')).toMatch(
      /^The audit trail is intact: \d+ rows; last hash [0-9a-f]{64}\.$/,
    );
  });

  it('writes a write down before it runs, so a process stopped mid-action leaves a trace', async () => {
    const done = await ops('/ops/bonus', {
      account: 'player3',
      amount: '2.00',
      reason: 'intent check',
      idempotencyKey: 'intent-check-1',
    });
    expect(done.status).toBe(200);
    const shown = (await ops('/ops/audit?action=bonus&text=intent%20check&limit=10')).body
      .value as { entries: AuditEntry[] };
    // One row shown: the outcome, naming the row that said it started.
    expect(shown.entries).toHaveLength(1);
    const outcome = shown.entries[0]!;
    expect(outcome.outcome.status).toBe(200);
    const started = await server.deps.db.query<{ outcome: AuditEntry['outcome'] }>(
      'select outcome from staff_audit where seq = $1',
      [outcome.target.intent!],
    );
    expect(started[0]!.outcome).toEqual({ status: 0, code: 'started' });
    expect(Number(outcome.target.intent)).toBeLessThan(Number(outcome.seq));

    // A process that died after the action: its started row has no outcome and stays shown.
    await appendAudit(server.deps.db, {
      actor: 'cli:tester',
      roles: ['finance'],
      address: '127.0.0.1',
      action: 'bonus.grant',
      target: {},
      detail: { account: 'player3', amount: '3.00', reason: 'cut short' },
      outcome: { status: 0, code: 'started' },
      reason: 'cut short',
    });
    const cut = (await ops('/ops/audit?action=bonus&text=cut%20short&limit=10')).body.value as {
      entries: AuditEntry[];
    };
    expect(cut.entries.map((entry) => entry.outcome)).toEqual([{ status: 0, code: 'started' }]);
    // Reads write nothing down before they run; refusals at the door neither.
    const reads = await server.deps.db.query(
      `select 1 from staff_audit where action = 'withdrawals.list' and outcome ->> 'code' = 'started'`,
    );
    expect(reads).toHaveLength(0);
  });

  it('keeps secrets out of the trail, and exports it as CSV', async () => {
    const made = await ops('/ops/support/staff', { name: 'audit.clerk', roles: ['finance'] });
    const { password } = made.body.value as { password: string };
    const [row] = await server.deps.db.query<{ outcome: unknown }>(
      `select outcome from staff_audit where action = 'staff.add' order by staff_audit.seq desc limit 1`,
    );
    expect(JSON.stringify(row!.outcome)).not.toContain(password);
    expect(JSON.stringify(row!.outcome)).toContain('[removed]');

    const response = await fetch(`${server.url}/ops/audit.csv?action=staff`, {
      headers: bearer(server.opsToken),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    // (text() drops the byte-order mark that lets a spreadsheet read it as UTF-8.)
    const csv = await response.text();
    expect(csv.split('\r\n')[0]).toBe(
      'seq,at,actor,roles,address,action,target,status,code,reason,detail,hash',
    );
    expect(csv).toContain('staff.add');
    expect(csv).not.toContain(password);
  });

  it('refuses to change or remove a row', async () => {
    await expect(
      server.deps.db.query(`update staff_audit set reason = 'nothing happened' where seq = 1`),
    ).rejects.toThrow(/append-only/);
    await expect(server.deps.db.query('delete from staff_audit where seq = 1')).rejects.toThrow(
      /append-only/,
    );
  });

  it('finds a row changed or removed behind the triggers, and the command fails', async () => {
    await server.deps.db.query('alter table staff_audit disable trigger staff_audit_no_change');
    await server.deps.db.query(`update staff_audit set reason = 'a quiet change' where seq = 3`);
    let verdict = (await ops('/ops/audit/verify')).body.value as AuditVerdict;
    expect(verdict).toMatchObject({
      intact: false,
      broken: { seq: '3', problem: 'its content does not match its hash (the row was changed)' },
    });
    await expect(cli('audit', 'verify')).rejects.toThrow(/BROKEN at row 3/);

    await server.deps.db.query('delete from staff_audit where seq = 3');
    verdict = (await ops('/ops/audit/verify')).body.value as AuditVerdict;
    expect(verdict.broken).toEqual({ seq: '4', problem: 'row 3 is missing (the next is 4)' });
    await server.deps.db.query('alter table staff_audit enable trigger staff_audit_no_change');
  });
});

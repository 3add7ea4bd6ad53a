import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsActionNamed } from '../../../server/domain/backOffice/actions';
import { BEFORE_READERS } from '../../../server/http/ops/beforeStates';
import type { AuditEntry, AuditVerdict } from '../../../src/shared/staffRoles';
import { engines, startTestServer, type TestServer } from '../../support/testServer';
import { asStaff, newStaff, type TestStaff } from './staffClient';

/**
 * The audit trail keeps the before and the after of a write (issue 30): the thing's state read
 * just before the action runs (`outcome.before`) beside its answer (`outcome.result`), in the
 * hash-chained row; every reader names a real action and reads real columns.
 */
describe.each(engines)('the audit trail before and after on %s', (engine) => {
  let server: TestServer;
  let risk: TestStaff;
  let admin: TestStaff;
  beforeAll(async () => {
    server = await startTestServer(engine);
    [risk, admin] = await Promise.all([
      newStaff(server, 'risk.before', ['risk']),
      newStaff(server, 'adm.before', ['admin']),
    ]);
  });
  afterAll(() => server.close());

  const as = (staff: TestStaff, path: string, json?: unknown) => asStaff(server, staff, path, json);

  it('has a reader only for real actions, each of whose queries runs', async () => {
    for (const [action, read] of Object.entries(BEFORE_READERS)) {
      expect(opsActionNamed(action), action).not.toBeNull();
      // Nothing by these names: each answers null (or the state of what always exists), and a
      // wrong column would throw here.
      await read(
        server.deps,
        { id: '999999', name: 'nobody', account: 'nobody', code: 'NONE' },
        { account: 'nobody', code: 'NONE', contractType: 'SALARY' },
      );
    }
  });

  it("keeps a member's status and a staff member's roles before and after", async () => {
    expect((await as(risk, '/ops/members/player4/status', { status: 'disabled' })).status).toBe(
      200,
    );
    expect(
      (await as(admin, '/ops/staff/risk.before/roles', { roles: ['risk', 'support'], reason: 'x' }))
        .status,
    ).toBe(200);
    const trail = await as(admin, '/ops/audit?action=members.status');
    const [status] = (trail.body.value as { entries: AuditEntry[] }).entries;
    expect(status?.outcome).toMatchObject({
      status: 200,
      before: { account: 'player4', status: 'active' },
      result: { account: 'player4', status: 'disabled' },
    });
    const roles = (
      (await as(admin, '/ops/audit?action=staff.roles')).body.value as { entries: AuditEntry[] }
    ).entries[0];
    expect(roles?.outcome.before).toMatchObject({ name: 'risk.before', roles: ['risk'] });

    // Kept in the chain: a changed before-state is detected.
    const verdict = (await as(admin, '/ops/audit/verify')).body.value as AuditVerdict;
    expect(verdict.intact).toBe(true);
    // (by an owner who switched the append-only trigger off, as auditChain.test.ts does).
    await server.deps.db.query('alter table staff_audit disable trigger staff_audit_no_change');
    await server.deps.db.query(
      `update staff_audit set outcome = jsonb_set(outcome, '{before,status}', '"disabled"')
       where seq = $1`,
      [status!.seq],
    );
    await server.deps.db.query('alter table staff_audit enable trigger staff_audit_no_change');
    const broken = (await as(admin, '/ops/audit/verify')).body.value as AuditVerdict;
    expect(broken).toMatchObject({ intact: false, broken: { seq: status!.seq } });
  });
});

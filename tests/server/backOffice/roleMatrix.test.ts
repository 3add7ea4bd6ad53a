import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type AuditEntry, type StaffRole } from '../../../src/shared/staffRoles';
import { OPS_ACTIONS } from '../../../server/domain/backOffice/actions';
import { bearer, encryptedCall, humanProof } from '../../support/identityClient';
import { call, startTestServer, type TestServer } from '../../support/testServer';
import { newStaff } from './staffClient';

/** A route's parameters filled in with values that name nothing (the call is refused or 404s). */
const PARAMS: Record<string, string> = {
  name: 'nobody.here',
  id: '999999',
  account: 'nobody1',
  code: 'NO_SUCH_CODE',
  decision: 'approve',
  position: '0',
};

const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x');

/** A call's status and code, whatever its answer's type (the audit export is a CSV file). */
async function hit(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; code: string | undefined }> {
  const response = await fetch(server.url + path, {
    method,
    headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? ((await response.json()) as { code?: string }) : null;
  return { status: response.status, code: body?.code };
}

/** A member's session token: the back office takes it for nobody. */
async function memberSession(server: TestServer): Promise<string> {
  const made = await encryptedCall(server, '/wps/member/register', 'PUT', {
    username: 'matrix1',
    password: 'abc12345',
    confirmPassword: 'abc12345',
    altcha: await humanProof(server),
    login: true,
  });
  return (made.body.value as { token: string }).token;
}

/**
 * The back office's authorization matrix (issue 30): every `/ops` action × every staff role,
 * each role signed in as a staff account of that one role. A role the action names gets past the
 * door (whatever the call then says of its empty input); any other gets 403 `forbidden_role`.
 * Without a session, or with a member's token, every action is 403 `forbidden`. Every call a
 * staff member made, let in or not, is in the audit trail under their name.
 */
describe('the back office role × action matrix', () => {
  let server: TestServer;
  const tokens = new Map<StaffRole, string>();
  let memberToken = '';
  beforeAll(async () => {
    server = await startTestServer('pglite');
    for (const role of STAFF_ROLES) {
      tokens.set(role, (await newStaff(server, `only.${role}`, [role])).token);
    }
    memberToken = await memberSession(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const entries = Object.entries(OPS_ACTIONS).map(([key, action]) => {
    const [method, url] = key.split(' ') as ['GET' | 'POST', string];
    return { method, url, action };
  });

  it('lists every /ops route the server has, and no other', () => {
    const served = server.app.routes
      .filter((route) => route.url.startsWith('/ops/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(served).toEqual(Object.keys(OPS_ACTIONS).sort());
  });

  it.each(STAFF_ROLES)('lets %s through exactly the actions that name it', async (role) => {
    const token = tokens.get(role)!;
    const mismatches: string[] = [];
    for (const { method, url, action } of entries) {
      const reply = await hit(server, method, concrete(url), bearer(token));
      const allowed = action.roles.includes(role);
      const refused = reply.status === 403 && reply.code === 'forbidden_role';
      if (allowed === refused || (allowed && reply.status === 403)) {
        mismatches.push(`${method} ${url}: ${reply.status} ${reply.code}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses every action without a staff session or with another token', async () => {
    for (const { method, url } of entries) {
      for (const headers of [{}, bearer(memberToken)]) {
        const reply = await hit(server, method, concrete(url), headers);
        expect({ call: `${method} ${url}`, status: reply.status, code: reply.code }).toEqual({
          call: `${method} ${url}`,
          status: 403,
          code: 'forbidden',
        });
      }
    }
  });

  it('records what each staff member did and was refused, under their own name', async () => {
    const reply = await call(server, '/ops/audit?actor=staff:only.support&limit=500', {
      headers: bearer(tokens.get('risk')!),
    });
    expect(reply.status).toBe(200);
    const logged = (reply.body.value as { entries: AuditEntry[] }).entries;
    const refused = logged.filter((entry) => entry.outcome.code === 'forbidden_role');
    const audited = entries.filter(({ action }) => !action.unaudited);
    // Each audited action once for support in the matrix: refused where support is not named.
    expect(refused.length).toBe(
      audited.filter(({ action }) => !action.roles.includes('support')).length,
    );
    expect(logged.every((entry) => entry.roles.join() === 'support')).toBe(true);
    expect(logged.every((entry) => entry.address === '127.0.0.1')).toBe(true);
    const verify = await call(server, '/ops/audit/verify', { headers: bearer(server.opsToken) });
    expect(verify.body.value).toMatchObject({ intact: true, broken: null });
  });
});

import { generate } from 'otplib';
import type { SupportLoginResult } from '../../../src/shared/chat';
import type { StaffRole } from '../../../src/shared/staffRoles';
import { bearer } from '../../support/identityClient';
import { call, type TestServer } from '../../support/testServer';

/** The authenticator app's code for `secret`, `ahead` steps of 30 seconds from now. */
export const appCode = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

export interface TestStaff {
  name: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  /** A session that proved the second factor (the back office lets it in). */
  token: string;
}

/** A back-office call as `staff`: a GET without `json`, a POST with it. */
export const asStaff = (server: TestServer, staff: TestStaff, path: string, json?: unknown) =>
  call(server, path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: bearer(staff.token),
    ...(json === undefined ? {} : { json }),
  });

export const staffLogin = (server: TestServer, json: Record<string, unknown>) =>
  call(server, '/wps/support/session', { method: 'POST', json });

/**
 * A staff account with `roles`, made by the command line, signed in and with two-factor
 * sign-in set up as a staff member does it (a QR code's secret, confirmed with a first code).
 */
export async function newStaff(
  server: TestServer,
  name: string,
  roles: StaffRole[],
  /** An admin who makes it (its audit name goes on the account); else the command line. */
  maker?: TestStaff,
): Promise<TestStaff> {
  const made = await call(server, '/ops/support/staff', {
    method: 'POST',
    headers: bearer(maker?.token ?? server.opsToken),
    json: { name, roles },
  });
  if (made.status !== 200) throw new Error(`no staff ${name}: ${made.body.code}`);
  const { password } = made.body.value as { password: string };
  const login = await staffLogin(server, { name, password });
  const { token } = login.body.value as SupportLoginResult;
  const setup = await call(server, '/wps/support/two-factor/setup', {
    method: 'POST',
    headers: bearer(token),
  });
  const { secret } = setup.body.value as { secret: string };
  const confirmed = await call(server, '/wps/support/two-factor/confirm', {
    method: 'POST',
    headers: bearer(token),
    json: { code: await appCode(secret) },
  });
  if (confirmed.status !== 200) throw new Error(`two-factor for ${name}: ${confirmed.body.code}`);
  const { recoveryCodes } = confirmed.body.value as { recoveryCodes: string[] };
  return { name, password, secret, recoveryCodes, token };
}

/** Signs in again (after a change ended the sessions) with the next time step's code. */
export async function reLogin(server: TestServer, staff: TestStaff): Promise<TestStaff> {
  const login = await staffLogin(server, {
    name: staff.name,
    password: staff.password,
    code: await appCode(staff.secret, 1),
  });
  if (login.status !== 200) throw new Error(`no login for ${staff.name}: ${login.body.code}`);
  return { ...staff, token: (login.body.value as SupportLoginResult).token };
}

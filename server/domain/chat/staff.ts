import { randomBytes } from 'node:crypto';
import { STAFF_DISPLAY_NAME_MAX, type SupportStaffView } from '../../../src/shared/chat';
import { hasControlCharacters, normalizePlainText } from '../../../src/shared/plainText';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { hashPassword, verifyPassword } from '../identity/password';
import { newToken, sha256 } from '../identity/secrets';
import type { Throttles } from '../identity/throttles';
import type { Platform } from '../../platform/platform';
import { isStaffRole, type StaffRole } from '../../../src/shared/staffRoles';
import { commit } from '../../platform/unitOfWork';

/**
 * Support staff (issue 16, the operator console at /support): accounts the operator makes with
 * `npm run ops -- support add <name>`, which prints a generated password once. They are not
 * members: their sessions live in their own table, no member call accepts their tokens, and
 * the console accepts no member's. Decisions: docs/decisions.md, "Live chat".
 */

/** A staff session lasts a working shift; logging out, a new password or disabling ends it. */
export const STAFF_SESSION_MS = 12 * 60 * 60_000;
/** Failed logins per name before it is locked for a while, and login attempts per address. */
const NAME_FAILURES = { windowMs: 15 * 60_000, limit: 5, blockMs: 15 * 60_000 };
const ADDRESS_ATTEMPTS = { windowMs: 60 * 60_000, limit: 30 };

export const STAFF_NAME = /^[a-z][a-z0-9_.-]{2,31}$/;

export interface StaffSession {
  sessionId: string;
  staffId: string;
  name: string;
  displayName: string;
  available: boolean;
  expiresAt: string;
  /** What the back office lets this account do (issue 30). */
  roles: StaffRole[];
}

interface StaffRow {
  id: string;
  name: string;
  display_name: string;
  available: boolean;
  status: 'active' | 'disabled';
  roles: StaffRole[];
}

const toView = (row: StaffRow): SupportStaffView => ({
  id: row.id,
  name: row.name,
  displayName: row.display_name,
  available: row.available,
});

/** A generated password: 18 random bytes, 24 URL-safe characters (never chosen by a person). */
const newPassword = () => randomBytes(18).toString('base64url');

function checkDisplayName(value: string): string {
  const name = normalizePlainText(value).replace(/\s+/g, ' ');
  if (!name || [...name].length > STAFF_DISPLAY_NAME_MAX || hasControlCharacters(name)) {
    throw new ApiError(
      400,
      'support_display_name_invalid',
      `A display name is 1 to ${STAFF_DISPLAY_NAME_MAX} characters of plain text.`,
    );
  }
  return name;
}

export function checkStaffName(value: string): string {
  const name = value.trim().toLowerCase();
  if (!STAFF_NAME.test(name)) {
    throw new ApiError(
      400,
      'support_name_invalid',
      'A staff name is 3 to 32 characters: a letter, then letters, digits, "_", "." or "-".',
    );
  }
  return name;
}

export async function addStaff(
  db: Queryable,
  input: { name: string; displayName?: string | null; roles?: readonly string[] },
): Promise<{ staff: SupportStaffView & { roles: StaffRole[] }; password: string }> {
  const name = checkStaffName(input.name);
  const displayName = checkDisplayName(input.displayName ?? name);
  const roles = checkRoles(input.roles ?? ['support']);
  const password = newPassword();
  const rows = await db.query<StaffRow>(
    `insert into support_staff (name, display_name, password_hash, roles)
     values ($1, $2, $3, $4::text[])
     on conflict (name) do nothing
     returning id::text, name, display_name, available, status, roles`,
    [name, displayName, await hashPassword(password), `{${roles.join(',')}}`],
  );
  if (!rows[0]) {
    throw new ApiError(409, 'support_staff_exists', `A staff account "${name}" already exists.`);
  }
  return { staff: { ...toView(rows[0]), roles: rows[0].roles }, password };
}

/** Roles as given: at least one, each known, none twice (issue 30). */
export function checkRoles(roles: readonly string[]): StaffRole[] {
  const unique = [...new Set(roles.map((role) => role.trim().toLowerCase()))];
  if (unique.length === 0 || !unique.every(isStaffRole)) {
    throw new ApiError(
      400,
      'staff_roles_invalid',
      'Give one or more roles of: admin, finance, marketing, risk, support.',
    );
  }
  return unique;
}

/**
 * Gives a staff account these roles (an admin's action): its sessions end, so what it may do
 * changes at once and it logs in again under the new roles.
 */
export async function setStaffRoles(
  deps: Pick<Platform, 'db' | 'changes'>,
  name: string,
  roles: readonly string[],
): Promise<{ staff: SupportStaffView & { roles: StaffRole[] }; before: StaffRole[] }> {
  const wanted = checkRoles(roles);
  return commit(deps, async (work) => {
    const row = await staffByName(work.tx, name);
    await work.tx.query(
      'update support_staff set roles = $2::text[], updated_at = now() where id = $1',
      [row.id, `{${wanted.join(',')}}`],
    );
    const endedSessions = await revokeStaffSessions(work.tx, row.id, 'roles_changed');
    work.changed('staffSessionsEnded', { sessionIds: endedSessions, reason: 'roles_changed' });
    return { staff: { ...toView(row), roles: wanted }, before: row.roles };
  });
}

export async function listStaff(
  db: Queryable,
): Promise<(SupportStaffView & { status: string; roles: StaffRole[]; createdAt: string })[]> {
  const rows = await db.query<StaffRow & { created_at: Date }>(
    `select id::text, name, display_name, available, status, roles, created_at
     from support_staff order by id`,
  );
  return rows.map((row) => ({
    ...toView(row),
    status: row.status,
    roles: row.roles,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Ends every live session of a staff member; their ids, for the console sockets to be cut. */
async function revokeStaffSessions(tx: Queryable, staffId: string, reason: string) {
  const rows = await tx.query<{ id: string }>(
    `update support_sessions set revoked_at = now(), revoke_reason = $2
     where staff_id = $1 and revoked_at is null returning id::text`,
    [staffId, reason],
  );
  return rows.map((row) => row.id);
}

async function staffByName(tx: Queryable, name: string): Promise<StaffRow> {
  const [row] = await tx.query<StaffRow>(
    `select id::text, name, display_name, available, status, roles from support_staff
     where name = $1 for update`,
    [checkStaffName(name)],
  );
  if (!row) throw new ApiError(404, 'support_staff_not_found', `No staff account "${name}".`);
  return row;
}

/** A new generated password; every session of the account ends. */
export async function resetStaffPassword(
  deps: Pick<Platform, 'db' | 'changes'>,
  name: string,
): Promise<{ staff: SupportStaffView; password: string; endedSessions: string[] }> {
  const password = newPassword();
  const hash = await hashPassword(password);
  return commit(deps, async (work) => {
    const { tx } = work;
    const row = await staffByName(tx, name);
    await tx.query(
      'update support_staff set password_hash = $2, updated_at = now() where id = $1',
      [row.id, hash],
    );
    const endedSessions = await revokeStaffSessions(tx, row.id, 'password_reset');
    work.changed('staffSessionsEnded', { sessionIds: endedSessions, reason: 'password_reset' });
    return { staff: toView(row), password, endedSessions };
  });
}

/** Disables (every session ends) or enables an account, in the caller's transaction. */
export async function setStaffStatusWithin(
  tx: Queryable,
  name: string,
  status: 'active' | 'disabled',
): Promise<{ staff: SupportStaffView & { status: string }; endedSessions: string[] }> {
  const row = await staffByName(tx, name);
  await tx.query('update support_staff set status = $2, updated_at = now() where id = $1', [
    row.id,
    status,
  ]);
  const endedSessions =
    status === 'disabled' ? await revokeStaffSessions(tx, row.id, 'disabled') : [];
  return { staff: { ...toView(row), status }, endedSessions };
}

/** Disables (every session ends) or enables an account; open consoles and players are told. */
export async function setStaffStatus(
  deps: Pick<Platform, 'db' | 'changes'>,
  name: string,
  status: 'active' | 'disabled',
): Promise<{ staff: SupportStaffView & { status: string }; endedSessions: string[] }> {
  return commit(deps, async (work) => {
    const changed = await setStaffStatusWithin(work.tx, name, status);
    work.changed('staffSessionsEnded', { sessionIds: changed.endedSessions, reason: 'disabled' });
    // The players' list of who is online changes with it.
    work.changed('chat', { kind: 'availability' });
    return changed;
  });
}

/** A hash to check when the name is unknown, so an unknown name takes as long as a wrong password. */
let decoy: Promise<string> | null = null;

/**
 * The console's login. Both counters are reserved before the password is checked (one statement
 * each, so a parallel burst of guesses cannot all read a low count): 30 attempts an hour per
 * address, and 5 failures per name and address in 15 minutes lock that name from that address
 * for 15 minutes. Per name and address, as members' logins are (issue 28, finding 7): five
 * wrong passwords from anywhere used to lock the staff member out everywhere. Guessing from
 * many addresses is bounded by each address's 30 an hour against a generated 24-character
 * password. A success gives its reservation back. Unknown name, wrong password and disabled
 * account answer alike.
 */
export async function loginStaff(
  db: Queryable,
  throttles: Throttles,
  input: { name: string; password: string; address: string },
): Promise<{ token: string; session: StaffSession; expiresAt: string }> {
  const name = input.name.trim().toLowerCase();
  const address = await throttles.hit(`support-login-ip:${input.address}`, ADDRESS_ATTEMPTS);
  const nameKey = `support-login:${name}:${input.address}`;
  const byName = address.allowed ? await throttles.hit(nameKey, NAME_FAILURES) : null;
  if (!address.allowed || !byName?.allowed) {
    const retryAfterMs = byName && !byName.allowed ? byName.retryAfterMs : address.retryAfterMs;
    throw new ApiError(429, 'support_login_locked', 'Too many attempts. Try again later.', {
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
    });
  }
  const [row] = STAFF_NAME.test(name)
    ? await db.query<StaffRow & { password_hash: string }>(
        `select id::text, name, display_name, available, status, roles, password_hash
         from support_staff where name = $1`,
        [name],
      )
    : [];
  decoy ??= hashPassword(newPassword());
  const matches = await verifyPassword(input.password, row?.password_hash ?? (await decoy));
  if (!row || !matches || row.status !== 'active') {
    throw new ApiError(401, 'support_login_failed', 'Wrong name or password.');
  }
  await throttles.release(nameKey);
  const token = newToken();
  const [session] = await db.query<{ id: string; expires_at: Date }>(
    `insert into support_sessions (staff_id, token_hash, expires_at)
     values ($1, $2, now() + make_interval(secs => $3)) returning id::text, expires_at`,
    [row.id, sha256(token), STAFF_SESSION_MS / 1000],
  );
  return {
    token,
    session: {
      sessionId: session!.id,
      staffId: row.id,
      name: row.name,
      displayName: row.display_name,
      available: row.available,
      expiresAt: new Date(session!.expires_at).toISOString(),
      roles: row.roles,
    },
    expiresAt: new Date(session!.expires_at).toISOString(),
  };
}

/** The live session of a console token, or null (unknown, expired, ended, account disabled). */
export async function resolveStaffSession(
  db: Queryable,
  token: string,
): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db.query<{
    session_id: string;
    staff_id: string;
    name: string;
    display_name: string;
    available: boolean;
    expires_at: Date;
    roles: StaffRole[];
  }>(
    `select s.id::text as session_id, st.id::text as staff_id, st.name, st.display_name,
       st.available, s.expires_at, st.roles
     from support_sessions s join support_staff st on st.id = s.staff_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
       and st.status = 'active'`,
    [sha256(token)],
  );
  if (!row) return null;
  return {
    sessionId: row.session_id,
    staffId: row.staff_id,
    name: row.name,
    displayName: row.display_name,
    available: row.available,
    expiresAt: new Date(row.expires_at).toISOString(),
    roles: row.roles,
  };
}

export async function logoutStaff(db: Queryable, sessionId: string): Promise<void> {
  await db.query(
    `update support_sessions set revoked_at = now(), revoke_reason = 'logout'
     where id = $1 and revoked_at is null`,
    [sessionId],
  );
}

export async function setAvailability(
  db: Queryable,
  staffId: string,
  available: boolean,
): Promise<SupportStaffView> {
  const [row] = await db.query<StaffRow>(
    `update support_staff set available = $2, updated_at = now() where id = $1
     returning id::text, name, display_name, available, status, roles`,
    [staffId, available],
  );
  return toView(row!);
}

/** Active staff, for the model list (display names only). */
export async function activeStaff(
  db: Queryable,
): Promise<{ id: string; displayName: string; available: boolean }[]> {
  const rows = await db.query<{ id: string; display_name: string; available: boolean }>(
    `select id::text, display_name, available from support_staff where status = 'active'
     order by id`,
  );
  return rows.map((row) => ({
    id: row.id,
    displayName: row.display_name,
    available: row.available,
  }));
}

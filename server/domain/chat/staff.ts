import { randomBytes } from 'node:crypto';
import { STAFF_DISPLAY_NAME_MAX, type SupportStaffView } from '../../../src/shared/chat';
import { hasControlCharacters, normalizePlainText } from '../../../src/shared/plainText';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { hashPassword } from '../identity/password';
import type { Platform } from '../../platform/platform';
import { isStaffRole, type StaffRole } from '../../../src/shared/staffRoles';
import { commit } from '../../platform/unitOfWork';
import { staffNameOfActor } from '../backOffice/staffAccounts';
import { resetTwoFactorWithin } from '../backOffice/twoFactor';

/**
 * Support staff (issue 16, the operator console at /support): accounts the operator makes with
 * `npm run ops -- support add <name>`, which prints a generated password once. They are not
 * members: their sessions live in their own table, no member call accepts their tokens, and
 * the console accepts no member's. Decisions: docs/decisions.md, "Live chat".
 */

export const STAFF_NAME = /^[a-z][a-z0-9_.-]{2,31}$/;

export interface StaffRow {
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
export const newPassword = () => randomBytes(18).toString('base64url');

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
  /** Who makes it (`staff:<name>`, `cli:<user>`): four-eyes keeps them apart (approvals.ts). */
  by: string | null = null,
): Promise<{ staff: SupportStaffView & { roles: StaffRole[] }; password: string }> {
  const name = checkStaffName(input.name);
  const displayName = checkDisplayName(input.displayName ?? name);
  const roles = checkRoles(input.roles ?? ['support']);
  const password = newPassword();
  const rows = await db.query<StaffRow>(
    `insert into support_staff (name, display_name, password_hash, roles, created_by, roles_set_by)
     values ($1, $2, $3, $4::text[], $5, $5)
     on conflict (name) do nothing
     returning id::text, name, display_name, available, status, roles`,
    [name, displayName, await hashPassword(password), `{${roles.join(',')}}`, by],
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
  /**
   * Who sets them (`staff:<name>`, `cli:<user>`): kept on the account, so four-eyes keeps them
   * apart (approvals.ts); a staff member may not take away their own admin role.
   */
  by: string | null = null,
): Promise<{ staff: SupportStaffView & { roles: StaffRole[] }; before: StaffRole[] }> {
  const wanted = checkRoles(roles);
  const actor = staffNameOfActor(by ?? undefined);
  return commit(deps, async (work) => {
    const row = await staffByName(work.tx, name);
    if (row.roles.includes('admin') && !wanted.includes('admin')) {
      await keepAnAdmin(work.tx, row, actor);
    }
    await work.tx.query(
      `update support_staff set roles = $2::text[], roles_set_by = $3, updated_at = now()
       where id = $1`,
      [row.id, `{${wanted.join(',')}}`, by],
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

/**
 * An admin account about to lose its admin role or be disabled (issue 30): refused when it is
 * the caller's own (an admin who locks themselves out needs another admin to get back in), or
 * when no other active admin would be left (nobody could manage staff from the back office).
 * The other admins' rows are locked, so two admins demoting each other at once cannot both
 * succeed.
 */
async function keepAnAdmin(tx: Queryable, row: StaffRow, actor: string | null): Promise<void> {
  if (actor !== null && actor === row.name) {
    throw new ApiError(409, 'staff_own_admin', 'You cannot remove your own admin access.');
  }
  if (row.status !== 'active') return;
  const others = await tx.query<{ id: string }>(
    `select id::text from support_staff
     where 'admin' = any(roles) and status = 'active' and id <> $1 order by id for update`,
    [row.id],
  );
  if (others.length === 0) {
    throw new ApiError(409, 'staff_last_admin', 'This is the last active admin: keep it.');
  }
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

/**
 * An admin's reset of a staff member's two-factor sign-in (a lost phone, issue 30): it is off,
 * the recovery codes are gone, every session ends; the staff member sets it up again.
 */
export async function resetStaffTwoFactor(
  deps: Pick<Platform, 'db' | 'changes'>,
  name: string,
): Promise<{ staff: SupportStaffView & { roles: StaffRole[] }; endedSessions: string[] }> {
  return commit(deps, async (work) => {
    const row = await staffByName(work.tx, name);
    const endedSessions = await resetTwoFactorWithin(work.tx, row.id);
    work.changed('staffSessionsEnded', { sessionIds: endedSessions, reason: 'two_factor_reset' });
    return { staff: { ...toView(row), roles: row.roles }, endedSessions };
  });
}

/** Disables (every session ends) or enables an account, in the caller's transaction. */
export async function setStaffStatusWithin(
  tx: Queryable,
  name: string,
  status: 'active' | 'disabled',
  /** The staff member making the change (null: the command line or the seed). */
  actor: string | null = null,
): Promise<{ staff: SupportStaffView & { status: string }; endedSessions: string[] }> {
  const row = await staffByName(tx, name);
  if (status === 'disabled' && actor !== null && actor === row.name) {
    throw new ApiError(409, 'staff_own_account', 'You cannot disable your own account.');
  }
  if (status === 'disabled' && row.roles.includes('admin')) await keepAnAdmin(tx, row, actor);
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
  actor: string | null = null,
): Promise<{ staff: SupportStaffView & { status: string }; endedSessions: string[] }> {
  return commit(deps, async (work) => {
    const changed = await setStaffStatusWithin(work.tx, name, status, actor);
    work.changed('staffSessionsEnded', { sessionIds: changed.endedSessions, reason: 'disabled' });
    // The players' list of who is online changes with it.
    work.changed('chat', { kind: 'availability' });
    return changed;
  });
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

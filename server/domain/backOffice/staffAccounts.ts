import type { StaffAccountView } from '../../../src/shared/backOfficeAdmin';
import type { StaffRole } from '../../../src/shared/staffRoles';
import type { Queryable } from '../../db/types';

/**
 * The staff accounts as the admin's staff page lists them (issue 30): the support console's
 * list plus what an admin checks — whether two-factor sign-in is set up, and when the account
 * was last seen (the latest call of any of its sessions). Staff are a handful of people: the
 * whole list is one answer.
 */
export async function staffAccounts(db: Queryable): Promise<StaffAccountView[]> {
  const rows = await db.query<{
    id: string;
    name: string;
    display_name: string;
    roles: StaffRole[];
    status: 'active' | 'disabled';
    two_factor: boolean;
    created_at: Date;
    last_seen_at: Date | null;
  }>(
    `select s.id::text, s.name, s.display_name, s.roles, s.status,
       (s.totp_secret is not null) as two_factor, s.created_at,
       (select max(x.last_seen_at) from support_sessions x where x.staff_id = s.id) as last_seen_at
     from support_staff s order by s.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    roles: row.roles,
    status: row.status,
    twoFactor: Boolean(row.two_factor),
    createdAt: new Date(row.created_at).toISOString(),
    lastSeenAt: row.last_seen_at === null ? null : new Date(row.last_seen_at).toISOString(),
  }));
}

/** The staff name in an audit actor (`staff:<name>`), or null for the command line (`cli:…`). */
export function staffNameOfActor(actor: string | undefined): string | null {
  return actor?.startsWith('staff:') ? actor.slice('staff:'.length) : null;
}

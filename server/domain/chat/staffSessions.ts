import type { StaffRole } from '../../../src/shared/staffRoles';
import type { Queryable } from '../../db/types';
import type { SecretBox } from '../../crypto/secretBox';
import { ApiError } from '../../platform/apiError';
import { proveSecondFactor, TOTP_PURPOSE } from '../backOffice/twoFactor';
import { hashPassword, verifyPassword } from '../identity/password';
import { newToken, sha256 } from '../identity/secrets';
import type { Throttles } from '../identity/throttles';
import { newPassword, STAFF_NAME, type StaffRow } from './staff';

/**
 * Staff sessions (issue 16's support console; issue 30's back office): the login with its
 * counters and second factor, a token's session, logging out.
 */

/** A staff session lasts a working shift; logging out, a new password or disabling ends it. */
export const STAFF_SESSION_MS = 12 * 60 * 60_000;
/** A session left without a call this long ends (a console left open on an unattended desk). */
export const STAFF_IDLE_MS = 30 * 60_000;
/** Failed logins per name before it is locked for a while, and login attempts per address. */
const NAME_FAILURES = { windowMs: 15 * 60_000, limit: 5, blockMs: 15 * 60_000 };
const ADDRESS_ATTEMPTS = { windowMs: 60 * 60_000, limit: 30 };

export interface StaffSession {
  sessionId: string;
  staffId: string;
  name: string;
  displayName: string;
  available: boolean;
  expiresAt: string;
  /** What the back office lets this account do (issue 30). */
  roles: StaffRole[];
  /** The session proved the second factor (the back office needs it). */
  twoFactor: boolean;
  /** The account has two-factor sign-in set up. */
  twoFactorOn: boolean;
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
 * password. Unknown name, wrong password and disabled account answer alike.
 *
 * With two-factor sign-in set up (issue 30), the right password alone answers
 * `staff_code_required` (and gives its reservation back: it was no wrong guess); a wrong or
 * reused code counts as a failure. A success gives its reservation back.
 */
export async function loginStaff(
  db: Queryable,
  throttles: Throttles,
  /** Opens the stored TOTP secret (sealed with STAFF_SECRET_KEY when one is set). */
  secrets: SecretBox,
  input: {
    name: string;
    password: string;
    address: string;
    code?: string | null;
    recoveryCode?: string | null;
  },
): Promise<{ token: string; session: StaffSession; expiresAt: string }> {
  const name = input.name.trim().toLowerCase();
  const addressKey = `support-login-ip:${input.address}`;
  const address = await throttles.hit(addressKey, ADDRESS_ATTEMPTS);
  const nameKey = `support-login:${name}:${input.address}`;
  const byName = address.allowed ? await throttles.hit(nameKey, NAME_FAILURES) : null;
  if (!address.allowed || !byName?.allowed) {
    const retryAfterMs = byName && !byName.allowed ? byName.retryAfterMs : address.retryAfterMs;
    throw new ApiError(429, 'support_login_locked', 'Too many attempts. Try again later.', {
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
    });
  }
  const [row] = STAFF_NAME.test(name)
    ? await db.query<
        StaffRow & {
          password_hash: string;
          totp_secret: string | null;
          totp_last_step: string | null;
        }
      >(
        `select id::text, name, display_name, available, status, roles, password_hash,
           totp_secret, totp_last_step::text
         from support_staff where name = $1`,
        [name],
      )
    : [];
  decoy ??= hashPassword(newPassword());
  const matches = await verifyPassword(input.password, row?.password_hash ?? (await decoy));
  if (!row || !matches || row.status !== 'active') {
    throw new ApiError(401, 'support_login_failed', 'Wrong name or password.');
  }
  // The right password gives the address its attempt back (a member's login does the same): the
  // address limit is against guessing across names, and an operator's whole office behind one
  // address signs in many times an hour. Wrong codes still count against the name below.
  await throttles.release(addressKey);
  if (row.totp_secret) {
    if (!input.code && !input.recoveryCode) {
      await throttles.release(nameKey);
      throw new ApiError(
        401,
        'staff_code_required',
        'Enter the code from your authenticator app (or a recovery code).',
      );
    }
    const proved = await proveSecondFactor(
      db,
      {
        staffId: row.id,
        secret: secrets.open(row.totp_secret, TOTP_PURPOSE),
        lastStep: row.totp_last_step,
      },
      input,
    );
    if (!proved) {
      throw new ApiError(401, 'staff_code_wrong', 'That code is not right, or was used already.');
    }
  }
  await throttles.release(nameKey);
  const token = newToken();
  const [session] = await db.query<{ id: string; expires_at: Date }>(
    `insert into support_sessions (staff_id, token_hash, expires_at, two_factor)
     values ($1, $2, now() + make_interval(secs => $3), $4) returning id::text, expires_at`,
    [row.id, sha256(token), STAFF_SESSION_MS / 1000, row.totp_secret !== null],
  );
  const expiresAt = new Date(session!.expires_at).toISOString();
  return {
    token,
    session: {
      sessionId: session!.id,
      staffId: row.id,
      name: row.name,
      displayName: row.display_name,
      available: row.available,
      expiresAt,
      roles: row.roles,
      twoFactor: row.totp_secret !== null,
      twoFactorOn: row.totp_secret !== null,
    },
    expiresAt,
  };
}

/**
 * The live session of a console token, or null (unknown, expired, idle past STAFF_IDLE_MS,
 * ended, account disabled). Each call it answers keeps it from going idle.
 */
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
    two_factor: boolean;
    two_factor_on: boolean;
  }>(
    `update support_sessions s set last_seen_at = now()
     from support_staff st
     where st.id = s.staff_id and s.token_hash = $1 and s.revoked_at is null
       and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => $2)
       and st.status = 'active'
     returning s.id::text as session_id, st.id::text as staff_id, st.name, st.display_name,
       st.available, s.expires_at, st.roles, s.two_factor,
       st.totp_secret is not null as two_factor_on`,
    [sha256(token), STAFF_IDLE_MS / 1000],
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
    twoFactor: row.two_factor,
    twoFactorOn: row.two_factor_on,
  };
}

export async function logoutStaff(db: Queryable, sessionId: string): Promise<void> {
  await db.query(
    `update support_sessions set revoked_at = now(), revoke_reason = 'logout'
     where id = $1 and revoked_at is null`,
    [sessionId],
  );
}

import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { SecretBox } from '../../crypto/secretBox';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';
import { sha256 } from '../identity/secrets';
import type { TwoFactorSetup } from '../../../src/shared/backOffice';

/**
 * Two-factor sign-in for staff (issue 30): an authenticator app's six-digit code (TOTP, RFC
 * 6238, through otplib) or one of ten recovery codes. Every back-office call needs a session
 * that proved it (server/http/ops/access.ts); the support console's chat does not.
 */

/** What a code may be off by: one 30-second step either way (a phone's clock, a slow typist). */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODES = 10;
/** What a sealed TOTP secret is for (the sealing's additional data: it opens for this only). */
export const TOTP_PURPOSE = 'staff-totp-secret';
const ISSUER = 'Platform back office';

/** A recovery code as shown: `xxxxx-xxxxx` of lower-case letters and digits. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/**
 * Starts (or starts again) setting up the app: a new pending secret, until a code confirms it.
 * The page draws the QR code of `uri` itself.
 */
export async function startTwoFactor(
  db: Queryable,
  secrets: SecretBox,
  staff: { staffId: string; name: string },
): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  // Stored sealed (STAFF_SECRET_KEY); the answer below is the one time it leaves in clear.
  const [row] = await db.query<{ id: string }>(
    `update support_staff set totp_pending = $2, updated_at = now()
     where id = $1 and totp_secret is null returning id::text`,
    [staff.staffId, secrets.seal(secret, TOTP_PURPOSE)],
  );
  if (!row) {
    throw new ApiError(
      409,
      'staff_two_factor_on',
      'Two-factor sign-in is already set up; an admin can reset it.',
    );
  }
  const uri = generateURI({ issuer: ISSUER, label: staff.name, secret });
  return { secret, uri };
}

/** The code's time step when it is right for `secret` and newer than `after`, else null. */
async function acceptedStep(
  secret: string,
  code: string,
  after: string | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(after === null ? {} : { afterTimeStep: Number(after) }),
  });
  // A TOTP answer names the time step it matched (an HOTP one would not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Confirms the pending secret with a code from the app: two-factor is on from now, this session
 * has proved it, and ten recovery codes are answered — shown once, kept only as hashes.
 */
export async function confirmTwoFactor(
  deps: Pick<Platform, 'db' | 'changes'>,
  secrets: SecretBox,
  staff: { staffId: string; sessionId: string },
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  return commit(deps, async ({ tx }) => {
    const [row] = await tx.query<{ totp_pending: string | null }>(
      'select totp_pending from support_staff where id = $1 and totp_secret is null for update',
      [staff.staffId],
    );
    if (!row?.totp_pending) {
      throw new ApiError(409, 'staff_two_factor_not_started', 'Start setting up the app first.');
    }
    const step = await acceptedStep(
      secrets.open(row.totp_pending, TOTP_PURPOSE),
      code.trim(),
      null,
    );
    if (step === null) throw new ApiError(400, 'staff_code_wrong', 'That code is not right.');
    await tx.query(
      `update support_staff set totp_secret = totp_pending, totp_pending = null,
         totp_last_step = $2, two_factor_at = now(), updated_at = now() where id = $1`,
      [staff.staffId, step],
    );
    const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await tx.query('delete from staff_recovery_codes where staff_id = $1', [staff.staffId]);
    for (const recovery of recoveryCodes) {
      await tx.query('insert into staff_recovery_codes (staff_id, code_hash) values ($1, $2)', [
        staff.staffId,
        sha256(recovery),
      ]);
    }
    await tx.query('update support_sessions set two_factor = true where id = $1', [
      staff.sessionId,
    ]);
    return { recoveryCodes };
  });
}

/**
 * The second factor of a login: an app code accepted once (its time step is taken in the same
 * statement that checks it is newer, so two logins with one code cannot both pass) or a recovery
 * code used up. True when it proved the factor.
 */
export async function proveSecondFactor(
  db: Queryable,
  staff: { staffId: string; secret: string; lastStep: string | null },
  given: { code?: string | null; recoveryCode?: string | null },
): Promise<boolean> {
  if (given.code) {
    const step = await acceptedStep(staff.secret, given.code.trim(), staff.lastStep);
    if (step === null) return false;
    const taken = await db.query(
      `update support_staff set totp_last_step = $2
       where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id`,
      [staff.staffId, step],
    );
    return taken.length === 1;
  }
  if (given.recoveryCode) {
    const used = await db.query(
      `update staff_recovery_codes set used_at = now()
       where staff_id = $1 and code_hash = $2 and used_at is null returning staff_id`,
      [staff.staffId, sha256(normaliseRecovery(given.recoveryCode))],
    );
    return used.length === 1;
  }
  return false;
}

/** An admin's reset (a lost phone): two-factor off, recovery codes gone, every session ended. */
export async function resetTwoFactorWithin(tx: Queryable, staffId: string): Promise<string[]> {
  await tx.query(
    `update support_staff set totp_secret = null, totp_pending = null, totp_last_step = null,
       two_factor_at = null, updated_at = now() where id = $1`,
    [staffId],
  );
  await tx.query('delete from staff_recovery_codes where staff_id = $1', [staffId]);
  const ended = await tx.query<{ id: string }>(
    `update support_sessions set revoked_at = now(), revoke_reason = 'two_factor_reset'
     where staff_id = $1 and revoked_at is null returning id::text`,
    [staffId],
  );
  return ended.map((row) => row.id);
}

import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/types';
import { ApiError } from '../apiError';
import { newNumericCode, sha256 } from './secrets';

export type CodePurpose = 'login' | 'register' | 'reset' | 'ip';

/** A code is valid this long; a wrong guess counts, and five wrong guesses burn it. */
const CODE_TTL_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

/** Creates a one-time code for `target` (a phone number or an e-mail) and returns it to send. */
export async function issueCode(
  db: Queryable,
  purpose: CodePurpose,
  target: string,
): Promise<string> {
  const code = newNumericCode();
  await db.query(
    `insert into verification_codes (purpose, target, code_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [purpose, target, sha256(`${purpose}:${target}:${code}`), CODE_TTL_MS / 1000],
  );
  return code;
}

/**
 * Consumes the newest code for `target`: throws verification_code_expired or
 * verification_code_invalid (spec 8's "code expired (send again)" and "invalid code").
 */
export async function consumeCode(
  db: Queryable,
  purpose: CodePurpose,
  target: string,
  code: string,
): Promise<void> {
  const [row] = await db.query<{
    id: string;
    code_hash: Buffer;
    expired: boolean;
    attempts: number;
  }>(
    `select id::text, code_hash, expires_at < now() as expired, attempts from verification_codes
     where purpose = $1 and target = $2 and consumed_at is null
     order by created_at desc limit 1`,
    [purpose, target],
  );
  if (!row)
    throw new ApiError(400, 'verification_code_invalid', 'Invalid or missing verification code.');
  if (row.expired || row.attempts >= MAX_ATTEMPTS) {
    throw new ApiError(
      400,
      'verification_code_expired',
      'The code has expired. Please send a new one.',
    );
  }
  const given = sha256(`${purpose}:${target}:${code}`);
  const stored = Buffer.from(row.code_hash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
    await db.query('update verification_codes set attempts = attempts + 1 where id = $1', [row.id]);
    throw new ApiError(400, 'verification_code_invalid', 'Invalid verification code.');
  }
  await db.query('update verification_codes set consumed_at = now() where id = $1', [row.id]);
}

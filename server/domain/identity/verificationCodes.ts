import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
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
 *
 * The attempt is reserved before the code is compared (issue 11): one UPDATE takes it only while
 * the code has attempts left and has not expired, so a burst of guesses sent at once gets at most
 * MAX_ATTEMPTS of them judged, whatever the engine's concurrency; the rest are refused unread.
 * The right code then consumes it in one more conditional UPDATE, so it works once.
 */
export async function consumeCode(
  db: Queryable,
  purpose: CodePurpose,
  target: string,
  code: string,
): Promise<void> {
  const [reserved] = await db.query<{ id: string; code_hash: Buffer }>(
    `update verification_codes v set attempts = v.attempts + 1
     from (select id from verification_codes
           where purpose = $1 and target = $2 and consumed_at is null
           order by created_at desc, id desc limit 1) newest
     where v.id = newest.id and v.consumed_at is null and v.attempts < $3 and v.expires_at >= now()
     returning v.id::text, v.code_hash`,
    [purpose, target, MAX_ATTEMPTS],
  );
  if (!reserved) {
    // Nothing to judge: say why (no code at all, or one that is spent or out of time).
    const [newest] = await db.query<{ id: string }>(
      `select id::text from verification_codes
       where purpose = $1 and target = $2 and consumed_at is null limit 1`,
      [purpose, target],
    );
    if (!newest)
      throw new ApiError(400, 'verification_code_invalid', 'Invalid or missing verification code.');
    throw new ApiError(
      400,
      'verification_code_expired',
      'The code has expired. Please send a new one.',
    );
  }
  const given = sha256(`${purpose}:${target}:${code}`);
  const stored = Buffer.from(reserved.code_hash);
  const matches = given.length === stored.length && timingSafeEqual(given, stored);
  const consumed =
    matches &&
    (
      await db.query(
        `update verification_codes set consumed_at = now()
         where id = $1 and consumed_at is null returning id`,
        [reserved.id],
      )
    ).length === 1;
  if (!consumed) throw new ApiError(400, 'verification_code_invalid', 'Invalid verification code.');
}

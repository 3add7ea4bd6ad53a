import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { findById } from '../identity/accounts';
import { verifyPassword } from '../identity/password';

/** Wrong passwords allowed in 15 minutes before the exclusion form is locked for 15 minutes. */
const WRONG_PASSWORD = { windowMs: 15 * 60_000, limit: 5, blockMs: 15 * 60_000 };

/**
 * A time-out or a self-exclusion cannot be undone by the member, so it asks for the login
 * password: a stolen session alone must not lock the owner out for years. The attempt is
 * reserved before the password is compared (issue 11), five per 15 minutes per member.
 */
export async function confirmWithPassword(
  deps: IdentityDeps,
  memberId: string,
  password: string,
): Promise<void> {
  const key = `rg-password:${memberId}`;
  const { throttles } = deps.identity;
  const attempt = await throttles.hit(key, WRONG_PASSWORD);
  if (!attempt.allowed) {
    throw new ApiError(429, 'too_many_requests', 'Too many wrong passwords. Try again later.');
  }
  const account = await findById(deps.db, memberId);
  if (account && (await verifyPassword(password, account.password_hash))) {
    await throttles.reset(key);
    return;
  }
  if (attempt.hits >= WRONG_PASSWORD.limit) await throttles.block(key, WRONG_PASSWORD.blockMs);
  throw new ApiError(400, 'old_password_wrong', 'The password is not correct.', {
    field: 'password',
  });
}

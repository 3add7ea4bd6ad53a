import { ApiError } from '../../platform/apiError';
import { findById } from './accounts';
import { verifyPassword } from './password';
import type { IdentityDeps } from './services';

/**
 * Wrong login passwords judged behind a session in 15 minutes before every call that asks for
 * it is locked for 15 minutes: the payment password's lock (issue 28, finding 4).
 */
export const WRONG_LOGIN_PASSWORD = { windowMs: 15 * 60_000, limit: 5, blockMs: 15 * 60_000 };

/**
 * Checks the member's login password where a session asks for it again (changing the password,
 * setting the payment password, confirming a break or an exclusion). One counter per member for
 * all of them, so a borrowed session gets five guesses in all, not five per form. The attempt
 * is reserved before the password is compared (issue 11): one atomic hit counts it, a guess
 * past the fifth is refused unchecked, so a burst sent at once gets five judged at most. The
 * right password gives its attempt back. `wrong` is the error a wrong password answers.
 */
export async function checkLoginPassword(
  deps: IdentityDeps,
  memberId: string,
  password: string,
  wrong: () => ApiError,
): Promise<void> {
  const key = `login-password:${memberId}`;
  const { throttles } = deps.identity;
  const attempt = await throttles.hit(key, WRONG_LOGIN_PASSWORD);
  if (!attempt.allowed) {
    throw new ApiError(429, 'too_many_requests', 'Too many wrong passwords. Try again later.');
  }
  const account = await findById(deps.db, memberId);
  if (account && (await verifyPassword(password, account.password_hash))) {
    await throttles.reset(key);
    return;
  }
  if (attempt.hits >= WRONG_LOGIN_PASSWORD.limit) {
    await throttles.block(key, WRONG_LOGIN_PASSWORD.blockMs);
    throw new ApiError(429, 'too_many_requests', 'Too many wrong passwords. Try again later.');
  }
  throw wrong();
}

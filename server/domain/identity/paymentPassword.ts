import { checkField, lengthText } from '../../../src/shared/fieldRules';
import type { IdentityDeps } from './services';
import { ApiError } from '../../platform/apiError';
import { checkLoginPassword } from './loginPassword';
import { hashPassword, verifyPassword } from './password';

/** The fifth wrong payment password within 15 minutes locks withdrawals for 15 minutes. */
const MAX_WRONG = 5;
const WRONG_PAYMENT_PASSWORD = {
  windowMs: 15 * 60_000,
  limit: MAX_WRONG,
  blockMs: 15 * 60_000,
};

/** The payment password rule: the registration field's rule (6 digits in the shipped config). */
function paymentPasswordRule(deps: IdentityDeps) {
  return (
    deps.config.registration.fields.paymentPassword ?? {
      acceptedPattern: '^[0-9]+$',
      patternId: 'DIGITS',
      minLength: 6,
      maxLength: 6,
    }
  );
}

export async function hasPaymentPassword(deps: IdentityDeps, memberId: string): Promise<boolean> {
  const [row] = await deps.db.query<{ set: boolean }>(
    'select payment_password_hash is not null as set from members where id = $1',
    [memberId],
  );
  return row?.set ?? false;
}

/**
 * Sets or replaces the payment password. The login password proves it is the member (a stolen
 * session alone cannot set a payment password and then withdraw).
 */
export async function setPaymentPassword(
  deps: IdentityDeps,
  memberId: string,
  request: { loginPassword: string; paymentPassword: string },
): Promise<void> {
  const rule = paymentPasswordRule(deps);
  const problem = checkField(request.paymentPassword, rule, true);
  if (problem) {
    throw new ApiError(
      400,
      'field_invalid',
      `paymentPassword: ${problem.kind} (${rule.patternId}, ${lengthText(rule.minLength, rule.maxLength)})`,
      {
        field: 'paymentPassword',
        patternId: rule.patternId,
        min: rule.minLength,
        max: rule.maxLength,
      },
    );
  }
  await checkLoginPassword(
    deps,
    memberId,
    request.loginPassword,
    () => new ApiError(400, 'old_password_wrong', 'The login password is not correct.'),
  );
  await deps.db.query('update members set payment_password_hash = $2 where id = $1', [
    memberId,
    await hashPassword(request.paymentPassword),
  ]);
}

/**
 * Refuses a withdrawal without the right payment password; the fifth wrong guess locks it.
 * Each guess reserves its attempt before the password is compared (issue 11): one atomic hit
 * counts it, and a guess past the fifth is refused without being checked, so a burst of guesses
 * sent at once gets five judged at most. The right password gives its attempt back and clears
 * the count.
 */
export async function checkPaymentPassword(
  deps: IdentityDeps,
  memberId: string,
  given: string,
): Promise<void> {
  const key = `payment-password:${memberId}`;
  const [row] = await deps.db.query<{ hash: string | null }>(
    'select payment_password_hash as hash from members where id = $1',
    [memberId],
  );
  if (!row?.hash) {
    throw new ApiError(409, 'payment_password_not_set', 'Set a payment password first.');
  }
  const { throttles } = deps.identity;
  const attempt = await throttles.hit(key, WRONG_PAYMENT_PASSWORD);
  if (!attempt.allowed) {
    throw new ApiError(429, 'too_many_requests', 'Too many wrong payment passwords. Try later.');
  }
  if (await verifyPassword(given, row.hash)) {
    await throttles.reset(key);
    return;
  }
  if (attempt.hits >= MAX_WRONG) {
    // The fifth wrong guess: locked for the block time from now.
    await throttles.block(key, WRONG_PAYMENT_PASSWORD.blockMs);
    throw new ApiError(429, 'too_many_requests', 'Too many wrong payment passwords. Try later.');
  }
  throw new ApiError(400, 'payment_password_wrong', 'The payment password is not correct.', {
    attemptsLeft: MAX_WRONG - attempt.hits,
  });
}

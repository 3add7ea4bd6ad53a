import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { checkLoginPassword } from '../identity/loginPassword';

/**
 * A time-out or a self-exclusion cannot be undone by the member, so it asks for the login
 * password: a stolen session alone must not lock the owner out for years. The guesses count
 * with every other form that asks for the login password behind a session (five per 15 minutes
 * per member, reserved before the password is compared: identity/loginPassword.ts).
 */
export async function confirmWithPassword(
  deps: IdentityDeps,
  memberId: string,
  password: string,
): Promise<void> {
  await checkLoginPassword(
    deps,
    memberId,
    password,
    () =>
      new ApiError(400, 'old_password_wrong', 'The password is not correct.', {
        field: 'password',
      }),
  );
}

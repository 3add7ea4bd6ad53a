import { checkField, lengthText } from '../../../src/shared/fieldRules';
import type {
  ChangePasswordRequest,
  ForgotByEmailCodeRequest,
  ForgotByMobileRequest,
  LoginResult,
} from '../../../src/shared/identity';
import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import {
  findByAccount,
  findById,
  findByMobile,
  phoneTarget,
  setPassword,
} from '../identity/accounts';
import { assertActive, startSession } from './login';
import { hashPassword } from '../identity/password';
import { checkLoginPassword } from '../identity/loginPassword';
import { revokeMemberSessions } from '../identity/sessions';
import { consumeCode, issueCode } from '../identity/verificationCodes';
import { commit } from '../../platform/unitOfWork';

function checkNewPassword(deps: IdentityDeps, password: string): void {
  const rule = deps.config.registration.fields.password!;
  const problem = checkField(password, rule, true);
  if (problem) {
    throw new ApiError(
      400,
      'field_invalid',
      `newPassword: ${problem.kind} (${rule.patternId}, ${lengthText(rule.minLength, rule.maxLength)})`,
      {
        field: 'newPassword',
      },
    );
  }
}

/** Sets the password, ends every session of the member (all tabs hear it), opens a new one. */
async function replacePassword(
  deps: IdentityDeps,
  memberId: string,
  password: string,
  ip: string,
  reason: string,
  /** The session asking for the change gets a new token in the answer: no event for it. */
  askingSessionId: string | null = null,
) {
  const hash = await hashPassword(password);
  // The new password and the end of the other sessions commit together.
  await commit(deps, async (work) => {
    await setPassword(work.tx, memberId, hash, false);
    const ended = await revokeMemberSessions(work.tx, memberId, reason);
    work.changed('sessionsEnded', {
      sessionIds: ended.filter((id) => id !== askingSessionId),
      reason,
    });
  });
  return startSession(deps, (await findById(deps.db, memberId))!, ip, 'reset');
}

/** Change password (spec 4: success → re-login): the answer carries the new session. */
export async function changePassword(
  deps: IdentityDeps,
  memberId: string,
  sessionId: string,
  request: ChangePasswordRequest,
  ip: string,
): Promise<LoginResult> {
  if (request.newPassword !== request.confirmNewPassword) {
    throw new ApiError(400, 'field_invalid', 'confirmNewPassword: inconsistent twice', {
      field: 'confirmNewPassword',
    });
  }
  checkNewPassword(deps, request.newPassword);
  await checkLoginPassword(
    deps,
    memberId,
    request.oldPassword,
    () => new ApiError(400, 'old_password_wrong', 'The current password is not correct.'),
  );
  return replacePassword(deps, memberId, request.newPassword, ip, 'password_changed', sessionId);
}

/** E-mails of reset codes one member may be sent: a mailbox must not be flooded. */
const RESET_MAILS = { windowMs: 60 * 60_000, limit: 5 };

/**
 * Forgot password by e-mail, step one (spec 4, 7): when the username and the e-mail match, a
 * single-use code goes to that address; nothing changes until step two proves it (issue 11:
 * before, anyone knowing both replaced the password at once). A pair that does not match is
 * `email_mismatch`, as the spec's platform answers; the pair is needed, and asking is throttled
 * per address and per member.
 */
export async function resetByEmail(
  deps: IdentityDeps,
  username: string,
  email: string,
  ip: string,
): Promise<void> {
  const limit = await deps.identity.throttles.hit(`reset-email:${ip}`, {
    windowMs: 60 * 60_000,
    limit: 10,
  });
  if (!limit.allowed)
    throw new ApiError(429, 'too_many_requests', 'Too many requests. Please try again later.');
  const account = await findByAccount(deps.db, username);
  if (!account || !account.email || account.email.toLowerCase() !== email.trim().toLowerCase()) {
    throw new ApiError(400, 'email_mismatch', 'Username/email does not exist.');
  }
  if (!(await deps.identity.throttles.hit(`reset-email:member:${account.id}`, RESET_MAILS)).allowed)
    throw new ApiError(429, 'too_many_requests', 'Too many requests. Please try again later.');
  const code = await issueCode(deps.db, 'reset', `member:${account.id}`);
  await deps.identity.email.send(
    account.email,
    'Your password reset code',
    `Hello ${account.nickname}, your password reset code is ${code}. It expires in 5 minutes. ` +
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
  );
}

/**
 * Forgot password by e-mail, step two (ours): the mailed code (five guesses at most, single use,
 * 5 minutes) and the new password; every session of the member ends, and a new one opens.
 */
export async function resetByEmailCode(
  deps: IdentityDeps,
  request: ForgotByEmailCodeRequest,
  ip: string,
): Promise<LoginResult> {
  checkNewPassword(deps, request.newPassword);
  const account = await findByAccount(deps.db, request.username);
  // An unknown name answers as a wrong code: the form must not tell which names exist.
  if (!account) throw new ApiError(400, 'verification_code_invalid', 'Invalid verification code.');
  await consumeCode(deps.db, 'reset', `member:${account.id}`, request.verificationCode);
  // Only after the code: a username alone does not tell whether the account is disabled.
  assertActive(account);
  return replacePassword(deps, account.id, request.newPassword, ip, 'password_reset');
}

/** Forgot password by mobile: the SMS code proves the number; then the member is logged in. */
export async function resetByMobile(
  deps: IdentityDeps,
  request: ForgotByMobileRequest,
  ip: string,
): Promise<LoginResult> {
  checkNewPassword(deps, request.newPassword);
  await consumeCode(
    deps.db,
    'login',
    phoneTarget(request.countryDialingCode, request.mobileNum),
    request.verificationCode,
  );
  const account = await findByMobile(deps.db, request.countryDialingCode, request.mobileNum);
  if (!account) throw new ApiError(400, 'verification_code_invalid', 'Invalid verification code.');
  assertActive(account);
  return replacePassword(deps, account.id, request.newPassword, ip, 'password_reset');
}

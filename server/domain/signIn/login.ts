import {
  isAgentType,
  type LoginFailure,
  type LoginRequest,
  type LoginResult,
} from '../../../src/shared/identity';
import { isFeatureEnabled, WhitelabelFlag } from '../../../src/shared/system';
import type { IdentityDeps } from '../identity/services';
import { ApiError } from '../../platform/apiError';
import { type AccountRow, findByAccount, findByMobile, phoneTarget } from '../identity/accounts';
import { verifyCaptcha } from '../identity/captcha';
import { unmatchableHash, verifyPassword } from '../identity/password';
import { maskEmail, maskMobile } from '../identity/secrets';
import { createSession } from '../identity/sessions';
import { sittingForLogin } from '../responsibleGaming/sittings';
import { exclusionError, readRgState } from '../responsibleGaming/state';
import { consumeCode, issueCode } from '../identity/verificationCodes';

export const FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Failures before the captcha is required: per account (from any address) and per address (on
 * any account). The lock is per account and address (issue 11): a stranger's wrong passwords
 * lock the stranger out, never the owner at home, who is only asked for the captcha. An address
 * spraying many accounts is locked too.
 */
export const CAPTCHA_AFTER = { account: 3, ip: 10 };
export const LOCK_AFTER = { accountAndIp: 10, ip: 50 };
export const LOCK_MS = 15 * 60_000;

const keys = (account: string, ip: string) => ({
  account: `login-fail:acct:${account.toLowerCase()}`,
  accountAndIp: `login-fail:acct-ip:${account.toLowerCase()}:${ip}`,
  ip: `login-fail:ip:${ip}`,
});

const locked = () =>
  new ApiError(429, 'account_locked', 'Too many failed attempts. Please try again in 15 minutes.', {
    captcha: true,
  } satisfies LoginFailure);

/**
 * Reserves this attempt on every counter before anything is checked (issue 11): each hit is
 * one atomic upsert that answers the count with this attempt in it, so parallel guesses see
 * their own places in line, not one shared low count. Answers whether this attempt needs the
 * captcha; throws when the account-and-address or the address is locked.
 */
async function reserveAttempt(deps: IdentityDeps, account: string, ip: string) {
  const { throttles } = deps.identity;
  const k = keys(account, ip);
  const window = { windowMs: FAILURE_WINDOW_MS };
  const pair = await throttles.hit(k.accountAndIp, {
    ...window,
    limit: LOCK_AFTER.accountAndIp,
    blockMs: LOCK_MS,
  });
  const byIp = await throttles.hit(k.ip, { ...window, limit: LOCK_AFTER.ip, blockMs: LOCK_MS });
  // Never locks (the owner must get in): it only asks every address for the captcha.
  const byAccount = await throttles.hit(k.account, { ...window, limit: Number.MAX_SAFE_INTEGER });
  if (!pair.allowed || !byIp.allowed) throw locked();
  return {
    captcha: byAccount.hits > CAPTCHA_AFTER.account || byIp.hits > CAPTCHA_AFTER.ip,
    /** Whether the next attempt will need the captcha, if this one fails. */
    captchaNext: byAccount.hits >= CAPTCHA_AFTER.account || byIp.hits >= CAPTCHA_AFTER.ip,
  };
}

/** Password login: proof of work, captcha once failures pile up, lockout after that. */
async function checkPassword(
  deps: IdentityDeps,
  request: LoginRequest,
  ip: string,
): Promise<AccountRow> {
  const username = request.username ?? '';
  await deps.identity.human.verify(deps.db, request.altcha);
  const attempt = await reserveAttempt(deps, username, ip);
  if (attempt.captcha) await verifyCaptcha(deps.db, request.captchaId, request.captcha);
  const account = await findByAccount(deps.db, username);
  const matches = await verifyPassword(
    request.password ?? '',
    account?.password_hash ?? unmatchableHash(),
  );
  if (!account || !matches) {
    const failure: LoginFailure = { captcha: attempt.captchaNext };
    throw new ApiError(401, 'invalid_credentials', 'Username or password is incorrect.', failure);
  }
  // Not a failure after all: the account and this address start afresh (the owner got in), and
  // the address's count gets this attempt back.
  const { throttles } = deps.identity;
  const k = keys(username, ip);
  await throttles.reset(k.accountAndIp);
  await throttles.reset(k.account);
  await throttles.release(k.ip);
  return account;
}

/** SMS login: the code sent to the number proves it; no proof of work (spec 4). */
async function checkSmsCode(deps: IdentityDeps, request: LoginRequest): Promise<AccountRow> {
  const dialing = request.countryDialingCode ?? '';
  const mobile = request.mobileNum ?? '';
  await consumeCode(deps.db, 'login', phoneTarget(dialing, mobile), request.verificationCode ?? '');
  const account = await findByMobile(deps.db, dialing, mobile);
  if (!account)
    throw new ApiError(401, 'invalid_credentials', 'Username/email does not exist.', {
      captcha: false,
    });
  return account;
}

/**
 * A login from an address this account never used asks for a code sent to its bound mobile
 * or e-mail (spec 6). The first login of an account records its address without asking.
 */
async function checkKnownAddress(
  deps: IdentityDeps,
  account: AccountRow,
  request: LoginRequest,
  ip: string,
) {
  const known = await deps.db.query<{ ip: string }>(
    'select ip from member_known_ips where member_id = $1',
    [account.id],
  );
  if (known.length === 0 || known.some((row) => row.ip === ip)) return;
  const channels: ('sms' | 'email')[] = [];
  if (account.mobile_num) channels.push('sms');
  if (account.email) channels.push('email');
  if (channels.length === 0) return; // Nothing to verify with: the password alone decides.
  const target = `member:${account.id}`;
  if (request.ipVerificationCode) {
    await consumeCode(deps.db, 'ip', target, request.ipVerificationCode);
    return;
  }
  // Codes sent for new-address logins are capped per member (issue 11): each login attempt
  // from a new address asks for one, and none may flood the member's phone.
  const { throttles } = deps.identity;
  for (const [key, rule] of [
    [`ip-code:15m:${account.id}`, { windowMs: 15 * 60_000, limit: 5 }],
    [`ip-code:day:${account.id}`, { windowMs: 24 * 60 * 60_000, limit: 10 }],
  ] as const) {
    if (!(await throttles.hit(key, rule)).allowed) {
      throw new ApiError(
        429,
        'too_many_requests',
        'Too many verification codes were sent. Please try again later.',
      );
    }
  }
  const code = await issueCode(deps.db, 'ip', target);
  const text = `Your login verification code is ${code}. It was requested from a new address (${ip}).`;
  if (account.mobile_num)
    await deps.identity.sms.send(
      phoneTarget(account.country_dialing_code ?? '', account.mobile_num),
      text,
    );
  else if (account.email) await deps.identity.email.send(account.email, 'Login verification', text);
  const failure: LoginFailure = {
    captcha: false,
    ipVerification: {
      channels,
      maskedMobile: maskMobile(account.country_dialing_code, account.mobile_num),
      maskedEmail: maskEmail(account.email),
    },
  };
  throw new ApiError(
    403,
    'ip_verification_required',
    'Please verify this login with the code we sent.',
    failure,
  );
}

export async function login(
  deps: IdentityDeps,
  request: LoginRequest,
  ip: string,
): Promise<LoginResult> {
  // One attempt per second per address and account: stops hammering without making a shared
  // address (an office, a carrier NAT) wait for its neighbours.
  const who = (request.type === 'sms' ? request.mobileNum : request.username)?.toLowerCase() ?? '';
  const throttle = await deps.identity.throttles.hit(`login:${ip}:${who}`, {
    windowMs: 1000,
    limit: 1,
  });
  if (!throttle.allowed)
    throw new ApiError(429, 'throttled', 'Please wait a moment before trying again.');

  const account =
    request.type === 'sms'
      ? await checkSmsCode(deps, request)
      : await checkPassword(deps, request, ip);
  if (account.kind !== 'member')
    throw new ApiError(403, 'not_member', 'Non-member accounts are unable to log in.');
  assertActive(account);
  if (request.portal === 'agent' && !isAgentType(account.type)) {
    throw new ApiError(403, 'not_agent', 'Non-agents cannot log in.');
  }
  if (request.type !== 'sms') await checkKnownAddress(deps, account, request, ip);
  return startSession(deps, account, ip, request.type);
}

/**
 * A disabled member (the operator's `member disable`, or a demo member on the demo password at a
 * production start) gets no session: login and password resets answer `account_disabled`.
 */
export function assertActive(account: Pick<AccountRow, 'status'>): void {
  if (account.status !== 'active')
    throw new ApiError(
      403,
      'account_disabled',
      'This account is disabled. Please contact customer service.',
    );
}

/** Records the login and opens a session; shared by login, registration and password resets. */
export async function startSession(
  deps: IdentityDeps,
  account: AccountRow,
  ip: string,
  loginType: 'username' | 'sms' | 'reset',
): Promise<LoginResult> {
  const { config } = deps;
  const expiryOn = isFeatureEnabled(config.whitelabel, WhitelabelFlag.passwordExpiry);
  const maxAgeMs = config.security.passwordMaxAgeDays * 24 * 60 * 60_000;
  const passwordExpired =
    expiryOn &&
    loginType !== 'sms' &&
    Date.now() - new Date(account.password_changed_at).getTime() > maxAgeMs;
  const { token } = await deps.db.transaction(async (tx) => {
    await tx.query(
      'insert into member_known_ips (member_id, ip) values ($1, $2) on conflict do nothing',
      [account.id, ip],
    );
    await tx.query('update members set last_login_at = now() where id = $1', [account.id]);
    // A time-out or self-exclusion (issue 17) keeps the member out until it ends: the answer
    // says until when. Checked after the update above took the member's row lock, so a login
    // racing the exclusion that revokes every session either ends before it or is refused.
    const now = deps.clock.now();
    const rg = await readRgState(tx, account.id, now);
    if (rg.exclusion) throw exclusionError(rg.exclusion);
    // The session limit bounds a sitting, not a login: a new login joins the sitting still
    // running, and none is let in during the break after the limit (same lock: parallel logins
    // join one sitting one after the other).
    const sittingStartedAt = await sittingForLogin(
      tx,
      account.id,
      rg.sessionLimit,
      config.responsibleGaming.sessionBreakMinutes,
      now,
    );
    return createSession(tx, account.id, sittingStartedAt);
  });
  return {
    token,
    firstTimeLogin: account.last_login_at === null,
    passwordExpired,
    defaultPassword: loginType !== 'sms' && account.password_is_default,
  };
}

import {
  isAgentType,
  type LoginFailure,
  type LoginRequest,
  type LoginResult,
} from '../../../src/shared/identity';
import { isFeatureEnabled, WhitelabelFlag } from '../../../src/shared/system';
import type { AppDeps } from '../../http/deps';
import { ApiError } from '../apiError';
import { type AccountRow, findByAccount, findByMobile, phoneTarget } from './accounts';
import { verifyCaptcha } from './captcha';
import { verifyPassword } from './password';
import { maskEmail, maskMobile } from './secrets';
import { createSession } from './sessions';
import { consumeCode, issueCode } from './verificationCodes';

const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failures before the captcha is required, and before a temporary lock (per account, per IP). */
const CAPTCHA_AFTER = { account: 3, ip: 10 };
const LOCK_AFTER = { account: 10, ip: 50 };
const LOCK_MS = 15 * 60_000;

// A real hash to compare against when the account does not exist, so both cases take as long.
const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const keys = (account: string, ip: string) => ({
  account: `login-fail:acct:${account.toLowerCase()}`,
  ip: `login-fail:ip:${ip}`,
});

async function captchaNeeded(deps: AppDeps, account: string, ip: string): Promise<boolean> {
  const { throttles } = deps.identity;
  const k = keys(account, ip);
  const [byAccount, byIp] = await Promise.all([
    throttles.count(k.account, FAILURE_WINDOW_MS),
    throttles.count(k.ip, FAILURE_WINDOW_MS),
  ]);
  return byAccount >= CAPTCHA_AFTER.account || byIp >= CAPTCHA_AFTER.ip;
}

async function recordFailure(deps: AppDeps, account: string, ip: string): Promise<never> {
  const { throttles } = deps.identity;
  const k = keys(account, ip);
  await throttles.hit(k.account, {
    windowMs: FAILURE_WINDOW_MS,
    limit: LOCK_AFTER.account,
    blockMs: LOCK_MS,
  });
  await throttles.hit(k.ip, {
    windowMs: FAILURE_WINDOW_MS,
    limit: LOCK_AFTER.ip,
    blockMs: LOCK_MS,
  });
  const failure: LoginFailure = { captcha: await captchaNeeded(deps, account, ip) };
  throw new ApiError(401, 'invalid_credentials', 'Username or password is incorrect.', failure);
}

/** Password login: proof of work, captcha once failures pile up, lockout after that. */
async function checkPassword(
  deps: AppDeps,
  request: LoginRequest,
  ip: string,
): Promise<AccountRow> {
  const username = request.username ?? '';
  await deps.identity.human.verify(deps.db, request.altcha);
  const k = keys(username, ip);
  if (
    (await deps.identity.throttles.isBlocked(k.account)) ||
    (await deps.identity.throttles.isBlocked(k.ip))
  ) {
    throw new ApiError(
      429,
      'account_locked',
      'Too many failed attempts. Please try again in 15 minutes.',
      {
        captcha: true,
      } satisfies LoginFailure,
    );
  }
  if (await captchaNeeded(deps, username, ip))
    await verifyCaptcha(deps.db, request.captchaId, request.captcha);
  const account = await findByAccount(deps.db, username);
  const matches = await verifyPassword(
    request.password ?? '',
    account?.password_hash ?? DUMMY_HASH,
  );
  if (!account || !matches) return recordFailure(deps, username, ip);
  await deps.identity.throttles.reset(k.account);
  return account;
}

/** SMS login: the code sent to the number proves it; no proof of work (spec 4). */
async function checkSmsCode(deps: AppDeps, request: LoginRequest): Promise<AccountRow> {
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
  deps: AppDeps,
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
  deps: AppDeps,
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
  if (account.status !== 'active')
    throw new ApiError(
      403,
      'account_locked',
      'This account is disabled. Please contact your agent.',
    );
  if (request.portal === 'agent' && !isAgentType(account.type)) {
    throw new ApiError(403, 'not_agent', 'Non-agents cannot log in.');
  }
  if (request.type !== 'sms') await checkKnownAddress(deps, account, request, ip);
  return startSession(deps, account, ip, request.type);
}

/** Records the login and opens a session; shared by login, registration and password resets. */
export async function startSession(
  deps: AppDeps,
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
    return createSession(tx, account.id);
  });
  return {
    token,
    firstTimeLogin: account.last_login_at === null,
    passwordExpired,
    defaultPassword: loginType !== 'sms' && account.password_is_default,
  };
}

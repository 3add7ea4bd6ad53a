import type { SmsSendRequest, SmsSendResult } from '../../../src/shared/identity';
import type { IdentityDeps } from './services';
import { ApiError } from '../../platform/apiError';
import { findByMobile, phoneTarget } from './accounts';
import { issueCode } from './verificationCodes';

/** Spec 8/9: too many SMS requests for one number → wait 5 minutes. */
const PER_NUMBER = { windowMs: 15 * 60_000, limit: 5, blockMs: 5 * 60_000 };
const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * Sends a one-time code by SMS: for login or password reset ('login', the spec's "noLogin"
 * call) or for registration. Throttled per address (1 s) and per number; proof of work first.
 */
export async function sendSmsCode(
  deps: IdentityDeps,
  purpose: 'login' | 'register',
  request: SmsSendRequest,
  ip: string,
): Promise<SmsSendResult> {
  const { throttles } = deps.identity;
  if (!(await throttles.hit(`sms:ip:${ip}`, { windowMs: 1000, limit: 1 })).allowed) {
    throw new ApiError(429, 'throttled', 'Please wait a moment before requesting another code.');
  }
  if (
    !deps.config.countries.some(
      (country) => country.countryDialingCode === request.countryDialingCode,
    )
  ) {
    throw new ApiError(400, 'mobile_invalid', 'Invalid phone number.');
  }
  await deps.identity.human.verify(deps.db, request.altcha);
  const target = phoneTarget(request.countryDialingCode, request.mobileNum);
  // Daily and hourly caps for every purpose, registration too (issue 11): a number that has no
  // account yet must not be flooded, nor one address send codes to every number. Each cap is one
  // atomic hit that answers its count, so a burst cannot slip past it.
  const { perAddressPerHour, perNumberPerDay } = deps.config.sms;
  const capped =
    (await throttles.hit(`sms:ip-hour:${ip}`, { windowMs: HOUR_MS, limit: perAddressPerHour }))
      .allowed &&
    (await throttles.hit(`sms:number-day:${target}`, { windowMs: DAY_MS, limit: perNumberPerDay }))
      .allowed;
  if (!capped) {
    throw new ApiError(
      429,
      'too_many_requests',
      'Too many codes were requested today. Please try again later.',
    );
  }
  const limited = await throttles.hit(`sms:number:${target}`, PER_NUMBER);
  if (!limited.allowed) {
    throw new ApiError(
      429,
      'too_many_requests',
      'Too many requests. Please try again in 5 minutes.',
      {
        retryAfterSeconds: Math.ceil(limited.retryAfterMs / 1000),
      },
    );
  }
  const account = await findByMobile(deps.db, request.countryDialingCode, request.mobileNum);
  if (purpose === 'register' && account) {
    throw new ApiError(409, 'mobile_taken', 'This mobile number is already registered.');
  }
  // For login and reset, an unknown number gets the same answer but no message: the form
  // must not reveal which numbers have accounts.
  if (purpose === 'register' || account) {
    const code = await issueCode(deps.db, purpose, target);
    await deps.identity.sms.send(
      target,
      `Your verification code is ${code}. It expires in 5 minutes.`,
    );
  }
  return { expiredMinutes: deps.config.sms.expiredMinutes };
}

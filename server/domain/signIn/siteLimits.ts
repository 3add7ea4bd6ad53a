import type { PlatformConfig } from '../../config/schema';
import { CAPTCHA_AFTER, FAILURE_WINDOW_MS, LOCK_AFTER, LOCK_MS } from './login';

/**
 * The limits a visitor meets on this site (issue 33), as `GET /ops/limits` answers them: the
 * configured caps on registrations and SMS codes and the login rules. The testers' doctor
 * (`npm run paths -- doctor`) prints them; an operator reads them before a load test.
 */
export function siteLimits(deps: { config: PlatformConfig }) {
  const { registration, sms } = deps.config;
  return {
    registration: {
      perAddressPerHour: registration.limits.perAddressPerHour,
      perAgentPerDay: registration.limits.perAgentPerDay,
    },
    sms: { perAddressPerHour: sms.perAddressPerHour, perNumberPerDay: sms.perNumberPerDay },
    login: {
      perSecondPerAccountAndAddress: 1,
      captchaAfter: { account: CAPTCHA_AFTER.account, address: CAPTCHA_AFTER.ip },
      lockAfter: { accountAndAddress: LOCK_AFTER.accountAndIp, address: LOCK_AFTER.ip },
      windowMinutes: FAILURE_WINDOW_MS / 60_000,
      lockMinutes: LOCK_MS / 60_000,
    },
  };
}

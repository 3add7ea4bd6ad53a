import type { PlatformConfig } from '../../config/schema';

/**
 * The platform's real limits that help texts may name as `{{placeholder}}`: taken from the
 * configuration the server runs with, so the help says what the server enforces. Amounts are
 * the configured decimals ("10.00"); the texts add the currency with `{{currency}}`.
 */
export function helpFacts(config: PlatformConfig): Record<HelpFactName, string> {
  const { payments, registration, vip, points, contracts } = config;
  const field = (name: string) => registration.fields[name];
  const memberLevel = vip.levels.find((level) => level.level === 0) ?? vip.levels[0];
  const topLevel = vip.levels.reduce(
    (top, level) => (level.level > top.level ? level : top),
    vip.levels[0]!,
  );
  return {
    brand: config.brand.name,
    currency: payments.currency,
    depositMin: payments.deposit.min,
    depositMax: payments.deposit.max,
    withdrawalMin: payments.withdrawal.min,
    withdrawalMax: payments.withdrawal.max,
    withdrawalDailyMax: memberLevel?.withdrawalDailyMax ?? payments.withdrawal.max,
    usernameMin: String(field('username')?.minLength ?? ''),
    usernameMax: String(field('username')?.maxLength ?? ''),
    passwordMin: String(field('password')?.minLength ?? ''),
    passwordMax: String(field('password')?.maxLength ?? ''),
    passwordMaxAgeDays: String(config.security.passwordMaxAgeDays),
    smsResendMinutes: String(config.sms.expiredMinutes),
    smsPerDay: String(config.sms.perNumberPerDay),
    trialCredit: payments.trialCredit,
    vipLevels: String(topLevel.level),
    pointsStep: String(points.convert.step),
    pointsStepAmount: points.convert.amountPerStep,
    maxSalaryRate: contracts.maxRate.dailySalary,
    maxDividendRate: contracts.maxRate.dividend,
  };
}

/** The names texts may use (checked at load, before any configuration is at hand). */
export type HelpFactName = (typeof HELP_FACT_NAMES)[number];

export const HELP_FACT_NAMES = [
  'brand',
  'currency',
  'depositMin',
  'depositMax',
  'withdrawalMin',
  'withdrawalMax',
  'withdrawalDailyMax',
  'usernameMin',
  'usernameMax',
  'passwordMin',
  'passwordMax',
  'passwordMaxAgeDays',
  'smsResendMinutes',
  'smsPerDay',
  'trialCredit',
  'vipLevels',
  'pointsStep',
  'pointsStepAmount',
  'maxSalaryRate',
  'maxDividendRate',
] as const;

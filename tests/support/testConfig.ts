/**
 * What a test or bench server lifts from config/platform.json (no vitest, no server imports: the
 * soak's cluster uses it too). Its clients all speak from loopback and make accounts by the
 * dozen, so the caps on new accounts are off unless a test sets them
 * (tests/server/identity/registrationLimits); four-eyes (issue 30) is off unless a test sets its
 * amounts, so bonuses and payouts of any size go in one call (tests/server/backOffice/
 * fourEyes.test.ts turns it on).
 */
export function relaxForTests<
  T extends { registration: { limits: unknown }; backOffice?: { approvals?: unknown } },
>(config: T): T {
  config.registration.limits = { perAddressPerHour: 100_000, perAgentPerDay: 100_000 };
  config.backOffice = {
    ...config.backOffice,
    approvals: {
      withdrawalPayout: '999999999999.99',
      bonus: '999999999999.99',
      rgPayout: '999999999999.99',
      agentRatePercent: '999.99',
      promotionAmount: '999999999999.99',
      rebatePercent: '999.99',
    },
  };
  return config;
}

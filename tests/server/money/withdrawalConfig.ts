import type { PlatformConfig } from '../../../server/config/schema';

/** The operator pays (no demo timer), so each test decides when a withdrawal is paid. */
export const operatorPays = (config: PlatformConfig): PlatformConfig => ({
  ...config,
  payments: {
    ...config.payments,
    withdrawal: { ...config.payments.withdrawal, demoPaySeconds: null },
  },
});

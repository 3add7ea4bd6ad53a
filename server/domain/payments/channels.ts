import type { PlatformConfig } from '../../config/schema';
import { ApiError } from '../../platform/apiError';
import {
  type DepositChannelView,
  isDemoChannel,
  type PaymentChannel,
  quickDepositAmounts,
} from '../../../src/shared/paymentChannels';
import { parseMoney, toMoneyString } from '../../../src/shared/money';

type Payments = Pick<PlatformConfig, 'payments'>;

/**
 * The deposit channels on offer, in the operator's order, each marked demo or not, with the
 * range a deposit may be, what the member's deposit limits still allow (`limitLeft`, the
 * smallest `left` of them; null: none) and a few amounts to tap within both.
 */
export function depositChannels(
  config: Payments,
  limitLeft: bigint | null = null,
): DepositChannelView[] {
  const min = parseMoney(config.payments.deposit.min);
  const max = parseMoney(config.payments.deposit.max);
  const most = limitLeft !== null && limitLeft < max ? limitLeft : max;
  return [...new Set(config.payments.channels.deposit)].map((channel) => ({
    channel,
    demo: isDemoChannel(channel),
    min: toMoneyString(min),
    max: toMoneyString(max),
    limitLeft: limitLeft === null ? null : toMoneyString(limitLeft),
    quickAmounts: quickDepositAmounts(min, most).map(toMoneyString),
  }));
}

/** The channel if the operator enabled it for deposits; otherwise a coded refusal. */
export function enabledDepositChannel(config: Payments, channel: string): PaymentChannel {
  const enabled = config.payments.channels.deposit.find((candidate) => candidate === channel);
  if (!enabled) {
    throw new ApiError(
      409,
      'channel_unavailable',
      `The deposit channel ${channel} is not available. Choose another channel.`,
    );
  }
  return enabled;
}

/** Whether the demo channel confirms deposits by itself. */
export const demoDepositsOn = (config: Payments): boolean =>
  config.payments.channels.deposit.includes('DEMO');

/** Whether the demo channel pays withdrawals by itself (else an operator pays). */
export const demoPayoutsOn = (config: Payments): boolean =>
  config.payments.channels.payout.includes('DEMO');

/**
 * Why production must not start with this configuration, or null. Demo channels move no real
 * money (deposits credited with nothing paid, withdrawals "paid" with nothing sent), so they
 * run in production only when the operator says so in as many words.
 */
export function demoMoneyRefusal(
  config: Payments,
  production: boolean,
  configFile = 'config/platform.json',
): string | null {
  if (!production || config.payments.allowDemoMoneyInProduction) return null;
  const { deposit, payout } = config.payments.channels;
  const found = [
    ...deposit.filter(isDemoChannel).map((channel) => `payments.channels.deposit: ${channel}`),
    ...payout.filter(isDemoChannel).map((channel) => `payments.channels.payout: ${channel}`),
  ];
  if (found.length === 0) return null;
  return [
    `Refusing to start: NODE_ENV=production with demo payment channels enabled in ${configFile} (${found.join('; ')}).`,
    'A demo channel credits deposits and pays withdrawals with no money paid.',
    'Remove DEMO from payments.channels.deposit and payments.channels.payout, or, only for a',
    'demo site without real money, set "payments.allowDemoMoneyInProduction": true.',
  ].join('\n');
}

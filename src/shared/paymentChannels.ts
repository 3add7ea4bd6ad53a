/**
 * Payment channels: how money comes in (deposit) and goes out (payout). The operator enables
 * them in config/platform.json (`payments.channels`). The only channel built in is DEMO, a
 * stand-in for a payment provider that confirms deposits and pays withdrawals by itself with
 * nothing paid: refused in production unless `payments.allowDemoMoneyInProduction` is set.
 */
export const PAYMENT_CHANNELS = ['DEMO'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** Channels that move no real money: the page labels them "demo" wherever they are offered. */
export const DEMO_CHANNELS: readonly PaymentChannel[] = ['DEMO'];

export const isDemoChannel = (channel: string): boolean =>
  (DEMO_CHANNELS as readonly string[]).includes(channel);

/** GET /wps/deposit/channels: the deposit channels on offer, in the operator's order. */
export interface DepositChannelView {
  channel: PaymentChannel;
  /** A demo channel: money is credited with nothing paid. */
  demo: boolean;
}

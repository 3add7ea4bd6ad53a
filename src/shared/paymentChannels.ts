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
  /** The amounts a deposit may be (payments.deposit), as money. */
  min: string;
  max: string;
  /** What the member's deposit limits still allow now (the smallest of them); null: none set. */
  limitLeft: string | null;
  /** A few amounts to tap, within the range and the limit (issue 34, finding 10). */
  quickAmounts: string[];
}

/** The amounts a deposit page offers to tap: round ones between the least and the most allowed. */
export const QUICK_DEPOSIT_LADDER = [
  5_000n,
  10_000n,
  20_000n,
  50_000n,
  100_000n,
  200_000n,
  500_000n,
] as const;

/** Up to five of the ladder's amounts (minor units) from `min` to `most`. */
export function quickDepositAmounts(min: bigint, most: bigint): bigint[] {
  return QUICK_DEPOSIT_LADDER.filter((amount) => amount >= min && amount <= most).slice(0, 5);
}

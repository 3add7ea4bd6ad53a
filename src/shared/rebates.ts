/**
 * The manual rebate (spec 2 manualRebate; issue 14): what valid bets since the last claim have
 * earned per game type, at the member's VIP rate (plus any open rebate promotion), claimed at
 * once into the main wallet.
 */
export interface RebateView {
  items: { gameType: string; validBet: string; amount: string }[];
  total: string;
  /** At least one whole minor unit is waiting. */
  claimable: boolean;
}

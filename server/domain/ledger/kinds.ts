/**
 * Every way money moves, in one closed list (issue 29), as a payment ledger's transfer codes
 * are: a posting's `kind` is one of these, checked by the compiler, and stored with the
 * transaction (the records and reports read it). Each line says from which account to which;
 * "house X" is the house account X (migrations 003, 004, 019), "main" a member's main wallet.
 * A new way money moves is a new line here first.
 */
export const POSTING_KINDS = {
  /** house deposits → main: a confirmed deposit (server/domain/payments/deposits.ts). */
  deposit: 'a confirmed deposit',
  /** main → house withdrawals_held: a withdrawal asked for (or an operator's RG payout). */
  withdrawal_hold: 'a withdrawal held',
  /** house withdrawals_held → house withdrawals: the channel paid it. */
  withdrawal_payout: 'a withdrawal paid',
  /** house withdrawals_held → main: a withdrawal rejected or refunded. */
  withdrawal_refund: 'a withdrawal returned',
  /** main (real money first) and bonus → house vendors: a real bet's stake. */
  bet: 'a stake',
  /** house vendors → main and bonus, in the proportion the stake came from each: a win. */
  win: 'a win',
  /** house vendors → main: a stake returned (a lottery slip whose draw will never open). */
  bet_refund: 'a stake returned',
  /**
   * house promotions / rebates / points → main: a claimed reward or rebate; → bonus: a bonus
   * with a wagering requirement (issue 28: bonus money is its own balance).
   */
  bonus: 'a bonus',
  /** bonus → main: the bonus balance turned real money, its wagering requirement met. */
  bonus_release: 'a bonus unlocked',
  /** bonus → house promotions: the whole bonus balance, forfeited or expired. */
  bonus_forfeit: 'a bonus forfeited',
  /** house salaries → main: an agent's settled salary period. */
  salary: 'a salary',
  /** house trial_credit → main: a free-play account's play money. */
  trial_credit: 'free-play money',
  /** main ↔ vendor wallet of the same member. */
  wallet_transfer: 'a transfer between own wallets',
  /** main → the upline agent's main. */
  upline_transfer: 'a transfer to the upline',
  /** house points → main: points converted to money. */
  points_convert: 'points converted',
  /** main → house points: a points-mall good's cash part. */
  points_redeem: 'a redemption’s cash part',
  /** house points → main: a rejected redemption's cash part given back. */
  points_refund: 'a redemption refunded',
} as const;

export type PostingKind = keyof typeof POSTING_KINDS;

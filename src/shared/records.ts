/**
 * The records pages (spec 2: betting record, account record, profit and loss, bonus details,
 * deposit record): one paged, date-filtered shape for all of them.
 */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /** Sums over every matching row (not only this page), as decimal strings. */
  totals?: Record<string, string>;
}

export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** How far back a query may reach; keeps the pages' queries bounded. */
export const MAX_RANGE_DAYS = 92;

/**
 * A records query: an instant range [from, to) computed by the page from the player's local
 * dates, the player's UTC offset (for grouping by local day), a page, and the record's filter.
 */
export interface RecordsQuery {
  from: string;
  to: string;
  /** Minutes to add to UTC to get the player's local time (e.g. 420 for UTC+7). */
  tz: number;
  page: number;
  pageSize: number;
  type?: string;
}

/** Account record filter groups: each ledger transaction kind belongs to one. */
export const accountRecordTypes = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_refund'],
  transfer: ['wallet_transfer', 'upline_transfer'],
  bonus: ['bonus', 'bonus_release', 'bonus_forfeit', 'trial_credit'],
  game: ['bet', 'win', 'bet_refund'],
  salary: ['salary'],
} as const satisfies Record<string, readonly string[]>;

export type AccountRecordType = keyof typeof accountRecordTypes;

export interface AccountRecordItem {
  id: string;
  at: string;
  /** The ledger transaction kind, e.g. deposit or wallet_transfer. */
  kind: string;
  wallet: string;
  /** Signed: negative when money left this wallet. */
  amount: string;
  balanceAfter: string;
}

export interface BetRecordItem {
  id: string;
  at: string;
  vendor: string;
  gameName: string;
  roundId: string;
  betAmount: string;
  validBetAmount: string;
  winAmount: string;
  /** The player's result: win minus bet. */
  profit: string;
  status: 'open' | 'settled' | 'void';
}

export interface ProfitDay {
  /** The player's local day, yyyy-MM-dd. */
  day: string;
  betAmount: string;
  validBetAmount: string;
  winAmount: string;
  profit: string;
  deposits: string;
  withdrawals: string;
  bonus: string;
}

export interface BonusItem {
  id: string;
  at: string;
  amount: string;
  reason: string;
}

export interface DepositRecordItem {
  id: string;
  channel: string;
  amount: string;
  status: 'pending' | 'credited' | 'failed';
  createdAt: string;
}

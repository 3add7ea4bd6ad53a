/**
 * The points mall (issue 14; spec 3 points balance, redeem history, goods; spec 4 redeem
 * statuses; spec 7 points calls). Points are whole numbers on screen; the server keeps
 * hundredths so small bets add up.
 */
import type { DeliveryAddress } from './deliveryAddress';

export type RedeemStatus = 'inProcess' | 'rejected' | 'approved';

/**
 * A good is `virtual` (a voucher, a code: nothing is shipped) or `physical` (shipped: its
 * redemption carries a delivery address).
 */
export const GOODS_KINDS = ['virtual', 'physical'] as const;
export type GoodsKind = (typeof GOODS_KINDS)[number];

export interface PointBalance {
  /** Whole points that can be spent. */
  points: number;
}

export interface PointConfigView {
  /** Points per 1.00 of valid bet by game type; `default` for the others. */
  earnPerUnit: Record<string, string>;
  convert: { step: number; amountPerStep: string };
}

export interface GoodsView {
  id: string;
  code: string;
  name: string;
  image: string | null;
  points: number;
  /** The cash part paid from the main wallet with the points. */
  amount: string;
  quantity: number;
  status: 'active' | 'inactive';
  kind: GoodsKind;
}

export interface RedemptionView {
  id: string;
  goods: { code: string; name: string; image: string | null };
  points: number;
  amount: string;
  status: RedeemStatus;
  note: string | null;
  /** Where a physical good is shipped (null for a virtual one). Plain text, shown as text. */
  delivery: DeliveryAddress | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface PointHistoryItem {
  id: string;
  kind: 'earn' | 'redeem' | 'refund' | 'convert';
  /** Signed whole points (an earn row sums a day's bets). */
  points: number;
  at: string;
}

export interface PointHistoryPage {
  items: PointHistoryItem[];
  page: number;
  totalPages: number;
}

export interface ConvertResult {
  points: number;
  amount: string;
  balance: number;
}

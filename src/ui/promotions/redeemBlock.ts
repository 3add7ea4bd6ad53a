import { parseMoney } from '../../shared/money';
import type { GoodsView } from '../../shared/points';

/**
 * Why a good's Redeem is off, said beside the button (the review's finding: a grey button told
 * nothing). Only what the page knows before asking, and what the server would refuse for:
 * - `soldOut`: no stock left (out_of_stock);
 * - `points`: the member has fewer points than it costs, `missing` more needed
 *   (insufficient_points);
 * - `wagering`: the good has a cash part and a bonus is being wagered (wagering_open: cash for
 *   goods does not leave the member's hands meanwhile).
 * Goods off the mall are not listed at all, so they need no reason.
 */
export type RedeemBlock =
  { reason: 'soldOut' } | { reason: 'points'; missing: number } | { reason: 'wagering' };

/**
 * The first reason Redeem is off, the one the member can do least about first; null when it is
 * on. `points` is null while the balance loads (nothing is judged by a number not yet known).
 */
export function redeemBlock(
  goods: Pick<GoodsView, 'quantity' | 'points' | 'amount'>,
  member: { points: number | null; wagering: boolean },
): RedeemBlock | null {
  if (goods.quantity <= 0) return { reason: 'soldOut' };
  if (member.points !== null && member.points < goods.points) {
    return { reason: 'points', missing: goods.points - member.points };
  }
  if (member.wagering && parseMoney(goods.amount) > 0n) return { reason: 'wagering' };
  return null;
}

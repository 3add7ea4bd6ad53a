import type { WithdrawalView } from '../shared/withdrawals';

/**
 * Applies a `withdrawal` socket event to a page of withdrawals (snapshot then deltas): a newer
 * version replaces the row, an older one is dropped, a withdrawal not on the page is added on
 * top only when the page is the first (it is the newest).
 */
export function mergeWithdrawal(
  items: WithdrawalView[],
  event: WithdrawalView,
  isFirstPage: boolean,
): WithdrawalView[] {
  const index = items.findIndex((item) => item.id === event.id);
  if (index === -1) return isFirstPage ? [event, ...items] : items;
  if (items[index]!.version >= event.version) return items;
  return items.map((item, at) => (at === index ? event : item));
}

import { MAX_AMOUNT_MINOR, MAX_AMOUNT_TEXT, parseMoney } from '../../../src/shared/money';
import { ApiError } from '../../platform/apiError';
import type { BalanceChange } from '../../platform/changes';
import type { Posted } from './post';

export type { BalanceChange };

/** Scopes a client's idempotency key to the member, so keys never collide across members. */
export const scopedKey = (memberId: string, kind: string, key: string) =>
  `${kind}:${memberId}:${key}`;

export function changesOf(
  posted: Posted,
  memberId: string,
  wallets: Map<string, string>,
): BalanceChange[] {
  return [...posted.balances.entries()]
    .filter(([accountId]) => wallets.has(accountId))
    .map(([accountId, value]) => ({
      memberId,
      wallet: wallets.get(accountId)!,
      balance: value.balance,
      entryId: value.entryId,
    }));
}

/**
 * A request's amount in minor units: above zero and at most the platform's bound (the schema
 * already refuses anything that is not an amount).
 */
export function positiveAmount(text: string): bigint {
  const amount = parseMoney(text);
  if (amount <= 0n) throw new ApiError(400, 'invalid_request', 'The amount must be above zero.');
  return boundedAmount(amount);
}

/** Refuses an amount above MAX_AMOUNT_MINOR with `amount_out_of_range` and the bound. */
export function boundedAmount(amount: bigint): bigint {
  if (amount > MAX_AMOUNT_MINOR) {
    throw new ApiError(400, 'amount_out_of_range', `An amount can be at most ${MAX_AMOUNT_TEXT}.`, {
      max: MAX_AMOUNT_TEXT,
    });
  }
  return amount;
}

import { toMoneyString } from '../../../src/shared/money';
import type { BonusItem, Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { pageOf, type RecordsWindow } from './query';

/** Bonus details (spec 2 bonusDetails): every bonus credited to the member, with its reason. */
export async function bonusRecord(
  db: Queryable,
  memberId: string,
  window: RecordsWindow,
): Promise<Page<BonusItem>> {
  const where = `t.member_id = $1 and t.kind = 'bonus' and t.created_at >= $2 and t.created_at < $3`;
  // A bonus has one entry into the member's wallet (the other leaves the house account).
  const from = `from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id and e.amount > 0`;
  const params = [memberId, window.from, window.to];
  const [summary] = await db.query<{ total: string; amount: string }>(
    `select count(*)::text as total, coalesce(sum(e.amount), 0)::text as amount ${from}
     where ${where}`,
    params,
  );
  const rows = await db.query<{ id: string; created_at: Date; amount: string; reason: string }>(
    `select t.id::text, t.created_at, e.amount::text, coalesce(t.result->>'reason', '') as reason
     ${from} where ${where} order by t.id desc limit $4 offset $5`,
    [...params, window.limit, window.offset],
  );
  return pageOf(
    window,
    rows.map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      amount: toMoneyString(BigInt(row.amount)),
      reason: row.reason,
    })),
    summary!.total,
    { amount: toMoneyString(BigInt(summary!.amount)) },
  );
}

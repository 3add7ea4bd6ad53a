import { toMoneyString } from '../../../src/shared/money';
import { type AccountRecordItem, accountRecordTypes, type Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { pageOf, type RecordsWindow } from './query';
import { walletNameOf } from '../ledger/accounts';

/** The ledger kinds of an account-record filter, comma-joined for `string_to_array`. */
function kindsOf(type: string | null): string | null {
  if (type === null) return null;
  const kinds = (accountRecordTypes as Record<string, readonly string[]>)[type];
  if (!kinds) throw new ApiError(400, 'invalid_request', `Unknown record type: ${type}.`);
  return kinds.join(',');
}

/** Account record (spec 2 transactionHistory): every ledger entry on the member's wallets. */
export async function accountRecord(
  db: Queryable,
  memberId: string,
  window: RecordsWindow,
): Promise<Page<AccountRecordItem>> {
  const where = `a.member_id = $1 and e.created_at >= $2 and e.created_at < $3
    and ($4::text is null or t.kind = any(string_to_array($4, ',')))`;
  const from = `from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transactions t on t.id = e.transaction_id`;
  const params = [memberId, window.from, window.to, kindsOf(window.type)];
  const [count] = await db.query<{ total: string }>(
    `select count(*)::text as total ${from} where ${where}`,
    params,
  );
  const rows = await db.query<{
    id: string;
    created_at: Date;
    kind: string;
    account_kind: string;
    name: string;
    amount: string;
    balance_after: string;
  }>(
    `select e.id::text, e.created_at, t.kind, a.kind as account_kind, a.name, e.amount::text,
       e.balance_after::text
     ${from} where ${where} order by e.id desc limit $5 offset $6`,
    [...params, window.limit, window.offset],
  );
  return pageOf(
    window,
    rows.map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      kind: row.kind,
      wallet: walletNameOf(row.account_kind, row.name),
      amount: toMoneyString(BigInt(row.amount)),
      balanceAfter: toMoneyString(BigInt(row.balance_after)),
    })),
    count!.total,
  );
}

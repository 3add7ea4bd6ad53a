import type { TeamTransaction } from '../../../src/shared/agentReports';
import { accountRecordTypes, type Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { pageOf, type RecordsWindow } from '../records/query';
import { accountFilter, money, Params, teamCte } from './team';
import { walletNameOf } from '../ledger/accounts';

/** The ledger kinds of an account-record filter (the member's account record's groups). */
function kindsOf(type: string | null): readonly string[] | null {
  if (type === null) return null;
  const kinds = (accountRecordTypes as Record<string, readonly string[]>)[type];
  if (!kinds) throw new ApiError(400, 'invalid_request', `Unknown record type: ${type}.`);
  return kinds;
}

/**
 * agentDownlineTransactionDetailsCopy (account details): every ledger entry on the team's
 * wallets in the range, newest first, filtered by type (the account record's groups) and
 * member; the total is the net of the matching entries.
 */
export async function teamTransactions(
  db: Queryable,
  agentId: string,
  window: RecordsWindow,
  filters: { account?: string },
): Promise<Page<TeamTransaction>> {
  const params = new Params();
  const agent = params.add(agentId);
  const kinds = kindsOf(window.type);
  const where = [
    `e.created_at >= ${params.add(window.from)}`,
    `e.created_at < ${params.add(window.to)}`,
    kinds ? `x.kind = any(string_to_array(${params.add(kinds.join(','))}, ','))` : 'true',
    accountFilter(params, 't.id', filters.account),
  ].join(' and ');
  const from = `from team t
    join ledger_accounts a on a.member_id = t.id
    join ledger_entries e on e.account_id = a.id
    join ledger_transactions x on x.id = e.transaction_id`;
  const [summary] = await db.query<{ total: string; amount: string }>(
    `with recursive ${teamCte(agent)}
     select count(*)::text as total, coalesce(sum(e.amount), 0)::text as amount
     ${from} where ${where}`,
    params.values,
  );
  const limit = params.add(window.limit);
  const offset = params.add(window.offset);
  const rows = await db.query<{
    id: string;
    created_at: Date;
    account: string;
    level: number;
    kind: string;
    account_kind: string;
    name: string;
    amount: string;
    balance_after: string;
  }>(
    `with recursive ${teamCte(agent)},
     chosen as (
       select e.id, t.level, a.member_id, a.kind as account_kind, a.name, x.kind
       ${from} where ${where}
       order by e.created_at desc, e.id desc limit ${limit} offset ${offset}
     )
     select e.id::text, e.created_at, m.account, c.level, c.kind, c.account_kind, c.name,
       e.amount::text, e.balance_after::text
     from chosen c join ledger_entries e on e.id = c.id join members m on m.id = c.member_id
     order by e.created_at desc, e.id desc`,
    params.values,
  );
  return pageOf(
    window,
    rows.map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      account: row.account,
      level: Number(row.level),
      kind: row.kind,
      wallet: walletNameOf(row.account_kind, row.name),
      amount: money(row.amount),
      balanceAfter: money(row.balance_after),
    })),
    summary!.total,
    { amount: money(summary!.amount) },
  );
}

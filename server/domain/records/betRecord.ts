import { toMoneyString } from '../../../src/shared/money';
import type { BetRecordItem, Page } from '../../../src/shared/records';
import type { Queryable } from '../../db/types';
import { pageOf, type RecordsWindow } from './query';

const money = (minor: string) => toMoneyString(BigInt(minor));

/** Betting record (spec 2 personalHistoryCopy): the member's rounds, filtered by vendor. */
export async function betRecord(
  db: Queryable,
  memberId: string,
  window: RecordsWindow,
): Promise<Page<BetRecordItem>> {
  const where = `member_id = $1 and created_at >= $2 and created_at < $3
    and ($4::text is null or vendor = $4)`;
  const params = [memberId, window.from, window.to, window.type];
  const [summary] = await db.query<{ total: string; bet: string; valid: string; win: string }>(
    `select count(*)::text as total, coalesce(sum(bet_amount), 0)::text as bet,
       coalesce(sum(valid_bet_amount), 0)::text as valid, coalesce(sum(win_amount), 0)::text as win
     from bets where ${where}`,
    params,
  );
  const rows = await db.query<{
    id: string;
    created_at: Date;
    vendor: string;
    game_name: string;
    round_id: string;
    bet_amount: string;
    valid_bet_amount: string;
    win_amount: string;
    status: BetRecordItem['status'];
  }>(
    `select id::text, created_at, vendor, game_name, round_id, bet_amount::text,
       valid_bet_amount::text, win_amount::text, status
     from bets where ${where} order by id desc limit $5 offset $6`,
    [...params, window.limit, window.offset],
  );
  const s = summary!;
  return pageOf(
    window,
    rows.map((row) => ({
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      vendor: row.vendor,
      gameName: row.game_name,
      roundId: row.round_id,
      betAmount: money(row.bet_amount),
      validBetAmount: money(row.valid_bet_amount),
      winAmount: money(row.win_amount),
      profit: toMoneyString(BigInt(row.win_amount) - BigInt(row.bet_amount)),
      status: row.status,
    })),
    s.total,
    {
      betAmount: money(s.bet),
      validBetAmount: money(s.valid),
      winAmount: money(s.win),
      profit: toMoneyString(BigInt(s.win) - BigInt(s.bet)),
    },
  );
}

import { z } from 'zod';
import { maskCustomerName, type WinnerEntry } from '../../../src/shared/games';
import { toMoneyString } from '../../../src/shared/money';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';
import type { RelayTable } from '../relay/dispatcher';

const rankQuery = z
  .object({
    gameCategory: z.string().max(20).default('ALL'),
    language: z.string().max(8).optional(),
    limitNum: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();

/** How far back the board looks: the biggest wins of the last week. */
const BOARD_DAYS = 7;

/**
 * GCSGAME_getRankList (spec 7): the winner board's snapshot, biggest wins first, names masked.
 * Public, like the home page that shows it; live `winner` events extend it (winners$).
 */
export function winnerRelays(deps: AppDeps): RelayTable {
  return {
    GCSGAME_getRankList: {
      method: 'GET',
      query: rankQuery,
      handle: async (request) => {
        const query = parseInput(rankQuery, request.query);
        const rows = await deps.db.query<{
          account: string;
          win_amount: string;
          game_name: string;
          vendor: string;
          created_at: Date;
        }>(
          `select m.account, b.win_amount::text, b.game_name, b.vendor, b.created_at
           from bets b join members m on m.id = b.member_id
           where b.win_amount > 0 and b.created_at > now() - make_interval(days => $1)
             and ($2 = 'ALL' or b.vendor in (select vendor from games where game_type = $2))
           order by b.win_amount desc, b.id desc limit $3`,
          [BOARD_DAYS, query.gameCategory, query.limitNum],
        );
        return rows.map((row): WinnerEntry => ({
          customerName: maskCustomerName(row.account),
          winAmount: toMoneyString(BigInt(row.win_amount)),
          gameName: row.game_name,
          vassalage: row.vendor,
          at: new Date(row.created_at).toISOString(),
        }));
      },
    },
  };
}

import type {
  LotteryGameMenu,
  LotteryMenuGroup,
  LotteryPrizeMode,
} from '../../../../src/shared/games';
import type { Queryable } from '../../../db/types';
import { gameRowsSql, type GameRow } from './gameItems';
import { gameIcon } from './images';
import { RECENT_GAMES_LIMIT } from './recentGames';

/** The Vietnam lottery lobby's vendor (GET /lgw/vn/games/game_menu). */
export const VN_LOTTERY_VENDOR = 'TCG_LOTTO_VN';

/**
 * Which vendor's lotteries GET /lgw/games/game_menus lists for a prize mode (the spec names the
 * modes, not what each shows): normal and ZY prizes are the LOTT lotteries (ZY pays the same
 * draws another way), ELOTT the electronic lotteries, SEA the South-East Asian ones.
 */
export const menuVendorOf: Record<LotteryPrizeMode, string> = {
  LOTT: 'LOTT',
  ZY: 'LOTT',
  ELOTT: 'ELOTT',
  SEA: 'TCG_SEA',
};

type MenuRow = GameRow & { group_code: string; group_names: Record<string, string> };

function toMenu(row: GameRow, prizeMode: LotteryPrizeMode): LotteryGameMenu {
  return {
    gameCode: row.node_id,
    nodeId: row.node_id,
    gameName: row.game_name,
    vassalage: row.vendor,
    gameType: row.game_type,
    prizeMode,
    iconUrl: gameIcon(row.node_id),
    engine: row.engine,
  };
}

/** A vendor's lottery menu: its groups in order, each with its lotteries. */
export async function lotteryMenu(
  db: Queryable,
  vendor: string,
  prizeMode: LotteryPrizeMode,
  language: string,
): Promise<LotteryMenuGroup[]> {
  const rows = await db.query<MenuRow>(
    `${gameRowsSql('$2', 'lg.code as group_code, lg.names as group_names,')}
     join lottery_groups lg on lg.code = g.lottery_group
     where g.enabled and g.vendor = $1
     order by lg.sort, g.sort, g.node_id`,
    [vendor, language],
  );
  const groups: LotteryMenuGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.groupCode !== row.group_code) {
      const names = row.group_names;
      group = {
        groupCode: row.group_code,
        groupName: names[language] ?? names.EN ?? row.group_code,
        gameMenus: [],
      };
      groups.push(group);
    }
    group.gameMenus.push(toMenu(row, prizeMode));
  }
  return groups;
}

/** GET /lgw/vn/games/game_menu/recent: the Vietnam lotteries the member played last. */
export async function recentLotteries(
  db: Queryable,
  memberId: string,
  prizeMode: LotteryPrizeMode,
  language: string,
): Promise<LotteryGameMenu[]> {
  const rows = await db.query<GameRow>(
    `${gameRowsSql('$2')}
     join recent_games r on r.node_id = g.node_id and r.member_id = $1
     where g.enabled and g.vendor = $3
     order by r.play_order desc limit $4`,
    [memberId, language, VN_LOTTERY_VENDOR, RECENT_GAMES_LIMIT],
  );
  return rows.map((row) => toMenu(row, prizeMode));
}

import {
  COCKFIGHT_VENDORS,
  ESPORT_VENDORS,
  type GameItem,
  type GameListPage,
  VASSALAGE,
} from '../../../../src/shared/games';
import type { Queryable, SqlParam } from '../../../db/types';
import { gameRowsSql, type GameRow, toGameItem } from './gameItems';
import { vendorEntryIcon } from './images';

export interface GameListFilter {
  /** A category, or ESPORTS / COCKFIGHT (the browser's split of SPORTS); null: every one. */
  gameType: string | null;
  vassalage: string | null;
  gameClassify: string | null;
  /** Already made a search key (data.ts searchKey). */
  keyword: string | null;
  language: string;
  pageNo: number;
  pageSize: number;
}

/**
 * The server lists e-sports and cockfight vendors under SPORTS, as the real platform does; the
 * browser moves their cards to ESPORTS and COCKFIGHT (spec 3), so those two are read here as
 * SPORTS limited to their vendors.
 */
const splitOfSports: Record<string, readonly string[]> = {
  ESPORTS: ESPORT_VENDORS,
  COCKFIGHT: COCKFIGHT_VENDORS,
};

/** The category a game is stored under: ESPORTS and COCKFIGHT are SPORTS. */
export function storedCategory(gameType: string): string {
  return Object.hasOwn(splitOfSports, gameType) ? 'SPORTS' : gameType;
}

/**
 * GCSGAME_gameList: one page of a category's games in server order (lane, then game), with
 * names in the language asked for and EN where it has none. Listing a whole category (no
 * vendor, subtype or search), a vendor flagged VASSALAGE in it shows as one card that opens
 * its popup game list instead of its games; asked for by vassalage, its games are listed.
 */
export async function gameList(db: Queryable, filter: GameListFilter): Promise<GameListPage> {
  const split =
    filter.gameType && Object.hasOwn(splitOfSports, filter.gameType)
      ? splitOfSports[filter.gameType]
      : undefined;
  const gameType = split ? 'SPORTS' : filter.gameType;
  const withEntries =
    gameType !== null && !split && !filter.vassalage && !filter.gameClassify && !filter.keyword;
  const params: SqlParam[] = [
    filter.language,
    gameType,
    filter.vassalage,
    filter.gameClassify,
    filter.keyword,
    split ? JSON.stringify(split) : null,
    withEntries,
  ];
  const items = `with items as (
    select g.node_id, g.vendor, v.display_name, g.game_type, g.game_classify, g.engine,
      g.enabled, coalesce(ln.name, en.name) as game_name, en.name as node_name,
      null::text as is_game, c.sort as category_sort, l.sort as lane_sort, g.sort as item_sort
    from games g
    join game_vendor_lanes l on l.category = g.game_type and l.vendor = g.vendor
    join game_categories c on c.code = g.game_type
    join game_vendors v on v.code = g.vendor
    join game_names en on en.node_id = g.node_id and en.language = 'EN'
    left join game_names ln on ln.node_id = g.node_id and ln.language = $1
    where g.enabled
      and ($2::text is null or g.game_type = $2::text)
      and ($3::text is null or g.vendor = $3::text)
      and ($4::text is null or g.game_classify = $4::text)
      and ($5::text is null or position($5::text in coalesce(ln.search_key, en.search_key)) > 0)
      and ($6::jsonb is null or g.vendor in (select jsonb_array_elements_text($6::jsonb)))
      and not ($7::boolean and l.vassalage)
    union all
    select l.vendor || '-' || l.category, l.vendor, v.display_name, l.category, null, null,
      true, v.display_name, v.display_name, '${VASSALAGE}', c.sort, l.sort, 0
    from game_vendor_lanes l
    join game_categories c on c.code = l.category
    join game_vendors v on v.code = l.vendor
    where $7::boolean and l.vassalage and l.category = $2::text
      and exists (select 1 from games g
        where g.enabled and g.game_type = l.category and g.vendor = l.vendor)
  )`;
  const [count] = await db.query<{ total: number }>(
    `${items} select count(*)::int as total from items`,
    params,
  );
  const rows = await db.query<GameRow & { is_game: string | null }>(
    `${items} select * from items
     order by category_sort, lane_sort, item_sort, node_id limit $8 offset $9`,
    [...params, filter.pageSize, (filter.pageNo - 1) * filter.pageSize],
  );
  return {
    games: rows.map((row) =>
      row.is_game === VASSALAGE
        ? {
            ...toGameItem(row),
            iconUrl: vendorEntryIcon(row.vendor, row.game_type),
            isGame: VASSALAGE,
            engine: undefined,
          }
        : toGameItem(row),
    ),
    totalPages: Math.ceil((count?.total ?? 0) / filter.pageSize),
  };
}

/** The most games GCSGAME_hotGamesV2 answers with (the spec does not give the cap). */
export const HOT_GAMES_LIMIT = 50;

/** GCSGAME_hotGamesV2: the hot games, hottest first. */
export async function hotGames(db: Queryable, language: string): Promise<GameItem[]> {
  const rows = await db.query<GameRow>(
    `${gameRowsSql('$1')} where g.enabled and g.hot_rank is not null
     order by g.hot_rank, g.node_id limit $2`,
    [language, HOT_GAMES_LIMIT],
  );
  return rows.map(toGameItem);
}

/**
 * One game of the catalogue, enabled or not (null when unknown), with its name in `language`
 * (EN where it has none). The launch code reads the game and its demo engine with this.
 */
export async function catalogueGame(
  db: Queryable,
  nodeId: string,
  language = 'EN',
): Promise<(GameItem & { engine: 'slot' | 'draw'; enabled: boolean }) | null> {
  const [row] = await db.query<GameRow>(`${gameRowsSql('$2')} where g.node_id = $1`, [
    nodeId,
    language,
  ]);
  return row ? { ...toGameItem(row), engine: row.engine, enabled: row.enabled } : null;
}

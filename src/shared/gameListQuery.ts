/** GCSGAME_gameList (spec 7): one page of a category's games. */
export const GAME_LIST_PATH = '/wps/relay/GCSGAME_gameList';

/** The game list pages' (/live, /fish, /rng, /pvp) page size: 24 games at a time. */
export const GAME_LIST_PAGE_SIZE = 24;

/** The first cards of a list, drawn before the others (fetch priority) and preloaded with the page. */
export const GAME_LIST_PRIORITY_CARDS = 4;

/** The game list routes of spec 2 and their game type. */
export const GAME_LIST_ROUTES = {
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/rng': 'RNG',
  '/pvp': 'PVP',
} as const;

export interface GameListQuery {
  /** A category; none searches every category (the header's game search). */
  gameType?: string;
  pageNo: number;
  pageSize: number;
  language: string;
  vassalage?: string;
  gameClassify?: string;
  keyword?: string;
}

/**
 * The query of a GCSGAME_gameList call, as the page sends it (src/api/games.ts) and as the
 * server asks it for the page it sends (server/http/site/appShell.ts).
 */
export function gameListParams(
  query: GameListQuery,
  merchantCode: string,
): Record<string, string | number> {
  const params: Record<string, string | number> = {
    clientType: 3,
    platform: 'html5-desktop',
    merchant: merchantCode,
    ...(query.gameType ? { gameType: query.gameType } : {}),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    language: query.language,
  };
  if (query.vassalage) params.vassalage = query.vassalage;
  if (query.gameClassify) params.gameClassify = query.gameClassify;
  if (query.keyword) params.keyword = query.keyword;
  return params;
}

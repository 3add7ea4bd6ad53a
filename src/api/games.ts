import type {
  FavouriteList,
  FavouritePayload,
  GameCategoryVendors,
  GameItem,
  GameListPage,
  LaunchRequest,
  LaunchResult,
  LotteryMenuGroup,
  WinnerEntry,
} from '../shared/games';
import { GAME_LIST_PATH, gameListParams, type GameListQuery } from '../shared/gameListQuery';
import type { Http } from './http';

/** Game calls of spec 7 (relays under /wps/relay/ and launchGame). */
export function createGamesApi(http: Http, context: { merchantCode: () => string }) {
  const relay = (name: string) => `/wps/relay/${name}`;
  return {
    vendors: () =>
      http.get<GameCategoryVendors[]>(relay('GCSGAME_newGameVendor'), {
        searchParams: { platform: 'html5-desktop', merchantCode: context.merchantCode() },
      }),
    gameList: (query: GameListQuery) =>
      http.get<GameListPage>(GAME_LIST_PATH, {
        searchParams: gameListParams(query, context.merchantCode()),
      }),
    hotGames: (language: string) =>
      http.get<GameItem[]>(relay('GCSGAME_hotGamesV2'), {
        searchParams: {
          merchantCode: context.merchantCode(),
          isPlatform: 2,
          platform: 'flash,html5-desktop',
          language,
        },
      }),
    rankList: (language: string) =>
      http.get<WinnerEntry[]>(relay('GCSGAME_getRankList'), {
        searchParams: { gameCategory: 'ALL', language, limitNum: 20 },
      }),
    favouriteIds: () => http.get<string[]>(relay('MCSFE_getFavoriteGames')),
    favouriteList: (language: string) =>
      http.get<FavouriteList>(relay('MCSFE_getFavoriteGamesList'), {
        searchParams: {
          clientType: 3,
          platform: 'html5-desktop',
          language,
          pageNo: 1,
          pageSize: 999,
          gameType: 'RNG',
        },
      }),
    addFavourite: (payload: FavouritePayload) =>
      http.post<unknown>(relay('MCSFE_addFavoriteGameV2'), payload),
    removeFavourite: (nodeId: string) =>
      http.delete<unknown>(relay('MCSFE_removeFavoriteGameV2'), { searchParams: { nodeId } }),
    recentGames: (language: string) =>
      http.get<GameItem[]>(relay('GCS_recentGame'), { searchParams: { language } }),
    launch: (request: LaunchRequest) => http.post<LaunchResult>('/wps/game/launchGame', request),
    lotteryMenu: (prizeMode: string, vietnam: boolean) =>
      vietnam
        ? http.get<LotteryMenuGroup[]>('/lgw/vn/games/game_menu', {
            searchParams: { prizeMode, device: 'WEB' },
          })
        : http.get<LotteryMenuGroup[]>('/lgw/games/game_menus', { searchParams: { prizeMode } }),
  };
}

export type GamesApi = ReturnType<typeof createGamesApi>;

/**
 * Games (spec 3 "Game item", "Game vendor lane", "Favourites", "Winner entry"; spec 7 GCSGAME_*,
 * MCSFE_*Favorite*, GCS_recentGame, launchGame): the shapes browser and server share.
 */

/** Game categories (game types) the lobby knows; the server sends them in its own order. */
export const GameCategory = {
  RNG: 'RNG',
  FISH: 'FISH',
  LIVE: 'LIVE',
  PVP: 'PVP',
  SPORTS: 'SPORTS',
  ESPORTS: 'ESPORTS',
  COCKFIGHT: 'COCKFIGHT',
  LOTT: 'LOTT',
  ELOTT: 'ELOTT',
  MXWIN: 'MXWIN',
} as const;
export type GameCategory = (typeof GameCategory)[keyof typeof GameCategory];

/** Subtypes inside the slot lobby (spec 2): jackpot, table games, arcade, scratch card, video poker, bingo. */
export const GameSubtype = { JP: 'JP', TG: 'TG', AC: 'AC', SC: 'SC', VP: 'VP', BG: 'BG' } as const;
export type GameSubtype = (typeof GameSubtype)[keyof typeof GameSubtype];

/** Vendors whose cards move out of SPORTS (spec 3 vendor lane). */
export const ESPORT_VENDORS = ['IMES'] as const;
export const COCKFIGHT_VENDORS = ['SV3'] as const;
/** Lottery vendors and where their launch goes (spec 4 "Game launch by vassalage"). */
export const LOTTERY_ROUTES = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
} as const;

/** isGame value of a vendor entry that opens a popup game list instead of a game. */
export const VASSALAGE = 'VASSALAGE';

/** One game (or vendor entry) card (spec 3 "Game item"). */
export interface GameItem {
  nodeId: string;
  /** The vendor's display name. */
  displayName: string;
  gameName: string;
  /** Fallback for gameName. */
  nodeName?: string;
  iconUrl: string | null;
  /** Fallback for iconUrl. */
  showIcon?: string | null;
  /** The vendor code. */
  vassalage: string;
  gameType: string;
  gameClassify: string | null;
  /** 'VASSALAGE' for a vendor entry that opens a popup list; otherwise a game. */
  isGame: string | null;
  /** The demo vendor's game kind behind it (slot or draw), for the launch page. */
  engine?: 'slot' | 'draw';
}

/** GCSGAME_gameList answer. */
export interface GameListPage {
  games: GameItem[];
  totalPages: number;
}

/** GCSGAME_gameList request (spec 7). pageSize is 12 on home, 24 elsewhere. */
export interface GameListQuery {
  clientType: number;
  platform: string;
  merchant?: string;
  gameType: string;
  pageNo: number;
  pageSize: number;
  vassalage?: string;
  gameClassify?: string;
  language: string;
  /** Search by name (game search page); ours. */
  keyword?: string;
}

/** A vendor (spec 3 "Game vendor"). */
export interface GameVendor {
  vassalage: string;
  displayName: string;
  gameType: string;
  /** Flagged vendors open a popup game list (isGame VASSALAGE). */
  isGame?: string | null;
  /** The vendor's images (spec 3 "Vendor images"), relative to an image CDN base. */
  images?: VendorImages;
}

/**
 * A vendor's images by the spec 3 rules, as paths relative to an image CDN base: the browser
 * prefixes a base it picks at random from the system status' imageCDNs (spec 9).
 */
export interface VendorImages {
  /** TCG_PROD_IMAGES/VENDOR_ICON_SMALL/{vassalage}-DEFAULT.png */
  small: string;
  /** TCG_PROD_IMAGES/VENDOR_ICON_SMALL/{vassalage}-ACTIVE.png */
  smallActive: string;
  /** TCG_PROD_IMAGES/RNG_LIST_VENDOR/{vassalage}-WHITE|COLOR|BLACK.png (LOTT uses ELOTT's). */
  listWhite: string;
  listColor: string;
  listBlack: string;
  /** TCG_PROD_IMAGES/SUBMENU_IMG/STYLE4/{gameType}-{vassalage}.png */
  submenu: string;
}

/** GCSGAME_getVassGameType answer: each vendor's game types, in server order. */
export type VendorGameTypes = Record<string, string[]>;

/** GCSGAME_newGameVendor answer: each category with its vendors, in server order. */
export interface GameCategoryVendors {
  gameCategory: string;
  vendors: GameVendor[];
}

/** A lane of the lobby (spec 3 "Game vendor lane"). */
export interface VendorLane {
  title: string;
  cards: GameItem[];
  gameClassify: string | null;
}

/** The favourite payload (spec 3). */
export interface FavouritePayload {
  nodeId: string;
  vendor: string;
  gameType: string;
}

/** MCSFE_getFavoriteGamesList answer. */
export interface FavouriteList {
  content: GameItem[];
  pageNum: number;
  totalPages: number;
}

/** Lottery prize modes (spec 9). */
export const LotteryPrizeMode = { LOTT: 'LOTT', ZY: 'ZY', ELOTT: 'ELOTT', SEA: 'SEA' } as const;
export type LotteryPrizeMode = (typeof LotteryPrizeMode)[keyof typeof LotteryPrizeMode];

/** One lottery of a lottery menu (GET /lgw/games/game_menus, /lgw/vn/games/game_menu). */
export interface LotteryGameMenu {
  /** The lottery page's gameCode query and the launch's lottoGameCode: the game's nodeId. */
  gameCode: string;
  nodeId: string;
  gameName: string;
  vassalage: string;
  gameType: string;
  prizeMode: LotteryPrizeMode;
  iconUrl: string | null;
  engine: 'slot' | 'draw';
}

/** A group of the lottery menu (spec 3 "Lottery menu: groups with gameMenus"). */
export interface LotteryMenuGroup {
  groupCode: string;
  groupName: string;
  gameMenus: LotteryGameMenu[];
}

/** One row of the winner board (spec 3 "Winner entry"). */
export interface WinnerEntry {
  /** Masked, e.g. "pl***1". */
  customerName: string;
  /** Decimal string. */
  winAmount: string;
  gameName: string;
  vassalage: string;
  at: string;
}

/** POST /wps/game/launchGame request (spec 7); lottery fields only for lottery launches. */
export interface LaunchRequest {
  nodeId?: string;
  vassalage: string;
  gameCode?: string;
  /** Free trial: play with demo money, nothing on the real wallet. */
  demo?: boolean;
  device?: string;
  backUrl?: string;
  language?: string;
  lottoArea?: string;
  launchMode?: string;
  lottoPrizeMode?: string;
  lottoGameCode?: string;
  lottoView?: 'betting' | 'lobby';
}

export interface LaunchResult {
  /** Where the game runs: our demo vendor's page, opened in the game popup or the page. */
  url: string;
  mode: 'popup' | 'page';
}

/** Masks a customer name for public boards: first two characters, stars, last one. */
export function maskCustomerName(account: string): string {
  if (account.length <= 3) return `${account.slice(0, 1)}**`;
  return `${account.slice(0, 2)}***${account.slice(-1)}`;
}

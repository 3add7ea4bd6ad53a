import { GameCategory, type LaunchRequest } from './games';

/**
 * The lottery pages' prize mode (spec 4) and their launchGame request (spec 7, "lottery
 * lobby"). Spec 9 names the prize modes LOTT, ZY, ELOTT and SEA.
 */
export const PrizeMode = { LOTT: 'LOTT', ZY: 'ZY', ELOTT: 'ELOTT', SEA: 'SEA' } as const;
export type PrizeMode = (typeof PrizeMode)[keyof typeof PrizeMode];

/** The vendors whose card in the ELOTT category switches the site to electronic lottery. */
const ELECTRONIC_LOTTERY_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'LOTT'];

/** A category with cards (a vendor lane) or with vendors (GCSGAME_newGameVendor). */
export type CategoryHolding =
  | { title: string; cards: readonly { vassalage: string }[] }
  | { gameCategory: string; vendors: readonly { vassalage: string }[] };

const titleOf = (category: CategoryHolding) =>
  'title' in category ? category.title : category.gameCategory;
const itemsOf = (category: CategoryHolding) =>
  'cards' in category ? category.cards : category.vendors;

/**
 * Spec 4: "Prize mode is the electronic-lottery mode when the ELOTT category holds a
 * TCG_LOTTO_VN or LOTT card, else normal lottery mode."
 */
export function prizeModeOf(categories: readonly CategoryHolding[]): PrizeMode {
  const electronic = categories.some(
    (category) =>
      titleOf(category) === GameCategory.ELOTT &&
      itemsOf(category).some((item) => ELECTRONIC_LOTTERY_VENDORS.includes(item.vassalage)),
  );
  return electronic ? PrizeMode.ELOTT : PrizeMode.LOTT;
}

/** The three lottery launch pages (spec 2). */
export type LotteryPage = 'lottery' | 'seaLottery' | 'vnLottery';

/**
 * The prize mode a page asks its menus and launch for. /seaLottery is the SEA lottery, which has
 * its own prize mode by name (spec 9); the two others follow the ELOTT rule above.
 */
export function prizeModeForPage(
  page: LotteryPage,
  categories: readonly CategoryHolding[],
): PrizeMode {
  return page === 'seaLottery' ? PrizeMode.SEA : prizeModeOf(categories);
}

/**
 * The vendor each page launches. /lottery serves both LOTT and ELOTT (spec 4): the prize mode
 * says which one the site runs.
 */
export function lotteryVendorOf(page: LotteryPage, prizeMode: PrizeMode): string {
  if (page === 'vnLottery') return 'TCG_LOTTO_VN';
  if (page === 'seaLottery') return 'TCG_SEA';
  return prizeMode === PrizeMode.ELOTT ? 'ELOTT' : 'LOTT';
}

/** Spec 7: the lottery lobby is launched for the web. */
export const LOTTO_DEVICE = 'WEB';

/**
 * POST /wps/game/launchGame for a lottery page (spec 7): lottoArea VN, launchMode LOTT, the
 * prize mode, the game code, and the view: straight to betting when the page names a game
 * (?gameCode=…), the lobby when it does not. lottoArea is VN on every page: it is the only area
 * the spec names.
 */
export function lottoLaunchRequest(options: {
  page: LotteryPage;
  prizeMode: PrizeMode;
  gameCode: string | null;
  backUrl: string;
  language: string;
}): LaunchRequest {
  const gameCode = options.gameCode?.trim() ?? '';
  return {
    vassalage: lotteryVendorOf(options.page, options.prizeMode),
    lottoArea: 'VN',
    launchMode: 'LOTT',
    lottoPrizeMode: options.prizeMode,
    lottoGameCode: gameCode,
    lottoView: gameCode === '' ? 'lobby' : 'betting',
    device: LOTTO_DEVICE,
    backUrl: options.backUrl,
    language: options.language,
  };
}

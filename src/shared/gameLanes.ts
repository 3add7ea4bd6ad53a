import {
  COCKFIGHT_VENDORS,
  ESPORT_VENDORS,
  GameCategory,
  type GameCategoryVendors,
  GameSubtype,
  type VendorLane,
} from './games';

/**
 * The lobby's categories and lanes as the site shows them (spec 2 "Home", "Game item card",
 * "Header"; spec 3 "Game vendor lane"), computed from what the server sends, in its order.
 */

/** Spec 9: the home page shows at most 5 cards per vendor in a category. */
export const HOME_CARDS_PER_VENDOR = 5;

/** Spec 2: the bingo (BG) tab exists only when the brand supports this language. */
export const BINGO_LANGUAGE = 'TY';

/** Where a card moves when its vendor is an e-sport or cockfight vendor (spec 3). */
const SPLIT_FROM_SPORTS: readonly { title: string; vendors: readonly string[] }[] = [
  { title: GameCategory.ESPORTS, vendors: ESPORT_VENDORS },
  { title: GameCategory.COCKFIGHT, vendors: COCKFIGHT_VENDORS },
];

/**
 * The one split both shapes share: items of SPORTS whose vendor is listed move to a group of
 * their own, placed right after SPORTS and only when it receives something. If the server
 * already sends such a group, the moved items join it where it is (no duplicate group), so the
 * split is idempotent. SPORTS itself stays even if emptied: the menus skip empty categories.
 */
function splitSports<G, I extends { vassalage: string }>(
  groups: readonly G[],
  shape: {
    titleOf: (group: G) => string;
    itemsOf: (group: G) => readonly I[];
    withItems: (group: G, items: I[]) => G;
    create: (title: string, sports: G, items: I[]) => G;
  },
): G[] {
  const sportsIndex = groups.findIndex((group) => shape.titleOf(group) === GameCategory.SPORTS);
  const sports = groups[sportsIndex];
  if (sports === undefined) return [...groups];
  const sportsItems = shape.itemsOf(sports);
  const moved = SPLIT_FROM_SPORTS.map(({ title, vendors }) => ({
    title,
    items: sportsItems.filter((item) => vendors.includes(item.vassalage)),
  })).filter(({ items }) => items.length > 0);
  if (moved.length === 0) return [...groups];
  const movedVendors = new Set(moved.flatMap(({ items }) => items.map((item) => item.vassalage)));
  const result = groups.map((group, index) =>
    index === sportsIndex
      ? shape.withItems(
          group,
          sportsItems.filter((item) => !movedVendors.has(item.vassalage)),
        )
      : group,
  );
  const created: G[] = [];
  for (const { title, items } of moved) {
    const existing = result.findIndex((group) => shape.titleOf(group) === title);
    const current = result[existing];
    if (current === undefined) created.push(shape.create(title, sports, items));
    else result[existing] = shape.withItems(current, [...shape.itemsOf(current), ...items]);
  }
  result.splice(sportsIndex + 1, 0, ...created);
  return result;
}

/**
 * Spec 3 vendor lanes: e-sport and cockfight cards leave SPORTS for ESPORTS and COCKFIGHT lanes
 * right after it. A new lane keeps SPORTS' gameClassify: its cards are still classified as the
 * server classified them, and game-list queries for them must match.
 */
export function splitSportsLanes(lanes: readonly VendorLane[]): VendorLane[] {
  return splitSports(lanes, {
    titleOf: (lane) => lane.title,
    itemsOf: (lane) => lane.cards,
    withItems: (lane, cards) => ({ ...lane, cards }),
    create: (title, sports, cards) => ({ title, cards, gameClassify: sports.gameClassify }),
  });
}

/** The same split on GCSGAME_newGameVendor's categories, so menus match the lanes. */
export function splitSportsCategories(
  categories: readonly GameCategoryVendors[],
): GameCategoryVendors[] {
  return splitSports(categories, {
    titleOf: (category) => category.gameCategory,
    itemsOf: (category) => category.vendors,
    withItems: (category, vendors) => ({ ...category, vendors }),
    create: (gameCategory, _sports, vendors) => ({ gameCategory, vendors }),
  });
}

/** Categories after the split that have at least one vendor, in server order. */
export function categoriesWithVendors(categories: readonly GameCategoryVendors[]): string[] {
  return splitSportsCategories(categories)
    .filter((category) => category.vendors.length > 0)
    .map((category) => category.gameCategory);
}

export type HomeMenuItem =
  { kind: 'home' } | { kind: 'favourites' } | { kind: 'category'; category: string };

/**
 * Spec 2 home category menu: "HOME, FAV, server categories, MXWIN inserted". Our reading: MXWIN
 * is the site's own category (the home page has an MXWIN list whatever the vendor list says),
 * inserted after the server categories, where the spec lists it. If the server already sends
 * MXWIN with vendors, it keeps the server's place and is not added twice. `mxwin: false` leaves
 * it out (a brand without MXWIN games).
 */
export function homeCategoryMenu(
  categories: readonly GameCategoryVendors[],
  options: { mxwin?: boolean } = {},
): HomeMenuItem[] {
  const served = categoriesWithVendors(categories);
  const withMxwin =
    (options.mxwin ?? true) && !served.includes(GameCategory.MXWIN)
      ? [...served, GameCategory.MXWIN]
      : served;
  return [
    { kind: 'home' },
    { kind: 'favourites' },
    ...withMxwin.map((category): HomeMenuItem => ({ kind: 'category', category })),
  ];
}

export type TopNavigationItem =
  { kind: 'home' } | { kind: 'category'; category: string } | { kind: 'promotions' };

/**
 * Spec 2 header: Home, each game category with at least one vendor (server order, after the
 * e-sport and cockfight split, since /esports is a page of its own), then Promotions. MXWIN is
 * not inserted here: the spec inserts it only in the home category menu.
 */
export function topNavigation(categories: readonly GameCategoryVendors[]): TopNavigationItem[] {
  return [
    { kind: 'home' },
    ...categoriesWithVendors(categories).map((category): TopNavigationItem => ({
      kind: 'category',
      category,
    })),
    { kind: 'promotions' },
  ];
}

const supports = (languages: readonly string[], code: string) =>
  languages.some((language) => language.toUpperCase() === code);

/** Whether a slot-lobby subtype may be shown: BG needs language TY among the supported ones. */
export function isSubtypeShown(subtype: string, languages: readonly string[]): boolean {
  return subtype !== GameSubtype.BG || supports(languages, BINGO_LANGUAGE);
}

/**
 * Spec 2 game-type tabs of the slot (RNG) lobby: JP, TG, AC always, in that order; then the other
 * subtypes the server offers (SC scratch card, VP video poker) in the server's order; then BG,
 * only if language TY is supported. `offered` lists what the server's games carry; it never
 * removes a fixed tab and never adds a code we do not know.
 */
export function gameTypeTabs(
  languages: readonly string[],
  offered: readonly string[] = [],
): GameSubtype[] {
  const fixed: GameSubtype[] = [GameSubtype.JP, GameSubtype.TG, GameSubtype.AC];
  const optional = [GameSubtype.SC, GameSubtype.VP] as const;
  const others = optional.filter((subtype) => offered.includes(subtype));
  others.sort((a, b) => offered.indexOf(a) - offered.indexOf(b));
  const bingo = isSubtypeShown(GameSubtype.BG, languages) ? [GameSubtype.BG] : [];
  return [...fixed, ...others, ...bingo];
}

/** Lanes whose subtype may be shown (drops a BG lane when TY is not supported). */
export function visibleLanes(lanes: readonly VendorLane[], languages: readonly string[]) {
  return lanes.filter(
    (lane) => lane.gameClassify === null || isSubtypeShown(lane.gameClassify, languages),
  );
}

/** Keeps the first `max` cards of each vendor, in the order given (spec 9, home lists). */
export function capPerVendor<T extends { vassalage: string }>(
  cards: readonly T[],
  max = HOME_CARDS_PER_VENDOR,
): T[] {
  const seen = new Map<string, number>();
  return cards.filter((card) => {
    const count = seen.get(card.vassalage) ?? 0;
    seen.set(card.vassalage, count + 1);
    return count < max;
  });
}

/** Home lanes: split, BG rule, and at most 5 cards per vendor within each lane's category. */
export function homeLanes(
  lanes: readonly VendorLane[],
  languages: readonly string[],
): VendorLane[] {
  return visibleLanes(splitSportsLanes(lanes), languages).map((lane) => ({
    ...lane,
    cards: capPerVendor(lane.cards),
  }));
}

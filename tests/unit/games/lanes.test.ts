import { describe, expect, it } from 'vitest';
import {
  capPerVendor,
  categoriesWithVendors,
  gameTypeTabs,
  homeCategoryMenu,
  homeLanes,
  isSubtypeShown,
  splitSportsCategories,
  splitSportsLanes,
  topNavigation,
  visibleLanes,
} from '../../../src/shared/gameLanes';
import type { GameCategoryVendors, VendorLane } from '../../../src/shared/games';
import { card, vendor } from './fixtures';

const lane = (
  title: string,
  vendors: string[],
  gameClassify: string | null = null,
): VendorLane => ({
  title,
  cards: vendors.map((vassalage) => card({ vassalage, nodeId: `${title}:${vassalage}` })),
  gameClassify,
});
const titles = (lanes: readonly VendorLane[]) => lanes.map((one) => one.title);
const vendorsOf = (one: VendorLane | undefined) => one?.cards.map((item) => item.vassalage);
const category = (gameCategory: string, vendors: string[]): GameCategoryVendors => ({
  gameCategory,
  vendors: vendors.map((code) => vendor(code, gameCategory)),
});

describe('vendor lanes: e-sport and cockfight cards leave SPORTS (spec 3)', () => {
  it('moves IMES into ESPORTS and SV3 into COCKFIGHT, right after SPORTS, in that order', () => {
    const lanes = [
      lane('RNG', ['PG']),
      lane('SPORTS', ['SABA', 'IMES', 'SV3', 'CMD'], 'SP'),
      lane('LIVE', ['EVO']),
    ];
    const result = splitSportsLanes(lanes);
    expect(titles(result)).toEqual(['RNG', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LIVE']);
    expect(vendorsOf(result[1])).toEqual(['SABA', 'CMD']);
    expect(vendorsOf(result[2])).toEqual(['IMES']);
    expect(vendorsOf(result[3])).toEqual(['SV3']);
    // The new lanes keep SPORTS' classification for their game-list queries.
    expect(result[2]?.gameClassify).toBe('SP');
  });

  it('adds a lane only when it receives cards', () => {
    const result = splitSportsLanes([lane('SPORTS', ['SABA', 'SV3']), lane('LIVE', ['EVO'])]);
    expect(titles(result)).toEqual(['SPORTS', 'COCKFIGHT', 'LIVE']);
  });

  it('leaves lanes alone when SPORTS is absent or has neither kind of vendor', () => {
    const noSports = [lane('RNG', ['IMES'])];
    expect(splitSportsLanes(noSports)).toEqual(noSports);
    const plain = [lane('SPORTS', ['SABA'])];
    expect(splitSportsLanes(plain)).toEqual(plain);
  });

  it('keeps every card of a moved vendor, in order, and does not touch the input', () => {
    const sports = lane('SPORTS', ['IMES', 'SABA', 'IMES']);
    const before = structuredClone(sports);
    const result = splitSportsLanes([sports]);
    expect(result[1]?.cards.map((item) => item.nodeId)).toEqual(['SPORTS:IMES', 'SPORTS:IMES']);
    expect(sports).toEqual(before);
  });

  it('joins an ESPORTS lane the server already sends instead of adding a second', () => {
    const result = splitSportsLanes([
      lane('SPORTS', ['SABA', 'IMES']),
      lane('LIVE', ['EVO']),
      lane('ESPORTS', ['TF']),
    ]);
    expect(titles(result)).toEqual(['SPORTS', 'LIVE', 'ESPORTS']);
    expect(vendorsOf(result[2])).toEqual(['TF', 'IMES']);
  });

  it('is idempotent', () => {
    const once = splitSportsLanes([lane('SPORTS', ['SABA', 'IMES', 'SV3']), lane('FISH', ['JL'])]);
    expect(splitSportsLanes(once)).toEqual(once);
  });

  it('splits the vendor categories the same way', () => {
    const result = splitSportsCategories([
      category('SPORTS', ['SABA', 'IMES', 'SV3']),
      category('LIVE', ['EVO']),
    ]);
    expect(result.map((one) => one.gameCategory)).toEqual([
      'SPORTS',
      'ESPORTS',
      'COCKFIGHT',
      'LIVE',
    ]);
    expect(result[1]?.vendors.map((one) => one.vassalage)).toEqual(['IMES']);
  });
});

describe('menus (spec 2)', () => {
  const served = [
    category('RNG', ['PG', 'JDB']),
    category('FISH', []),
    category('SPORTS', ['IMES']),
    category('LIVE', ['EVO']),
  ];

  it('lists categories with at least one vendor in server order, after the split', () => {
    // SPORTS held only IMES: it is empty after the split and drops out; ESPORTS takes its place.
    expect(categoriesWithVendors(served)).toEqual(['RNG', 'ESPORTS', 'LIVE']);
  });

  it('home category menu: HOME, FAV, server categories, then MXWIN', () => {
    expect(homeCategoryMenu(served)).toEqual([
      { kind: 'home' },
      { kind: 'favourites' },
      { kind: 'category', category: 'RNG' },
      { kind: 'category', category: 'ESPORTS' },
      { kind: 'category', category: 'LIVE' },
      { kind: 'category', category: 'MXWIN' },
    ]);
  });

  it('keeps a server-sent MXWIN in its place and never lists it twice', () => {
    const menu = homeCategoryMenu([category('MXWIN', ['MX']), category('RNG', ['PG'])]);
    expect(menu.slice(2)).toEqual([
      { kind: 'category', category: 'MXWIN' },
      { kind: 'category', category: 'RNG' },
    ]);
  });

  it('leaves MXWIN out when the brand has none', () => {
    expect(homeCategoryMenu([category('RNG', ['PG'])], { mxwin: false })).toEqual([
      { kind: 'home' },
      { kind: 'favourites' },
      { kind: 'category', category: 'RNG' },
    ]);
  });

  it('top navigation: Home, categories with vendors, Promotions (no MXWIN inserted)', () => {
    expect(topNavigation(served)).toEqual([
      { kind: 'home' },
      { kind: 'category', category: 'RNG' },
      { kind: 'category', category: 'ESPORTS' },
      { kind: 'category', category: 'LIVE' },
      { kind: 'promotions' },
    ]);
    expect(topNavigation([])).toEqual([{ kind: 'home' }, { kind: 'promotions' }]);
  });
});

describe('game-type tabs (spec 2)', () => {
  it('always shows JP, TG, AC', () => {
    expect(gameTypeTabs(['EN'])).toEqual(['JP', 'TG', 'AC']);
  });

  it('adds BG only when TY is a supported language (any case)', () => {
    expect(gameTypeTabs(['EN', 'TY'])).toEqual(['JP', 'TG', 'AC', 'BG']);
    expect(gameTypeTabs(['en', 'ty'])).toEqual(['JP', 'TG', 'AC', 'BG']);
    expect(gameTypeTabs(['EN'], ['BG'])).toEqual(['JP', 'TG', 'AC']);
    expect(isSubtypeShown('BG', ['TYX'])).toBe(false);
    expect(isSubtypeShown('JP', [])).toBe(true);
  });

  it('adds SC and VP when the server offers them, in its order, and nothing unknown', () => {
    expect(gameTypeTabs(['EN'], ['VP', 'XX', 'SC', 'JP'])).toEqual(['JP', 'TG', 'AC', 'VP', 'SC']);
    expect(gameTypeTabs(['TY'], ['SC'])).toEqual(['JP', 'TG', 'AC', 'SC', 'BG']);
  });

  it('drops a bingo lane unless TY is supported', () => {
    const lanes = [lane('RNG', ['PG'], 'BG'), lane('RNG', ['PG'], 'JP'), lane('LIVE', ['EVO'])];
    expect(visibleLanes(lanes, ['EN']).map((one) => one.gameClassify)).toEqual(['JP', null]);
    expect(visibleLanes(lanes, ['TY'])).toHaveLength(3);
  });
});

describe('home lists: at most 5 per vendor (spec 9)', () => {
  it('keeps the first five cards of each vendor in order', () => {
    const cards = [
      ...Array.from({ length: 7 }, (_, index) => card({ vassalage: 'PG', nodeId: `pg${index}` })),
      card({ vassalage: 'JDB', nodeId: 'jdb0' }),
    ];
    const kept = capPerVendor(cards).map((item) => item.nodeId);
    expect(kept).toEqual(['pg0', 'pg1', 'pg2', 'pg3', 'pg4', 'jdb0']);
    expect(capPerVendor(cards, 1).map((item) => item.nodeId)).toEqual(['pg0', 'jdb0']);
  });

  it('caps within each lane separately, after the split and the BG rule', () => {
    const many = (title: string, code: string, count: number): VendorLane => ({
      title,
      cards: Array.from({ length: count }, (_, index) =>
        card({ vassalage: code, nodeId: `${title}${index}` }),
      ),
      gameClassify: null,
    });
    const lanes = [many('RNG', 'PG', 6), many('SPORTS', 'IMES', 6), lane('RNG', ['PG'], 'BG')];
    const result = homeLanes(lanes, ['EN']);
    expect(titles(result)).toEqual(['RNG', 'SPORTS', 'ESPORTS']);
    expect(result.map((one) => one.cards.length)).toEqual([5, 0, 5]);
  });
});

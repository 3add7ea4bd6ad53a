import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  type CatalogueData,
  type CatalogueGame,
  catalogueSchema,
} from '../server/domain/games/catalogue/data';
import { cadenceWords } from '../server/domain/games/lottery/cadence';
import { seededRandom } from '../src/shared/seededRandom';

/**
 * Writes the game catalogue data file (server/seed/catalogue.json) from the word lists at the
 * end of this file: deterministic (a seeded PRNG, no clock, no network), so the same script
 * always writes the same file. Run `node --import tsx scripts/generateCatalogue.ts` after a
 * change, commit both; `--check` only says whether the committed file is up to date.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
export const catalogueFile = path.resolve(here, '../server/seed/catalogue.json');

const SEED = 0x5eed_ca7a;
const HOT_GAMES = 30;
/** Vendors whose slot names also come in Korean and Japanese (every hot slot does too). */
const ASIAN_NAMED = new Set(['PG', 'CQ9', 'JL', 'JDB']);

/** mulberry32: small, fast, good enough for picking words. */
function prng(seed: number) {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    shuffle<T>(items: readonly T[]): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
type Rng = ReturnType<typeof prng>;

const categories = ['RNG', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'LOTT', 'ELOTT', 'MXWIN'];

const vendors: [code: string, displayName: string][] = [
  ['PG', 'PG Soft'],
  ['EG2', 'EG Gaming'],
  ['PT', 'Playtech'],
  ['JDB', 'JDB Gaming'],
  ['CQ9', 'CQ9 Gaming'],
  ['FC', 'Fa Chai'],
  ['JL', 'JILI'],
  ['BGS', 'BG Live'],
  ['SA', 'SA Gaming'],
  ['KY', 'Kaiyuan'],
  ['SBO', 'SBO Sports'],
  ['IMES', 'IM eSports'],
  ['SV3', 'SV388'],
  ['TCG_LOTTO_VN', 'Vietnam Lottery'],
  ['TCG_SEA', 'SEA Lottery'],
  ['LOTT', 'TCG Lottery'],
  ['ELOTT', 'E-Lottery'],
  ['MXWIN', 'MXWin'],
];

/** Each category's vendor lanes in server order: vendor, number of games, popup game list. */
const lanes: Record<string, [vendor: string, games: number, vassalage?: boolean][]> = {
  RNG: [
    ['PG', 60],
    ['EG2', 45],
    ['PT', 55],
    ['JDB', 50],
    ['CQ9', 50],
    ['FC', 35],
    ['JL', 50],
  ],
  FISH: [
    ['JDB', 6],
    ['FC', 5, true],
    ['JL', 7],
  ],
  LIVE: [
    ['BGS', 14],
    ['SA', 12],
  ],
  PVP: [
    ['KY', 16, true],
    ['JL', 12, true],
  ],
  // The real platform lists e-sports and cockfight under SPORTS; the browser moves them.
  SPORTS: [
    ['SBO', 1],
    ['IMES', 1],
    ['SV3', 1],
  ],
  LOTT: [
    ['TCG_LOTTO_VN', 0],
    ['TCG_SEA', 0],
    ['LOTT', 0],
  ],
  ELOTT: [['ELOTT', 0]],
  MXWIN: [['MXWIN', 16]],
};

type Names = Record<string, string>;
interface Draft {
  names: Names;
  /** Korean and Japanese names of a slot they are not shipped for, unless it turns out hot. */
  extra?: Names;
  classify: string | null;
  group: string | null;
  /** A lottery game's own cadence (seconds), which its name states. */
  drawSeconds?: number;
}

const three = ([EN, ES, PT]: [string, string, string]): Names => ({ EN, ES, PT });

/** The RNG subtypes and how often each comes up; null is a plain video slot. */
const classifyWeights: [string | null, number][] = [
  [null, 60],
  ['JP', 12],
  ['TG', 9],
  ['AC', 8],
  ['SC', 4],
  ['VP', 4],
  ['BG', 3],
];

function pickClassify(rng: Rng): string | null {
  let roll = rng.int(100);
  for (const [classify, weight] of classifyWeights) {
    if (roll < weight) return classify;
    roll -= weight;
  }
  return null;
}

function adjNoun(a: Adjective, n: Noun): Texts {
  return {
    EN: `${a.en} ${n.en}`,
    ES: `${n.es} ${a.es[n.esG === 'm' ? 0 : 1]}`,
    PT: `${n.pt} ${a.pt[n.ptG === 'm' ? 0 : 1]}`,
    KO: `${a.ko} ${n.ko}`,
    JA: `${a.ja}${n.ja}`,
  };
}

const suffixed = (base: Texts, suffix: Texts): Texts => ({
  EN: base.EN + suffix.EN,
  ES: base.ES + suffix.ES,
  PT: base.PT + suffix.PT,
  KO: base.KO + suffix.KO,
  JA: base.JA + suffix.JA,
});
const same = (text: string): Texts => ({ EN: text, ES: text, PT: text, KO: text, JA: text });

/** One RNG game's names for its subtype. */
function slotNames(rng: Rng, classify: string | null): Texts {
  const base = () => adjNoun(rng.pick(adjectives), rng.pick(nouns));
  switch (classify) {
    case 'JP': {
      const [en, ko, ja] = rng.pick([
        [' Jackpot', ' 잭팟', 'ジャックポット'],
        [' Mega Jackpot', ' 메가 잭팟', 'メガジャックポット'],
        [' Grand Jackpot', ' 그랜드 잭팟', 'グランドジャックポット'],
      ] as const);
      return suffixed(base(), { EN: en, ES: en, PT: en, KO: ko, JA: ja });
    }
    case 'TG':
      return adjNoun(rng.pick(tableStyles), rng.pick(tableGames));
    case 'AC':
      return adjNoun(rng.pick(adjectives), rng.pick(arcadeGames));
    case 'SC': {
      const name = base();
      return {
        EN: `${name.EN} Scratch`,
        ES: `Rasca y Gana: ${name.ES}`,
        PT: `Raspadinha ${name.PT}`,
        KO: `${name.KO} 스크래치`,
        JA: `${name.JA}スクラッチ`,
      };
    }
    case 'VP':
      return suffixed(same(rng.pick(pokerGames)), rng.pick(pokerVariants));
    case 'BG': {
      const a = rng.pick(adjectives);
      const balls = rng.pick(bingoBalls);
      return {
        EN: `${a.en} Bingo ${balls}`,
        ES: `Bingo ${a.es[0]} ${balls}`,
        PT: `Bingo ${a.pt[0]} ${balls}`,
        KO: `${a.ko} 빙고 ${balls}`,
        JA: `${a.ja}ビンゴ${balls}`,
      };
    }
    default: {
      const roll = rng.next();
      if (roll < 0.5) return base();
      if (roll < 0.75) {
        const n = rng.pick(nouns);
        const p = rng.pick(places);
        return {
          EN: `${n.en} of ${p.EN}`,
          ES: `${n.es} de ${p.ES}`,
          PT: `${n.pt} de ${p.PT}`,
          KO: `${p.KO}의 ${n.ko}`,
          JA: `${p.JA}の${n.ja}`,
        };
      }
      return suffixed(base(), same(` ${rng.pick(suffixes)}`));
    }
  }
}

/** Draws names until one is new (the lists give thousands of combinations). */
function uniqueSlot(rng: Rng, classify: string | null, taken: Set<string>): Texts {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const names = slotNames(rng, classify);
    if (!taken.has(names.EN)) {
      taken.add(names.EN);
      return names;
    }
  }
  throw new Error(`ran out of ${classify ?? 'slot'} names`);
}

function drafts(
  rng: Rng,
  category: string,
  vendor: string,
  count: number,
  taken: Set<string>,
): Draft[] {
  const list: Draft[] = [];
  const fromList = (items: [string, string, string][]): Draft[] =>
    rng
      .shuffle(items)
      .slice(0, count)
      .map((item) => ({ names: three(item), classify: null, group: null }));
  switch (category) {
    case 'RNG':
      for (let i = 0; i < count; i += 1) {
        const classify = pickClassify(rng);
        const { KO, JA, ...rest } = uniqueSlot(rng, classify, taken);
        list.push(
          ASIAN_NAMED.has(vendor)
            ? { names: { ...rest, KO, JA }, classify, group: null }
            : { names: rest, extra: { KO, JA }, classify, group: null },
        );
      }
      return list;
    case 'FISH':
      return fromList(fishNames.filter(([en]) => !taken.has(en))).map((draft) => {
        taken.add(draft.names.EN!);
        return draft;
      });
    case 'LIVE':
      return fromList(liveTables).sort((a, b) => a.names.EN!.localeCompare(b.names.EN!));
    case 'PVP':
      return fromList(cardGames);
    case 'MXWIN':
      return fromList(miniGames);
    case 'SPORTS':
      return [{ names: three(sportsLobbies[vendor]!), classify: null, group: null }];
    default:
      return lotteries
        .filter((game) => game.vendor === vendor)
        .map((game) => ({
          names: game.names,
          classify: null,
          group: game.group,
          drawSeconds: game.drawSeconds,
        }));
  }
}

export function generateCatalogue(): CatalogueData {
  const rng = prng(SEED);
  const taken = new Set<string>();
  const games: CatalogueGame[] = [];
  const extras = new Map<string, Names>();
  const laneRows: CatalogueData['lanes'] = [];
  let sort = 0;
  for (const category of categories) {
    lanes[category]!.forEach(([vendor, count, vassalage], laneIndex) => {
      laneRows.push({ category, vendor, sort: laneIndex + 1, vassalage: vassalage ?? false });
      drafts(rng, category, vendor, count, taken).forEach((draft, index) => {
        sort += 1;
        const nodeId = `${vendor}-${category}-${String(index + 1).padStart(3, '0')}`;
        if (draft.extra) extras.set(nodeId, draft.extra);
        games.push({
          nodeId,
          vendor,
          gameType: category,
          gameClassify: draft.classify,
          engine: category === 'LOTT' || category === 'ELOTT' ? 'draw' : 'slot',
          hotRank: null,
          sort,
          lotteryGroup: draft.group,
          drawSeconds: draft.drawSeconds ?? null,
          names: draft.names,
        });
      });
    });
  }
  // Hot games: slots and fish games, ranked; every hot slot is named in Korean and Japanese.
  const candidates = games.filter(
    (game) => (game.gameType === 'RNG' && game.gameClassify === null) || game.gameType === 'FISH',
  );
  rng
    .shuffle(candidates)
    .slice(0, HOT_GAMES)
    .forEach((game, index) => {
      game.hotRank = index + 1;
      game.names = { ...game.names, ...extras.get(game.nodeId) };
    });
  return catalogueSchema.parse({
    categories: categories.map((code, index) => ({ code, sort: index + 1 })),
    vendors: vendors.map(([code, displayName], index) => ({ code, displayName, sort: index + 1 })),
    lanes: laneRows,
    lotteryGroups: lotteryGroups.map(([code, names], index) => ({ code, sort: index + 1, names })),
    games,
  });
}

/** The file's text: the data as the repository's Prettier writes JSON. */
export async function catalogueText(): Promise<string> {
  const options = (await resolveConfig(catalogueFile)) ?? {};
  return format(JSON.stringify(generateCatalogue()), { ...options, parser: 'json' });
}

async function main(): Promise<void> {
  const text = await catalogueText();
  if (process.argv.includes('--check')) {
    const committed = await readFile(catalogueFile, 'utf8').catch(() => '');
    if (committed !== text) {
      console.error(`${catalogueFile} is out of date: run scripts/generateCatalogue.ts`);
      process.exitCode = 1;
    }
    return;
  }
  await writeFile(catalogueFile, text);
  const data = JSON.parse(text) as CatalogueData;
  console.log(`wrote ${data.games.length} games of ${data.vendors.length} vendors`);
}

/** Lottery menu groups: [code, names]. */
const lotteryGroups: [string, Names][] = [
  ['VN_NORTH', { EN: 'Northern', ES: 'Norte', PT: 'Norte', VI: 'Miền Bắc' }],
  ['VN_CENTRAL', { EN: 'Central', ES: 'Centro', PT: 'Centro', VI: 'Miền Trung' }],
  ['VN_SOUTH', { EN: 'Southern', ES: 'Sur', PT: 'Sul', VI: 'Miền Nam' }],
  ['VN_FAST', { EN: 'Fast draws', ES: 'Sorteos rápidos', PT: 'Sorteios rápidos', VI: 'Siêu tốc' }],
  ['THAI', { EN: 'Thailand', ES: 'Tailandia', PT: 'Tailândia', TH: 'ไทย' }],
  ['LAO', { EN: 'Laos', ES: 'Laos', PT: 'Laos' }],
  ['FOUR_D', { EN: '4D', ES: '4D', PT: '4D' }],
  ['SSC', { EN: 'Lucky Numbers', ES: 'Números de la Suerte', PT: 'Números da Sorte' }],
  ['K3', { EN: 'Fast 3', ES: 'Rápido 3', PT: 'Rápido 3' }],
  ['PK10', { EN: 'Racing', ES: 'Carreras', PT: 'Corrida' }],
  ['11X5', { EN: '11 Pick 5', ES: '11 Elige 5', PT: '11 Escolha 5' }],
  ['LOTTO', { EN: 'Lotto', ES: 'Lotería', PT: 'Loteria' }],
  ['KENO', { EN: 'Keno', ES: 'Keno', PT: 'Keno' }],
  ['BALLS', { EN: 'Balls', ES: 'Bolas', PT: 'Bolas' }],
  ['DICE', { EN: 'Dice', ES: 'Dados', PT: 'Dados' }],
];

const provinces: [group: string, en: string, vi: string][] = [
  ['VN_NORTH', 'Hanoi', 'Hà Nội'],
  ['VN_NORTH', 'Hai Phong', 'Hải Phòng'],
  ['VN_NORTH', 'Quang Ninh', 'Quảng Ninh'],
  ['VN_NORTH', 'Bac Ninh', 'Bắc Ninh'],
  ['VN_NORTH', 'Nam Dinh', 'Nam Định'],
  ['VN_NORTH', 'Thai Binh', 'Thái Bình'],
  ['VN_CENTRAL', 'Da Nang', 'Đà Nẵng'],
  ['VN_CENTRAL', 'Khanh Hoa', 'Khánh Hòa'],
  ['VN_CENTRAL', 'Thua Thien Hue', 'Thừa Thiên Huế'],
  ['VN_CENTRAL', 'Phu Yen', 'Phú Yên'],
  ['VN_CENTRAL', 'Quang Nam', 'Quảng Nam'],
  ['VN_CENTRAL', 'Dak Lak', 'Đắk Lắk'],
  ['VN_CENTRAL', 'Binh Dinh', 'Bình Định'],
  ['VN_CENTRAL', 'Quang Tri', 'Quảng Trị'],
  ['VN_CENTRAL', 'Quang Binh', 'Quảng Bình'],
  ['VN_CENTRAL', 'Gia Lai', 'Gia Lai'],
  ['VN_CENTRAL', 'Ninh Thuan', 'Ninh Thuận'],
  ['VN_CENTRAL', 'Quang Ngai', 'Quảng Ngãi'],
  ['VN_CENTRAL', 'Dak Nong', 'Đắk Nông'],
  ['VN_CENTRAL', 'Kon Tum', 'Kon Tum'],
  ['VN_SOUTH', 'Ho Chi Minh City', 'TP. Hồ Chí Minh'],
  ['VN_SOUTH', 'Dong Thap', 'Đồng Tháp'],
  ['VN_SOUTH', 'Ca Mau', 'Cà Mau'],
  ['VN_SOUTH', 'Ben Tre', 'Bến Tre'],
  ['VN_SOUTH', 'Vung Tau', 'Vũng Tàu'],
  ['VN_SOUTH', 'Bac Lieu', 'Bạc Liêu'],
  ['VN_SOUTH', 'Dong Nai', 'Đồng Nai'],
  ['VN_SOUTH', 'Can Tho', 'Cần Thơ'],
  ['VN_SOUTH', 'Soc Trang', 'Sóc Trăng'],
  ['VN_SOUTH', 'Tay Ninh', 'Tây Ninh'],
  ['VN_SOUTH', 'An Giang', 'An Giang'],
  ['VN_SOUTH', 'Binh Thuan', 'Bình Thuận'],
  ['VN_SOUTH', 'Vinh Long', 'Vĩnh Long'],
  ['VN_SOUTH', 'Binh Duong', 'Bình Dương'],
  ['VN_SOUTH', 'Tra Vinh', 'Trà Vinh'],
  ['VN_SOUTH', 'Long An', 'Long An'],
  ['VN_SOUTH', 'Binh Phuoc', 'Bình Phước'],
  ['VN_SOUTH', 'Hau Giang', 'Hậu Giang'],
  ['VN_SOUTH', 'Tien Giang', 'Tiền Giang'],
  ['VN_SOUTH', 'Kien Giang', 'Kiên Giang'],
  ['VN_SOUTH', 'Da Lat', 'Đà Lạt'],
];

/**
 * A fast lottery that draws every `seconds` (issue 32): its cadence and the words its names say
 * it in come from that one number ("Keno · 3 Minutes", "Siêu Tốc 5 Phút").
 */
const every = (
  seconds: number,
  en: string,
  es: string,
  pt: string,
  vi?: string,
): { drawSeconds: number; names: Names } => ({
  drawSeconds: seconds,
  names: {
    EN: `${en} · ${cadenceWords(seconds, 'EN')}`,
    ES: `${es} · ${cadenceWords(seconds, 'ES')}`,
    PT: `${pt} · ${cadenceWords(seconds, 'PT')}`,
    ...(vi ? { VI: `${vi} ${cadenceWords(seconds, 'VI')}` } : {}),
  },
});
const MINUTE = 60;

/** Every lottery game: vendor, menu group, names, and its own cadence when its name says one. */
const lotteries: { vendor: string; group: string; names: Names; drawSeconds?: number }[] = [
  ...provinces.map(([group, en, vi]) => ({
    vendor: 'TCG_LOTTO_VN',
    group,
    names: {
      EN: en,
      ES: en === 'Ho Chi Minh City' ? 'Ciudad Ho Chi Minh' : en,
      PT: en === 'Ho Chi Minh City' ? 'Cidade de Ho Chi Minh' : en,
      VI: vi,
    },
  })),
  {
    vendor: 'TCG_LOTTO_VN',
    group: 'VN_FAST',
    drawSeconds: 45,
    names: {
      EN: `${cadenceWords(45, 'EN', 'adjective')} Draw`,
      ES: `Sorteo ${cadenceWords(45, 'ES')}`,
      PT: `Sorteio ${cadenceWords(45, 'PT')}`,
      VI: `Siêu Tốc ${cadenceWords(45, 'VI')}`,
    },
  },
  ...[1, 3, 5].map((n) => ({
    vendor: 'TCG_LOTTO_VN',
    group: 'VN_FAST',
    ...every(n * MINUTE, 'Fast Draw', 'Sorteo Rápido', 'Sorteio Rápido', 'Siêu Tốc'),
  })),
  ...(
    [
      [
        'THAI',
        'Thai Government Lottery',
        'Lotería del Gobierno Tailandés',
        'Loteria do Governo Tailandês',
      ],
      ['THAI', 'Thai Stock 2D', 'Bolsa Tailandesa 2D', 'Bolsa Tailandesa 2D'],
      ['LAO', 'Lao Lottery', 'Lotería de Laos', 'Loteria do Laos'],
      ['LAO', 'Lao Star', 'Estrella de Laos', 'Estrela do Laos'],
      ['FOUR_D', 'Magnum 4D', 'Magnum 4D', 'Magnum 4D'],
      ['FOUR_D', 'Da Ma Cai 4D', 'Da Ma Cai 4D', 'Da Ma Cai 4D'],
      ['FOUR_D', 'Sports Toto 4D', 'Sports Toto 4D', 'Sports Toto 4D'],
      ['FOUR_D', 'Singapore 4D', 'Singapur 4D', 'Singapura 4D'],
      ['FOUR_D', 'Sabah 88 4D', 'Sabah 88 4D', 'Sabah 88 4D'],
      ['FOUR_D', 'Sandakan 4D', 'Sandakan 4D', 'Sandakan 4D'],
      ['FOUR_D', 'Cash Sweep 4D', 'Cash Sweep 4D', 'Cash Sweep 4D'],
    ] as const
  ).map(([group, EN, ES, PT]) => ({ vendor: 'TCG_SEA', group, names: { EN, ES, PT } })),
  ...[1, 3, 5].map((n) => ({
    vendor: 'LOTT',
    group: 'SSC',
    ...every(n * MINUTE, 'Lucky Numbers', 'Números de la Suerte', 'Números da Sorte'),
  })),
  ...[1, 3].map((n) => ({
    vendor: 'LOTT',
    group: 'K3',
    ...every(n * MINUTE, 'Fast 3', 'Rápido 3', 'Rápido 3'),
  })),
  ...[1, 3].map((n) => ({
    vendor: 'LOTT',
    group: 'PK10',
    ...every(n * MINUTE, 'PK10 Racing', 'Carreras PK10', 'Corrida PK10'),
  })),
  {
    vendor: 'LOTT',
    group: 'PK10',
    names: { EN: 'Lucky Airship', ES: 'Aeronave de la Suerte', PT: 'Aeronave da Sorte' },
  },
  ...[1, 3, 5].map((n) => ({
    vendor: 'LOTT',
    group: '11X5',
    ...every(n * MINUTE, '11 Pick 5', '11 Elige 5', '11 Escolha 5'),
  })),
  ...(
    [
      ['Mark Six', 'Mark Six', 'Mark Six'],
      ['Lotto 6/49', 'Lotería 6/49', 'Loteria 6/49'],
      ['Super Lotto', 'Súper Lotería', 'Super Loteria'],
      ['Daily 3', 'Diario 3', 'Diária 3'],
    ] as const
  ).map(([EN, ES, PT]) => ({ vendor: 'LOTT', group: 'LOTTO', names: { EN, ES, PT } })),
  ...[1, 3].map((n) => ({
    vendor: 'ELOTT',
    group: 'KENO',
    ...every(n * MINUTE, 'Keno', 'Keno', 'Keno'),
  })),
  ...(
    [
      ['KENO', 'Super Keno', 'Súper Keno', 'Super Keno'],
      ['BALLS', 'Lucky 5 Balls', '5 Bolas de la Suerte', '5 Bolas da Sorte'],
      ['BALLS', 'Power Ball 3', 'Power Ball 3', 'Power Ball 3'],
      ['BALLS', 'Colour Balls', 'Bolas de Colores', 'Bolas Coloridas'],
      ['BALLS', 'Bingo Balls', 'Bolas de Bingo', 'Bolas de Bingo'],
      ['DICE', 'Fast Dice 3', 'Dados Rápidos 3', 'Dados Rápidos 3'],
      ['DICE', 'Big & Small', 'Grande y Pequeño', 'Grande e Pequeno'],
      ['DICE', 'Triple Dice Draw', 'Sorteo de Dados Triples', 'Sorteio de Dados Triplos'],
    ] as const
  ).map(([group, EN, ES, PT]) => ({ vendor: 'ELOTT', group, names: { EN, ES, PT } })),
];

/** A sports vendor's one entry: its lobby. */
const sportsLobbies: Record<string, [string, string, string]> = {
  SBO: ['SBO Sports', 'Deportes SBO', 'Esportes SBO'],
  IMES: ['IM eSports', 'IM eSports', 'IM eSports'],
  SV3: ['SV388 Cockfight', 'Pelea de Gallos SV388', 'Rinha de Galos SV388'],
};

// Word lists. Names are made up: no real game is meant.

type Gender = 'm' | 'f';
interface Adjective {
  en: string;
  es: [string, string];
  pt: [string, string];
  ko: string;
  ja: string;
}
interface Noun {
  en: string;
  es: string;
  esG: Gender;
  pt: string;
  ptG: Gender;
  ko: string;
  ja: string;
}
/** A name in the five languages the word lists cover. */
interface Texts {
  EN: string;
  ES: string;
  PT: string;
  KO: string;
  JA: string;
}

const adj = (en: string, es: string, pt: string, ko: string, ja: string): Adjective => {
  // "Dorado|Dorada": masculine|feminine; a single form is invariant.
  const forms = (text: string): [string, string] => {
    const [m, f] = text.split('|');
    return [m!, f ?? m!];
  };
  return { en, es: forms(es), pt: forms(pt), ko, ja };
};

const adjectives: Adjective[] = [
  adj('Golden', 'Dorado|Dorada', 'Dourado|Dourada', '황금', '黄金の'),
  adj('Lucky', 'de la Suerte', 'da Sorte', '행운의', '幸運の'),
  adj('Wild', 'Salvaje', 'Selvagem', '와일드', 'ワイルド'),
  adj('Mystic', 'Místico|Mística', 'Místico|Mística', '신비한', '神秘の'),
  adj('Royal', 'Real', 'Real', '로열', 'ロイヤル'),
  adj('Fiery', 'Ardiente', 'Ardente', '불타는', '燃える'),
  adj('Crystal', 'de Cristal', 'de Cristal', '크리스탈', 'クリスタル'),
  adj('Ancient', 'Antiguo|Antigua', 'Antigo|Antiga', '고대', '古代の'),
  adj('Silver', 'de Plata', 'de Prata', '실버', '銀の'),
  adj('Diamond', 'de Diamante', 'de Diamante', '다이아몬드', 'ダイヤモンド'),
  adj('Jade', 'de Jade', 'de Jade', '비취', '翡翠の'),
  adj('Thunder', 'del Trueno', 'do Trovão', '천둥의', '雷の'),
  adj('Sacred', 'Sagrado|Sagrada', 'Sagrado|Sagrada', '신성한', '聖なる'),
  adj('Hidden', 'Oculto|Oculta', 'Oculto|Oculta', '숨겨진', '隠された'),
  adj('Eternal', 'Eterno|Eterna', 'Eterno|Eterna', '영원한', '永遠の'),
  adj('Secret', 'Secreto|Secreta', 'Secreto|Secreta', '비밀의', '秘密の'),
  adj('Midnight', 'de Medianoche', 'da Meia-Noite', '한밤의', '真夜中の'),
  adj('Happy', 'Feliz', 'Feliz', '행복한', 'ハッピー'),
  adj('Dancing', 'Danzante', 'Dançante', '춤추는', '踊る'),
  adj('Rising', 'Ascendente', 'Ascendente', '떠오르는', '昇る'),
  adj('Imperial', 'Imperial', 'Imperial', '제국의', '皇帝の'),
  adj('Emerald', 'de Esmeralda', 'de Esmeralda', '에메랄드', 'エメラルド'),
  adj('Blazing', 'Llameante', 'Flamejante', '타오르는', '燃え盛る'),
  adj('Frozen', 'Helado|Helada', 'Congelado|Congelada', '얼어붙은', '凍った'),
  adj('Magic', 'Mágico|Mágica', 'Mágico|Mágica', '마법의', '魔法の'),
  adj('Red', 'Rojo|Roja', 'Vermelho|Vermelha', '붉은', '赤い'),
  adj('Black', 'Negro|Negra', 'Negro|Negra', '검은', '黒い'),
  adj('White', 'Blanco|Blanca', 'Branco|Branca', '하얀', '白い'),
  adj('Wealthy', 'Próspero|Próspera', 'Próspero|Próspera', '부유한', '豊かな'),
  adj('Shining', 'Brillante', 'Brilhante', '빛나는', '輝く'),
  adj('Cosmic', 'Cósmico|Cósmica', 'Cósmico|Cósmica', '우주의', '宇宙の'),
  adj('Neon', 'de Neón', 'de Neon', '네온', 'ネオン'),
  adj('Sweet', 'Dulce', 'Doce', '달콤한', '甘い'),
  adj('Tropical', 'Tropical', 'Tropical', '트로피컬', 'トロピカル'),
  adj('Legendary', 'Legendario|Legendaria', 'Lendário|Lendária', '전설의', '伝説の'),
  adj('Infinite', 'Infinito|Infinita', 'Infinito|Infinita', '무한한', '無限の'),
];

const noun = (en: string, es: string, pt: string, ko: string, ja: string): Noun => {
  // "Dragón:m": the word and its gender.
  const [esWord, esG] = es.split(':') as [string, Gender];
  const [ptWord, ptG] = pt.split(':') as [string, Gender];
  return { en, es: esWord, esG, pt: ptWord, ptG, ko, ja };
};

const nouns: Noun[] = [
  noun('Dragon', 'Dragón:m', 'Dragão:m', '드래곤', '龍'),
  noun('Tiger', 'Tigre:m', 'Tigre:m', '호랑이', '虎'),
  noun('Phoenix', 'Fénix:m', 'Fênix:f', '피닉스', '不死鳥'),
  noun('Fortune', 'Fortuna:f', 'Fortuna:f', '포춘', 'フォーチュン'),
  noun('Treasure', 'Tesoro:m', 'Tesouro:m', '보물', '財宝'),
  noun('Gem', 'Gema:f', 'Gema:f', '보석', '宝石'),
  noun('Empress', 'Emperatriz:f', 'Imperatriz:f', '황후', '女帝'),
  noun('Emperor', 'Emperador:m', 'Imperador:m', '황제', '皇帝'),
  noun('Panda', 'Panda:m', 'Panda:m', '판다', 'パンダ'),
  noun('Koi', 'Carpa Koi:f', 'Carpa Koi:f', '잉어', '鯉'),
  noun('Lion', 'León:m', 'Leão:m', '사자', '獅子'),
  noun('Wolf', 'Lobo:m', 'Lobo:m', '늑대', '狼'),
  noun('Eagle', 'Águila:f', 'Águia:f', '독수리', '鷲'),
  noun('Buffalo', 'Búfalo:m', 'Búfalo:m', '버팔로', 'バッファロー'),
  noun('Pharaoh', 'Faraón:m', 'Faraó:m', '파라오', 'ファラオ'),
  noun('Goddess', 'Diosa:f', 'Deusa:f', '여신', '女神'),
  noun('Queen', 'Reina:f', 'Rainha:f', '여왕', '女王'),
  noun('King', 'Rey:m', 'Rei:m', '왕', '王'),
  noun('Temple', 'Templo:m', 'Templo:m', '사원', '神殿'),
  noun('Crown', 'Corona:f', 'Coroa:f', '왕관', '王冠'),
  noun('Pearl', 'Perla:f', 'Pérola:f', '진주', '真珠'),
  noun('Lotus', 'Loto:m', 'Lótus:m', '연꽃', '蓮'),
  noun('Moon', 'Luna:f', 'Lua:f', '달', '月'),
  noun('Sun', 'Sol:m', 'Sol:m', '태양', '太陽'),
  noun('Star', 'Estrella:f', 'Estrela:f', '별', '星'),
  noun('Fruit', 'Fruta:f', 'Fruta:f', '과일', 'フルーツ'),
  noun('Cherry', 'Cereza:f', 'Cereja:f', '체리', 'チェリー'),
  noun('Samurai', 'Samurái:m', 'Samurai:m', '사무라이', '侍'),
  noun('Ninja', 'Ninja:m', 'Ninja:m', '닌자', '忍者'),
  noun('Genie', 'Genio:m', 'Gênio:m', '지니', 'ジーニー'),
  noun('Wizard', 'Mago:m', 'Mago:m', '마법사', '魔法使い'),
  noun('Knight', 'Caballero:m', 'Cavaleiro:m', '기사', '騎士'),
  noun('Pirate', 'Pirata:m', 'Pirata:m', '해적', '海賊'),
  noun('Mermaid', 'Sirena:f', 'Sereia:f', '인어', '人魚'),
  noun('Unicorn', 'Unicornio:m', 'Unicórnio:m', '유니콘', 'ユニコーン'),
  noun('Rhino', 'Rinoceronte:m', 'Rinoceronte:m', '코뿔소', 'サイ'),
  noun('Gorilla', 'Gorila:m', 'Gorila:m', '고릴라', 'ゴリラ'),
  noun('Vault', 'Bóveda:f', 'Cofre:m', '금고', '金庫'),
  noun('Mine', 'Mina:f', 'Mina:f', '광산', '鉱山'),
  noun('Rooster', 'Gallo:m', 'Galo:m', '수탉', '雄鶏'),
  noun('Horse', 'Caballo:m', 'Cavalo:m', '말', '馬'),
  noun('Monkey', 'Mono:m', 'Macaco:m', '원숭이', '猿'),
  noun('Ox', 'Buey:m', 'Boi:m', '황소', '牛'),
  noun('Rabbit', 'Conejo:m', 'Coelho:m', '토끼', '兎'),
  noun('Snake', 'Serpiente:f', 'Serpente:f', '뱀', '蛇'),
  noun('Jaguar', 'Jaguar:m', 'Jaguar:m', '재규어', 'ジャガー'),
  noun('Oasis', 'Oasis:m', 'Oásis:m', '오아시스', 'オアシス'),
  noun('Festival', 'Festival:m', 'Festival:m', '축제', '祭り'),
  noun('Carnival', 'Carnaval:m', 'Carnaval:m', '카니발', 'カーニバル'),
  noun('Kingdom', 'Reino:m', 'Reino:m', '왕국', '王国'),
  noun('Express', 'Expreso:m', 'Expresso:m', '익스프레스', 'エクスプレス'),
  noun('Candy', 'Caramelo:m', 'Doce:m', '캔디', 'キャンディ'),
  noun('Bonanza', 'Bonanza:f', 'Bonança:f', '보난자', 'ボナンザ'),
  noun('Joker', 'Comodín:m', 'Coringa:m', '조커', 'ジョーカー'),
  noun('Ace', 'As:m', 'Ás:m', '에이스', 'エース'),
  noun('Heist', 'Golpe:m', 'Assalto:m', '강도', '強盗'),
];

/** Places for "{noun} of {place}". */
const places: Texts[] = [
  ['Olympus', 'Olimpo', 'Olimpo', '올림푸스', 'オリンポス'],
  ['Atlantis', 'Atlántida', 'Atlântida', '아틀란티스', 'アトランティス'],
  ['Egypt', 'Egipto', 'Egito', '이집트', 'エジプト'],
  ['Babylon', 'Babilonia', 'Babilônia', '바빌론', 'バビロン'],
  ['Asgard', 'Asgard', 'Asgard', '아스가르드', 'アスガルド'],
  ['Macau', 'Macao', 'Macau', '마카오', 'マカオ'],
  ['Rome', 'Roma', 'Roma', '로마', 'ローマ'],
  ['Persia', 'Persia', 'Pérsia', '페르시아', 'ペルシャ'],
  ['Avalon', 'Ávalon', 'Avalon', '아발론', 'アヴァロン'],
  ['Shanghai', 'Shanghái', 'Xangai', '상하이', '上海'],
  ['Sparta', 'Esparta', 'Esparta', '스파르타', 'スパルタ'],
  ['Troy', 'Troya', 'Troia', '트로이', 'トロイ'],
].map(([EN, ES, PT, KO, JA]) => ({ EN: EN!, ES: ES!, PT: PT!, KO: KO!, JA: JA! }));

/** Suffixes kept as they are in every language, as casinos do. */
const suffixes = ['Deluxe', 'Megaways', '2', '3', 'Hold & Win', 'Link', 'Xtreme', 'Max'];

/** Table games (TG): the game and the styles it comes in. */
const tableGames: Noun[] = [
  noun('Blackjack', 'Blackjack:m', 'Blackjack:m', '블랙잭', 'ブラックジャック'),
  noun('Roulette', 'Ruleta:f', 'Roleta:f', '룰렛', 'ルーレット'),
  noun('Baccarat', 'Baccarat:m', 'Bacará:m', '바카라', 'バカラ'),
  noun('Sic Bo', 'Sic Bo:m', 'Sic Bo:m', '식보', 'シックボー'),
  noun('Dragon Tiger', 'Dragón Tigre:m', 'Dragão Tigre:m', '드래곤 타이거', 'ドラゴンタイガー'),
  noun('Casino Hold’em', 'Casino Hold’em:m', 'Casino Hold’em:m', '카지노 홀덤', 'カジノホールデム'),
  noun(
    'Three Card Poker',
    'Póker de Tres Cartas:m',
    'Pôquer de Três Cartas:m',
    '쓰리 카드 포커',
    'スリーカードポーカー',
  ),
  noun('Red Dog', 'Red Dog:m', 'Red Dog:m', '레드 독', 'レッドドッグ'),
  noun('Pai Gow', 'Pai Gow:m', 'Pai Gow:m', '파이 가우', 'パイガウ'),
  noun(
    'Caribbean Stud',
    'Caribbean Stud:m',
    'Caribbean Stud:m',
    '캐리비안 스터드',
    'カリビアンスタッド',
  ),
];
const tableStyles: Adjective[] = [
  adj('Classic', 'Clásico|Clásica', 'Clássico|Clássica', '클래식', 'クラシック'),
  adj('European', 'Europeo|Europea', 'Europeu|Europeia', '유러피언', 'ヨーロピアン'),
  adj('American', 'Americano|Americana', 'Americano|Americana', '아메리칸', 'アメリカン'),
  adj('VIP', 'VIP', 'VIP', 'VIP', 'VIP'),
  adj('Gold', 'de Oro', 'de Ouro', '골드', 'ゴールド'),
  adj('Speed', 'Rápido|Rápida', 'Rápido|Rápida', '스피드', 'スピード'),
  adj('Pro', 'Pro', 'Pro', '프로', 'プロ'),
  adj(
    'Progressive',
    'Progresivo|Progresiva',
    'Progressivo|Progressiva',
    '프로그레시브',
    'プログレッシブ',
  ),
];

/** Arcade games (AC). */
const arcadeGames: Noun[] = [
  noun('Plinko', 'Plinko:m', 'Plinko:m', '플링코', 'プリンコ'),
  noun('Crash', 'Crash:m', 'Crash:m', '크래시', 'クラッシュ'),
  noun('Dice', 'Dado:m', 'Dado:m', '주사위', 'ダイス'),
  noun('Tower', 'Torre:f', 'Torre:f', '타워', 'タワー'),
  noun('Limbo', 'Limbo:m', 'Limbo:m', '림보', 'リンボ'),
  noun('Hi-Lo', 'Hi-Lo:m', 'Hi-Lo:m', '하이로', 'ハイロー'),
  noun('Keno', 'Keno:m', 'Keno:m', '키노', 'キノ'),
  noun('Coin', 'Moneda:f', 'Moeda:f', '코인', 'コイン'),
  noun('Balloon', 'Globo:m', 'Balão:m', '풍선', 'バルーン'),
  noun('Rocket', 'Cohete:m', 'Foguete:m', '로켓', 'ロケット'),
  noun('Penalty', 'Penalti:m', 'Pênalti:m', '페널티', 'ペナルティ'),
  noun('Bomb', 'Bomba:f', 'Bomba:f', '폭탄', 'ボム'),
];

/** Video poker (VP): names kept in English, as casinos do, with a localized variant. */
const pokerGames = [
  'Jacks or Better',
  'Deuces Wild',
  'Joker Poker',
  'Double Bonus Poker',
  'Bonus Poker',
  'Aces and Faces',
  'Tens or Better',
  'Double Double Bonus',
  'All American',
  'Double Joker',
];
const pokerVariants: Texts[] = [
  { EN: '', ES: '', PT: '', KO: '', JA: '' },
  { EN: ' Multi-Hand', ES: ' Multimano', PT: ' Multimão', KO: ' 멀티핸드', JA: ' マルチハンド' },
  { EN: ' 10-Play', ES: ' 10 Manos', PT: ' 10 Mãos', KO: ' 10플레이', JA: ' 10プレイ' },
  { EN: ' Gold', ES: ' Oro', PT: ' Ouro', KO: ' 골드', JA: ' ゴールド' },
];

const bingoBalls = ['75', '90', '30', '80'];

/** Hand-written lists: [EN, ES, PT]. */
const fishNames: [string, string, string][] = [
  ['Ocean King', 'Rey del Océano', 'Rei do Oceano'],
  ['Dragon Fishing', 'Pesca del Dragón', 'Pesca do Dragão'],
  ['Fishing War', 'Guerra de Pesca', 'Guerra de Pesca'],
  ['Mega Fishing', 'Megapesca', 'Mega Pesca'],
  ['Jackpot Fishing', 'Pesca Jackpot', 'Pesca Jackpot'],
  ['Boom Fishing', 'Pesca Explosiva', 'Pesca Explosiva'],
  ['Happy Fishing', 'Pesca Feliz', 'Pesca Feliz'],
  ['Royal Fishing', 'Pesca Real', 'Pesca Real'],
  ['All-Star Fishing', 'Pesca de Estrellas', 'Pesca das Estrelas'],
  ['Fishing God', 'Dios de la Pesca', 'Deus da Pesca'],
  ['Deep Sea Hunter', 'Cazador de Aguas Profundas', 'Caçador do Mar Profundo'],
  ['Shark Hunter', 'Cazador de Tiburones', 'Caçador de Tubarões'],
  ['Golden Toad', 'Sapo Dorado', 'Sapo Dourado'],
  ['Dinosaur Tycoon', 'Magnate Dinosaurio', 'Magnata Dinossauro'],
  ['Mermaid Hunt', 'Caza de Sirenas', 'Caça às Sereias'],
  ['Kraken Raid', 'Asalto del Kraken', 'Ataque do Kraken'],
  ['Lucky Fishing', 'Pesca de la Suerte', 'Pesca da Sorte'],
  ['Bombing Fishing', 'Pesca Bombardeo', 'Pesca Bombardeio'],
  ['Treasure Reef', 'Arrecife del Tesoro', 'Recife do Tesouro'],
  ['Cyber Fishing', 'Pesca Cibernética', 'Pesca Cibernética'],
];

const liveTables: [string, string, string][] = [
  ['Baccarat A', 'Baccarat A', 'Bacará A'],
  ['Baccarat B', 'Baccarat B', 'Bacará B'],
  ['Baccarat C', 'Baccarat C', 'Bacará C'],
  ['Speed Baccarat A', 'Baccarat Rápido A', 'Bacará Rápido A'],
  ['Speed Baccarat B', 'Baccarat Rápido B', 'Bacará Rápido B'],
  ['Squeeze Baccarat', 'Baccarat Squeeze', 'Bacará Squeeze'],
  ['No Commission Baccarat', 'Baccarat sin Comisión', 'Bacará sem Comissão'],
  ['Roulette', 'Ruleta', 'Roleta'],
  ['Auto Roulette', 'Ruleta Automática', 'Roleta Automática'],
  ['Sic Bo', 'Sic Bo', 'Sic Bo'],
  ['Dragon Tiger', 'Dragón Tigre', 'Dragão Tigre'],
  ['Blackjack A', 'Blackjack A', 'Blackjack A'],
  ['Blackjack B', 'Blackjack B', 'Blackjack B'],
  ['Fan Tan', 'Fan Tan', 'Fan Tan'],
  ['Bull Bull', 'Bull Bull', 'Bull Bull'],
  ['Three Cards', 'Tres Cartas', 'Três Cartas'],
  ['Andar Bahar', 'Andar Bahar', 'Andar Bahar'],
];

const cardGames: [string, string, string][] = [
  ['Texas Hold’em', 'Texas Hold’em', 'Texas Hold’em'],
  ['Teen Patti', 'Teen Patti', 'Teen Patti'],
  ['Rummy', 'Rummy', 'Rummy'],
  ['Mahjong', 'Mahjong', 'Mahjong'],
  ['Niu Niu', 'Niu Niu', 'Niu Niu'],
  ['Fight the Landlord', 'Lucha contra el Terrateniente', 'Luta contra o Senhorio'],
  ['Blackjack Duel', 'Duelo de Blackjack', 'Duelo de Blackjack'],
  ['Andar Bahar Duel', 'Duelo Andar Bahar', 'Duelo Andar Bahar'],
  ['Dragon vs Tiger', 'Dragón contra Tigre', 'Dragão contra Tigre'],
  ['Thirteen Cards', 'Trece Cartas', 'Treze Cartas'],
  ['Golden Flower', 'Flor Dorada', 'Flor Dourada'],
  ['Pai Gow Duel', 'Duelo Pai Gow', 'Duelo Pai Gow'],
  ['Sam Gong', 'Sam Gong', 'Sam Gong'],
  ['Tongits', 'Tongits', 'Tongits'],
  ['Pusoy', 'Pusoy', 'Pusoy'],
  ['Domino QQ', 'Dominó QQ', 'Dominó QQ'],
  ['Ludo', 'Parchís', 'Ludo'],
  ['Bull Fight', 'Pelea de Toros', 'Briga de Touros'],
  ['Red & Black', 'Rojo y Negro', 'Vermelho e Preto'],
  ['Baccarat Duel', 'Duelo de Baccarat', 'Duelo de Bacará'],
  ['Poker Showdown', 'Duelo de Póker', 'Confronto de Pôquer'],
  ['Fast Rummy', 'Rummy Rápido', 'Rummy Rápido'],
];

const miniGames: [string, string, string][] = [
  ['Crash X', 'Crash X', 'Crash X'],
  ['Plinko', 'Plinko', 'Plinko'],
  ['Mines', 'Minas', 'Minas'],
  ['Dice', 'Dados', 'Dados'],
  ['Limbo', 'Limbo', 'Limbo'],
  ['Higher or Lower', 'Mayor o Menor', 'Maior ou Menor'],
  ['Tower Climb', 'Subir la Torre', 'Subir a Torre'],
  ['Coin Flip', 'Cara o Cruz', 'Cara ou Coroa'],
  ['Lucky Wheel', 'Rueda de la Suerte', 'Roda da Sorte'],
  ['Goal', 'Gol', 'Gol'],
  ['Keno 80', 'Keno 80', 'Keno 80'],
  ['Double', 'Doble', 'Dobro'],
  ['Mini Roulette', 'Minirruleta', 'Minirroleta'],
  ['Triple Dice', 'Dados Triples', 'Dados Triplos'],
  ['Balloon Pop', 'Revienta el Globo', 'Estoura o Balão'],
  ['Penalty Shootout', 'Tanda de Penaltis', 'Disputa de Pênaltis'],
];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GameCategoryVendors,
  GameItem,
  GameListPage,
  LotteryMenuGroup,
  VendorGameTypes,
} from '../../../src/shared/games';
import type { CatalogueData } from '../../../server/domain/games/catalogue/data';
import { catalogueFile } from '../../../server/seed/seedCatalogue';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

const data = JSON.parse(readFileSync(catalogueFile, 'utf8')) as CatalogueData;
const gamesOf = (filter: (game: CatalogueData['games'][number]) => boolean) =>
  data.games.filter(filter);

/** Browsing the catalogue (spec 3 game items, vendors; spec 7 GCSGAME_*), as a visitor would. */
describe.each(engines)('game catalogue on %s', (engine) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    token = await loginToken(server, 'player1');
  });
  afterAll(() => server.close());

  async function relay<T>(name: string, query: Record<string, string | number> = {}, as?: string) {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const reply = await call(server, `/wps/relay/${name}?${search}`, {
      headers: as ? bearer(as) : {},
    });
    return { ...reply, value: reply.body.value as T };
  }
  const list = async (query: Record<string, string | number>) => {
    const reply = await relay<GameListPage>('GCSGAME_gameList', {
      clientType: 3,
      platform: 'html5-desktop',
      merchant: 'AURORA',
      pageNo: 1,
      pageSize: 24,
      language: 'EN',
      ...query,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.value;
  };

  it('lists every category with its vendors in server order, footer vendors included', async () => {
    const reply = await relay<GameCategoryVendors[]>('GCSGAME_newGameVendor', {
      platform: 'html5-desktop',
      merchantCode: 'AURORA',
    });
    expect(reply.status).toBe(200);
    const categories = reply.value.map((category) => category.gameCategory);
    expect(categories).toEqual(data.categories.map((category) => category.code));
    const lanes = (code: string) =>
      reply.value.find((category) => category.gameCategory === code)!.vendors;
    expect(lanes('RNG').map((vendor) => vendor.vassalage)).toEqual([
      'PG',
      'EG2',
      'PT',
      'JDB',
      'CQ9',
      'FC',
      'JL',
    ]);
    expect(lanes('LIVE').map((vendor) => vendor.vassalage)).toContain('BGS');
    // E-sports and cockfight stay under SPORTS: the browser moves them (spec 3).
    expect(lanes('SPORTS').map((vendor) => vendor.vassalage)).toEqual(
      expect.arrayContaining(['IMES', 'SV3']),
    );
    expect(lanes('LOTT').map((vendor) => vendor.vassalage)).toEqual([
      'TCG_LOTTO_VN',
      'TCG_SEA',
      'LOTT',
    ]);
    expect(lanes('ELOTT').map((vendor) => vendor.vassalage)).toEqual(['ELOTT']);
    // A vendor may sit in several categories.
    expect(lanes('FISH').map((vendor) => vendor.vassalage)).toContain('JDB');
    const ky = lanes('PVP').find((vendor) => vendor.vassalage === 'KY')!;
    expect(ky.isGame).toBe('VASSALAGE');
    expect(lanes('RNG')[0]).toMatchObject({
      displayName: 'PG Soft',
      gameType: 'RNG',
      isGame: null,
    });
    expect(lanes('RNG')[0]!.images).toEqual({
      small: '/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-DEFAULT.png',
      smallActive: '/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-ACTIVE.png',
      listWhite: '/TCG_PROD_IMAGES/RNG_LIST_VENDOR/PG-WHITE.png',
      listColor: '/TCG_PROD_IMAGES/RNG_LIST_VENDOR/PG-COLOR.png',
      listBlack: '/TCG_PROD_IMAGES/RNG_LIST_VENDOR/PG-BLACK.png',
      submenu: '/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE4/RNG-PG.png',
    });
    // Spec 3: a LOTT game type uses the ELOTT image in RNG vendor icons.
    expect(lanes('LOTT')[0]!.images!.listColor).toBe(
      '/TCG_PROD_IMAGES/RNG_LIST_VENDOR/ELOTT-COLOR.png',
    );
  });

  it('tells each vendor its game types, to members only', async () => {
    expect((await relay('GCSGAME_getVassGameType')).status).toBe(401);
    const reply = await relay<VendorGameTypes>('GCSGAME_getVassGameType', {}, token);
    expect(reply.value.JDB).toEqual(['RNG', 'FISH']);
    expect(reply.value.PG).toEqual(['RNG']);
    const one = await relay<VendorGameTypes>('GCSGAME_getVassGameType', { vassalage: 'jl' }, token);
    expect(one.value).toEqual({ JL: ['RNG', 'FISH', 'PVP'] });
  });

  it('pages a category 12 or 24 at a time with its total pages, in server order', async () => {
    const rng = gamesOf((game) => game.gameType === 'RNG');
    const first = await list({ gameType: 'RNG', pageSize: 12 });
    expect(first.games).toHaveLength(12);
    expect(first.totalPages).toBe(Math.ceil(rng.length / 12));
    expect(first.games.map((game) => game.nodeId)).toEqual(
      rng.slice(0, 12).map((game) => game.nodeId),
    );
    const page = await list({ gameType: 'RNG', pageSize: 24, pageNo: 3 });
    expect(page.totalPages).toBe(Math.ceil(rng.length / 24));
    expect(page.games.map((game) => game.nodeId)).toEqual(
      rng.slice(48, 72).map((game) => game.nodeId),
    );
    const last = await list({ gameType: 'RNG', pageSize: 24, pageNo: page.totalPages });
    expect(last.games).toHaveLength(rng.length - (page.totalPages - 1) * 24);
    expect((await list({ gameType: 'RNG', pageNo: 999 })).games).toEqual([]);
    const game = first.games[0]!;
    expect(game).toEqual({
      nodeId: rng[0]!.nodeId,
      displayName: 'PG Soft',
      gameName: rng[0]!.names.EN!,
      nodeName: rng[0]!.names.EN,
      iconUrl: `/GAME_ICONS/${rng[0]!.nodeId}.png`,
      vassalage: 'PG',
      gameType: 'RNG',
      gameClassify: rng[0]!.gameClassify,
      isGame: null,
      engine: 'slot',
    } satisfies GameItem);
  });

  it('filters by vendor and by subtype', async () => {
    const jdb = gamesOf((game) => game.gameType === 'RNG' && game.vendor === 'JDB');
    const byVendor = await list({ gameType: 'RNG', vassalage: 'JDB', pageSize: 60 });
    expect(byVendor.games.map((game) => game.nodeId)).toEqual(jdb.map((game) => game.nodeId));
    for (const classify of ['JP', 'TG', 'AC', 'SC', 'VP', 'BG']) {
      const expected = gamesOf((game) => game.gameType === 'RNG' && game.gameClassify === classify);
      expect(expected.length, classify).toBeGreaterThan(0);
      const page = await list({ gameType: 'RNG', gameClassify: classify, pageSize: 60 });
      expect(page.games.length, classify).toBe(Math.min(60, expected.length));
      expect(page.games.every((game) => game.gameClassify === classify)).toBe(true);
    }
    const both = await list({ gameType: 'RNG', vassalage: 'PG', gameClassify: 'JP' });
    expect(both.games.every((game) => game.vassalage === 'PG' && game.gameClassify === 'JP')).toBe(
      true,
    );
    expect((await list({ gameType: 'RNG', vassalage: 'NOPE' })).totalPages).toBe(0);
  });

  it('shows a vendor flagged VASSALAGE as one card, and its games when asked by vendor', async () => {
    const pvp = await list({ gameType: 'PVP' });
    expect(pvp.games.map((game) => [game.nodeId, game.isGame])).toEqual([
      ['KY-PVP', 'VASSALAGE'],
      ['JL-PVP', 'VASSALAGE'],
    ]);
    expect(pvp.games[0]!.iconUrl).toBe('/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE4/PVP-KY.png');
    const ky = await list({ gameType: 'PVP', vassalage: 'KY' });
    expect(ky.games).toHaveLength(gamesOf((game) => game.vendor === 'KY').length);
    expect(ky.games.every((game) => game.isGame === null)).toBe(true);
    // FISH mixes games of JDB and JL with FC's card, in lane order.
    const fish = await list({ gameType: 'FISH', pageSize: 60 });
    const fc = fish.games.findIndex((game) => game.vassalage === 'FC');
    expect(fish.games[fc]!.isGame).toBe('VASSALAGE');
    expect(fish.games.filter((game) => game.vassalage === 'FC')).toHaveLength(1);
  });

  it('reads ESPORTS and COCKFIGHT as their SPORTS vendors', async () => {
    expect((await list({ gameType: 'ESPORTS' })).games.map((game) => game.vassalage)).toEqual([
      'IMES',
    ]);
    expect((await list({ gameType: 'COCKFIGHT' })).games.map((game) => game.vassalage)).toEqual([
      'SV3',
    ]);
    expect((await list({ gameType: 'SPORTS' })).games.map((game) => game.vassalage)).toEqual(
      expect.arrayContaining(['SBO', 'IMES', 'SV3']),
    );
  });

  it('names games in the language asked for, in EN where a language has none', async () => {
    const pg = gamesOf((game) => game.vendor === 'PG').slice(0, 12);
    const spanish = await list({ gameType: 'RNG', vassalage: 'PG', pageSize: 12, language: 'es' });
    expect(spanish.games.map((game) => game.gameName)).toEqual(pg.map((game) => game.names.ES));
    expect(spanish.games.map((game) => game.nodeName)).toEqual(pg.map((game) => game.names.EN));
    const german = await list({ gameType: 'RNG', vassalage: 'PG', pageSize: 12, language: 'DE' });
    expect(german.games.map((game) => game.gameName)).toEqual(pg.map((game) => game.names.EN));
    // Korean names exist for some vendors only; the others fall back game by game.
    const eg2 = gamesOf((game) => game.vendor === 'EG2' && !game.hotRank)[0]!;
    expect(eg2.names.KO).toBeUndefined();
    const korean = await list({ gameType: 'RNG', keyword: eg2.names.EN!, language: 'KO' });
    expect(korean.games.find((game) => game.nodeId === eg2.nodeId)?.gameName).toBe(eg2.names.EN);
    // Without a language parameter, the Language header decides.
    const reply = await call(
      server,
      '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=PG&pageSize=1',
      { headers: { language: 'ES' } },
    );
    expect((reply.body.value as GameListPage).games[0]!.gameName).toBe(pg[0]!.names.ES);
  });

  it('searches names case- and accent-blind, in the language and else in EN', async () => {
    const dragons = (language: string) =>
      gamesOf((game) =>
        (game.names[language] ?? game.names.EN!)
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .includes('dragon'),
      );
    const english = await list({ keyword: 'DRAGON', pageSize: 60 });
    expect(english.games.length).toBe(Math.min(60, dragons('EN').length));
    expect(english.games.every((game) => /dragon/i.test(game.gameName))).toBe(true);
    // "dragon" finds "Dragón" in Spanish.
    const spanish = await list({ keyword: 'dragon', language: 'ES', pageSize: 60 });
    expect(spanish.games.length).toBe(Math.min(60, dragons('ES').length));
    expect(spanish.games.some((game) => game.gameName.includes('Dragón'))).toBe(true);
    const inCategory = await list({ keyword: 'dragon', gameType: 'FISH' });
    expect(inCategory.games.every((game) => game.gameType === 'FISH')).toBe(true);
    // Search text is data, never SQL or a pattern.
    expect((await list({ keyword: "%' or 1=1 --" })).games).toEqual([]);
    expect((await list({ keyword: '_' })).games).toEqual([]);
    expect((await list({ keyword: 'ha noi', language: 'VI' })).games[0]?.gameName).toBe('Hà Nội');
  });

  it('lists hot games hottest first', async () => {
    const hot = gamesOf((game) => game.hotRank !== null).sort((a, b) => a.hotRank! - b.hotRank!);
    const reply = await relay<GameItem[]>('GCSGAME_hotGamesV2', {
      merchantCode: 'AURORA',
      isPlatform: 2,
      platform: 'flash,html5-desktop',
      language: 'KO',
    });
    expect(reply.status).toBe(200);
    expect(reply.value.map((game) => game.nodeId)).toEqual(hot.map((game) => game.nodeId));
    // Hot slots are named in Korean; fish games have no Korean names and fall back to EN.
    expect(reply.value.map((game) => game.gameName)).toEqual(
      hot.map((game) => game.names.KO ?? game.names.EN),
    );
    expect(hot.filter((game) => game.gameType === 'RNG').every((game) => game.names.KO)).toBe(true);
  });

  it('serves the lottery menus: groups with their lotteries', async () => {
    const menus = async (path: string) => {
      const reply = await call(server, path);
      expect(reply.status, path).toBe(200);
      return reply.body.value as LotteryMenuGroup[];
    };
    const vn = await menus('/lgw/vn/games/game_menu?prizeMode=LOTT&device=WEB&language=VI');
    expect(vn.map((group) => group.groupCode)).toEqual([
      'VN_NORTH',
      'VN_CENTRAL',
      'VN_SOUTH',
      'VN_FAST',
    ]);
    expect(vn[0]!.groupName).toBe('Miền Bắc');
    expect(vn[0]!.gameMenus[0]).toMatchObject({
      gameCode: 'TCG_LOTTO_VN-LOTT-001',
      gameName: 'Hà Nội',
      vassalage: 'TCG_LOTTO_VN',
      prizeMode: 'LOTT',
      engine: 'draw',
    });
    const count = vn.reduce((sum, group) => sum + group.gameMenus.length, 0);
    expect(count).toBe(gamesOf((game) => game.vendor === 'TCG_LOTTO_VN').length);

    const lott = await menus('/lgw/games/game_menus?prizeMode=LOTT');
    expect(
      lott.flatMap((group) => group.gameMenus).every((menu) => menu.vassalage === 'LOTT'),
    ).toBe(true);
    const elott = await menus('/lgw/games/game_menus?prizeMode=ELOTT&language=ES');
    expect(elott.flatMap((group) => group.gameMenus.map((menu) => menu.vassalage))).toEqual(
      gamesOf((game) => game.vendor === 'ELOTT').map(() => 'ELOTT'),
    );
    expect(elott.map((group) => group.groupName)).toContain('Bolas');
    const sea = await menus('/lgw/games/game_menus?prizeMode=SEA');
    expect(sea.map((group) => group.groupCode)).toEqual(['THAI', 'LAO', 'FOUR_D']);
    const bad = await call(server, '/lgw/games/game_menus?prizeMode=JACKPOT');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
  });

  it('serves generated artwork for every image path it hands out, and 404 for others', async () => {
    const vendors = await relay<GameCategoryVendors[]>('GCSGAME_newGameVendor');
    const images = vendors.value.flatMap((category) =>
      category.vendors.flatMap((vendor) => Object.values(vendor.images!)),
    );
    const games = (await list({ gameType: 'PVP' })).games.concat(
      (await list({ gameType: 'RNG', pageSize: 5 })).games,
    );
    const paths = [...new Set([...images, ...games.map((game) => game.iconUrl!)])];
    for (const path of paths) {
      const response = await fetch(`${server.url}/cdn${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const body = await response.text();
      expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), path).toBe(true);
      expect(body).not.toMatch(/<script|on\w+=/i);
    }
    const icon = `${server.url}/cdn${games.at(-1)!.iconUrl}`;
    const first = await fetch(icon);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await first.text()).toContain('PG Soft');
    const again = await fetch(icon, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    for (const path of [
      '/GAME_ICONS/NOPE-RNG-001.png',
      '/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/NOPE-DEFAULT.png',
      '/TCG_PROD_IMAGES/VENDOR_ICON_SMALL/PG-PURPLE.png',
      '/TCG_PROD_IMAGES/SUBMENU_IMG/STYLE4/CASINO-PG.png',
      '/GAME_ICONS/%3Cscript%3E.png',
      '/etc/passwd',
      '/',
    ]) {
      const response = await fetch(`${server.url}/cdn${path}`);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });
});

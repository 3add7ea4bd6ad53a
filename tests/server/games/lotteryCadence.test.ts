import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOTTERY_ROUTES } from '../../../src/shared/games';
import { type LobbyGame, type OpenedDraw, periodAt } from '../../../src/shared/lottery';
import { type CatalogueData, catalogueSchema } from '../../../server/domain/games/catalogue/data';
import {
  drawIntervals,
  nextDrawAt,
  openDueDraws,
} from '../../../server/domain/games/lottery/draws';
import { catalogueFile, seedCatalogue } from '../../../server/seed/seedCatalogue';
import { bearer, loginToken } from '../../support/identityClient';
import { call, engines, startTestServer, type TestServer } from '../../support/testServer';

/**
 * Issue 32, finding 5: a lottery game draws as often as its name says. "Fast Draw · 5 Minutes",
 * "Keno · 3 Minutes" and the "45-Second Draw" all drew every 60 s. The catalogue's `drawSeconds`
 * is now the one source: every name that promises a cadence is held to it (a data file that
 * disagrees is refused at load), and the schedule really draws on it — the lobby's countdowns,
 * the opened draws and the draw job's wake-ups are spaced by each game's own interval.
 */

const UNIT_SECONDS: Record<string, number> = {
  minute: 60,
  minutes: 60,
  minuto: 60,
  minutos: 60,
  phút: 60,
  second: 1,
  seconds: 1,
  segundo: 1,
  segundos: 1,
  giây: 1,
};
/** What a name promises, read as a player reads it ("5 Minutes" → 300, "45-Second" → 45). */
function promised(name: string): number | null {
  const match = /(\d+)[ -](Minutes?|Minutos?|Phút|Seconds?|Segundos?|Giây)(?![\p{L}\p{M}])/iu.exec(
    name,
  );
  return match ? Number(match[1]) * UNIT_SECONDS[match[2]!.toLowerCase()]! : null;
}

/** The games the issue names, with what their names promise. */
const NAMED_IN_THE_ISSUE: Record<string, number> = {
  '45-Second Draw': 45,
  'Fast Draw · 3 Minutes': 180,
  'Fast Draw · 5 Minutes': 300,
  'Lucky Numbers · 3 Minutes': 180,
  'Lucky Numbers · 5 Minutes': 300,
  'Fast 3 · 3 Minutes': 180,
  'PK10 Racing · 3 Minutes': 180,
  '11 Pick 5 · 3 Minutes': 180,
  '11 Pick 5 · 5 Minutes': 300,
  'Keno · 3 Minutes': 180,
};

describe('lottery names and the catalogue’s cadence', () => {
  let data: CatalogueData;
  beforeAll(async () => {
    data = catalogueSchema.parse(JSON.parse(await readFile(catalogueFile, 'utf8')));
  });

  it('gives every game whose name promises a cadence that cadence, in every language', () => {
    const lotteries = data.games.filter((game) => game.lotteryGroup !== null);
    const promising = lotteries.filter((game) => promised(game.names.EN!) !== null);
    for (const game of lotteries) {
      for (const [language, name] of Object.entries(game.names)) {
        const says = promised(name);
        if (says !== null)
          expect(game.drawSeconds, `${game.nodeId} ${language} "${name}"`).toBe(says);
      }
      // A game with a cadence of its own says it in its name.
      if (game.drawSeconds !== null) {
        expect(promised(game.names.EN!), game.nodeId).toBe(game.drawSeconds);
      }
    }
    expect(promising.length).toBeGreaterThanOrEqual(Object.keys(NAMED_IN_THE_ISSUE).length);
    const byName = new Map(lotteries.map((game) => [game.names.EN!, game]));
    for (const [name, seconds] of Object.entries(NAMED_IN_THE_ISSUE)) {
      expect(byName.get(name)?.drawSeconds, name).toBe(seconds);
    }
    // The slots have no schedule.
    expect(
      data.games.filter((game) => game.lotteryGroup === null && game.drawSeconds !== null),
    ).toEqual([]);
  });

  it('refuses at load a data file where a name and its game’s cadence disagree', () => {
    const index = data.games.findIndex((game) => game.names.EN === 'Fast Draw · 5 Minutes');
    const withGame = (change: Partial<CatalogueData['games'][number]>, at = index) => ({
      ...data,
      games: data.games.map((game, i) => (i === at ? { ...game, ...change } : game)),
    });
    const refusal = (file: unknown) => {
      const parsed = catalogueSchema.safeParse(file);
      expect(parsed.success).toBe(false);
      return parsed.error!.issues.map((issue) => issue.message).join('\n');
    };
    // The 60 s it drew before issue 32: every language's name disagrees.
    expect(refusal(withGame({ drawSeconds: 60 }))).toMatch(
      /"Fast Draw · 5 Minutes" promises a draw every 300 s but the game draws every 60 s/,
    );
    expect(refusal(withGame({ drawSeconds: 60 }))).toMatch(/"Siêu Tốc 5 Phút" promises/);
    // A name promising a cadence the game does not have of its own (the group's would rule).
    expect(refusal(withGame({ drawSeconds: null }))).toMatch(/has no drawSeconds of its own/);
    // A renamed game whose cadence was left behind.
    const renamed = data.games[index]!;
    expect(
      refusal(withGame({ names: { ...renamed.names, EN: 'Fast Draw · 10 Minutes' } })),
    ).toMatch(/promises a draw every 600 s but the game draws every 300 s/);
    // Only intervals the schedule can keep, and only on lottery games.
    expect(refusal(withGame({ drawSeconds: 7 }))).toMatch(/from 30 to a day/);
    expect(refusal(withGame({ drawSeconds: 70 }))).toMatch(/dividing a day/);
    const slot = data.games.findIndex((game) => game.lotteryGroup === null);
    expect(refusal(withGame({ drawSeconds: 60 }, slot))).toMatch(/only a lottery game/);
  });
});

describe.each(engines)('the lottery schedule keeps each game’s cadence on %s', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(engine);
    token = await loginToken(server, 'player2');
  });
  afterAll(() => server.close());

  const config = () => server.deps.config.lottery;
  const lobby = async (vendor: string, language: string) => {
    const reply = await call(
      server,
      `${config().paths.lobbyInfo}?vendor=${vendor}&language=${language}`,
    );
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.value as LobbyGame[];
  };
  /** Every cadence-named lottery game, with its promise, as the lobby serves it in English. */
  const promisingGames = async () => {
    const games: (LobbyGame & { vendor: string; promise: number })[] = [];
    for (const vendor of Object.keys(LOTTERY_ROUTES)) {
      for (const game of await lobby(vendor, 'EN')) {
        const promise = promised(game.gameName);
        if (promise !== null) games.push({ ...game, vendor, promise });
      }
    }
    return games;
  };
  const drawsOf = (gameCode: string) =>
    server.deps.db.query<{ numero: string; opens_at: Date | string; closes_at: Date | string }>(
      `select numero, opens_at, closes_at from lottery_draws where node_id = $1
       order by closes_at`,
      [gameCode],
    );
  const ms = (value: Date | string) => new Date(value).getTime();

  it('serves each game’s interval and countdown on its own cadence, in every language', async () => {
    const games = await promisingGames();
    expect(games.map((game) => game.gameName)).toEqual(
      expect.arrayContaining(Object.keys(NAMED_IN_THE_ISSUE)),
    );
    for (const vendor of Object.keys(LOTTERY_ROUTES)) {
      for (const language of ['EN', 'ES', 'PT', 'VI']) {
        const asked = Date.now();
        const served = await lobby(vendor, language);
        const answered = Date.now();
        for (const game of served) {
          const promise = promised(game.gameName);
          if (promise === null) continue;
          const where = `${game.gameCode} ${language} "${game.gameName}"`;
          expect(game.intervalSeconds, where).toBe(promise);
          // The draw open now closes on the game's grid, within one interval of the call.
          const closes = Date.parse(game.current.closesAt);
          expect(closes % (promise * 1000), where).toBe(0);
          expect(closes, where).toBeGreaterThan(asked);
          expect(closes, where).toBeLessThanOrEqual(answered + promise * 1000);
        }
      }
    }
  });

  it('opens one draw per interval of each game, spaced by that interval', async () => {
    const games = await promisingGames();
    const at = new Date();
    await openDueDraws(server.deps.db, config(), at);
    for (const game of games) {
      const interval = game.promise * 1000;
      const draws = await drawsOf(game.gameCode);
      // The last ten periods caught up, each one interval long, one after the other, the
      // newest the period that closed last.
      expect(draws, game.gameName).toHaveLength(10);
      draws.forEach((draw, i) => {
        expect(ms(draw.closes_at) - ms(draw.opens_at), game.gameName).toBe(interval);
        if (i > 0) expect(ms(draw.opens_at), game.gameName).toBe(ms(draws[i - 1]!.closes_at));
      });
      expect(ms(draws.at(-1)!.closes_at), game.gameName).toBe(
        periodAt(game.promise, at).opensAt.getTime(),
      );
      // As a member reads them: the numeros of the last three periods of the game's cadence.
      const history = await call(
        server,
        `/lgw/vn/numeros/opened/game?gameCode=${game.gameCode}&limit=3`,
        { headers: bearer(token) },
      );
      expect(history.status).toBe(200);
      expect((history.body.value as OpenedDraw[]).map((draw) => draw.numero)).toEqual(
        [1, 2, 3].map(
          (back) => periodAt(game.promise, new Date(at.getTime() - back * interval)).numero,
        ),
      );
    }

    // Three minutes on: four draws of the 45-second game, three of a 1-minute one, one of a
    // 3-minute one, and a 5-minute one only if one of its periods closed meanwhile.
    const later = new Date(at.getTime() + 180_000);
    await openDueDraws(server.deps.db, config(), later);
    const fiveMinutesClosed = periodAt(300, later).numero === periodAt(300, at).numero ? 0 : 1;
    const expected: Record<number, number> = { 45: 4, 60: 3, 180: 1, 300: fiveMinutesClosed };
    for (const game of games) {
      expect(await drawsOf(game.gameCode), game.gameName).toHaveLength(
        10 + expected[game.promise]!,
      );
    }
  });

  it('wakes the draw job at the soonest close of any game’s own interval', async () => {
    const intervals = await drawIntervals(server.deps.db, config());
    expect(intervals).toEqual(expect.arrayContaining([45, 60, 180, 300]));
    for (const game of await promisingGames()) expect(intervals).toContain(game.intervalSeconds);
    // At 00:00:50 the minute closes first; at 00:01:10 the 45-second draw (00:01:30) does.
    expect(nextDrawAt(intervals, new Date('2026-03-02T00:00:50Z'))).toEqual(
      new Date('2026-03-02T00:01:00Z'),
    );
    expect(nextDrawAt(intervals, new Date('2026-03-02T00:01:10Z'))).toEqual(
      new Date('2026-03-02T00:01:30Z'),
    );
  });

  it('moves a database seeded before the cadences onto them, old draws and all', async () => {
    const db = server.deps.db;
    const [game] = (await promisingGames()).filter((entry) => entry.promise === 300);
    // As the database was before issue 32: no cadence of its own, so it drew every 60 s.
    await db.query('update games set draw_seconds = null where node_id = $1', [game!.gameCode]);
    await db.query('delete from lottery_draws where node_id = $1', [game!.gameCode]);
    await db.query(`delete from system_settings where key = 'catalogue.checksum'`);
    const at = new Date();
    await openDueDraws(db, config(), at);
    const before = await drawsOf(game!.gameCode);
    expect(before.every((draw) => ms(draw.closes_at) - ms(draw.opens_at) === 60_000)).toBe(true);

    // The new data file is seeded (its checksum differs), and the next run draws on 5 minutes.
    expect(await seedCatalogue(db)).toBe(true);
    const [row] = await db.query<{ draw_seconds: number }>(
      'select draw_seconds from games where node_id = $1',
      [game!.gameCode],
    );
    expect(row!.draw_seconds).toBe(300);
    await openDueDraws(db, config(), at);
    const after = await drawsOf(game!.gameCode);
    // The minute draws are gone (their numeros would take the new periods'), and the periods
    // of five minutes up to the last one closed are open.
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((draw) => ms(draw.closes_at) - ms(draw.opens_at) === 300_000)).toBe(true);
    expect(ms(after.at(-1)!.closes_at)).toBe(periodAt(300, at).opensAt.getTime());
    const [served] = (await lobby(game!.vendor, 'EN')).filter(
      (entry) => entry.gameCode === game!.gameCode,
    );
    expect(served!.intervalSeconds).toBe(300);
    expect(served!.last?.numero).toBe(after.at(-1)!.numero);
  });
});

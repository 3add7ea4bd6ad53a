import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueText } from '../../../scripts/generateCatalogue';
import { type CatalogueData, catalogueSchema } from '../../../server/domain/games/catalogue/data';
import { migrate } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/types';
import { catalogueFile, seedCatalogue } from '../../../server/seed/seedCatalogue';
import { engines, openTestDatabase } from '../../support/testServer';

/** The data file: what it must hold, that the generator made it, and how it is seeded. */
describe('catalogue data file', () => {
  let text: string;
  let data: CatalogueData;
  beforeAll(async () => {
    text = await readFile(catalogueFile, 'utf8');
    data = catalogueSchema.parse(JSON.parse(text));
  });

  it('is what scripts/generateCatalogue.ts writes (run it after changing the word lists)', async () => {
    expect(await catalogueText()).toBe(text);
  });

  it('holds the vendors, categories and several hundred games the platform needs', () => {
    const vendors = data.vendors.map((vendor) => vendor.code);
    for (const code of ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS']) {
      expect(vendors).toContain(code);
    }
    for (const code of ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT', 'IMES', 'SV3']) {
      expect(vendors).toContain(code);
    }
    expect(data.categories.map((category) => category.code)).toEqual(
      expect.arrayContaining(['RNG', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'LOTT', 'ELOTT', 'MXWIN']),
    );
    expect(data.games.length).toBeGreaterThanOrEqual(400);
    expect(data.games.length).toBeLessThanOrEqual(600);
    expect(new Set(data.games.map((game) => game.nodeId)).size).toBe(data.games.length);
    // Every game is named in the two languages shipped with full texts.
    expect(data.games.every((game) => game.names.EN && game.names.ES)).toBe(true);
    for (const game of data.games) {
      const lottery = game.gameType === 'LOTT' || game.gameType === 'ELOTT';
      expect(game.engine, game.nodeId).toBe(lottery ? 'draw' : 'slot');
      expect(game.lotteryGroup !== null, game.nodeId).toBe(lottery);
      expect(
        data.lanes.some((lane) => lane.category === game.gameType && lane.vendor === game.vendor),
      ).toBe(true);
    }
    const ranks = data.games.flatMap((game) => (game.hotRank ? [game.hotRank] : []));
    expect(ranks.sort((a, b) => a - b)).toEqual(ranks.map((_, index) => index + 1));
  });
});

describe.each(engines)('seeding the catalogue on %s', (engine) => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(engine));
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  const counts = async () =>
    (
      await db.query<{ games: number; names: number; enabled: number }>(
        `select (select count(*)::int from games) as games,
           (select count(*)::int from game_names) as names,
           (select count(*)::int from games where enabled) as enabled`,
      )
    )[0]!;

  it('seeds once, skips an unchanged file, and applies a changed one', async () => {
    const data = JSON.parse(await readFile(catalogueFile, 'utf8')) as CatalogueData;
    expect(await seedCatalogue(db)).toBe(true);
    const seeded = await counts();
    expect(seeded.games).toBe(data.games.length);
    expect(seeded.enabled).toBe(data.games.length);
    expect(seeded.names).toBe(
      data.games.reduce((sum, game) => sum + Object.keys(game.names).length, 0),
    );
    // Restart: the checksum matches, nothing is written.
    expect(await seedCatalogue(db)).toBe(false);

    // A new file: a game renamed (its ES name dropped), one removed.
    const [renamed, removed] = data.games;
    const changed: CatalogueData = {
      ...data,
      games: data.games.slice(2).concat({
        ...renamed!,
        names: { EN: 'Renamed Game' },
      }),
    };
    const file = path.join(os.tmpdir(), `catalogue-${process.pid}-${engine}.json`);
    await writeFile(file, JSON.stringify(changed));
    expect(await seedCatalogue(db, file)).toBe(true);
    const names = await db.query<{ language: string; name: string }>(
      'select language, name from game_names where node_id = $1 order by language',
      [renamed!.nodeId],
    );
    expect(names).toEqual([{ language: 'EN', name: 'Renamed Game' }]);
    const [gone] = await db.query<{ enabled: boolean }>(
      'select enabled from games where node_id = $1',
      [removed!.nodeId],
    );
    expect(gone!.enabled).toBe(false);
    expect((await counts()).enabled).toBe(data.games.length - 1);
    // Back to the repository's file: the removed game comes back.
    expect(await seedCatalogue(db)).toBe(true);
    expect((await counts()).enabled).toBe(data.games.length);
  });
});

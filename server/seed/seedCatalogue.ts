import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/types';
import { catalogueSchema, searchKey } from '../domain/games/catalogue/data';

export const catalogueFile = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'catalogue.json',
);

/** The system_settings key holding the checksum of the data file last seeded. */
const CHECKSUM_KEY = 'catalogue.checksum';
/** Keeps two processes from seeding at once on PostgreSQL. */
const SEED_LOCK = 7_201_005;

/**
 * Upserts the game catalogue from its data file (scripts/generateCatalogue.ts writes it), in one
 * transaction. Idempotent, and cheap on restart: nothing is written while the file's checksum
 * matches the one stored with the last seed. Games that left the file are disabled, not
 * deleted, since favourites and recent games may still name them. Returns whether it wrote.
 */
export async function seedCatalogue(db: Database, file = catalogueFile): Promise<boolean> {
  const text = await readFile(file, 'utf8');
  const checksum = createHash('sha256').update(text).digest('hex');
  const stored = async (tx: Pick<Database, 'query'>) => {
    const [row] = await tx.query<{ checksum: string }>(
      `select value #>> '{}' as checksum from system_settings where key = $1`,
      [CHECKSUM_KEY],
    );
    return row?.checksum === checksum;
  };
  if (await stored(db)) return false;
  const data = catalogueSchema.parse(JSON.parse(text));
  const json = (rows: unknown[]) => JSON.stringify(rows);

  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await stored(tx)) return false;
    await tx.query(
      `insert into game_categories (code, sort)
       select code, sort from jsonb_to_recordset($1::jsonb) as x (code text, sort integer)
       on conflict (code) do update set sort = excluded.sort`,
      [json(data.categories)],
    );
    await tx.query(
      `insert into game_vendors (code, display_name, sort)
       select code, "displayName", sort
       from jsonb_to_recordset($1::jsonb) as x (code text, "displayName" text, sort integer)
       on conflict (code) do update set display_name = excluded.display_name, sort = excluded.sort`,
      [json(data.vendors)],
    );
    await tx.query(
      `insert into game_vendor_lanes (category, vendor, sort, vassalage)
       select category, vendor, sort, vassalage
       from jsonb_to_recordset($1::jsonb)
         as x (category text, vendor text, sort integer, vassalage boolean)
       on conflict (category, vendor)
         do update set sort = excluded.sort, vassalage = excluded.vassalage`,
      [json(data.lanes)],
    );
    await tx.query(
      `insert into lottery_groups (code, sort, names)
       select code, sort, names from jsonb_to_recordset($1::jsonb)
         as x (code text, sort integer, names jsonb)
       on conflict (code) do update set sort = excluded.sort, names = excluded.names`,
      [json(data.lotteryGroups)],
    );
    const games = data.games.map(({ names: _names, ...game }) => game);
    await tx.query(
      `insert into games (node_id, vendor, game_type, game_classify, engine, hot_rank, sort,
         lottery_group, draw_seconds, enabled)
       select "nodeId", vendor, "gameType", "gameClassify", engine, "hotRank", sort,
         "lotteryGroup", "drawSeconds", true
       from jsonb_to_recordset($1::jsonb) as x ("nodeId" text, vendor text, "gameType" text,
         "gameClassify" text, engine text, "hotRank" integer, sort integer, "lotteryGroup" text,
         "drawSeconds" integer)
       on conflict (node_id) do update set vendor = excluded.vendor,
         game_type = excluded.game_type, game_classify = excluded.game_classify,
         engine = excluded.engine, hot_rank = excluded.hot_rank, sort = excluded.sort,
         lottery_group = excluded.lottery_group, draw_seconds = excluded.draw_seconds,
         enabled = true`,
      [json(games)],
    );
    await tx.query(
      `update games set enabled = false
       where enabled and node_id not in (select jsonb_array_elements_text($1::jsonb))`,
      [json(data.games.map((game) => game.nodeId))],
    );
    const names = data.games.flatMap((game) =>
      Object.entries(game.names).map(([language, name]) => ({
        nodeId: game.nodeId,
        language,
        name,
        key: searchKey(name),
      })),
    );
    await tx.query(
      `insert into game_names (node_id, language, name, search_key)
       select "nodeId", language, name, key from jsonb_to_recordset($1::jsonb)
         as x ("nodeId" text, language text, name text, key text)
       on conflict (node_id, language)
         do update set name = excluded.name, search_key = excluded.search_key`,
      [json(names)],
    );
    // A language a game's entry no longer names falls back to EN again.
    await tx.query(
      `delete from game_names n
       where n.node_id in (select jsonb_array_elements_text($1::jsonb))
         and not exists (select 1 from jsonb_to_recordset($2::jsonb)
           as x ("nodeId" text, language text)
           where x."nodeId" = n.node_id and x.language = n.language)`,
      [json(data.games.map((game) => game.nodeId)), json(names)],
    );
    await tx.query(
      `insert into system_settings (key, value) values ($1, to_jsonb($2::text))
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [CHECKSUM_KEY, checksum],
    );
    return true;
  });
}

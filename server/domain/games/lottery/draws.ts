import {
  drawShapeOf,
  type LobbyGame,
  type OpenedDraw,
  periodAt,
  periodStarting,
} from '../../../../src/shared/lottery';
import type { PlatformConfig } from '../../../config/schema';
import type { Database, Queryable } from '../../../db/types';
import { JobLock, runExclusive } from '../../../db/locks';
import { ApiError } from '../../../platform/apiError';
import { drawNumbers } from './drawNumbers';
import {
  drawVnResult,
  specialPrize,
  type VnResult,
  vnFormatOf,
} from '../../../../src/shared/vnLotto';
import { randomInt } from 'node:crypto';

/**
 * The demo vendor's number-draw lottery on a schedule (issue 16). Every lottery game (a game
 * with a lottery group) has one draw per period of its interval; when a period closes,
 * `openDueDraws` opens it: draws its numbers and stores them. Periods that closed while no
 * server ran are caught up, at most CATCH_UP per game (older ones are skipped, not invented).
 */
const CATCH_UP = 10;

type LotteryConfig = PlatformConfig['lottery'];

/**
 * How often a game draws, in seconds: its own cadence when the catalogue gives it one (issue 32:
 * `drawSeconds`, the cadence its name states, which no configuration overrides), else its
 * group's configured interval, else the configured default.
 */
export function intervalOf(
  config: LotteryConfig,
  group: string,
  drawSeconds: number | null = null,
): number {
  return drawSeconds ?? config.groupIntervals[group] ?? config.drawIntervalSeconds;
}

interface LotteryGameRow {
  node_id: string;
  lottery_group: string;
  draw_seconds: number | null;
  last_opens_at: Date | string | null;
  last_closes_at: Date | string | null;
}

const seconds = (value: Date | string) => new Date(value).getTime() / 1000;

/** Opens every period that has closed; returns how many draws were opened. */
export async function openDueDraws(
  db: Database,
  config: LotteryConfig,
  now = new Date(),
): Promise<number> {
  const run = await runExclusive(db, JobLock.lotteryDraws, async (tx) => {
    const games = await tx.query<LotteryGameRow>(
      `select g.node_id, g.lottery_group, g.draw_seconds,
         d.opens_at as last_opens_at, d.closes_at as last_closes_at
       from games g
       left join lateral (select opens_at, closes_at from lottery_draws
                           where node_id = g.node_id order by closes_at desc limit 1) d on true
       where g.enabled and g.lottery_group is not null and g.engine = 'draw'
       order by g.node_id`,
    );
    // A game whose interval changed (a new catalogue cadence, a configuration change) starts
    // again on its new grid: its draws of another period length go, since the new periods'
    // numeros would collide with theirs on the same day and never open.
    const regridded = games.filter(
      (game) =>
        game.last_opens_at !== null &&
        game.last_closes_at !== null &&
        seconds(game.last_closes_at) - seconds(game.last_opens_at) !==
          intervalOf(config, game.lottery_group, game.draw_seconds),
    );
    if (regridded.length > 0) {
      await tx.query(
        `delete from lottery_draws d
         using jsonb_to_recordset($1::jsonb) as g (node text, seconds integer)
         where d.node_id = g.node and d.closes_at - d.opens_at <> make_interval(secs => g.seconds)`,
        [
          JSON.stringify(
            regridded.map((game) => ({
              node: game.node_id,
              seconds: intervalOf(config, game.lottery_group, game.draw_seconds),
            })),
          ),
        ],
      );
      for (const game of regridded) game.last_closes_at = null;
    }
    let opened = 0;
    // Every due period of every game in one statement: the job holds PGlite's one connection
    // for as short a time as it can (a fresh database catches up hundreds of draws at start).
    const due: {
      node: string;
      numero: string;
      opens: string;
      closes: string;
      numbers: string;
      prizes: VnResult | null;
    }[] = [];
    for (const game of games) {
      const interval = intervalOf(config, game.lottery_group, game.draw_seconds);
      // The last closed period starts one interval before the current one.
      const current = periodAt(interval, now);
      const lastStart = current.opensAt.getTime() / 1000 - interval;
      const stored = game.last_closes_at ? seconds(game.last_closes_at) : null;
      const first = Math.max(
        stored ?? -Infinity, // the period after the last stored one starts at its close
        lastStart - (CATCH_UP - 1) * interval,
      );
      for (let start = first - (first % interval); start <= lastStart; start += interval) {
        const period = periodStarting(interval, start);
        // A Vietnamese lottery draws every prize tier of its format (issue 34); its numbers
        // are the special prize's digits.
        const format = vnFormatOf(game.lottery_group);
        const prizes = format ? drawVnResult(format, () => randomInt(10)) : null;
        due.push({
          node: game.node_id,
          numero: period.numero,
          opens: period.opensAt.toISOString(),
          closes: period.closesAt.toISOString(),
          numbers: prizes
            ? specialPrize(prizes).split('').join(',')
            : drawNumbers(drawShapeOf(game.lottery_group)).join(','),
          prizes,
        });
      }
    }
    if (due.length > 0) {
      const rows = await tx.query(
        `insert into lottery_draws (node_id, numero, opens_at, closes_at, numbers, prizes)
         select node, numero, opens, closes, string_to_array(numbers, ',')::smallint[], prizes
           from jsonb_to_recordset($1::jsonb)
             as due(node text, numero text, opens timestamptz, closes timestamptz, numbers text,
               prizes jsonb)
         on conflict do nothing returning 1`,
        [JSON.stringify(due)],
      );
      opened = rows.length;
    }
    await tx.query(
      `delete from lottery_draws where closes_at < $1::timestamptz - make_interval(days => $2)`,
      [now, config.keepDays],
    );
    return opened;
  });
  return run.ran ? run.result : 0;
}

/** The intervals the enabled lottery games draw at (the configured default always among them). */
export async function drawIntervals(db: Queryable, config: LotteryConfig): Promise<number[]> {
  const rows = await db.query<{ lottery_group: string; draw_seconds: number | null }>(
    `select distinct lottery_group, draw_seconds from games
     where enabled and lottery_group is not null and engine = 'draw'`,
  );
  const intervals = rows.map((row) => intervalOf(config, row.lottery_group, row.draw_seconds));
  return [...new Set([config.drawIntervalSeconds, ...intervals])].sort((a, b) => a - b);
}

/** When the next period of any of these intervals closes: the draw timer wakes then. */
export function nextDrawAt(intervals: readonly number[], now = new Date()): Date {
  return new Date(
    Math.min(...intervals.map((interval) => periodAt(interval, now).closesAt.getTime())),
  );
}

const iso = (value: Date | string) => new Date(value).toISOString();
/** A smallint[] column as numbers (an array, or its text on some paths). */
export const numbersOf = (value: number[] | string): number[] =>
  typeof value === 'string'
    ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
    : value.map(Number);

const NAME_SQL = `coalesce(ln.name, en.name) as game_name`;
const NAME_JOINS = `join game_names en on en.node_id = g.node_id and en.language = 'EN'
  left join game_names ln on ln.node_id = g.node_id and ln.language = $2`;

/** The lottery lobby of a vendor: each game's draw open now and its last opened draw. */
export async function lobbyInfo(
  db: Queryable,
  config: LotteryConfig,
  vendor: string,
  language: string,
  now = new Date(),
): Promise<LobbyGame[]> {
  const rows = await db.query<{
    node_id: string;
    game_name: string;
    group_code: string;
    group_names: Record<string, string> | string;
    draw_seconds: number | null;
    numero: string | null;
    numbers: number[] | string | null;
    opened_at: Date | string | null;
  }>(
    `select g.node_id, ${NAME_SQL}, lg.code as group_code, lg.names as group_names,
       g.draw_seconds, d.numero, d.numbers, d.opened_at
     from games g
     join lottery_groups lg on lg.code = g.lottery_group
     ${NAME_JOINS}
     left join lateral (select numero, numbers, opened_at from lottery_draws
                         where node_id = g.node_id order by closes_at desc limit 1) d on true
     where g.enabled and g.vendor = $1 and g.engine = 'draw'
     order by lg.sort, g.sort, g.node_id`,
    [vendor, language],
  );
  return rows.map((row) => {
    const interval = intervalOf(config, row.group_code, row.draw_seconds);
    const current = periodAt(interval, now);
    const names =
      typeof row.group_names === 'string'
        ? (JSON.parse(row.group_names) as Record<string, string>)
        : row.group_names;
    return {
      gameCode: row.node_id,
      gameName: row.game_name,
      groupCode: row.group_code,
      groupName: names[language] ?? names.EN ?? row.group_code,
      intervalSeconds: interval,
      current: { numero: current.numero, closesAt: current.closesAt.toISOString() },
      last:
        row.numero === null
          ? null
          : { numero: row.numero, numbers: numbersOf(row.numbers!), openedAt: iso(row.opened_at!) },
    };
  });
}

type DrawRow = {
  node_id: string;
  game_name: string;
  numero: string;
  numbers: number[] | string;
  opened_at: Date | string;
};
const toOpened = (row: DrawRow): OpenedDraw => ({
  gameCode: row.node_id,
  gameName: row.game_name,
  numero: row.numero,
  numbers: numbersOf(row.numbers),
  openedAt: iso(row.opened_at),
});

/** Recent results: the last opened draw of each of the vendor's games, newest first. */
export async function recentResults(
  db: Queryable,
  vendor: string,
  language: string,
): Promise<OpenedDraw[]> {
  const rows = await db.query<DrawRow>(
    `select g.node_id, ${NAME_SQL}, d.numero, d.numbers, d.opened_at
     from games g
     ${NAME_JOINS}
     join lateral (select numero, numbers, opened_at, closes_at from lottery_draws
                    where node_id = g.node_id order by closes_at desc limit 1) d on true
     where g.enabled and g.vendor = $1 and g.lottery_group is not null
     order by d.closes_at desc, g.sort, g.node_id`,
    [vendor, language],
  );
  return rows.map(toOpened);
}

/** A lottery game by its code (a game of a lottery group), or 404. */
async function lotteryGame(db: Queryable, gameCode: string): Promise<void> {
  const [row] = await db.query(
    'select 1 from games where node_id = $1 and enabled and lottery_group is not null',
    [gameCode],
  );
  if (!row) throw new ApiError(404, 'game_not_found', 'This game is not available.');
}

/** A game's opened draws, newest first (GET /lgw/vn/numeros/opened/game). */
export async function openedDraws(
  db: Queryable,
  gameCode: string,
  language: string,
  limit: number,
): Promise<OpenedDraw[]> {
  await lotteryGame(db, gameCode);
  const rows = await db.query<DrawRow>(
    `select g.node_id, ${NAME_SQL}, d.numero, d.numbers, d.opened_at
     from lottery_draws d join games g on g.node_id = d.node_id
     ${NAME_JOINS}
     where d.node_id = $1 order by d.closes_at desc limit $3`,
    [gameCode, language, limit],
  );
  return rows.map(toOpened);
}

/** One opened draw by its numero, or the game's latest (GET /lotto/lgw/games/opened/numero). */
export async function openedNumero(
  db: Queryable,
  gameCode: string,
  numero: string | null,
  language: string,
): Promise<OpenedDraw> {
  await lotteryGame(db, gameCode);
  const [row] = await db.query<DrawRow>(
    `select g.node_id, ${NAME_SQL}, d.numero, d.numbers, d.opened_at
     from lottery_draws d join games g on g.node_id = d.node_id
     ${NAME_JOINS}
     where d.node_id = $1 and ($3::text is null or d.numero = $3)
     order by d.closes_at desc limit 1`,
    [gameCode, language, numero],
  );
  if (!row) {
    throw new ApiError(
      404,
      'draw_not_opened',
      numero ? `Draw ${numero} has not been opened.` : 'No draw of this game has been opened yet.',
    );
  }
  return toOpened(row);
}

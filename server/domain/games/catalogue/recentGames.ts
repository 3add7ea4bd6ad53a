import type { GameItem } from '../../../../src/shared/games';
import type { Queryable } from '../../../db/types';
import { gameRowsSql, type GameRow, toGameItem } from './gameItems';

/** How many recent games a member keeps (and GCS_recentGame lists). */
export const RECENT_GAMES_LIMIT = 20;

/**
 * Called by the launch: the member played `nodeId` now. Keeps the newest 20 per member; an
 * unknown nodeId is ignored (the launch has checked it already).
 */
export async function recordRecentGame(
  db: Queryable,
  memberId: string,
  nodeId: string,
): Promise<void> {
  await db.query(
    `insert into recent_games (member_id, node_id, played_at, play_order)
     select $1, node_id, clock_timestamp(), nextval('recent_game_plays') from games
     where node_id = $2
     on conflict (member_id, node_id) do update
       set played_at = excluded.played_at, play_order = excluded.play_order`,
    [memberId, nodeId],
  );
  await db.query(
    `delete from recent_games where member_id = $1 and node_id not in (
       select node_id from recent_games where member_id = $1
       order by play_order desc limit $2)`,
    [memberId, RECENT_GAMES_LIMIT],
  );
}

/** GCS_recentGame: the member's recent games, newest first; `vendor` narrows to one vendor. */
export async function recentGames(
  db: Queryable,
  memberId: string,
  language: string,
  vendor: string | null = null,
): Promise<GameItem[]> {
  const rows = await db.query<GameRow>(
    `${gameRowsSql('$2')}
     join recent_games r on r.node_id = g.node_id and r.member_id = $1
     where g.enabled and ($3::text is null or g.vendor = $3::text)
     order by r.play_order desc limit $4`,
    [memberId, language, vendor, RECENT_GAMES_LIMIT],
  );
  return rows.map(toGameItem);
}

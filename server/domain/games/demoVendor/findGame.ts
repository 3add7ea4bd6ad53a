import type { Queryable } from '../../../db/types';
import { ApiError } from '../../../platform/apiError';
import type { LaunchedGame } from './launches';

/**
 * The catalogue game a launch opens, with its name in the player's language (English when it
 * has none). A lottery launch names a game code instead of a node id; a launch naming neither
 * opens the vendor's first game.
 */
export async function findLaunchableGame(
  db: Queryable,
  request: { nodeId: string | null; vendor: string; language: string },
): Promise<LaunchedGame> {
  const [row] = await db.query<{
    node_id: string;
    vendor: string;
    engine: 'slot' | 'draw';
    name: string;
  }>(
    `select g.node_id, g.vendor, g.engine,
       coalesce(local.name, english.name, g.node_id) as name
     from games g
     left join game_names local on local.node_id = g.node_id and local.language = $3
     left join game_names english on english.node_id = g.node_id and english.language = 'EN'
     where g.vendor = $2 and ($1::text is null or g.node_id = $1) and g.enabled
     order by g.sort, g.node_id limit 1`,
    [request.nodeId, request.vendor, request.language.toUpperCase()],
  );
  if (!row) throw new ApiError(404, 'game_not_found', 'This game is not available.');
  return { nodeId: row.node_id, vendor: row.vendor, gameName: row.name, engine: row.engine };
}

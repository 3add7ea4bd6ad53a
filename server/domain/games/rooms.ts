import { ROOM_PRESENCE_MINUTES, type GameRoom, type RoomCategory } from '../../../src/shared/rooms';
import type { Queryable } from '../../db/types';

/**
 * The rooms of the live and PVP games (GLS2_roomList, issue 16): one room per game, its
 * capacity from the configuration, its occupancy the distinct members with a real launch of
 * that game opened in the last ROOM_PRESENCE_MINUTES and not expired. Free trials take no seat.
 */
export async function roomList(
  db: Queryable,
  options: {
    categories: readonly RoomCategory[];
    vendor: string | null;
    language: string;
    capacity: Record<RoomCategory, number>;
    pageNo: number;
    pageSize: number;
  },
): Promise<{ rooms: GameRoom[]; total: number }> {
  const rows = await db.query<{
    node_id: string;
    vendor: string;
    game_type: RoomCategory;
    game_name: string;
    occupied: number;
    total: number;
  }>(
    `select g.node_id, g.vendor, g.game_type, coalesce(ln.name, en.name) as game_name,
       (select count(distinct l.member_id)::int from game_launches l
         where l.node_id = g.node_id and not l.demo and l.member_id is not null
           and l.expires_at > now()
           and l.created_at > now() - make_interval(mins => $6)) as occupied,
       count(*) over ()::int as total
     from games g
     join game_names en on en.node_id = g.node_id and en.language = 'EN'
     left join game_names ln on ln.node_id = g.node_id and ln.language = $3
     where g.enabled and g.game_type = any(string_to_array($1, ','))
       and ($2::text is null or g.vendor = $2)
     order by g.game_type, g.sort, g.node_id
     limit $4 offset $5`,
    [
      options.categories.join(','),
      options.vendor,
      options.language,
      options.pageSize,
      (options.pageNo - 1) * options.pageSize,
      ROOM_PRESENCE_MINUTES,
    ],
  );
  return {
    total: rows[0]?.total ?? 0,
    rooms: rows.map((row) => {
      const capacity = options.capacity[row.game_type];
      return {
        roomId: `${row.node_id}-1`,
        nodeId: row.node_id,
        gameName: row.game_name,
        vassalage: row.vendor,
        gameType: row.game_type,
        capacity,
        occupied: Math.min(row.occupied, capacity),
        full: row.occupied >= capacity,
      };
    }),
  };
}

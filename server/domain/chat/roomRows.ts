import type { ChatRoomView } from '../../../src/shared/chat';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';

/**
 * A chat room's row (issue 16): who may ask for one, its columns, its view on the wire, and
 * reading it for a participant (its own member or guest, or any support staff).
 */

/** Who is asking: the room's player (a member or a guest) or support staff. */
export type ChatParticipant =
  | { kind: 'member'; memberId: string }
  | { kind: 'guest'; keyHash: Buffer }
  | { kind: 'staff'; staffId: string };

/** A `chat_rooms` row as ROOM_COLUMNS reads it. */
export interface RoomRow {
  id: string;
  token: string;
  member_id: string | null;
  status: 'open' | 'closed';
  last_seq: number;
  player_read_seq: number;
  staff_read_seq: number;
  version: string;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
}

/** The columns of a room row, selected from `chat_rooms r`. */
export const ROOM_COLUMNS = `r.id::text, r.token, r.member_id::text, r.status, r.last_seq,
  r.player_read_seq, r.staff_read_seq, r.version::text, r.created_at, r.updated_at, r.closed_at`;

/** An instant as the wire spells it (ISO 8601, UTC). */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** A room as its participants see it. */
export function roomView(row: RoomRow): ChatRoomView {
  return {
    room: row.token,
    status: row.status,
    lastSeq: Number(row.last_seq),
    playerReadSeq: Number(row.player_read_seq),
    staffReadSeq: Number(row.staff_read_seq),
    createdAt: iso(row.created_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
  };
}

const roomNotFound = () =>
  new ApiError(404, 'chat_room_not_found', 'No such chat room (or it is not yours).');

/**
 * The room `token` names, if the participant may see it: its own member or guest, or any
 * support staff. Someone else's room and a room that does not exist answer alike (404).
 */
export async function roomFor(
  db: Queryable,
  token: string,
  who: ChatParticipant,
  options: { lock?: boolean } = {},
): Promise<RoomRow> {
  const [row] = await db.query<RoomRow>(
    `select ${ROOM_COLUMNS} from chat_rooms r
     where r.token = $1
       and ($2::text = 'staff'
         or ($2::text = 'member' and r.member_id = $3::bigint)
         or ($2::text = 'guest' and r.guest_key_hash = $4::bytea))
     ${options.lock ? 'for update' : ''}`,
    [
      token,
      who.kind,
      who.kind === 'member' ? who.memberId : null,
      who.kind === 'guest' ? who.keyHash : null,
    ],
  );
  if (!row) throw roomNotFound();
  return row;
}

import { CHAT_RETENTION_DAYS, type ChatRoomView } from '../../../src/shared/chat';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { ROOM_COLUMNS, roomFor, type RoomRow, roomView } from './roomRows';

/**
 * Chat rooms and their messages (issue 16): one open room per member (or guest key), messages
 * numbered 1, 2, 3, … per room under the room's row lock, so a client that missed some asks for
 * those after the last it holds. Every write returns what the realtime layer publishes once the
 * transaction committed.
 *
 * This module closes rooms and forgets old ones, and exports the rest, kept by subject: a
 * room's row and who may read it (`roomRows.ts`), launching a chat (`launch.ts`), messages and
 * read marks (`messages.ts`), and the console's list (`roomList.ts`).
 */

export { guestKeyHash, guestKeyKnown, launchGuestChat, launchMemberChat } from './launch';
export { chatImage, history, markRead, type PostedMessage, postMessage } from './messages';
export { roomSummaries } from './roomList';
export { type ChatParticipant, roomFor, type RoomRow, roomView } from './roomRows';

/** Support staff close a chat: read-only from then on; the player's next launch opens a new one. */
export async function closeRoom(
  db: Queryable,
  token: string,
  staffId: string,
): Promise<{ room: ChatRoomView; roomId: string }> {
  const room = await roomFor(db, token, { kind: 'staff', staffId });
  const [updated] = await db.query<RoomRow>(
    `update chat_rooms r set status = 'closed', closed_at = now(), closed_by = $2,
       version = nextval('chat_room_versions'), updated_at = now()
     where id = $1 and status = 'open' returning ${ROOM_COLUMNS}`,
    [room.id, staffId],
  );
  if (!updated) throw new ApiError(409, 'chat_room_closed', 'This chat is already closed.');
  return { room: roomView(updated), roomId: updated.id };
}

/**
 * Retention (docs/decisions.md): a closed chat is deleted with its messages and pictures
 * CHAT_RETENTION_DAYS after it closed; a guest's room where nothing was ever said, after a day.
 * A guest's chat quiet for a day is closed (a guest cannot come back to it from another
 * browser, and open ones left by guests would crowd the console's list); a member's stays open
 * until the staff close it.
 */
export async function forgetOldChats(db: Queryable): Promise<number> {
  await db.query(
    `update chat_rooms set status = 'closed', closed_at = now(),
       version = nextval('chat_room_versions')
     where status = 'open' and guest_key_hash is not null and last_seq > 0
       and updated_at < now() - interval '1 day'`,
  );
  const rows = await db.query<{ id: string }>(
    `delete from chat_rooms
     where (status = 'closed' and closed_at < now() - make_interval(days => $1))
        or (guest_key_hash is not null and last_seq = 0 and created_at < now() - interval '1 day')
     returning id::text`,
    [CHAT_RETENTION_DAYS],
  );
  return rows.length;
}

import {
  CHAT_HISTORY_PAGE,
  type ChatAuthor,
  type ChatHistory,
  type ChatMessage,
  type ChatRoomView,
  type ChatSide,
  normalizeChatText,
} from '../../../src/shared/chat';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import type { CleanImage } from '../uploads/cleanImage';
import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';
import {
  type ChatParticipant,
  iso,
  ROOM_COLUMNS,
  roomFor,
  type RoomRow,
  roomView,
} from './roomRows';

/**
 * A chat room's messages (issue 16): numbered 1, 2, 3, … per room under the room's row lock,
 * read a page at a time after the last one a client holds; each side's read mark; pictures.
 */

interface MessageRow {
  id: string;
  seq: number;
  author: ChatAuthor;
  display_name: string | null;
  kind: 'text' | 'image';
  body: string | null;
  client_id: string | null;
  created_at: Date;
  width: number | null;
  height: number | null;
}

const MESSAGE_COLUMNS = `m.id::text, m.seq, m.author, st.display_name, m.kind, m.body,
  m.client_id, m.created_at, i.width, i.height`;
const MESSAGE_JOINS = `left join support_staff st on st.id = m.staff_id
  left join chat_images i on i.message_id = m.id`;

function messageView(room: string, row: MessageRow): ChatMessage {
  return {
    id: row.id,
    room,
    seq: Number(row.seq),
    author: row.author,
    authorName: row.author === 'staff' ? row.display_name : null,
    kind: row.kind,
    text: row.body,
    image:
      row.kind === 'image'
        ? { id: row.id, width: Number(row.width), height: Number(row.height) }
        : null,
    clientId: row.client_id,
    createdAt: iso(row.created_at),
  };
}

/** Messages after `after`, oldest first, a page at a time, with the room as it is now. */
export async function history(
  db: Queryable,
  room: RoomRow,
  after: number,
  limit = CHAT_HISTORY_PAGE,
): Promise<ChatHistory> {
  const rows = await db.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} from chat_messages m ${MESSAGE_JOINS}
     where m.room_id = $1 and m.seq > $2 order by m.seq limit $3`,
    [room.id, after, limit + 1],
  );
  return {
    room: roomView(room),
    messages: rows.slice(0, limit).map((row) => messageView(room.token, row)),
    hasMore: rows.length > limit,
  };
}

const authorOf = (who: ChatParticipant): ChatAuthor =>
  who.kind === 'staff' ? 'staff' : who.kind === 'member' ? 'member' : 'guest';
const sideOf = (who: ChatParticipant): ChatSide => (who.kind === 'staff' ? 'staff' : 'player');

export interface PostedMessage {
  message: ChatMessage;
  room: ChatRoomView;
  roomId: string;
  /** False when the message was already stored under its client id (a resend): nothing new. */
  created: boolean;
}

/**
 * Stores one message at the room's next seq, under the room's row lock (so seqs have no gap and
 * no two messages share one). A resend with a client id already stored answers that message.
 * The sender's read mark moves to its own message.
 */
export async function postMessage(
  deps: Pick<Platform, 'db' | 'changes'>,
  token: string,
  who: ChatParticipant,
  content:
    { text: string; clientId: string | null } | { image: CleanImage; clientId: string | null },
): Promise<PostedMessage> {
  const author = authorOf(who);
  return commit(deps, async (work) => {
    const { tx } = work;
    const room = await roomFor(tx, token, who, { lock: true });
    if (content.clientId) {
      const [existing] = await tx.query<MessageRow>(
        `select ${MESSAGE_COLUMNS} from chat_messages m ${MESSAGE_JOINS}
         where m.room_id = $1 and m.author = $2 and m.client_id = $3`,
        [room.id, author, content.clientId],
      );
      if (existing) {
        return {
          message: messageView(room.token, existing),
          room: roomView(room),
          roomId: room.id,
          created: false,
        };
      }
    }
    if (room.status !== 'open') {
      throw new ApiError(409, 'chat_room_closed', 'This chat was closed. Start a new one.');
    }
    const readColumn = sideOf(who) === 'staff' ? 'staff_read_seq' : 'player_read_seq';
    const [updated] = await tx.query<RoomRow>(
      `update chat_rooms r set last_seq = last_seq + 1, ${readColumn} = last_seq + 1,
         version = nextval('chat_room_versions'), updated_at = now()
       where id = $1 returning ${ROOM_COLUMNS}`,
      [room.id],
    );
    const seq = Number(updated!.last_seq);
    const text = 'text' in content ? normalizeChatText(content.text) : null;
    const [inserted] = await tx.query<{ id: string }>(
      `insert into chat_messages (room_id, seq, author, staff_id, kind, body, client_id)
       values ($1, $2, $3, $4, $5, $6, $7) returning id::text`,
      [
        room.id,
        seq,
        author,
        who.kind === 'staff' ? who.staffId : null,
        text === null ? 'image' : 'text',
        text,
        content.clientId,
      ],
    );
    if ('image' in content) {
      await tx.query(
        `insert into chat_images (message_id, content_type, width, height, bytes)
         values ($1, $2, $3, $4, $5)`,
        [
          inserted!.id,
          content.image.type,
          content.image.width,
          content.image.height,
          content.image.bytes,
        ],
      );
    }
    const [row] = await tx.query<MessageRow>(
      `select ${MESSAGE_COLUMNS} from chat_messages m ${MESSAGE_JOINS} where m.id = $1`,
      [inserted!.id],
    );
    const message = messageView(room.token, row!);
    // Published once committed: both sides' open chats and the console's room list.
    work.changed('chat', { kind: 'message', message, room: roomView(updated!), roomId: room.id });
    return { message, room: roomView(updated!), roomId: room.id, created: true };
  });
}

/**
 * Moves one side's read mark forward to `seq` (read receipts). A mark never goes back; a seq
 * past the room's last message is refused. Answers the room when the mark moved, else null.
 */
export async function markRead(
  db: Queryable,
  token: string,
  who: ChatParticipant,
  seq: number,
): Promise<{ room: ChatRoomView; roomId: string; side: ChatSide } | null> {
  const room = await roomFor(db, token, who);
  if (!Number.isInteger(seq) || seq < 0 || seq > Number(room.last_seq)) {
    throw new ApiError(400, 'chat_seq_invalid', 'No such message in this chat.');
  }
  const side = sideOf(who);
  const column = side === 'staff' ? 'staff_read_seq' : 'player_read_seq';
  const [updated] = await db.query<RoomRow>(
    `update chat_rooms r set ${column} = $2, version = nextval('chat_room_versions')
     where id = $1 and ${column} < $2 and $2 <= last_seq returning ${ROOM_COLUMNS}`,
    [room.id, seq],
  );
  return updated ? { room: roomView(updated), roomId: updated.id, side } : null;
}

/** A picture of a room's message, for the room's participants. */
export async function chatImage(
  db: Queryable,
  room: RoomRow,
  messageId: string,
): Promise<{ type: string; bytes: Uint8Array } | null> {
  const [row] = await db.query<{ type: string; bytes: Uint8Array }>(
    `select i.content_type as type, i.bytes from chat_images i
     join chat_messages m on m.id = i.message_id
     where m.room_id = $1 and i.message_id = $2`,
    [room.id, messageId],
  );
  return row ?? null;
}

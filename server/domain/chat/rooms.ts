import { randomBytes } from 'node:crypto';
import {
  CHAT_HISTORY_PAGE,
  CHAT_RETENTION_DAYS,
  type ChatAuthor,
  type ChatHistory,
  type ChatMessage,
  type ChatRoomView,
  type ChatSide,
  chatUrlOf,
  guestLabel,
  type LaunchChatResult,
  normalizeChatText,
  type SupportRoomSummary,
} from '../../../src/shared/chat';
import type { Queryable } from '../../db/types';
import { ApiError } from '../../platform/apiError';
import { sha256 } from '../identity/secrets';
import type { CleanImage } from '../uploads/cleanImage';
import type { Platform } from '../../platform/platform';
import { commit } from '../../platform/unitOfWork';

/**
 * Chat rooms and their messages (issue 16): one open room per member (or guest key), messages
 * numbered 1, 2, 3, … per room under the room's row lock, so a client that missed some asks for
 * those after the last it holds. Every write returns what the realtime layer publishes once the
 * transaction committed.
 */

/** Who is asking: the room's player (a member or a guest) or support staff. */
export type ChatParticipant =
  | { kind: 'member'; memberId: string }
  | { kind: 'guest'; keyHash: Buffer }
  | { kind: 'staff'; staffId: string };

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

const ROOM_COLUMNS = `r.id::text, r.token, r.member_id::text, r.status, r.last_seq,
  r.player_read_seq, r.staff_read_seq, r.version::text, r.created_at, r.updated_at, r.closed_at`;

const iso = (value: Date | string) => new Date(value).toISOString();

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

/** A room's public id: 16 random bytes, 22 URL-safe characters. */
const newRoomToken = () => randomBytes(16).toString('base64url');
/** A guest's key: 32 random bytes, 43 URL-safe characters; only its hash is stored. */
const newGuestKey = () => randomBytes(32).toString('base64url');

export const guestKeyHash = (key: string) => sha256(`chat-guest:${key}`);

/**
 * Spec 7 `CBS_launchChat` for a member: its open room, or a new one. Two launches at once find
 * the same room (the unique index of open rooms, and `on conflict do nothing`).
 */
export async function launchMemberChat(db: Queryable, memberId: string): Promise<LaunchChatResult> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [open] = await db.query<{ token: string }>(
      `select token from chat_rooms where member_id = $1 and status = 'open'`,
      [memberId],
    );
    if (open) return { chatUrl: chatUrlOf(open.token), room: open.token, guestKey: null };
    const [made] = await db.query<{ token: string }>(
      `insert into chat_rooms (token, member_id) values ($1, $2)
       on conflict (member_id) where status = 'open' and member_id is not null do nothing
       returning token`,
      [newRoomToken(), memberId],
    );
    if (made) return { chatUrl: chatUrlOf(made.token), room: made.token, guestKey: null };
  }
  throw new ApiError(409, 'chat_busy', 'Please try again.');
}

/** Whether a guest key was given by this server (a room was made for it once). */
export async function guestKeyKnown(db: Queryable, key: string): Promise<boolean> {
  const rows = await db.query('select 1 from chat_rooms where guest_key_hash = $1 limit 1', [
    guestKeyHash(key),
  ]);
  return rows.length > 0;
}

/**
 * `CBS_launchChat` for a guest: with the key its browser keeps, its open room (or a new one
 * for the same key after the last was closed); without one, a new key and room (the caller
 * counts those per address). The key is answered only when it is new.
 */
export async function launchGuestChat(
  db: Queryable,
  key: string | null,
): Promise<LaunchChatResult> {
  const guestKey = key ?? newGuestKey();
  const hash = guestKeyHash(guestKey);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [open] = await db.query<{ token: string }>(
      `select token from chat_rooms where guest_key_hash = $1 and status = 'open'`,
      [hash],
    );
    const answer = (token: string) => ({
      chatUrl: chatUrlOf(token),
      room: token,
      guestKey: key ? null : guestKey,
    });
    if (open) return answer(open.token);
    const [made] = await db.query<{ token: string }>(
      `insert into chat_rooms (token, guest_key_hash) values ($1, $2)
       on conflict (guest_key_hash) where status = 'open' and guest_key_hash is not null
       do nothing returning token`,
      [newRoomToken(), hash],
    );
    if (made) return answer(made.token);
  }
  throw new ApiError(409, 'chat_busy', 'Please try again.');
}

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

interface SummaryRow extends RoomRow {
  account: string | null;
  nickname: string | null;
  last_author: ChatAuthor | null;
  last_kind: 'text' | 'image' | null;
  last_body: string | null;
  last_at: Date | null;
  unread: number;
}

/** The first characters of a text, for the console's list. */
const PREVIEW_CHARACTERS = 80;

function summaryView(row: SummaryRow): SupportRoomSummary {
  const preview = row.last_body === null ? null : [...row.last_body].slice(0, PREVIEW_CHARACTERS);
  return {
    ...roomView(row),
    party:
      row.member_id !== null
        ? { kind: 'member', account: row.account, nickname: row.nickname, label: row.account ?? '' }
        : { kind: 'guest', account: null, nickname: null, label: guestLabel(row.token) },
    last:
      row.last_author && row.last_kind && row.last_at
        ? {
            author: row.last_author,
            kind: row.last_kind,
            preview:
              preview === null
                ? null
                : preview.join('') + (preview.length === PREVIEW_CHARACTERS ? '…' : ''),
            at: iso(row.last_at),
          }
        : null,
    unread: Number(row.unread),
    version: Number(row.version),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * The console's list: rooms with who they are with (account and nickname, nothing else of the
 * member), the newest message and the player's messages not read by staff. Open ones, newest
 * activity first; or one room by id.
 */
export async function roomSummaries(
  db: Queryable,
  filter: { status?: 'open' | 'closed'; roomId?: string; limit?: number },
): Promise<SupportRoomSummary[]> {
  const rows = await db.query<SummaryRow>(
    `select ${ROOM_COLUMNS}, mb.account, mb.nickname,
       last.author as last_author, last.kind as last_kind, last.body as last_body,
       last.created_at as last_at,
       (select count(*)::int from chat_messages u
        where u.room_id = r.id and u.author <> 'staff' and u.seq > r.staff_read_seq) as unread
     from chat_rooms r
     left join members mb on mb.id = r.member_id
     left join lateral (
       select m.author, m.kind, m.body, m.created_at from chat_messages m
       where m.room_id = r.id order by m.seq desc limit 1
     ) last on true
     where ($1::text is null or r.status = $1::text)
       and ($2::bigint is null or r.id = $2::bigint)
       and (r.last_seq > 0 or $2::bigint is not null)
     order by r.updated_at desc, r.id desc limit $3`,
    [filter.status ?? null, filter.roomId ?? null, filter.limit ?? 100],
  );
  return rows.map(summaryView);
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

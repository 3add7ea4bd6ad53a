import { type ChatAuthor, guestLabel, type SupportRoomSummary } from '../../../src/shared/chat';
import type { Queryable } from '../../db/types';
import { iso, ROOM_COLUMNS, type RoomRow, roomView } from './roomRows';

/**
 * The support console's list of chat rooms (issue 16): who each is with, its newest message and
 * what the staff have not read.
 */

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

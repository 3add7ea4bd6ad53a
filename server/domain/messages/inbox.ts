import type {
  MessageContent,
  MessagePage,
  MessageSelection,
  MessageView,
  NoticeParams,
} from '../../../src/shared/messages';
import type { Queryable } from '../../db/types';

interface MessageRow {
  id: string;
  kind: 'notice' | 'upline';
  topic: string | null;
  params: unknown;
  sender: string | null;
  subject: string | null;
  body: string | null;
  created_at: Date;
  read: boolean;
}

/** jsonb comes back parsed on both engines; a text column would not, so accept both. */
const parsed = (value: unknown): unknown =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : value;

function contentOf(row: MessageRow): MessageContent {
  if (row.kind === 'upline') {
    return { kind: 'upline', sender: row.sender ?? '', subject: row.subject!, body: row.body! };
  }
  // The topics are written by notices.ts only; the params are its own objects.
  if (row.topic === 'salarySettled') {
    return {
      kind: 'notice',
      topic: 'salarySettled',
      params: parsed(row.params) as NoticeParams['salarySettled'],
    };
  }
  if (row.topic === 'feedbackAnswered') {
    return {
      kind: 'notice',
      topic: 'feedbackAnswered',
      params: parsed(row.params) as NoticeParams['feedbackAnswered'],
    };
  }
  return {
    kind: 'notice',
    topic: 'contract',
    params: parsed(row.params) as NoticeParams['contract'],
  };
}

export async function unreadCount(db: Queryable, memberId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from member_messages where member_id = $1 and read_at is null',
    [memberId],
  );
  return row?.count ?? 0;
}

/** One page of the member's inbox, newest first, with the totals the page shows. */
export async function listInbox(
  db: Queryable,
  memberId: string,
  query: { page: number; pageSize: number },
): Promise<MessagePage> {
  const rows = await db.query<MessageRow>(
    `select m.id::text, m.kind, m.topic, m.params, s.account as sender, m.subject, m.body,
       m.created_at, m.read_at is not null as read
     from member_messages m left join members s on s.id = m.sender_id
     where m.member_id = $1 order by m.id desc limit $2 offset $3`,
    [memberId, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const [totals] = await db.query<{ total: number; unread: number }>(
    `select count(*)::int as total, count(*) filter (where read_at is null)::int as unread
     from member_messages where member_id = $1`,
    [memberId],
  );
  return {
    items: rows.map((row): MessageView => ({
      ...contentOf(row),
      id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      read: row.read,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
    unread: totals?.unread ?? 0,
  };
}

/**
 * `and id in (…)` for the chosen messages (ids checked as digits at the edge, passed as one
 * comma list: the drivers take no array parameters); nothing more for every message.
 */
function selectionFilter(selection: MessageSelection): { sql: string; params: string[] } {
  return 'ids' in selection
    ? { sql: `and id = any(string_to_array($2, ',')::bigint[])`, params: [selection.ids.join(',')] }
    : { sql: '', params: [] };
}

/** Marks the member's chosen (or every) unread message read; answers how many changed. */
export async function markRead(
  db: Queryable,
  memberId: string,
  selection: MessageSelection,
): Promise<number> {
  const filter = selectionFilter(selection);
  const rows = await db.query<{ id: string }>(
    `update member_messages set read_at = now()
     where member_id = $1 and read_at is null ${filter.sql} returning id::text`,
    [memberId, ...filter.params],
  );
  return rows.length;
}

/** Deletes the member's chosen (or every) message; another member's ids match nothing. */
export async function removeMessages(
  db: Queryable,
  memberId: string,
  selection: MessageSelection,
): Promise<number> {
  const filter = selectionFilter(selection);
  const rows = await db.query<{ id: string }>(
    `delete from member_messages where member_id = $1 ${filter.sql} returning id::text`,
    [memberId, ...filter.params],
  );
  return rows.length;
}

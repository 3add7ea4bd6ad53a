-- Internal messages (issue 6; spec 2 messageV2 and the agent `messages` page): one inbox per
-- member. A `notice` is written by the platform in the transaction of what it tells (a contract
-- change, a salary settlement) and stored as a topic with parameters, so each reader sees it in
-- their own language; an `upline` message is plain text from an agent above the member.

create table member_messages (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  kind text not null check (kind in ('notice', 'upline')),
  -- notice: the topic of src/shared/messages.ts and its parameters.
  topic text,
  params jsonb,
  -- upline: who wrote it, and what.
  sender_id bigint references members (id),
  subject text,
  body text,
  -- An agent's send, once per request key (a retried send delivers nothing more).
  request_key text,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  check (
    (kind = 'notice' and topic is not null and params is not null and sender_id is null)
    or (kind = 'upline' and sender_id is not null and subject is not null and body is not null
        and request_key is not null)
  )
);
-- The inbox, newest first, and its unread count.
create index member_messages_inbox_idx on member_messages (member_id, id desc);
create index member_messages_unread_idx on member_messages (member_id) where read_at is null;
-- One delivery per member for one send.
create unique index member_messages_send_once_idx
  on member_messages (sender_id, request_key, member_id) where request_key is not null;

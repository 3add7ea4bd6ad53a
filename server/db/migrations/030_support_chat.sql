-- The built-in live chat with customer service (issue 16; spec 7 CBS_modelList, CBS_launchChat):
-- the support staff who answer in the operator console, their sessions, the chat rooms of
-- members and guests, the messages (plain text, or a picture stored here, already stripped of
-- its metadata by server/domain/uploads). Decisions: docs/decisions.md, "Live chat".

-- Support staff are not members: they log in to the console (/support) only, with their own
-- sessions, and no member call accepts their tokens (nor the console a member's).
create table support_staff (
  id bigint generated always as identity primary key,
  -- The login name, lower-case; players never see it (they see display_name).
  name text not null unique check (name ~ '^[a-z][a-z0-9_.-]{2,31}$'),
  display_name text not null check (char_length(display_name) between 1 and 40),
  password_hash text not null,
  status text not null default 'active' check (status in ('active', 'disabled')),
  -- The staff member's own switch in the console: available to answer, or away.
  available boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table support_sessions (
  id bigint generated always as identity primary key,
  staff_id bigint not null references support_staff (id),
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text
);
create index support_sessions_staff_idx on support_sessions (staff_id) where revoked_at is null;

-- Every change of a room takes the next value: the console's list merges summaries by it.
create sequence chat_room_versions;

create table chat_rooms (
  id bigint generated always as identity primary key,
  -- The room's public id (in /chat/<token>); knowing it does not open the room.
  token text not null unique,
  member_id bigint references members (id),
  -- A guest's room: the hash of the key its browser keeps.
  guest_key_hash bytea,
  status text not null default 'open' check (status in ('open', 'closed')),
  -- Messages get 1, 2, 3, … from here, taken under the room's row lock.
  last_seq integer not null default 0 check (last_seq >= 0),
  player_read_seq integer not null default 0,
  staff_read_seq integer not null default 0,
  version bigint not null default nextval('chat_room_versions'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_by bigint references support_staff (id),
  check (player_read_seq between 0 and last_seq),
  check (staff_read_seq between 0 and last_seq),
  check ((member_id is null) <> (guest_key_hash is null)),
  check ((status = 'closed') = (closed_at is not null))
);
-- One open chat per member and per guest key: launching again finds it.
create unique index chat_rooms_open_member on chat_rooms (member_id)
  where status = 'open' and member_id is not null;
create unique index chat_rooms_open_guest on chat_rooms (guest_key_hash)
  where status = 'open' and guest_key_hash is not null;
create index chat_rooms_member_idx on chat_rooms (member_id, id desc) where member_id is not null;
create index chat_rooms_status_idx on chat_rooms (status, updated_at desc);
create index chat_rooms_closed_idx on chat_rooms (closed_at) where status = 'closed';

create table chat_messages (
  id bigint generated always as identity primary key,
  room_id bigint not null references chat_rooms (id) on delete cascade,
  seq integer not null check (seq > 0),
  author text not null check (author in ('member', 'guest', 'staff')),
  staff_id bigint references support_staff (id),
  kind text not null check (kind in ('text', 'image')),
  -- Counted in user-perceived characters by the application (at most 1,000); this is the
  -- outer bound (a character may be several code points).
  body text check (char_length(body) between 1 and 10000),
  -- The sender's own id for the message: a resend after a dropped connection is stored once.
  client_id text check (client_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  created_at timestamptz not null default now(),
  unique (room_id, seq),
  check ((author = 'staff') = (staff_id is not null)),
  check ((kind = 'text') = (body is not null))
);
create unique index chat_messages_client_idx on chat_messages (room_id, author, client_id)
  where client_id is not null;

create table chat_images (
  message_id bigint primary key references chat_messages (id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  bytes bytea not null check (octet_length(bytes) between 1 and 5 * 1024 * 1024)
);

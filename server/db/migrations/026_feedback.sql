-- Feedback (issue 16; spec 5, `PUT /wps/feedback`): what a member tells the operator, with up to
-- three images, and the operator's answer (which also lands in the member's inbox as a notice).
-- The images are stored in the database (bytea) on both engines, already stripped of their
-- metadata (server/domain/uploads/cleanImage.ts): no folder to share between processes.

create table feedback (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  category text not null,
  -- Lengths are counted in user-perceived characters by the application; the checks here are
  -- the outer bound (an emoji can be several code points).
  text text not null check (char_length(text) between 1 and 1400),
  remark text check (char_length(remark) <= 1400),
  status text not null default 'open' check (status in ('open', 'answered')),
  answer text,
  answered_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'answered') = (answer is not null and answered_at is not null))
);
create index feedback_member_idx on feedback (member_id, id desc);
create index feedback_open_idx on feedback (id) where status = 'open';

create table feedback_images (
  feedback_id bigint not null references feedback (id) on delete cascade,
  position smallint not null check (position between 0 and 2),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  bytes bytea not null check (octet_length(bytes) between 1 and 5 * 1024 * 1024),
  primary key (feedback_id, position)
);

-- The per-member rate limit, reserved in one statement (an upsert that refuses past the limit)
-- in the transaction that stores the feedback: a refusal changes nothing.
create table feedback_quota (
  member_id bigint primary key references members (id),
  window_start timestamptz not null,
  used integer not null check (used >= 0)
);

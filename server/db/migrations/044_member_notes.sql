-- Staff notes on a member (issue 30, the back office's members page): appended, never edited
-- or removed (a correction is a new note), each naming who wrote it — as the audit trail does.
create table member_notes (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  body text not null check (char_length(body) between 1 and 1000),
  written_by text not null,
  created_at timestamptz not null default now()
);
create index member_notes_member_idx on member_notes (member_id, id desc);

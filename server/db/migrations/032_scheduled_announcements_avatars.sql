-- Issue 16. (1) A scheduled announcement's start and end reach open pages live: a job marks
-- when it told the pages (`start_told_at`, `end_told_at`), under its advisory lock, so each
-- transition is told once across processes. Creating one that starts at once, and ending one
-- by hand, tell the pages themselves: those rows count as told already.
-- (2) The member's avatar (GET /wps/member/info/icon): one of the site's set, by name; null is
-- the default picture.

alter table operator_announcements add column start_told_at timestamptz;
alter table operator_announcements add column end_told_at timestamptz;
update operator_announcements set start_told_at = created_at where starts_at <= now();
update operator_announcements set end_told_at = coalesce(ended_at, ends_at)
  where ended_at is not null or ends_at <= now();
create index operator_announcements_untold_idx on operator_announcements (starts_at, ends_at)
  where end_told_at is null;

alter table members add column avatar text
  check (avatar is null or avatar ~ '^[a-z0-9-]{1,32}$');

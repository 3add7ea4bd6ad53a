-- Responsible gaming (issue 17): the session limit bounds a sitting, not one login. A sitting is
-- a run of logins with less than the configured break (responsibleGaming.sessionBreakMinutes)
-- without a session open; each session records the start of the sitting it belongs to, and the
-- limit counts from there, so logging out and in again does not restart it (null: a session
-- from before, its own start). A login during the break after the limit is refused.
alter table sessions add column sitting_started_at timestamptz;

-- The member's latest session, read at every login.
create index sessions_member_latest_idx on sessions (member_id, id desc);

-- Two-factor sign-in for staff (issue 30): a time-based code (RFC 6238, any authenticator app)
-- on top of the generated password, required for every back-office call. A secret is pending
-- until its first code proves the app has it; each accepted code's time step is kept, so a code
-- works once (a code read over a shoulder cannot be replayed); ten recovery codes, each usable
-- once, kept only as hashes. An admin (or the command line) can reset it: the staff member then
-- sets it up again, and every session of the account ends.
alter table support_staff
  add column totp_secret text,
  add column totp_pending text,
  add column totp_last_step bigint,
  add column two_factor_at timestamptz;

create table staff_recovery_codes (
  staff_id bigint not null references support_staff (id),
  code_hash bytea not null,
  used_at timestamptz,
  primary key (staff_id, code_hash)
);

-- A session that proved the second factor (at login, or by setting it up) may use the back
-- office; `last_seen_at` ends a session left idle (STAFF_IDLE_MS).
alter table support_sessions
  add column two_factor boolean not null default false,
  add column last_seen_at timestamptz not null default now();

-- Responsible gaming (issue 17): a member's limits, session settings, time-outs and
-- self-exclusion, every change recorded, and the usage the limits are counted against.
-- The rules are src/shared/responsibleGaming.ts; the server code is server/domain/responsibleGaming.

-- One row per member who set anything (or whose page sent its time zone). `time_zone` is the
-- IANA zone days, weeks and months are counted in (null: UTC). A change that could loosen a
-- limit waits in the pending_* columns until its time. The exclusion in force, if any:
-- `exclusion_kind` with its start and end (a null end: permanent); an ended one stays until
-- the next. `version` grows with every change: the seq of the `rg` socket event.
create table rg_settings (
  member_id bigint primary key references members (id),
  time_zone text,
  pending_time_zone text,
  pending_time_zone_at timestamptz,
  session_limit_minutes integer check (session_limit_minutes > 0),
  pending_session_limit integer check (pending_session_limit > 0),
  pending_session_limit_at timestamptz,
  reality_check_minutes integer check (reality_check_minutes > 0),
  exclusion_kind text check (exclusion_kind in ('timeOut', 'selfExclusion')),
  exclusion_started_at timestamptz,
  exclusion_ends_at timestamptz,
  version bigint not null default 0,
  check ((exclusion_kind is null) = (exclusion_started_at is null)),
  check (exclusion_ends_at is null or exclusion_ends_at > exclusion_started_at)
);

-- Deposit, loss and wager limits per day, week and month, in minor units. `amount` null: no
-- limit in force; `pending_at` set: `pending_amount` (null: removal) applies from then.
create table rg_limits (
  member_id bigint not null references members (id),
  kind text not null check (kind in ('deposit', 'loss', 'wager')),
  period text not null check (period in ('day', 'week', 'month')),
  amount bigint check (amount >= 0),
  pending_amount bigint check (pending_amount >= 0),
  pending_at timestamptz,
  primary key (member_id, kind, period)
);

-- Every change, by whom (the member, the operator), when, from what to what, and when it takes
-- effect. Nothing is deleted.
create table rg_changes (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  at timestamptz not null,
  actor text not null check (actor in ('member', 'operator')),
  subject text not null,
  old_value text,
  new_value text,
  effective_at timestamptz not null
);
create index rg_changes_member_idx on rg_changes (member_id, id desc);

-- What the limits count: deposits asked for (pending ones too: they will be credited) and real
-- bets' stakes and wins, per member and quarter hour (UTC). Every zone's offset is a whole
-- number of quarter hours, so a local day, week or month is a whole number of rows, whatever
-- zone the member counts in; a period's figure is the sum of at most a month's rows.
create table rg_usage (
  member_id bigint not null references members (id),
  slot timestamptz not null,
  deposited bigint not null default 0 check (deposited >= 0),
  wagered bigint not null default 0 check (wagered >= 0),
  won bigint not null default 0 check (won >= 0),
  primary key (member_id, slot)
);

-- The login session a real launch was opened from: the session limit and the reality check
-- count from that session's start.
alter table game_launches add column session_id bigint references sessions (id);

-- Foundation: operator-controlled settings and the member table the demo logins live in.
-- Later migrations extend members (identity), add the ledger, games and agents.

create table system_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- A member is a player, a trial account or an agent (spec 3: agent types 1, 2, 41, 42;
-- trial 4). The spec does not give a regular player's type: we use 0.
create table members (
  id bigint generated always as identity primary key,
  account text not null,
  nickname text not null,
  password_hash text not null,
  type smallint not null default 0,
  upline_id bigint references members (id),
  language text,
  created_at timestamptz not null default now()
);

create unique index members_account_key on members (lower(account));
create index members_upline_idx on members (upline_id);

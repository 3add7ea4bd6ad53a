-- The built-in demo game vendor (issue 5): launches and the outcome stored with each round, so
-- a replayed round id returns the first result.

create table game_launches (
  id bigint generated always as identity primary key,
  -- SHA-256 of the launch token in the game URL; the token itself is never stored.
  token_hash text not null unique,
  -- Null for a guest's free trial.
  member_id bigint references members (id),
  node_id text not null,
  vendor text not null,
  game_name text not null,
  engine text not null check (engine in ('slot', 'draw')),
  -- Free trial: play money kept here, never on the ledger.
  demo boolean not null,
  demo_balance bigint not null default 0 check (demo_balance >= 0),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index game_launches_expiry_idx on game_launches (expires_at);

-- The answer a round gave (reels or digits, win, balance), replayed for a repeated round id.
alter table bets add column outcome jsonb;
-- The winner board reads the biggest recent wins.
create index bets_win_idx on bets (created_at desc, win_amount desc) where win_amount > 0;

-- Free-trial rounds: not money, not in the betting record; kept apart for replays only.
create table demo_rounds (
  launch_id bigint not null references game_launches (id),
  round_id text not null,
  outcome jsonb not null,
  created_at timestamptz not null default now(),
  primary key (launch_id, round_id)
);

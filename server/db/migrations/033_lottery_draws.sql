-- Issue 16: the demo vendor's number-draw lottery draws on a schedule. Every lottery game of the
-- catalogue (a game with a lottery group) has a draw per period of its group's interval; when a
-- period closes, the lotteryDraws job (under its advisory lock, once across processes) opens it:
-- the numbers are drawn and stored here. `numero` is the draw's number, `YYYYMMDD-NNNN` (the UTC
-- day and the period within it, from 1). Kept for `lottery.keepDays` days.

create table lottery_draws (
  node_id text not null references games (node_id),
  numero text not null check (numero ~ '^[0-9]{8}-[0-9]{4}$'),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  numbers smallint[] not null check (cardinality(numbers) between 1 and 30),
  opened_at timestamptz not null default now(),
  primary key (node_id, numero),
  check (closes_at > opens_at)
);
create index lottery_draws_latest_idx on lottery_draws (node_id, closes_at desc);
create index lottery_draws_age_idx on lottery_draws (closes_at);

-- A lottery launch (spec 7 launchGame): the area, the prize mode and the view it was opened
-- with (lobby: the vendor's draws; betting: the named game). Null for every other launch.
alter table game_launches add column lotto_area text;
alter table game_launches add column lotto_prize_mode text;
alter table game_launches add column lotto_view text check (lotto_view in ('lobby', 'betting'));

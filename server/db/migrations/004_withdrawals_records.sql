-- Withdrawals (spec 4 "Withdrawal confirmation"), proof images, demo credit for trial accounts,
-- and the bets table the betting record and profit-and-loss pages read (filled by the game
-- vendor of issue 5).

-- Requested withdrawals wait here until their lifecycle ends: paid out (to "withdrawals") or
-- returned to the member (refund, rejection). It can never go below zero.
insert into ledger_accounts (kind, name, allow_negative) values
  ('house', 'withdrawals_held', false),
  ('house', 'trial_credit', true);

create table upload_images (
  id uuid primary key default gen_random_uuid(),
  member_id bigint not null references members (id),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  bytes bytea not null check (octet_length(bytes) <= 5 * 1024 * 1024),
  created_at timestamptz not null default now()
);
create index upload_images_member_idx on upload_images (member_id, created_at desc);

create table withdrawals (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  amount bigint not null check (amount > 0),
  -- A state of the shared machine src/shared/withdrawalConfirmation.ts.
  status text not null default 'requested' check (status in (
    'requested', 'awaitingConfirmation', 'notReceived', 'partiallyReceived',
    'received', 'forcedReceived', 'refunded', 'rejected')),
  proof_image_id uuid references upload_images (id),
  received_amount bigint,
  remaining_amount bigint,
  auto_confirmed boolean not null default false,
  idempotency_key text not null unique,
  hold_transaction_id bigint not null references ledger_transactions (id),
  -- The payout or the refund, once the lifecycle has ended.
  close_transaction_id bigint references ledger_transactions (id),
  created_at timestamptz not null default now(),
  -- When the state last changed: the auto-confirmation counts its minutes from here.
  updated_at timestamptz not null default now(),
  -- Grows with every change of any withdrawal: the `withdrawal` socket event's seq.
  version bigint not null default 0
);
create index withdrawals_member_idx on withdrawals (member_id, id desc);
create index withdrawals_awaiting_idx on withdrawals (updated_at)
  where status in ('awaitingConfirmation', 'partiallyReceived');
create sequence withdrawal_versions;

-- Who moved a withdrawal from one state to the next, for support and audits.
create table withdrawal_events (
  id bigint generated always as identity primary key,
  withdrawal_id bigint not null references withdrawals (id),
  event text not null,
  actor text not null check (actor in ('member', 'operator', 'channel', 'job')),
  from_status text not null,
  to_status text not null,
  at timestamptz not null default now()
);
create index withdrawal_events_withdrawal_idx on withdrawal_events (withdrawal_id, id);

-- One round of a game (issue 5 writes them through the ledger): the betting record and profit
-- and loss read this table.
create table bets (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  vendor text not null,
  game_code text not null,
  game_name text not null,
  round_id text not null,
  bet_amount bigint not null check (bet_amount >= 0),
  valid_bet_amount bigint not null check (valid_bet_amount >= 0),
  win_amount bigint not null check (win_amount >= 0),
  status text not null default 'settled' check (status in ('open', 'settled', 'void')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (vendor, round_id)
);
create index bets_member_idx on bets (member_id, created_at desc);

create index ledger_entries_created_idx on ledger_entries (account_id, created_at);

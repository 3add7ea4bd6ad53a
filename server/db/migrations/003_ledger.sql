-- The ledger (ARCHITECTURE, Money): double-entry, integer minor units, no negative member
-- balance, idempotent transactions.

-- Every place money can be: a member's main wallet, a member's wallet at a game vendor, and the
-- house accounts every credit comes from (deposits in transit, vendors, promotions, salaries).
create table ledger_accounts (
  id bigint generated always as identity primary key,
  member_id bigint references members (id),
  kind text not null check (kind in ('main', 'vendor', 'house')),
  -- The vendor code for vendor wallets, the house account's name for house accounts.
  name text not null default '',
  balance bigint not null default 0,
  -- Only house accounts may go below zero: they are where outside money enters.
  allow_negative boolean not null default false,
  check (allow_negative or balance >= 0)
);
create unique index ledger_accounts_owner_key on ledger_accounts (coalesce(member_id, 0), kind, name);

create table ledger_transactions (
  id bigint generated always as identity primary key,
  idempotency_key text not null unique,
  kind text not null,
  member_id bigint references members (id),
  -- The answer given the first time, returned again on a replay.
  result jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index ledger_transactions_member_idx on ledger_transactions (member_id, created_at desc);

create table ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount <> 0),
  balance_after bigint not null,
  created_at timestamptz not null default now()
);
create index ledger_entries_account_idx on ledger_entries (account_id, id desc);
create index ledger_entries_transaction_idx on ledger_entries (transaction_id);

insert into ledger_accounts (kind, name, allow_negative) values
  ('house', 'deposits', true),
  ('house', 'withdrawals', true),
  ('house', 'vendors', true),
  ('house', 'promotions', true),
  ('house', 'salaries', true);

-- Deposits through a payment channel: pending until the channel confirms, then credited once.
create table deposits (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  channel text not null,
  amount bigint not null check (amount > 0),
  status text not null default 'pending' check (status in ('pending', 'credited', 'failed')),
  idempotency_key text not null unique,
  ledger_transaction_id bigint references ledger_transactions (id),
  created_at timestamptz not null default now(),
  credited_at timestamptz
);
create index deposits_member_idx on deposits (member_id, created_at desc);
create index deposits_pending_idx on deposits (created_at) where status = 'pending';

-- Points mall (issue 14). Points are not money: they are kept here, in hundredths of a point,
-- earned per valid bet in the bet's transaction; converting them to money, or paying a good's
-- cash part, goes through the ledger (house account `points`).
create table point_balances (
  member_id bigint primary key references members (id),
  balance bigint not null default 0 check (balance >= 0)
);

-- The points history (ODSFE2_MemTransDet): one row per redeem, refund and conversion, and one
-- per member and UTC day for what bets earned (so a spin adds to a row, not a row per spin).
create table point_entries (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  kind text not null check (kind in ('earn', 'redeem', 'refund', 'convert')),
  amount bigint not null,
  day date,
  reference text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index point_entries_earn_day_key on point_entries (member_id, day) where kind = 'earn';
create index point_entries_member_idx on point_entries (member_id, updated_at desc, id desc);

-- The goods (spec 3 redeem goods): points and a cash part to pay, stock, status, image.
create table point_goods (
  id bigint generated always as identity primary key,
  code text not null unique,
  name jsonb not null,
  image text,
  points bigint not null check (points > 0),
  amount bigint not null default 0 check (amount >= 0),
  quantity integer not null check (quantity >= 0),
  status text not null default 'active' check (status in ('active', 'inactive')),
  sort integer not null default 0
);

-- Redeem history (spec 4 redeem statuses): in process until the operator approves or rejects;
-- a rejection gives the points, the cash part and the stock back.
create table point_redemptions (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  goods_id bigint not null references point_goods (id),
  points bigint not null,
  amount bigint not null,
  status text not null default 'inProcess' check (status in ('inProcess', 'approved', 'rejected')),
  idempotency_key text not null unique,
  note text,
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create index point_redemptions_member_idx on point_redemptions (member_id, id desc);
create index point_redemptions_open_idx on point_redemptions (created_at) where status = 'inProcess';

-- VIP and manual rebate (issue 14). Both accrue in the transaction of the bet (and VIP of the
-- deposit) that earns them.

-- A member's valid bets and credited deposits per UTC day: the VIP period's totals are the sum
-- of at most a period's rows.
create table vip_daily_totals (
  member_id bigint not null references members (id),
  day date not null,
  valid_bet bigint not null default 0 check (valid_bet >= 0),
  deposit bigint not null default 0 check (deposit >= 0),
  primary key (member_id, day)
);

-- The member's level as last computed; `version` grows with every change (the `vip` event's
-- seq). Upgrade bonuses are rewards keyed vip:<member>:<level>, so each is paid once ever.
create table member_vip (
  member_id bigint primary key references members (id),
  level integer not null default 0 check (level >= 0),
  version bigint not null default 0,
  updated_at timestamptz not null default now()
);

-- What a member's valid bets have earned toward the manual rebate since the last claim, per
-- game type. `accrued` is in ten-thousandths of a minor unit (valid bet × hundredths of a
-- percent), so 0.3 % of a 1.00 bet is kept, not rounded away; a claim pays the whole minor
-- units and keeps the rest.
create table rebate_balances (
  member_id bigint not null references members (id),
  game_type text not null,
  valid_bet bigint not null default 0 check (valid_bet >= 0),
  accrued bigint not null default 0 check (accrued >= 0),
  primary key (member_id, game_type)
);

create table rebate_claims (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  amount bigint not null check (amount > 0),
  -- Per game type: the valid bets and the amount paid for them.
  detail jsonb not null,
  ledger_transaction_id bigint references ledger_transactions (id),
  created_at timestamptz not null default now()
);
create index rebate_claims_member_idx on rebate_claims (member_id, id desc);

-- Rewards and bonus wagering (issue 14). Every reward a member earns (a promotion's bonus, a
-- mission's reward, a rebate, a VIP bonus, a raffle prize, a referral reward) waits in the
-- reward centre as one row, written in the transaction of what earned it; claiming it moves the
-- money from its house account in one ledger transaction (key reward:<id>). A bonus with a
-- wagering requirement opens one requirement when claimed: the member's money stays locked
-- (no withdrawal, no transfer to the upline) until real valid bets reach it, or the member
-- forfeits the bonus.

insert into ledger_accounts (kind, name, allow_negative) values
  ('house', 'rebates', true),
  ('house', 'points', true);

create table rewards (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  source text not null
    check (source in ('promotion', 'mission', 'rebate', 'vip', 'raffle', 'referral')),
  -- What earned it, once: a participation, a mission's period, a raffle's draw… A second
  -- attempt to issue the same reward writes nothing.
  source_key text not null unique,
  promotion_id bigint references promotions (id),
  participation_id bigint references promotion_participations (id),
  -- The house account that pays it (ledger_accounts.name of a house account).
  house_account text not null check (house_account in ('promotions', 'rebates', 'points')),
  amount bigint not null check (amount > 0),
  -- Turnover of real valid bets to reach once claimed before the money unlocks; 0 for none.
  wagering_required bigint not null default 0 check (wagering_required >= 0),
  -- What the page shows beside the amount (the deposit it matched, the mission…).
  detail jsonb not null default '{}'::jsonb,
  state text not null default 'waiting' check (state in ('waiting', 'claimed', 'expired')),
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  claimed_at timestamptz,
  ledger_transaction_id bigint references ledger_transactions (id)
);
create index rewards_member_idx on rewards (member_id, id desc);
create index rewards_waiting_idx on rewards (member_id) where state = 'waiting';

create table wagering_requirements (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  reward_id bigint not null unique references rewards (id),
  bonus bigint not null check (bonus > 0),
  required bigint not null check (required > 0),
  wagered bigint not null default 0 check (wagered >= 0 and wagered <= required),
  state text not null default 'open' check (state in ('open', 'met', 'forfeited')),
  -- What a forfeit took back (at most the bonus, at most what the member still had).
  forfeited bigint,
  created_at timestamptz not null default now(),
  closed_at timestamptz
);
-- One bonus in wagering at a time per member: two parallel claims cannot both open one.
create unique index wagering_requirements_open_key on wagering_requirements (member_id)
  where state = 'open';

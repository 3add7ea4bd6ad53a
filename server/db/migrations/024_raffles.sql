-- Raffles (issue 14). The seed is made when the raffle is created and only its SHA-256 is shown
-- until the draw; an entry is made when a member joins, and its turnover grows with each valid
-- bet before the draw (in the bet's transaction). Tickets are turnover ÷ ticketPer, counted
-- at the draw.
create table raffle_draws (
  promotion_id bigint primary key references promotions (id),
  seed bytea not null,
  seed_hash text not null,
  drawn_at timestamptz,
  -- The published result: entries (number, masked name, tickets) and winners.
  result jsonb
);

create table raffle_entries (
  id bigint generated always as identity primary key,
  promotion_id bigint not null references promotions (id),
  member_id bigint not null references members (id),
  turnover bigint not null default 0 check (turnover >= 0),
  unique (promotion_id, member_id)
);

-- The Vietnamese lottery's liability cap per number and draw (docs/decisions.md "Liability cap
-- per number"): what the house owes on each number of a draw if it comes out, per bet type, in
-- minor units. A slip reserves its lines' payouts here in the transaction that places it, one
-- statement per number (an upsert whose update adds only while the total stays within the
-- configured cap), so parallel slips never take a number past its cap. A lô line counts its
-- payout for one appearance of its number; a xiên line counts its whole payout against each of
-- its numbers. The rows belong to their draw (its game and close: a regridded game's draw of the
-- same numero is another draw) and are deleted with the draws (lottery.keepDays); a voided
-- slip's draw takes no more bets, so its reservation is never released.
create table vn_exposure (
  node_id text not null references games (node_id),
  closes_at timestamptz not null,
  numero text not null check (numero ~ '^[0-9]{8}-[0-9]{4}$'),
  -- A bet type of src/shared/vnLotto.ts (lo2, de, bacang, xien2…) and one of its numbers.
  bet_type text not null check (bet_type ~ '^[a-z0-9]{1,16}$'),
  number text not null check (number ~ '^[0-9]{1,6}$'),
  exposure bigint not null check (exposure > 0),
  primary key (node_id, closes_at, bet_type, number)
);
-- The pruning with the draws.
create index vn_exposure_closes_idx on vn_exposure (closes_at);

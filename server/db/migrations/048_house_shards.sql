-- Issue 31: the house's side of every bet in fewer row locks. Every slot spin and lottery bet
-- posts its stake to the house "vendors" account and its win from it, and a posting holds the
-- account's row lock to the end of the bet's transaction: on PostgreSQL with 32 bets in flight
-- most of them waited on that one row (pg_stat_activity: `Lock transactionid` on run_steps).
-- The account is now 16 rows, `vendors` and `vendors#1` … `vendors#15`: a bet posts to the one
-- its member's id picks (server/domain/ledger/accounts.ts, `knownHouseShardId`), so bets of
-- different members rarely wait for each other. The house's vendors balance is the sum of the
-- 16 (`split_part(name, '#', 1) = 'vendors'`); the books still sum to zero row by row.
insert into ledger_accounts (kind, name, allow_negative)
select 'house', 'vendors#' || shard, true from generate_series(1, 15) as shard
on conflict do nothing;

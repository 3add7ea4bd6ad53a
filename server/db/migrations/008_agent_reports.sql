-- The agent back office's team reports (issue 6, server/domain/agent): every report starts from
-- the agent's downline tree (a recursive walk over members.upline_id, members_upline_idx of
-- 001) and reaches each team member's rows through an index on the member.

-- The walk itself: children of a member, with what the team list shows, without the heap.
create index members_upline_tree_idx on members (upline_id, id) include (created_at, status, type);

-- A member's wallets: the owner key of 003 is on coalesce(member_id, 0), which a join on
-- member_id cannot use.
create index ledger_accounts_member_idx on ledger_accounts (member_id, kind) where member_id is not null;

-- Team betting filtered by vendor: the member's rounds of one vendor in a date range.
create index bets_member_vendor_idx on bets (member_id, vendor, created_at);

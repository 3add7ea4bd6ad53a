-- Rewards expire (issue 14): a reward waits in the reward centre for REWARD_CLAIM_DAYS
-- (src/shared/rewards.ts) from when it was issued; the reward-expiry job then marks it expired
-- and closes its participation. Rewards issued before this had no end: they get the same window
-- from their issue.
update rewards set expires_at = created_at + interval '30 days'
where state = 'waiting' and expires_at is null;

-- The job's scan: waiting rewards by their end.
create index rewards_expiry_idx on rewards (expires_at) where state = 'waiting';

-- The job's other scan: participations still waiting on something when their promotion ends.
create index promotion_participations_open_idx on promotion_participations (promotion_id)
  where state in ('signed', 'joined', 'applying');

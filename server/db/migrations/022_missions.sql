-- Missions (issue 14): a member's progress per mission and period (UTC day or ISO week),
-- added to in the transaction of the bet or deposit that makes it; completion puts the
-- mission's reward in the reward centre (reward key mission:<member>:<code>:<period start>).
create table mission_progress (
  member_id bigint not null references members (id),
  mission_code text not null,
  period_start date not null,
  -- Minor units for a bet amount goal, a count otherwise.
  progress bigint not null default 0 check (progress >= 0),
  completed_at timestamptz,
  primary key (member_id, mission_code, period_start)
);
-- The weekly leaderboard counts completions since a Monday.
create index mission_progress_completed_idx on mission_progress (completed_at)
  where completed_at is not null;

-- Four-eyes on money (issue 30): a back-office action above its configured amount (a withdrawal
-- paid, a bonus, a responsible-gaming payout, an agent's rate) is not taken when asked: it waits
-- here, with what was asked, until a second staff member with a role the action allows approves
-- it (then it runs, once) or rejects it. The one who asked can never decide.
create table staff_approvals (
  id bigint generated always as identity primary key,
  action text not null,
  method text not null check (method in ('POST')),
  url text not null,
  params jsonb not null,
  body jsonb not null,
  -- What made it need a second pair of eyes: the amount and the threshold it passed.
  amount text not null,
  threshold text not null,
  requested_by text not null,
  requested_at timestamptz not null default now(),
  status text not null default 'pending'
    check (status in ('pending', 'approved', 'rejected', 'failed')),
  decided_by text,
  decided_at timestamptz,
  decision_reason text,
  -- The action's answer when it ran (approved) or its error code (failed).
  outcome jsonb,
  check ((status = 'pending') = (decided_by is null)),
  check (decided_by is null or decided_by <> requested_by)
);
create index staff_approvals_pending_idx on staff_approvals (requested_at) where status = 'pending';

-- What each person granted without a second pair of eyes, reserved before the grant runs (one
-- statement under the person's lock, so a burst of split grants cannot all see a low total) and
-- given back when the grant did not happen: grants of one person in 24 hours add up.
create table staff_direct_grants (
  id bigint generated always as identity primary key,
  actor text not null,
  amount bigint not null check (amount > 0),
  at timestamptz not null default now()
);
create index staff_direct_grants_actor_idx on staff_direct_grants (actor, at);

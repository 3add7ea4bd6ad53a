-- Agent contracts (issue 6, spec 4 "Contract statuses") and the salaries they earn: accruals
-- per valid bet, settled per period into the agent's wallet through the ledger.

create table contracts (
  id bigint generated always as identity primary key,
  upline_id bigint not null references members (id),
  downline_id bigint not null references members (id),
  contract_type text not null
    check (contract_type in ('dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary')),
  -- A state of the shared machine src/shared/contracts/lifecycle.ts.
  state text not null,
  -- ContractTerms of src/shared/contracts/terms.ts: rate (percent string), activeMembers,
  -- periodBet, profitLoss.
  terms jsonb not null,
  superseded_by bigint references contracts (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- When it took effect, and when it stopped (terminated or superseded).
  approved_at timestamptz,
  ended_at timestamptz,
  -- Grows with every change of any contract: the page drops stale events.
  version bigint not null default 0,
  check (upline_id <> downline_id)
);
create index contracts_downline_idx on contracts (downline_id, contract_type, state);
create index contracts_upline_idx on contracts (upline_id, contract_type, state);
create sequence contract_versions;

create table contract_events (
  id bigint generated always as identity primary key,
  contract_id bigint not null references contracts (id),
  event text not null,
  actor text not null check (actor in ('upline', 'downline', 'system')),
  from_state text not null,
  to_state text not null,
  at timestamptz not null default now()
);
create index contract_events_contract_idx on contract_events (contract_id, id);

-- One paid period of one contract type for one agent. The unique key is what makes a period
-- payable once, whatever the number of job runners and restarts.
create table salary_settlements (
  id bigint generated always as identity primary key,
  agent_id bigint not null references members (id),
  contract_type text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  amount bigint not null check (amount >= 0),
  -- Null when nothing was due (the terms' minimums were not met, or the sum was not positive).
  ledger_transaction_id bigint references ledger_transactions (id),
  created_at timestamptz not null default now(),
  unique (agent_id, contract_type, period_start)
);

-- What one valid bet earned under one contract, written with the bet. Dividends may be
-- negative (the team won); salaries are never negative.
create table salary_accruals (
  id bigint generated always as identity primary key,
  contract_id bigint not null references contracts (id),
  agent_id bigint not null references members (id),
  bet_id bigint not null references bets (id),
  contract_type text not null,
  amount bigint not null,
  valid_bet bigint not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  settlement_id bigint references salary_settlements (id),
  created_at timestamptz not null default now(),
  unique (contract_id, bet_id)
);
create index salary_accruals_due_idx on salary_accruals (period_end) where settlement_id is null;
create index salary_accruals_agent_idx on salary_accruals (agent_id, contract_type, period_start);

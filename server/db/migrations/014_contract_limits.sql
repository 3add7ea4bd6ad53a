-- What agents' contracts may pay (issue 11). An agent offers a downline at most what it holds
-- itself for a type: the rate the operator set for it here, else its own upline's contract.

create table agent_rates (
  member_id bigint not null references members (id),
  contract_type text not null
    check (contract_type in ('dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary')),
  -- Basis points: 150 is 1.50 %.
  rate_bp integer not null check (rate_bp >= 0 and rate_bp <= 10000),
  updated_at timestamptz not null default now(),
  primary key (member_id, contract_type)
);

-- Every change of an operator-set rate: who (the operator's command), when, old and new.
create table agent_rate_changes (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  contract_type text not null,
  old_rate_bp integer,
  new_rate_bp integer,
  actor text not null,
  at timestamptz not null default now()
);

-- How one accrual was split up the bettor's chain (src/shared/contracts/limits.ts): the
-- contract's rate bounded by what its upline held and the cap at the bet, and the highest rate
-- paid below it on the same basis. Settlement pays max(0, min(rate, cap) - min(below, cap)) with
-- the caps in force then, so lowering a cap lowers what is still unpaid. Null on accruals
-- written before: those are paid as accrued.
alter table salary_accruals add column rate_bp integer, add column below_bp integer;

-- A dividend is paid on the team's net loss since the last paid period (negative carry-over,
-- as affiliate programmes do): a period the team won adds its winnings here, and later losses
-- must cover them before anything is paid. Per upline and downline, not per contract, so ending
-- a contract and offering a new one does not wipe it.
create table dividend_carry (
  upline_id bigint not null references members (id),
  downline_id bigint not null references members (id),
  amount bigint not null check (amount <= 0),
  updated_at timestamptz not null default now(),
  primary key (upline_id, downline_id)
);

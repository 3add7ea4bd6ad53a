-- The downline is paid by its contract (issue 34, finding 1). A contract in effect from U to D
-- paid U a share of D's team's bets; D, who accepted "a contract at 1.00 %", earned nothing.
-- Now, as in the agent systems the contract's own words describe, the contract pays D its rate
-- on its team's bets and U keeps the level difference: the rate U holds itself less D's rate.
--
-- Levels up a bettor's chain, nearest the bettor first, each a payee and the rate it is paid up
-- to (basis points, of the valid bet for the salaries, of the house's result for the dividend):
--   * each contract in effect on the chain: its downline, at the contract's rate (bounded by
--     what the upline holds and the type's cap, as before);
--   * the same contract's upline, at the rate it holds (bounded by the cap), when no contract of
--     the type pays that upline from above: it holds its rate from the operator (agent_rates),
--     and what it passed down is the difference it keeps. An upline paid by its own upline's
--     contract is paid there, as that contract's downline: the difference reaches it that way.
-- Each level is paid its rate less the highest rate already paid below it on the same basis, as
-- before, so the chain together earns the highest rate on it, never more than the cap.
--
-- A contract's accruals now have two payees per bet: one row per contract, bet and payee.
alter table salary_accruals drop constraint if exists salary_accruals_contract_id_bet_id_key;
alter table salary_accruals
  add constraint salary_accruals_contract_bet_agent_key unique (contract_id, bet_id, agent_id);

-- dividend_carry: per payee (upline_id) and the contract's team (downline_id). Rows written
-- before are the upline's, which keeps its difference on the same team: they carry on as they
-- were; a downline's own carry starts at zero.
comment on column dividend_carry.upline_id is 'the payee: the contract''s downline or upline';

create or replace function salary_accrue_fold(items jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_args jsonb := items -> 0 -> 'args';
  v_accrued jsonb;
begin
  with recursive bet as (
    select (i -> 'bet' ->> 'id')::bigint as id, (i -> 'bet' ->> 'memberId')::bigint as member_id,
      (i -> 'bet' ->> 'valid')::bigint as valid, (i -> 'bet' ->> 'stake')::bigint as stake,
      (i -> 'bet' ->> 'win')::bigint as win, i -> 'args' -> 'periods' as periods
    from jsonb_array_elements(items) i
  ),
  chain (root, id, depth) as (
    select distinct member_id, member_id, 0 from bet
    union all
    select chain.root, m.upline_id, chain.depth + 1 from members m join chain on m.id = chain.id
    where m.upline_id is not null and chain.depth < (v_args ->> 'maxDepth')::int
  ),
  contract as (
    select chain.root, c.id, c.upline_id, c.downline_id, c.contract_type, chain.depth,
      (v_args -> 'caps' ->> c.contract_type)::int as cap_bp,
      trunc((c.terms ->> 'rate')::numeric * 100)::int as own_bp,
      coalesce(
        (select r.rate_bp from agent_rates r
         where r.member_id = c.upline_id and r.contract_type = c.contract_type),
        (select max(round((h.terms ->> 'rate')::numeric * 100))::int from contracts h
         where h.downline_id = c.upline_id and h.contract_type = c.contract_type
           and h.state in ('active', 'terminationRequested')),
        0) as held_bp,
      exists (select 1 from contracts h
        where h.downline_id = c.upline_id and h.contract_type = c.contract_type
          and h.state in ('active', 'terminationRequested')) as upline_paid_above
    from contracts c join chain on c.downline_id = chain.id
    where c.state in ('active', 'terminationRequested')
  ),
  level as (
    -- The downline, at the contract's rate.
    select root, id, downline_id as agent_id, contract_type, depth, 0 as side, cap_bp,
      greatest(0, least(own_bp, held_bp, cap_bp)) as rate_bp
    from contract
    union all
    -- The top of the type's contracts: the upline keeps its difference.
    select root, id, upline_id, contract_type, depth + 1, 1, cap_bp,
      greatest(0, least(held_bp, cap_bp))
    from contract where not upline_paid_above
  ),
  shared as (
    select level.*,
      case when contract_type = 'dividend' then 'loss' else 'turnover' end as basis,
      coalesce(max(rate_bp) over (
        partition by root, case when contract_type = 'dividend' then 'loss' else 'turnover' end
        order by depth, side, id rows between unbounded preceding and 1 preceding), 0)
        as below_bp
    from level
  ),
  earning as (
    select shared.id, shared.agent_id, shared.contract_type, shared.rate_bp, shared.below_bp,
      bet.id as bet_id, bet.valid,
      (bet.periods -> shared.contract_type ->> 0)::timestamptz as period_start,
      (bet.periods -> shared.contract_type ->> 1)::timestamptz as period_end,
      (case when shared.basis = 'loss' then bet.stake - bet.win else bet.valid end)
        * greatest(0, shared.rate_bp - least(shared.below_bp, shared.cap_bp)) / 10000 as amount
    -- Every level keeps its row, paid or not: the contract's terms (active members, period
    -- bet) are counted on its team's bets at settlement.
    from shared join bet on bet.member_id = shared.root
  ),
  stored as (
    insert into salary_accruals (contract_id, agent_id, bet_id, contract_type, amount, valid_bet,
      period_start, period_end, rate_bp, below_bp)
    select id, agent_id, bet_id, contract_type, amount, valid, period_start, period_end,
      rate_bp, below_bp
    from earning order by id, bet_id, agent_id
    on conflict (contract_id, bet_id, agent_id) do nothing
  )
  select coalesce(jsonb_agg(distinct jsonb_build_object(
      'agentId', agent_id::text, 'contractType', contract_type,
      'periodStart', period_start, 'periodEnd', period_end)), '[]'::jsonb)
  into v_accrued from earning;
  return jsonb_build_object('accrued', v_accrued);
end $$;

-- One bet's salaries are the fold of that one bet: a single definition of who is paid.
create or replace function salary_accrue_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
begin
  return salary_accrue_fold(jsonb_build_array(jsonb_build_object('bet', bet, 'args', args)),
    context);
end $$;

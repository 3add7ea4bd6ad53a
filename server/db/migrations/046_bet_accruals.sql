-- Issue 31: what a bet earns, in one round trip. The bet accruals table
-- (server/domain/accruals/bet.ts) names, per step, a function below and its arguments (worked
-- out from the configuration in the application); `bet_accruals` runs the steps in order in the
-- bet's transaction and answers each one's result, which the step's `settle` reads for the rare
-- follow-ups only the application does (a mission completed, a level reached, a bonus met).
-- Each function is its feature's: the statements it runs are the ones the feature ran itself
-- before, one round trip each.
--
-- Every step function takes (bet jsonb, args jsonb, context jsonb) and answers jsonb. `bet` is
-- {id, memberId, gameType, valid, stake, win, at} with amounts in minor units as text; an answer's
-- `context` object is merged into what the later steps are given (the VIP level for the rebate).

create function bet_accruals(steps jsonb) returns jsonb
language plpgsql as $$
declare
  step jsonb;
  answer jsonb;
  answers jsonb := '[]'::jsonb;
  context jsonb := '{}'::jsonb;
begin
  for step in select value from jsonb_array_elements(steps) loop
    execute format('select %I($1, $2, $3)', step ->> 'fn')
      into answer using step -> 'bet', step -> 'args', context;
    answers := answers || jsonb_build_array(coalesce(answer, 'null'::jsonb));
    if jsonb_typeof(answer -> 'context') = 'object' then
      context := context || (answer -> 'context');
    end if;
  end loop;
  return answers;
end $$;

-- Salaries (issue 6, 11): every contract in effect up the bettor's chain, nearest first, split by
-- level difference per pay basis (src/shared/contracts/limits.ts `splitChain`): each earns its
-- rate (capped by what its upline holds and the type's cap) less the highest rate below it on the
-- same basis. args: {maxDepth, caps: {type: bp}, periods: {type: [start, end]}}. Answers every
-- contract's {agentId, contractType, periodStart, periodEnd} (for the salary events).
create function salary_accrue_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_accrued jsonb;
begin
  with recursive chain (id, depth) as (
    select (bet ->> 'memberId')::bigint, 0
    union all
    select m.upline_id, chain.depth + 1 from members m join chain on m.id = chain.id
    where m.upline_id is not null and chain.depth < (args ->> 'maxDepth')::int
  ),
  contract as (
    select c.id, c.upline_id, c.contract_type, chain.depth,
      case when c.contract_type = 'dividend' then 'loss' else 'turnover' end as basis,
      greatest(0, least(
        trunc((c.terms ->> 'rate')::numeric * 100)::int,
        coalesce(
          (select r.rate_bp from agent_rates r
           where r.member_id = c.upline_id and r.contract_type = c.contract_type),
          (select max(round((h.terms ->> 'rate')::numeric * 100))::int from contracts h
           where h.downline_id = c.upline_id and h.contract_type = c.contract_type
             and h.state in ('active', 'terminationRequested')),
          0),
        (args -> 'caps' ->> c.contract_type)::int)) as rate_bp
    from contracts c join chain on c.downline_id = chain.id
    where c.state in ('active', 'terminationRequested')
  ),
  shared as (
    select contract.*,
      coalesce(max(rate_bp) over (
        partition by basis order by depth, id rows between unbounded preceding and 1 preceding),
        0) as below_bp
    from contract
  ),
  earning as (
    select shared.*,
      (args -> 'periods' -> contract_type ->> 0)::timestamptz as period_start,
      (args -> 'periods' -> contract_type ->> 1)::timestamptz as period_end,
      (case when basis = 'loss' then (bet ->> 'stake')::bigint - (bet ->> 'win')::bigint
        else (bet ->> 'valid')::bigint end)
        * greatest(0, rate_bp - least(below_bp, (args -> 'caps' ->> contract_type)::int))
        / 10000 as amount
    from shared
  ),
  stored as (
    insert into salary_accruals (contract_id, agent_id, bet_id, contract_type, amount, valid_bet,
      period_start, period_end, rate_bp, below_bp)
    select id, upline_id, (bet ->> 'id')::bigint, contract_type, amount,
      (bet ->> 'valid')::bigint, period_start, period_end, rate_bp, below_bp
    from earning
    on conflict (contract_id, bet_id) do nothing
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'agentId', upline_id::text, 'contractType', contract_type,
      'periodStart', period_start, 'periodEnd', period_end) order by depth, id), '[]'::jsonb)
  into v_accrued from earning;
  return jsonb_build_object('accrued', v_accrued);
end $$;

-- The bonus being wagered (issue 14, 28): the open requirement's turnover grows; answers the
-- requirement as it now is (null when none is open), for the application to release, end or
-- announce it.
create function wagering_wager_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_answer jsonb;
  v_member bigint := (bet ->> 'memberId')::bigint;
  v_valid bigint := (bet ->> 'valid')::bigint;
begin
  with wagered as (
    update wagering_requirements w
    set wagered = least(w.required, w.wagered + v_valid),
      state = case when w.wagered + v_valid >= w.required then 'met' else 'open' end,
      closed_at = case when w.wagered + v_valid >= w.required then now() end
    from rewards r
    where w.member_id = v_member and w.state = 'open' and r.id = w.reward_id
    returning w.id::text as id, w.state, r.participation_id::text as participation_id
  )
  select jsonb_build_object('id', wagered.id, 'state', wagered.state,
      'participationId', wagered.participation_id,
      'bonusAccount', (select a.id::text from ledger_accounts a
        where a.member_id = v_member and a.kind = 'bonus'),
      'bonusBalance', (select a.balance::text from ledger_accounts a
        where a.member_id = v_member and a.kind = 'bonus'))
  into v_answer from wagered limit 1;
  return v_answer;
end $$;

-- The VIP period (issue 12, 28): today's valid bet added, the level worked out from the period's
-- totals (deposits net of withdrawals not given back). args: {periodStart, at, levels: [{level,
-- validBet, deposit}]}. Answers the stored level and the level now; the level goes on to the
-- rebate in the context.
create function vip_progress_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_member bigint := (bet ->> 'memberId')::bigint;
  v_stored_level int;
  v_valid_total bigint;
  v_deposit_total bigint;
  v_reached int;
begin
  insert into vip_daily_totals (member_id, day, valid_bet, deposit)
  values (v_member, ((args ->> 'at')::timestamptz at time zone 'UTC')::date,
    (bet ->> 'valid')::bigint, 0)
  on conflict (member_id, day) do update set
    valid_bet = vip_daily_totals.valid_bet + excluded.valid_bet,
    deposit = vip_daily_totals.deposit + excluded.deposit;
  select coalesce((select level from member_vip where member_id = v_member), 0),
    coalesce(sum(valid_bet), 0),
    greatest(coalesce(sum(deposit), 0) - (
      select coalesce(sum(w.amount), 0) from withdrawals w
      where w.member_id = v_member and w.status not in ('rejected', 'refunded')
        and (w.created_at at time zone 'UTC')::date >= (args ->> 'periodStart')::date
    ), 0)
  into v_stored_level, v_valid_total, v_deposit_total
  from vip_daily_totals where member_id = v_member and day >= (args ->> 'periodStart')::date;
  select coalesce(max((l ->> 'level')::int), 0) into v_reached
  from jsonb_array_elements(args -> 'levels') as l
  where v_valid_total >= (l ->> 'validBet')::bigint
    and v_deposit_total >= (l ->> 'deposit')::bigint;
  return jsonb_build_object('storedLevel', v_stored_level, 'level', v_reached,
    'context', jsonb_build_object('vipLevel', v_reached));
end $$;

-- The manual rebate (issue 12): the VIP level's rate for the game type (args.rates by level, in
-- hundredths of a percent) plus every rebate promotion for everyone that covers it.
create function rebate_accrue_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_member bigint := (bet ->> 'memberId')::bigint;
  v_game_type text := bet ->> 'gameType';
  v_level int := coalesce((context ->> 'vipLevel')::int,
    (select m.level from member_vip m where m.member_id = v_member), 0);
  v_vip_rate bigint := coalesce((args -> 'rates' ->> v_level::text)::bigint, 0);
begin
  insert into rebate_balances (member_id, game_type, valid_bet, accrued)
  select v_member, v_game_type, (bet ->> 'valid')::bigint, (bet ->> 'valid')::bigint * (v_vip_rate +
    coalesce((
      select sum(round((p.terms ->> 'percent')::numeric * 100))::bigint from promotions p
      where p.type = 'rebate' and p.audience ->> 'kind' = 'all'
        and p.starts_at <= now() and (p.ends_at is null or p.ends_at > now())
        and (p.closed_at is null or p.closed_at > now())
        and (p.terms -> 'gameTypes' is null or p.terms -> 'gameTypes' ? v_game_type)
    ), 0))
  on conflict (member_id, game_type) do update set
    valid_bet = rebate_balances.valid_bet + excluded.valid_bet,
    accrued = rebate_balances.accrued + excluded.accrued;
  return null;
end $$;

-- Points (issue 12): args.earned hundredths of a point, to the balance and today's earn entry.
create function points_earn_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_member bigint := (bet ->> 'memberId')::bigint;
  v_earned bigint := (args ->> 'earned')::bigint;
begin
  insert into point_balances (member_id, balance) values (v_member, v_earned)
  on conflict (member_id) do update set balance = point_balances.balance + excluded.balance;
  insert into point_entries (member_id, kind, amount, day)
  values (v_member, 'earn', v_earned, (now() at time zone 'UTC')::date)
  on conflict (member_id, day) where kind = 'earn' do update set
    amount = point_entries.amount + excluded.amount, updated_at = now();
  return null;
end $$;

-- A referred friend's turnover (issue 15): answers the referral as it now is, or null when the
-- bettor is no registered friend.
create function referral_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  answer jsonb;
begin
  with counted as (
    update referrals set turnover = turnover + (bet ->> 'valid')::bigint
    where friend_id = (bet ->> 'memberId')::bigint and state = 'registered'
    returning inviter_id::text as inviter_id, first_deposit::text as first_deposit,
      turnover::text as turnover
  )
  select to_jsonb(counted) into answer from counted limit 1;
  return answer;
end $$;

-- Raffle tickets (issue 15): the turnover of every raffle entered that is still open.
create function raffle_turnover_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
begin
  update raffle_entries e set turnover = e.turnover + (bet ->> 'valid')::bigint
  from promotions p
  where e.member_id = (bet ->> 'memberId')::bigint and p.id = e.promotion_id
    and p.starts_at <= now() and now() < (p.terms ->> 'drawAt')::timestamptz
    and (p.closed_at is null or p.closed_at > now());
  return null;
end $$;

-- Missions (issue 12): each counted mission's progress grows (args.missions: [{code, start, add,
-- target}]); one that reaches its target is marked completed here, once (a replay finds it set).
-- Answers the missions completed now ({code, periodStart}), whose rewards the application issues.
create function missions_progress_bet(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_member bigint := (bet ->> 'memberId')::bigint;
  v_reached jsonb;
  v_completed jsonb;
begin
  with progressed as (
    insert into mission_progress (member_id, mission_code, period_start, progress)
    select v_member, m ->> 'code', (m ->> 'start')::date, (m ->> 'add')::bigint
    from jsonb_array_elements(args -> 'missions') as m
    on conflict (member_id, mission_code, period_start) do update set
      progress = mission_progress.progress + excluded.progress
    returning mission_code, period_start, progress
  )
  select coalesce(jsonb_agg(jsonb_build_object('code', p.mission_code,
      'start', p.period_start)), '[]'::jsonb)
  into v_reached from progressed p
  join jsonb_array_elements(args -> 'missions') as m on m ->> 'code' = p.mission_code
  where p.progress >= (m ->> 'target')::bigint;
  if v_reached = '[]'::jsonb then
    return jsonb_build_object('completed', v_reached);
  end if;
  with done as (
    update mission_progress mp set completed_at = (args ->> 'at')::timestamptz
    from jsonb_array_elements(v_reached) as r
    where mp.member_id = v_member and mp.mission_code = r ->> 'code'
      and mp.period_start = (r ->> 'start')::date and mp.completed_at is null
    returning mp.mission_code, mp.period_start
  )
  select coalesce(jsonb_agg(jsonb_build_object('code', mission_code,
      'periodStart', period_start::text)), '[]'::jsonb)
  into v_completed from done;
  return jsonb_build_object('completed', v_completed);
end $$;

-- Issue 31: the accruals that only count are folded in after the bet's commit, set-based. A bet's
-- transaction keeps what must be exact at once (the limits, the postings, the betting record,
-- the bonus being wagered, a referred friend's turnover, raffle tickets) and queues the rest —
-- salaries, VIP progress, the manual rebate, points, missions — as one row: the calls the bet
-- earns (the function that folds each, its arguments worked out from the configuration at the
-- bet, the real-money part of the bet). `accrual_fold` takes a batch of queued bets, deletes
-- them and folds each function's share in one set-based statement or two: a batch of 500 bets
-- from 60 members is 60 upserts per table, not 500. The queue row leaves in the transaction that
-- folds it, so every bet is folded exactly once, whatever process folds it, after a crash too.
create table bet_accrual_queue (
  bet_id bigint primary key,
  member_id bigint not null,
  steps jsonb not null,
  queued_at timestamptz not null default now()
);

-- The bet's step (run_steps, 047) that queues it: args {member, steps}, the bet's id from the
-- context the betting record's step left.
create function accrual_enqueue_step(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
begin
  insert into bet_accrual_queue (bet_id, member_id, steps)
  values ((context ->> 'betId')::bigint, (args ->> 'member')::bigint, args -> 'steps');
  return null;
end $$;

-- Folds up to `max_bets` queued bets, oldest first, skipping the rows another folder holds.
-- Each queued step is {fold, order, args, bet}; the steps of one `fold` function go to it
-- together (as items [{bet, args}] with the bet's id filled in), the functions in the order the
-- accruals table gives them (VIP before the rebate: the rebate goes by the level). One folder
-- at a time (an advisory lock to the end of the transaction): two folds never upsert the same
-- members' rows in different orders. Answers {bets, folds: [{fn, answer}]}.
create function accrual_fold(max_bets int) returns jsonb
language plpgsql as $$
declare
  v_items jsonb;
  v_count int;
  v_fold record;
  answer jsonb;
  answers jsonb := '[]'::jsonb;
  context jsonb := '{}'::jsonb;
begin
  perform pg_advisory_xact_lock(7201050);
  with taken as (
    delete from bet_accrual_queue q
    where q.bet_id in (select bet_id from bet_accrual_queue order by bet_id
      limit max_bets for update skip locked)
    returning q.bet_id, q.steps
  )
  select coalesce(jsonb_agg(jsonb_set(s.value, '{bet,id}', to_jsonb(t.bet_id::text))
      order by t.bet_id, s.ordinality), '[]'::jsonb),
    count(distinct t.bet_id)
  into v_items, v_count
  from taken t cross join lateral jsonb_array_elements(t.steps) with ordinality s;
  for v_fold in
    select i ->> 'fold' as fn, min((i ->> 'order')::int) as ord,
      jsonb_agg(jsonb_build_object('bet', i -> 'bet', 'args', i -> 'args')
        order by (i -> 'bet' ->> 'id')::bigint) as items
    from jsonb_array_elements(v_items) i
    group by i ->> 'fold'
    order by 2
  loop
    execute format('select %I($1, $2)', v_fold.fn) into answer using v_fold.items, context;
    answers := answers || jsonb_build_array(jsonb_build_object('fn', v_fold.fn,
      'answer', coalesce(answer, 'null'::jsonb)));
    if jsonb_typeof(answer -> 'context') = 'object' then
      context := context || (answer -> 'context');
    end if;
  end loop;
  return jsonb_build_object('bets', v_count, 'folds', answers);
end $$;

-- Salaries (046's `salary_accrue_bet` over a batch): each bettor's chain walked once, every
-- contract in effect on it split by level difference as for one bet, an accrual row per
-- contract and bet (the same rows, amounts rounded per bet). The depth and caps are the
-- configuration's (the first item's); the periods each bet's. Answers the distinct
-- {agentId, contractType, periodStart, periodEnd} for the salary events.
create function salary_accrue_fold(items jsonb, context jsonb) returns jsonb
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
    select chain.root, c.id, c.upline_id, c.contract_type, chain.depth,
      case when c.contract_type = 'dividend' then 'loss' else 'turnover' end as basis,
      (v_args -> 'caps' ->> c.contract_type)::int as cap_bp,
      greatest(0, least(
        trunc((c.terms ->> 'rate')::numeric * 100)::int,
        coalesce(
          (select r.rate_bp from agent_rates r
           where r.member_id = c.upline_id and r.contract_type = c.contract_type),
          (select max(round((h.terms ->> 'rate')::numeric * 100))::int from contracts h
           where h.downline_id = c.upline_id and h.contract_type = c.contract_type
             and h.state in ('active', 'terminationRequested')),
          0),
        (v_args -> 'caps' ->> c.contract_type)::int)) as rate_bp
    from contracts c join chain on c.downline_id = chain.id
    where c.state in ('active', 'terminationRequested')
  ),
  shared as (
    select contract.*,
      coalesce(max(rate_bp) over (partition by root, basis
        order by depth, id rows between unbounded preceding and 1 preceding), 0) as below_bp
    from contract
  ),
  earning as (
    select shared.id, shared.upline_id, shared.contract_type, shared.rate_bp, shared.below_bp,
      bet.id as bet_id, bet.valid,
      (bet.periods -> shared.contract_type ->> 0)::timestamptz as period_start,
      (bet.periods -> shared.contract_type ->> 1)::timestamptz as period_end,
      (case when shared.basis = 'loss' then bet.stake - bet.win else bet.valid end)
        * greatest(0, shared.rate_bp - least(shared.below_bp, shared.cap_bp)) / 10000 as amount
    from shared join bet on bet.member_id = shared.root
  ),
  stored as (
    insert into salary_accruals (contract_id, agent_id, bet_id, contract_type, amount, valid_bet,
      period_start, period_end, rate_bp, below_bp)
    select id, upline_id, bet_id, contract_type, amount, valid, period_start, period_end,
      rate_bp, below_bp
    from earning order by id, bet_id
    on conflict (contract_id, bet_id) do nothing
  )
  select coalesce(jsonb_agg(distinct jsonb_build_object(
      'agentId', upline_id::text, 'contractType', contract_type,
      'periodStart', period_start, 'periodEnd', period_end)), '[]'::jsonb)
  into v_accrued from earning;
  return jsonb_build_object('accrued', v_accrued);
end $$;

-- VIP progress (046's `vip_progress_bet` over a batch): each member's valid bets added to its
-- days, then its level worked out once from the period's totals (the arguments of its latest
-- bet: the period and the levels). Answers the members whose level differs from the stored one
-- and, in the context, every member's level for the rebate.
create function vip_progress_fold(items jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  answer jsonb;
begin
  insert into vip_daily_totals (member_id, day, valid_bet, deposit)
  select (i -> 'bet' ->> 'memberId')::bigint,
    ((i -> 'args' ->> 'at')::timestamptz at time zone 'UTC')::date,
    sum((i -> 'bet' ->> 'valid')::bigint), 0
  from jsonb_array_elements(items) i
  group by 1, 2
  order by 1, 2
  on conflict (member_id, day) do update set
    valid_bet = vip_daily_totals.valid_bet + excluded.valid_bet;
  with latest as (
    select distinct on (member_id) member_id, args
    from (select (i -> 'bet' ->> 'memberId')::bigint as member_id, i -> 'args' as args,
        (i -> 'bet' ->> 'id')::bigint as bet_id
      from jsonb_array_elements(items) i) b
    order by member_id, bet_id desc
  ),
  standing as (
    select latest.member_id, latest.args,
      coalesce((select v.level from member_vip v where v.member_id = latest.member_id), 0)
        as stored_level,
      coalesce(t.valid_total, 0) as valid_total,
      greatest(coalesce(t.deposit_total, 0) - (
        select coalesce(sum(w.amount), 0) from withdrawals w
        where w.member_id = latest.member_id and w.status not in ('rejected', 'refunded')
          and (w.created_at at time zone 'UTC')::date >= (latest.args ->> 'periodStart')::date
      ), 0) as deposit_total
    from latest
    left join lateral (
      select sum(d.valid_bet) as valid_total, sum(d.deposit) as deposit_total
      from vip_daily_totals d
      where d.member_id = latest.member_id and d.day >= (latest.args ->> 'periodStart')::date
    ) t on true
  ),
  reached as (
    select member_id, stored_level,
      (select coalesce(max((l ->> 'level')::int), 0)
       from jsonb_array_elements(args -> 'levels') as l
       where valid_total >= (l ->> 'validBet')::bigint
         and deposit_total >= (l ->> 'deposit')::bigint) as level
    from standing
  )
  select jsonb_build_object(
      'changed', coalesce(jsonb_agg(jsonb_build_object('memberId', member_id::text,
        'storedLevel', stored_level, 'level', level) order by member_id)
        filter (where level <> stored_level), '[]'::jsonb),
      'context', jsonb_build_object('vipLevels',
        coalesce(jsonb_object_agg(member_id::text, level), '{}'::jsonb)))
  into answer from reached;
  return answer;
end $$;

-- The manual rebate (046's `rebate_accrue_bet` over a batch): each bet at its member's level's
-- rate for the game type (the level the VIP fold reached, or as stored) plus the open rebate
-- promotions for everyone covering the game type; summed per member and game type.
create function rebate_accrue_fold(items jsonb, context jsonb) returns jsonb
language plpgsql as $$
begin
  with bet as (
    select (i -> 'bet' ->> 'memberId')::bigint as member_id, i -> 'bet' ->> 'gameType' as game_type,
      (i -> 'bet' ->> 'valid')::bigint as valid, i -> 'args' -> 'rates' as rates
    from jsonb_array_elements(items) i
  ),
  promo as (
    select g.game_type, coalesce((
      select sum(round((p.terms ->> 'percent')::numeric * 100))::bigint from promotions p
      where p.type = 'rebate' and p.audience ->> 'kind' = 'all'
        and p.starts_at <= now() and (p.ends_at is null or p.ends_at > now())
        and (p.closed_at is null or p.closed_at > now())
        and (p.terms -> 'gameTypes' is null or p.terms -> 'gameTypes' ? g.game_type)
    ), 0) as rate
    from (select distinct game_type from bet) g
  ),
  rated as (
    select bet.member_id, bet.game_type, bet.valid,
      bet.valid * (coalesce((bet.rates ->> coalesce(
        (context -> 'vipLevels' ->> bet.member_id::text)::int,
        (select v.level from member_vip v where v.member_id = bet.member_id), 0)::text)::bigint, 0)
        + promo.rate) as accrued
    from bet join promo on promo.game_type is not distinct from bet.game_type
  )
  insert into rebate_balances (member_id, game_type, valid_bet, accrued)
  select member_id, game_type, sum(valid), sum(accrued) from rated
  group by member_id, game_type
  order by member_id, game_type
  on conflict (member_id, game_type) do update set
    valid_bet = rebate_balances.valid_bet + excluded.valid_bet,
    accrued = rebate_balances.accrued + excluded.accrued;
  return null;
end $$;

-- Points (046's `points_earn_bet` over a batch): each member's earned hundredths to its balance
-- and to the earn entry of each bet's day.
create function points_earn_fold(items jsonb, context jsonb) returns jsonb
language plpgsql as $$
begin
  with bet as (
    select (i -> 'bet' ->> 'memberId')::bigint as member_id,
      ((i -> 'bet' ->> 'at')::timestamptz at time zone 'UTC')::date as day,
      (i -> 'args' ->> 'earned')::bigint as earned
    from jsonb_array_elements(items) i
  ),
  balances as (
    insert into point_balances (member_id, balance)
    select member_id, sum(earned) from bet group by member_id order by member_id
    on conflict (member_id) do update set balance = point_balances.balance + excluded.balance
  )
  insert into point_entries (member_id, kind, amount, day)
  select member_id, 'earn', sum(earned), day from bet group by member_id, day
  order by member_id, day
  on conflict (member_id, day) where kind = 'earn' do update set
    amount = point_entries.amount + excluded.amount, updated_at = now();
  return null;
end $$;

-- Missions (046's `missions_progress_bet` over a batch): each member's progress per mission
-- and period summed and added once; a mission that reaches its target is marked completed
-- here, once. Answers [{memberId, completed: [{code, periodStart}]}] for the rewards.
create function missions_progress_fold(items jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_reached jsonb;
  v_completed jsonb;
begin
  with counted as (
    select (i -> 'bet' ->> 'memberId')::bigint as member_id, m ->> 'code' as code,
      (m ->> 'start')::date as start, sum((m ->> 'add')::bigint) as add,
      max((m ->> 'target')::bigint) as target, max((i -> 'args' ->> 'at')::timestamptz) as at
    from jsonb_array_elements(items) i, jsonb_array_elements(i -> 'args' -> 'missions') m
    group by 1, 2, 3
  ),
  progressed as (
    insert into mission_progress (member_id, mission_code, period_start, progress)
    select member_id, code, start, add from counted order by member_id, code, start
    on conflict (member_id, mission_code, period_start) do update set
      progress = mission_progress.progress + excluded.progress
    returning member_id, mission_code, period_start, progress, completed_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('member', p.member_id, 'code', p.mission_code,
      'start', p.period_start, 'at', c.at)), '[]'::jsonb)
  into v_reached
  from progressed p join counted c on c.member_id = p.member_id
    and c.code = p.mission_code and c.start = p.period_start
  where p.progress >= c.target and p.completed_at is null;
  if v_reached = '[]'::jsonb then
    return '[]'::jsonb;
  end if;
  with done as (
    update mission_progress mp set completed_at = (r ->> 'at')::timestamptz
    from jsonb_array_elements(v_reached) as r
    where mp.member_id = (r ->> 'member')::bigint and mp.mission_code = r ->> 'code'
      and mp.period_start = (r ->> 'start')::date and mp.completed_at is null
    returning mp.member_id, mp.mission_code, mp.period_start
  )
  select coalesce(jsonb_agg(jsonb_build_object('memberId', member_id::text,
      'completed', completed) order by member_id), '[]'::jsonb)
  into v_completed
  from (select member_id, jsonb_agg(jsonb_build_object('code', mission_code,
      'periodStart', period_start::text) order by mission_code) as completed
    from done group by member_id) per_member;
  return v_completed;
end $$;

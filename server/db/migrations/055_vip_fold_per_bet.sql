-- The rule is that the bet which reaches a VIP level earns at that level's rate, and the bets
-- before it at the level they were made at. The fold of 050 worked out each member's level once
-- per batch, from the totals the batch ends on, and the rebate then rated every bet of the
-- batch at it: a bet batched with a level-up earned the higher rate (two spins in one 0.1 s fold
-- gave 1.30 of rebate where one at a time gave 1.27). Timing decided the amount, and a player
-- betting fast just below a level was paid more. Now each bet's level comes from the running
-- totals in bet order: the period's totals before the batch plus the member's bets of the batch
-- up to and including it, within the bet's own period, against the bet's own levels. The rebate
-- reads the level per bet; the member's level (for the change and its bonus) is its last bet's.

create or replace function vip_progress_fold(items jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  answer jsonb;
begin
  -- The levels first, from the totals before this batch is added to them.
  with bet as (
    select (i -> 'bet' ->> 'id')::bigint as bet_id, (i -> 'bet' ->> 'memberId')::bigint as member_id,
      ((i -> 'args' ->> 'at')::timestamptz at time zone 'UTC')::date as day,
      (i -> 'bet' ->> 'valid')::bigint as valid, i -> 'args' as args,
      (i -> 'args' ->> 'periodStart')::date as period_start
    from jsonb_array_elements(items) i
  ),
  period as (
    select p.member_id, p.period_start, coalesce(t.valid_total, 0) as valid_before,
      greatest(coalesce(t.deposit_total, 0) - (
        select coalesce(sum(w.amount), 0) from withdrawals w
        where w.member_id = p.member_id and w.status not in ('rejected', 'refunded')
          and (w.created_at at time zone 'UTC')::date >= p.period_start
      ), 0) as deposit_total
    from (select distinct member_id, period_start from bet) p
    left join lateral (
      select sum(d.valid_bet) as valid_total, sum(d.deposit) as deposit_total
      from vip_daily_totals d
      where d.member_id = p.member_id and d.day >= p.period_start
    ) t on true
  ),
  running as (
    select bet.bet_id, bet.member_id, bet.args, period.deposit_total,
      period.valid_before + (
        select sum(earlier.valid) from bet earlier
        where earlier.member_id = bet.member_id and earlier.bet_id <= bet.bet_id
          and earlier.day >= bet.period_start
      ) as valid_total
    from bet join period on period.member_id = bet.member_id
      and period.period_start = bet.period_start
  ),
  reached as (
    select running.bet_id, running.member_id,
      (select coalesce(max((l ->> 'level')::int), 0)
       from jsonb_array_elements(running.args -> 'levels') as l
       where running.valid_total >= (l ->> 'validBet')::bigint
         and running.deposit_total >= (l ->> 'deposit')::bigint) as level
    from running
  ),
  latest as (
    select distinct on (member_id) member_id, level from reached order by member_id, bet_id desc
  ),
  moved as (
    select latest.member_id, latest.level,
      coalesce((select v.level from member_vip v where v.member_id = latest.member_id), 0)
        as stored_level
    from latest
  )
  select jsonb_build_object(
      'changed', (select coalesce(jsonb_agg(jsonb_build_object('memberId', member_id::text,
          'storedLevel', stored_level, 'level', level) order by member_id)
          filter (where level <> stored_level), '[]'::jsonb) from moved),
      'context', jsonb_build_object('vipBetLevels',
        (select coalesce(jsonb_object_agg(bet_id::text, level), '{}'::jsonb) from reached)))
  into answer;

  insert into vip_daily_totals (member_id, day, valid_bet, deposit)
  select (i -> 'bet' ->> 'memberId')::bigint,
    ((i -> 'args' ->> 'at')::timestamptz at time zone 'UTC')::date,
    sum((i -> 'bet' ->> 'valid')::bigint), 0
  from jsonb_array_elements(items) i
  group by 1, 2
  order by 1, 2
  on conflict (member_id, day) do update set
    valid_bet = vip_daily_totals.valid_bet + excluded.valid_bet;
  return answer;
end $$;

-- The manual rebate of a batch: each bet at the rate of the level it was made at (the VIP fold's
-- level for that bet, or the stored level when the batch has no VIP step) plus the open rebate
-- promotions for everyone covering the game type; summed per member and game type.
create or replace function rebate_accrue_fold(items jsonb, context jsonb) returns jsonb
language plpgsql as $$
begin
  with bet as (
    select i -> 'bet' ->> 'id' as bet_id, (i -> 'bet' ->> 'memberId')::bigint as member_id,
      i -> 'bet' ->> 'gameType' as game_type,
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
        (context -> 'vipBetLevels' ->> bet.bet_id)::int,
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

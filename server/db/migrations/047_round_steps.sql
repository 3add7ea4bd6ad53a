-- Issue 31: the writes of a bet in one round trip. `run_steps` runs a list of step functions in
-- order, as `bet_accruals` (046) does, each statement of each step seeing the ones before; a
-- step may `require` a field of its answer, and when that field is missing or false the batch
-- stops with SQLSTATE P0R01 (the caller rolls the transaction back: a round already recorded).
-- The bet a step is given gets the id and time a step before put in the context (`betId`,
-- `betAt`) when it has none of its own: the accruals of a round run after the step that
-- records it. Each step function is its module's; this one knows none of them.
create function run_steps(steps jsonb) returns jsonb
language plpgsql as $$
declare
  step jsonb;
  step_bet jsonb;
  answer jsonb;
  answers jsonb := '[]'::jsonb;
  context jsonb := '{}'::jsonb;
  required text;
begin
  for step in select value from jsonb_array_elements(steps) loop
    step_bet := step -> 'bet';
    if step_bet is not null and step_bet ->> 'id' is null and context ? 'betId' then
      step_bet := step_bet || jsonb_build_object('id', context ->> 'betId', 'at', context ->> 'betAt');
    end if;
    execute format('select %I($1, $2, $3)', step ->> 'fn')
      into answer using step_bet, step -> 'args', context;
    required := step ->> 'require';
    if required is not null and coalesce(answer ->> required, 'false') = 'false' then
      raise exception using errcode = 'P0R01',
        message = format('%s answered no %s', step ->> 'fn', required);
    end if;
    answers := answers || jsonb_build_array(coalesce(answer, 'null'::jsonb));
    if jsonb_typeof(answer -> 'context') = 'object' then
      context := context || (answer -> 'context');
    end if;
  end loop;
  return answers;
end $$;

-- The ledger's posting (017) as a step: args are `ledger_post`'s parameters, the fingerprint in
-- hex and the accounts and amounts as JSON arrays of text.
create function ledger_post_step(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
begin
  return ledger_post(
    args ->> 'key',
    args ->> 'kind',
    (args ->> 'member')::bigint,
    decode(args ->> 'fingerprint', 'hex'),
    args -> 'result',
    array(select value::bigint from jsonb_array_elements_text(args -> 'accounts')),
    array(select value::bigint from jsonb_array_elements_text(args -> 'amounts')));
end $$;

-- Responsible gaming's usage (028) as a step: the stake and win added to the member's quarter
-- hour (args: slot, wagered, won), when no limit needs the usage read before.
create function rg_usage_step(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
begin
  insert into rg_usage (member_id, slot, deposited, wagered, won)
  values ((args ->> 'member')::bigint, (args ->> 'slot')::timestamptz, 0,
    (args ->> 'wagered')::bigint, (args ->> 'won')::bigint)
  on conflict (member_id, slot) do update set
    wagered = rg_usage.wagered + excluded.wagered,
    won = rg_usage.won + excluded.won;
  return null;
end $$;

-- A round's betting record (the demo vendor, 005/015), written once with its answer while the
-- launch is still live under the token the round came with. Answers `recorded` and puts the new
-- bet's id and time in the context; `recorded` is false (and nothing is written) for a round id
-- played before or a launch that has ended.
create function record_round_step(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_id bigint;
  v_at timestamptz := (args ->> 'at')::timestamptz;
begin
  insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
    valid_bet_amount, win_amount, created_at, settled_at, outcome, bonus_bet_amount,
    bonus_win_amount)
  select (args ->> 'member')::bigint, args ->> 'vendor', args ->> 'gameCode',
    args ->> 'gameName', args ->> 'roundId', (args ->> 'stake')::bigint,
    (args ->> 'stake')::bigint, (args ->> 'win')::bigint, v_at, v_at, args -> 'outcome',
    (args ->> 'bonusStake')::bigint, (args ->> 'bonusWin')::bigint
  where exists (select 1 from game_launches l where l.id = (args ->> 'launch')::bigint
    and l.token_hash = args ->> 'tokenHash' and l.expires_at > now())
  on conflict (vendor, round_id) do nothing
  returning id into v_id;
  if v_id is null then
    return jsonb_build_object('recorded', false);
  end if;
  return jsonb_build_object('recorded', true, 'id', v_id::text,
    'context', jsonb_build_object('betId', v_id::text, 'betAt', v_at));
end $$;

-- `run_steps` does what 046's `bet_accruals` did, and more: the round runs its accruals there.
drop function bet_accruals(jsonb);

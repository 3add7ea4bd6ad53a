-- Issue 34, finding 4: the Vietnamese lottery is a lottery. A draw of a Vietnamese lottery group
-- (VN_NORTH, VN_CENTRAL, VN_SOUTH, VN_FAST) draws every prize tier of its format (the north's 27
-- numbers, the centre's and the south's 18; src/shared/vnLotto.ts), stored here in tier order;
-- `numbers` keeps the special prize's digits, as the lobby shows them. Null for other draws.
alter table lottery_draws add column prizes jsonb;

-- A bet slip on a scheduled draw: its stake left the member's main wallet (real money only) for
-- the house when it was placed; it is settled when its draw opens (the lotteryDraws job), its
-- win paid and its betting record written then, with what the bet earns. `slip_key` is the
-- client's id for the slip: a retry places it once. A slip whose draw will never open (its game
-- disabled or regridded) is voided and its stake returned.
create table vn_slips (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  slip_key text not null check (slip_key ~ '^[A-Za-z0-9_-]{8,64}$'),
  node_id text not null references games (node_id),
  numero text not null check (numero ~ '^[0-9]{8}-[0-9]{4}$'),
  closes_at timestamptz not null,
  -- [{betType, numbers, unit, multiplier, stake, payout}] as placed; hits and win added at
  -- settlement.
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) between 1 and 50),
  stake bigint not null check (stake > 0),
  status text not null default 'open' check (status in ('open', 'settled', 'void')),
  win bigint check (win >= 0),
  placed_at timestamptz not null default now(),
  settled_at timestamptz,
  bet_id bigint references bets (id),
  unique (member_id, slip_key),
  check ((status = 'open') = (settled_at is null)),
  check (status <> 'settled' or (win is not null and bet_id is not null))
);
-- The settlement's scan: open slips by draw.
create index vn_slips_open_idx on vn_slips (node_id, numero) where status = 'open';
-- A player's tickets of a game, newest first.
create index vn_slips_member_idx on vn_slips (member_id, node_id, placed_at desc);

-- A slip's settlement as a step of its batch (047 run_steps): the slip, still open, is marked
-- settled with its lines' hits and wins, and its betting record is written (the stake and the
-- win, placed and settled times). Answers `recorded` and puts the new bet's id and time in the
-- context, so the accrual steps after it earn on that bet; `recorded` is false (nothing written)
-- when the slip was settled or voided before.
create function record_vn_slip_step(bet jsonb, args jsonb, context jsonb) returns jsonb
language plpgsql as $$
declare
  v_slip vn_slips%rowtype;
  v_id bigint;
  v_at timestamptz := (args ->> 'at')::timestamptz;
begin
  select * into v_slip from vn_slips where id = (args ->> 'slip')::bigint and status = 'open'
    for update;
  if not found then
    return jsonb_build_object('recorded', false);
  end if;
  insert into bets (member_id, vendor, game_code, game_name, round_id, bet_amount,
    valid_bet_amount, win_amount, created_at, settled_at, outcome)
  values (v_slip.member_id, args ->> 'vendor', v_slip.node_id, args ->> 'gameName',
    'vn:' || v_slip.id, v_slip.stake, v_slip.stake, (args ->> 'win')::bigint, v_slip.placed_at,
    v_at, args -> 'outcome')
  returning id into v_id;
  update vn_slips set status = 'settled', win = (args ->> 'win')::bigint, lines = args -> 'lines',
    settled_at = v_at, bet_id = v_id
  where id = v_slip.id;
  return jsonb_build_object('recorded', true, 'id', v_id::text,
    'context', jsonb_build_object('betId', v_id::text, 'betAt', v_at));
end $$;

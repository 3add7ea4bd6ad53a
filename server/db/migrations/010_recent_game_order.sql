-- Recent games newest first, exactly: two plays within the clock's resolution (a millisecond on
-- PGlite) had the same played_at and came back in node order. A sequence orders the plays.

create sequence recent_game_plays;
alter table recent_games add column play_order bigint;
update recent_games r set play_order = ordered.n
from (select member_id, node_id, row_number() over (order by played_at, node_id) as n
      from recent_games) ordered
where ordered.member_id = r.member_id and ordered.node_id = r.node_id;
select setval('recent_game_plays', coalesce((select max(play_order) from recent_games), 0) + 1, false);
alter table recent_games
  alter column play_order set default nextval('recent_game_plays'),
  alter column play_order set not null;
drop index recent_games_member_idx;
create index recent_games_member_idx on recent_games (member_id, play_order desc);

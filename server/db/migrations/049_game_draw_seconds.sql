-- Issue 32: a lottery game draws as often as its name says. "Fast Draw · 5 Minutes" drew every
-- 60 s because the schedule knew only intervals per lottery group (config `lottery`) while the
-- names promised one per game. The catalogue data file now gives each game with a cadence of its
-- own `drawSeconds` (its names are written from it and checked against it), the seed stores it
-- here, and the lotteryDraws job draws on it; null keeps the group's configured interval.
alter table games add column draw_seconds integer
  check (draw_seconds between 30 and 86400 and 86400 % draw_seconds = 0);

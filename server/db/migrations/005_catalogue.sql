-- The game catalogue (spec 3 "Game item", "Game vendor lane", "Lottery menu"), seeded from
-- server/seed/catalogue.json by server/seed/seedCatalogue.ts, and each member's favourites and
-- recently played games.

-- Game categories (game types) in the order the server lists them.
create table game_categories (
  code text primary key,
  sort integer not null
);

create table game_vendors (
  code text primary key,
  display_name text not null,
  sort integer not null
);

-- A vendor's place in a category (spec 3 "Each gameCategory holds a vendors list"). A vendor
-- may sit in several categories (JDB: slots and fish games), so the lane carries the category,
-- the order and the popup flag: `vassalage` means its card opens a popup game list
-- (isGame VASSALAGE) in this category.
create table game_vendor_lanes (
  category text not null references game_categories (code),
  vendor text not null references game_vendors (code),
  sort integer not null,
  vassalage boolean not null default false,
  primary key (category, vendor)
);

-- The lottery menu's groups (spec 3 "Lottery menu: groups with gameMenus"), named per language.
create table lottery_groups (
  code text primary key,
  sort integer not null,
  names jsonb not null
);

create table games (
  node_id text primary key,
  vendor text not null references game_vendors (code),
  game_type text not null references game_categories (code),
  -- RNG subtypes: JP, TG, AC, SC, VP, BG; null for a plain slot and for other categories.
  game_classify text,
  -- The built-in demo vendor's game kind that plays it.
  engine text not null check (engine in ('slot', 'draw')),
  -- Set for hot games: 1 is the hottest.
  hot_rank integer check (hot_rank > 0),
  sort integer not null,
  -- Lottery games: their group in the lottery menu.
  lottery_group text references lottery_groups (code),
  -- A game that left the data file is disabled, not deleted: favourites may still name it.
  enabled boolean not null default true,
  foreign key (game_type, vendor) references game_vendor_lanes (category, vendor)
);
create index games_type_idx on games (game_type, sort) where enabled;
create index games_vendor_idx on games (vendor, game_type, sort) where enabled;
create index games_hot_idx on games (hot_rank) where enabled and hot_rank is not null;
create index games_lottery_idx on games (vendor, lottery_group, sort)
  where enabled and lottery_group is not null;

-- A game's name per language; every game has an EN name, the fallback of every other language.
-- search_key is the name lower-cased without accents, made by the seed, so that searching
-- behaves the same on every engine and locale.
create table game_names (
  node_id text not null references games (node_id),
  language text not null,
  name text not null,
  search_key text not null,
  primary key (node_id, language)
);

create table favourite_games (
  member_id bigint not null references members (id),
  node_id text not null references games (node_id),
  created_at timestamptz not null default now(),
  primary key (member_id, node_id)
);
create index favourite_games_member_idx on favourite_games (member_id, created_at desc);

-- The games a member launched last; the launch keeps at most the newest 20 per member.
create table recent_games (
  member_id bigint not null references members (id),
  node_id text not null references games (node_id),
  played_at timestamptz not null default now(),
  primary key (member_id, node_id)
);
create index recent_games_member_idx on recent_games (member_id, played_at desc);

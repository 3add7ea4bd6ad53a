-- The VIP levels and missions as the back office last saved them (issue 30): each section whole,
-- as the configuration file writes it, with a version that grows with every save (a save made
-- on an older version is refused, so two editors never overwrite each other unseen) and who
-- saved it. Without a row, the configuration file's section is in force.
create table economy_settings (
  key text primary key check (key in ('vip', 'missions')),
  value jsonb not null,
  version bigint not null,
  updated_by text not null,
  updated_at timestamptz not null default now()
);

-- Operator announcements (issue 16; spec 2 popups, spec 3 announcement item): notices and
-- pop-ups the operator creates while the site runs (`npm run ops -- announce …`), beside the
-- configured ones of config/platform.json. Texts are per language code ({"EN": …, "ES": …};
-- English required, the others fall back to it). A pop-up has its execution (A after login,
-- B public, F first login). `member_ids` null: everyone; else only those members see it.
-- `version` grows with every change of any row: the seq of the `announcement` socket event.

create sequence operator_announcement_versions;

create table operator_announcements (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('notice', 'popup')),
  execution text check (execution in ('A', 'B', 'F')),
  title jsonb not null,
  content jsonb not null,
  go_reward boolean not null default false,
  member_ids bigint[],
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  ended_at timestamptz,
  version bigint not null default nextval('operator_announcement_versions'),
  created_at timestamptz not null default now(),
  check ((kind = 'popup') = (execution is not null)),
  check (kind = 'popup' or not go_reward),
  check (ends_at is null or ends_at > starts_at)
);
create index operator_announcements_open_idx on operator_announcements (id) where ended_at is null;

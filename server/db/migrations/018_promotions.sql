-- Promotions (issue 14): the operator's catalogue, and each member's part in a promotion (the
-- participation machine of src/shared/promotions.ts; its state and context as it stored them).
create table promotions (
  id bigint generated always as identity primary key,
  code text not null unique,
  type text not null,
  -- Per language code ("EN", "VI", …): { "title", "summary", "terms" (operator HTML) }.
  content jsonb not null,
  banner text,
  starts_at timestamptz not null,
  ends_at timestamptz,
  -- Set when the operator closes it before its end (or it had none).
  closed_at timestamptz,
  audience jsonb not null,
  -- What the type needs (percent and cap of a deposit bonus, an amount, a wagering multiplier…).
  terms jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at is null or ends_at > starts_at)
);
create index promotions_starts_idx on promotions (starts_at);

create table promotion_participations (
  id bigint generated always as identity primary key,
  promotion_id bigint not null references promotions (id),
  member_id bigint not null references members (id),
  state text not null,
  context jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (promotion_id, member_id)
);
create index promotion_participations_member_idx on promotion_participations (member_id);

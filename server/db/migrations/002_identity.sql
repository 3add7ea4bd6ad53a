-- Identity: accounts' contact and state, sessions, codes, throttles, outbox.

alter table members
  add column kind text not null default 'member' check (kind in ('member', 'system')),
  add column status text not null default 'active' check (status in ('active', 'disabled')),
  add column mobile_num text,
  add column country_dialing_code text,
  add column email text,
  add column payee_name text,
  -- Registration fields the spec lists that nothing else reads (qq, line, whatsapp, …).
  add column profile jsonb not null default '{}'::jsonb,
  add column payment_password_hash text,
  -- The affiliate code a downline uses to register under this agent.
  add column affiliate_code text,
  add column password_is_default boolean not null default false,
  add column password_changed_at timestamptz not null default now(),
  add column last_login_at timestamptz;

create unique index members_mobile_key on members (country_dialing_code, mobile_num) where mobile_num is not null;
create unique index members_affiliate_code_key on members (upper(affiliate_code)) where affiliate_code is not null;

-- Opaque tokens: only their SHA-256 is stored.
create table sessions (
  id bigint generated always as identity primary key,
  token_hash bytea not null unique,
  member_id bigint not null references members (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoke_reason text
);
create index sessions_member_idx on sessions (member_id) where revoked_at is null;

-- Addresses a member has logged in from; a new one asks for extra verification.
create table member_known_ips (
  member_id bigint not null references members (id),
  ip text not null,
  first_seen_at timestamptz not null default now(),
  primary key (member_id, ip)
);

-- One-time codes sent by SMS or e-mail; only a hash of the code is kept.
create table verification_codes (
  id bigint generated always as identity primary key,
  purpose text not null check (purpose in ('login', 'register', 'reset', 'ip')),
  target text not null,
  code_hash bytea not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  attempts int not null default 0,
  consumed_at timestamptz
);
create index verification_codes_target_idx on verification_codes (purpose, target, created_at desc);

create table captchas (
  id text primary key,
  answer_hash bytea not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Fixed-window counters for rate limits and failure counts (login per account and per IP).
create table throttles (
  key text primary key,
  window_start timestamptz not null,
  hits int not null,
  blocked_until timestamptz
);

-- Replay protection: encryption keys and proof-of-work challenges are accepted once.
create table used_nonces (
  nonce text primary key,
  expires_at timestamptz not null
);

-- What the default SMS and e-mail providers "send"; read by the dev page and the tests.
create table outbox (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now()
);

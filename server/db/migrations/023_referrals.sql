-- Referral (issue 14, invite friends). A member's invite code is made on first use; a friend
-- registered with it is recorded with the address and device it registered from, and the
-- inviter's reward is issued once (reward key referral:<friend>) when the friend meets the open
-- referral promotion's condition — never when the friend registered from an address or a device
-- the inviter has used (self-referral).
alter table members add column referral_code text;
create unique index members_referral_code_key on members (referral_code) where referral_code is not null;

-- Devices a member has logged in or registered from (the page's random id in local storage).
create table member_devices (
  member_id bigint not null references members (id),
  device text not null,
  first_seen_at timestamptz not null default now(),
  primary key (member_id, device)
);
create index member_devices_device_idx on member_devices (device);

create table referrals (
  friend_id bigint primary key references members (id),
  inviter_id bigint not null references members (id),
  ip text not null,
  device text,
  state text not null default 'registered' check (state in ('registered', 'rewarded', 'refused')),
  -- Why no reward can come (same_address, same_device).
  refused_reason text,
  first_deposit bigint,
  turnover bigint not null default 0,
  created_at timestamptz not null default now(),
  rewarded_at timestamptz
);
create index referrals_inviter_idx on referrals (inviter_id, created_at desc);

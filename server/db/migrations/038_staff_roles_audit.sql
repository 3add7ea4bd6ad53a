-- The operator's back office (issue 30), first step: staff roles and the audit trail.
--
-- Roles, least privilege: a staff account holds one or more of admin (staff and roles,
-- settings), finance (withdrawals, deposits, bonuses, payouts), marketing (promotions,
-- announcements, goods), risk (members, responsible gaming, agents' rates, the audit log) and
-- support (chat, feedback). The support console's accounts are the staff accounts; an account
-- made before roles existed keeps what it could do: support.
alter table support_staff
  add column roles text[] not null default array['support']::text[]
    check (
      cardinality(roles) between 1 and 5
      and roles <@ array['admin', 'finance', 'marketing', 'risk', 'support']::text[]
    );

-- Every staff action, and every action the command line took, appended and never changed: who
-- (`staff:<name>` or `cli:<user>`), with which roles, from which address, what (the action and
-- what it acted on), the request's detail (secrets removed), the outcome and the reason typed.
-- Each row's hash covers the row and the previous row's hash (`seq` runs 1, 2, 3… without a
-- gap), so a changed, removed or inserted row is found by `npm run ops -- audit verify`. The
-- triggers refuse updates, deletes and truncation; the chain catches what bypasses them (an
-- owner who drops the trigger, a restored backup edited by hand).
create table staff_audit (
  seq bigint primary key check (seq >= 1),
  at timestamptz not null,
  actor text not null check (actor ~ '^(staff|cli):[a-z0-9_.-]{1,32}$'),
  roles text[] not null,
  address text,
  action text not null,
  target jsonb not null,
  detail jsonb not null,
  outcome jsonb not null,
  reason text,
  prev_hash text not null,
  hash text not null unique
);
create index staff_audit_actor_idx on staff_audit (actor, seq);
create index staff_audit_action_idx on staff_audit (action, seq);

create function staff_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'staff_audit is append-only';
end
$$;
create trigger staff_audit_no_change before update or delete on staff_audit
  for each row execute function staff_audit_append_only();
create trigger staff_audit_no_truncate before truncate on staff_audit
  for each statement execute function staff_audit_append_only();

-- A ledger posting in one database round trip (issue 13, part 5). What postWithin did in
-- 2 + 2n statements (the transaction row, then per account its balance update and its entry,
-- then the stored answer) is one call: same rows, same checks, same lock order.
--
-- p_accounts must come sorted by id (the caller sorts): concurrent postings lock accounts in
-- one order and cannot deadlock. A balance that would go below zero on an account that may not
-- raises SQLSTATE PL001 ('insufficient_funds'), which rolls back everything the caller's
-- transaction did; one beyond BIGINT raises 22003 as before.
--
-- Answers {"replayed": false, "id", "entries": [[account, balance_after, entry_id], ...]}, or,
-- for a key seen before, {"replayed": true, "id", "kind", "result", "hash"} with nothing moved:
-- the caller compares the stored request with its own.
create or replace function ledger_post(
  p_key text,
  p_kind text,
  p_member bigint,
  p_hash bytea,
  p_result jsonb,
  p_accounts bigint[],
  p_amounts bigint[]
) returns jsonb
language plpgsql
as $$
declare
  v_id bigint;
  v_balance bigint;
  v_entry bigint;
  v_entries jsonb := '[]'::jsonb;
  v_seen record;
begin
  insert into ledger_transactions (idempotency_key, kind, member_id, request_hash, result)
  values (p_key, p_kind, p_member, p_hash, coalesce(p_result, '{}'::jsonb))
  on conflict (idempotency_key) do nothing
  returning id into v_id;

  if v_id is null then
    select id, kind, result, request_hash into v_seen
    from ledger_transactions where idempotency_key = p_key;
    return jsonb_build_object(
      'replayed', true,
      'id', v_seen.id::text,
      'kind', v_seen.kind,
      'result', v_seen.result,
      'hash', encode(v_seen.request_hash, 'hex')
    );
  end if;

  for i in 1 .. coalesce(array_length(p_accounts, 1), 0) loop
    update ledger_accounts set balance = balance + p_amounts[i]
    where id = p_accounts[i] and (allow_negative or balance + p_amounts[i] >= 0)
    returning balance into v_balance;
    if not found then
      raise exception 'insufficient_funds' using errcode = 'PL001';
    end if;
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
    values (v_id, p_accounts[i], p_amounts[i], v_balance)
    returning id into v_entry;
    v_entries := v_entries || jsonb_build_array(
      jsonb_build_array(p_accounts[i]::text, v_balance::text, v_entry::text)
    );
  end loop;

  return jsonb_build_object('replayed', false, 'id', v_id::text, 'entries', v_entries);
end;
$$;

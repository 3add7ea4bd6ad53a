-- What each idempotent request asked for (issue 11): a replay of its key answers the first
-- result only when it asks for the same thing; a different request under the same key is
-- refused (idempotency_conflict). Null on rows written before: those replay as they did.
alter table ledger_transactions add column request_hash bytea;
alter table member_messages add column request_hash bytea;

-- A write's outcome row names the row that said it started (issue 30: `target.intent`); the
-- trail's list looks the pair up by it.
create index staff_audit_intent_idx on staff_audit ((target ->> 'intent'))
  where target ? 'intent';

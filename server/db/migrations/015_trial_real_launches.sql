-- Trial accounts play free trials only (spec 5, issue 11): real launches they opened before
-- this rule end now.
update game_launches set expires_at = now()
where not demo and expires_at > now()
  and member_id in (select id from members where type = 4);

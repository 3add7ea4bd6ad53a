-- Who made each staff account and who last set its roles (issue 30): `staff:<name>` or
-- `cli:<user>`. Four-eyes reads them so that a person cannot approve their own request through
-- an account they made or gave its roles (a sock puppet), nor through the person who made theirs.
-- Null for accounts made before this column (nobody is held to them).
alter table support_staff add column created_by text;
alter table support_staff add column roles_set_by text;

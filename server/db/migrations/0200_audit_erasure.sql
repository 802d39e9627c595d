-- Erasure that forgets (docs/decisions/0014-erasure-map.md): the staff audit log stays append-only,
-- except that an erasure may replace a person's address, name and phone inside `before` and
-- `after` by the erased markers. It says so for its own transaction only (set_config(..., true)),
-- and even then who, what, when, which target and from where cannot change, and no row can go.
create or replace function staff_audit_refuse_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and current_setting('expo.audit_erasure', true) = 'on'
     and new.id = old.id and new.at = old.at and new.staff_id is not distinct from old.staff_id
     and new.function = old.function and new.target is not distinct from old.target
     and new.address is not distinct from old.address then
    return new;
  end if;
  raise exception 'the staff audit log cannot be changed' using errcode = 'insufficient_privilege';
end
$$;

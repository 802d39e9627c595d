-- Badges (docs/product.md#badges): the role a ticket type's badges and door answers show. The
-- exhibitor pass type is always "exhibitor" whatever this says (readers decide it from exhibitor_pass,
-- so the passes' own writer needs no change).
alter table ticket_types add column badge_role text not null default 'visitor'
  check (badge_role in ('visitor', 'exhibitor', 'speaker', 'press', 'staff', 'vip'));

-- Attendees' own changes and the refund policy (docs/product.md#attendee-changes, docs/product.md#refund-policy).
-- attendee_changes_until null: changes close at the exhibition's start. self_cancel false: "no
-- self-cancellation", the default, so no exhibition refunds by itself before its organiser says so.
alter table exhibitions
  add column attendee_changes_until timestamptz,
  add column self_cancel boolean not null default false,
  add column refund_full_until timestamptz,
  add column refund_partial_until timestamptz,
  add column refund_partial_percent smallint check (refund_partial_percent between 1 and 99),
  add constraint exhibitions_refund_partial_check check ((refund_partial_until is null) = (refund_partial_percent is null));

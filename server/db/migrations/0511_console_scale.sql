-- The console's reads at a brand's size (docs/product.md#order-search): a hundred exhibitions, three
-- million tickets, a year of console work in the audit log.
-- The dashboard's tickets sold per day and per ticket type, and the door's list, read an exhibition's
-- tickets or a ticket type's, never all of them.
create index e_tickets_exhibition_idx on e_tickets (exhibition_id);
create index e_tickets_ticket_type_idx on e_tickets (ticket_type_id);
-- The audit log filtered by function or by what was changed, newest first.
create index staff_audit_function_at on staff_audit (function, at desc, id desc);
create index staff_audit_target_at on staff_audit (target, at desc, id desc);

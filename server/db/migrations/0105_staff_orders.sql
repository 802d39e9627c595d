-- Orders in the organiser's console (docs/product.md#console-orders): staff cancel orders,
-- also paid ones, refund whole orders or chosen tickets, and search the orders of their exhibitions.

-- staff: the organiser cancelled the order in the console (with or without a refund).
alter table ticket_orders drop constraint ticket_orders_cancel_reason_check;
alter table ticket_orders add constraint ticket_orders_cancel_reason_check check (cancel_reason in ('buyer', 'expired', 'staff'));

-- An e-ticket stops letting its holder in when its order is cancelled or the ticket is refunded;
-- the row stays, so the door can say why.
alter table e_tickets add column voided_at timestamptz;

-- The console's order list: newest first, per exhibition, and the exact look-ups of its search box
-- (an address or a phone number typed whole). Parts of names are matched by a scan of the
-- exhibition's orders, which stays small enough without a trigram index (PGlite has none by default).
create index ticket_orders_created_idx on ticket_orders (created_at desc, id desc);
create index ticket_orders_exhibition_created_idx on ticket_orders (exhibition_id, created_at desc);
create index ticket_orders_buyer_email_idx on ticket_orders (lower(buyer_email));
create index ticket_attendees_email_idx on ticket_attendees (lower(email));
create index ticket_attendees_phone_idx on ticket_attendees (phone_e164);

-- A staff refund names the staff member who asked (0080 pointed at visitor accounts, which staff are not).
alter table refunds drop constraint refunds_requested_by_fkey;
alter table refunds add constraint refunds_requested_by_fkey foreign key (requested_by) references staff_members (id) on delete set null;

-- A paid order that staff cancel keeps the time it was paid (its history, and what a refund
-- refers to): "paid_at is set exactly when paid" becomes "a paid order has paid_at, a pending one not".
do $$
declare
  name text;
begin
  select conname into name from pg_constraint
   where conrelid = 'ticket_orders'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%(status = ''paid''::text) = (paid_at IS NOT NULL)%';
  execute format('alter table ticket_orders drop constraint %I', name);
end $$;
alter table ticket_orders add constraint ticket_orders_paid_at_check check (
  (status = 'paid' and paid_at is not null) or (status = 'pending' and paid_at is null) or status = 'cancelled'
);

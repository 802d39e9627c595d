-- Booth checkout (docs/product.md#booth-checkout): a booth is bought as an order of kind booth on the
-- ticket orders' machinery (countdown, payment, expiry, refunds, invoices), so one state table and
-- one sweeper serve seats and booths alike.

-- Tickets or one booth. A booth order has no lines or attendees: the booth is the one thing it buys.
-- Not called "kind": queries joining orders to coupons, events or exhibitions name their kind unqualified.
alter table ticket_orders add column order_kind text not null default 'tickets' check (order_kind in ('tickets', 'booth'));
-- The booth a booth order holds while pending and buys when paid. Orders are financial records: a
-- booth with orders is not deleted from under them.
alter table ticket_orders add column booth_id bigint references booths (id) on delete restrict;
-- The exhibitor the booth is for (the buyer is one of its admins).
alter table ticket_orders add column exhibitor_id bigint references exhibitors (id) on delete restrict;
alter table ticket_orders add constraint ticket_orders_booth_check
  check ((order_kind = 'booth') = (booth_id is not null and exhibitor_id is not null));
create index ticket_orders_booth_idx on ticket_orders (booth_id) where booth_id is not null;
create index ticket_orders_exhibitor_idx on ticket_orders (exhibitor_id) where exhibitor_id is not null;

-- Whether the exhibition's exhibitors choose their booths themselves; off: the organiser assigns them.
alter table floor_plans add column self_selection boolean not null default false;

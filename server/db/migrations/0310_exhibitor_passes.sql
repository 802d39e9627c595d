-- Exhibitor passes (docs/product.md#team-passes): the e-tickets of an exhibitor's team. A pass is a
-- ticket like any other (signed, mailed, checked in at the same door), of the exhibition's one ticket
-- type marked as the exhibitor pass, in an order of its own that the platform issues already paid at
-- no price. The order names the exhibitor it belongs to; every figure of takings, sales and the
-- organiser's order lists leaves such orders out (they were never sold).

-- Never on the public ticket pages, never priced; at most one per exhibition.
alter table ticket_types add column exhibitor_pass boolean not null default false;
alter table ticket_types add constraint ticket_types_pass_free check (not exhibitor_pass or price_minor = 0);
create unique index ticket_types_exhibitor_pass_key on ticket_types (exhibition_id) where exhibitor_pass;

-- The passes the organiser grants an exhibitor in the console; what its booth packages include is
-- added to it when booths are sold (the allowance is the sum).
alter table exhibitors add column pass_grant int not null default 0 check (pass_grant between 0 and 200);

-- One order per pass, so re-issuing or revoking one pass never touches another person's ticket.
alter table ticket_orders add column pass_exhibitor_id bigint references exhibitors (id) on delete restrict;
alter table ticket_orders add constraint ticket_orders_pass_free check (pass_exhibitor_id is null or total_minor = 0);
create index ticket_orders_pass_exhibitor_idx on ticket_orders (pass_exhibitor_id) where pass_exhibitor_id is not null;

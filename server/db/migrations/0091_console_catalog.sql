-- Coupons made in the organiser's console (docs/product.md#console-catalog): a coupon may apply to several ticket types of
-- its exhibition (none listed: every type), and may be limited per account. The single
-- `ticket_type_id` of 0050 becomes one row of the list, so the checkout has one rule to read
-- (server/platform/tickets/coupons.ts, discountFor in shared/rules/tickets.ts).

create table coupon_ticket_types (
  coupon_id int not null references coupons (id) on delete cascade,
  ticket_type_id int not null references ticket_types (id) on delete cascade,
  primary key (coupon_id, ticket_type_id)
);
create index coupon_ticket_types_type_idx on coupon_ticket_types (ticket_type_id);

insert into coupon_ticket_types (coupon_id, ticket_type_id) select id, ticket_type_id from coupons where ticket_type_id is not null;
alter table coupons drop column ticket_type_id;

-- How many orders one account may use the coupon in (held or redeemed); null: as many as its uses allow.
alter table coupons add column per_account_limit int check (per_account_limit >= 1);

-- The console's coupons of an exhibition, and "where was this code used".
create index coupons_exhibition_idx on coupons (exhibition_id) where exhibition_id is not null;
create index ticket_orders_coupon_idx on ticket_orders (coupon_id) where coupon_id is not null;

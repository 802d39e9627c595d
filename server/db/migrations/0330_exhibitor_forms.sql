-- Priced forms on the exhibitors' checklist (docs/product.md#exhibitor-forms): a task of kind form lists
-- items (power, furniture) with a unit price in one currency; an admin of the exhibitor orders them as an
-- order of kind services on the ticket orders' machinery (countdown, payment, expiry, refunds, invoices).

-- The currency the form's prices are in (set for kind form only).
alter table exhibitor_tasks add column form_currency text check (form_currency ~ '^[A-Z]{3}$');

-- The form's items, in the order the exhibitor reads them. Labels and units per language ({"en": …});
-- English is required. An order copies what it bought, so an item changed or deleted later leaves paid
-- orders as they were.
create table exhibitor_form_items (
  id bigint generated always as identity primary key,
  task_id bigint not null references exhibitor_tasks (id) on delete cascade,
  sort int not null check (sort >= 0),
  labels jsonb not null check (labels ? 'en'),
  units jsonb not null default '{}',
  unit_price_minor int not null check (unit_price_minor > 0),
  max_quantity int not null check (max_quantity between 1 and 999)
);
create index exhibitor_form_items_task_idx on exhibitor_form_items (task_id, sort);

-- Orders of kind services: what the exhibitor ordered on a form, each line a copy of the item as the buyer
-- read it ([{ itemId, label, unit, quantity, unitPriceMinor }]). The task may go; the order stays.
alter table ticket_orders drop constraint ticket_orders_order_kind_check;
alter table ticket_orders add constraint ticket_orders_order_kind_check check (order_kind in ('tickets', 'booth', 'services'));
alter table ticket_orders add column form_task_id bigint references exhibitor_tasks (id) on delete set null;
alter table ticket_orders add column service_lines jsonb;
alter table ticket_orders add constraint ticket_orders_services_check
  check ((order_kind = 'services') = (service_lines is not null and exhibitor_id is not null));
create index ticket_orders_form_task_idx on ticket_orders (form_task_id) where form_task_id is not null;

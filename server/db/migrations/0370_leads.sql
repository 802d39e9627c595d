-- Leads (docs/product.md#leads). An attendee chooses, per ticket, which of their contact details an
-- exhibitor who scans their badge may receive; nothing is shared by default. The tickets domain writes it.
alter table ticket_attendees add column shares text[] not null default '{}'
  check (shares <@ array['name', 'email', 'phone']::text[]);

-- The organiser's switch per exhibition: no row, or `enabled` false, means capture is off.
create table lead_capture (
  exhibition_id int primary key references exhibitions (id) on delete cascade,
  enabled boolean not null,
  updated_at timestamptz not null
);

-- One lead per exhibitor and ticket, however often it is scanned. Who the lead is never lives here:
-- the contact shown is read from the ticket's current consent, so a withdrawal anonymises at once.
create table leads (
  id bigint generated always as identity primary key,
  exhibitor_id bigint not null references exhibitors (id) on delete cascade,
  ticket_id uuid not null references e_tickets (id) on delete cascade,
  scanned_by uuid references accounts (id) on delete set null,
  scanned_at timestamptz not null,
  last_scanned_at timestamptz not null,
  scans int not null default 1 check (scans >= 1),
  rating text check (rating in ('hot', 'warm', 'cold')),
  tags text[] not null default '{}' check (cardinality(tags) <= 10),
  notes text not null default '' check (char_length(notes) <= 2000),
  updated_at timestamptz not null,
  unique (exhibitor_id, ticket_id)
);
create index leads_ticket_idx on leads (ticket_id);

-- Leads offline (docs/product.md#leads-offline). A phone queues its scans while it has no network and
-- sends them in batches later, each entry with an id the phone made: the entries already received are
-- kept here, so a batch sent again (its answer was lost) counts nothing twice. Ids only, no person.
create table lead_device_scans (
  exhibitor_id bigint not null references exhibitors (id) on delete cascade,
  scan_id uuid not null,
  received_at timestamptz not null,
  primary key (exhibitor_id, scan_id)
);

-- When rating, tags and notes were last written, by the clock of the device that wrote them: the
-- latest edit wins, whichever device sends it first. Null: never qualified.
alter table leads add column qualified_at timestamptz;

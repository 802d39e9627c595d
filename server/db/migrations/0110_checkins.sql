-- Check-in at the door (docs/product.md#checkin). Every scan a
-- device makes is kept, online or synced later, under the id the device gave it, so a sync sent twice
-- is the same scans. The server is the judge: of the scans of one ticket, the first to reach it is
-- the check-in (the partial unique index below); a later one is stored as `already`, and the device
-- learns when, at which gate and on which device the ticket came in. An undo ends a check-in, after
-- which the ticket can come in again.

create table checkin_scans (
  -- Made on the device (UUID), so a repeated sync cannot count a scan twice.
  id uuid primary key,
  exhibition_id int not null references exhibitions (id) on delete restrict,
  -- Null when the code named no ticket of ours (forged) or another exhibition's.
  ticket_id uuid references e_tickets (id) on delete cascade,
  outcome text not null check (outcome in ('checkedIn', 'already', 'forged', 'wrongExhibition', 'refunded', 'cancelled', 'unknown')),
  gate text not null check (char_length(gate) between 1 and 40),
  device_id text not null check (char_length(device_id) between 1 and 64),
  -- How the ticket was named: its QR code, or picked by name or order code.
  method text not null check (method in ('scan', 'manual')),
  staff_id uuid not null references staff_members (id) on delete restrict,
  -- The device's clock when scanned (shown to staff); received_at is the server's, and decides.
  scanned_at timestamptz not null,
  received_at timestamptz not null default now(),
  undone_at timestamptz,
  undone_by uuid references staff_members (id) on delete restrict,
  check ((outcome = 'checkedIn') or undone_at is null)
);

-- One live check-in per ticket: the first scan to arrive wins, whatever devices race.
create unique index checkin_scans_one_live on checkin_scans (ticket_id) where outcome = 'checkedIn' and undone_at is null;
create index checkin_scans_exhibition on checkin_scans (exhibition_id, received_at);

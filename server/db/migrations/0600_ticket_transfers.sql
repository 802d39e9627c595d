-- Handing a ticket to another person (docs/product.md#ticket-transfer). A transfer is offered to an
-- address with a personal link (only its SHA-256 is kept); accepting it gives the ticket a new holder
-- and a new code in one transaction, through the same UPDATEs of ticket_attendees and e_tickets as
-- any re-issue, so the door's list sees it like any other change.
create table ticket_transfers (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references ticket_orders (id) on delete cascade,
  attendee_id uuid not null references ticket_attendees (id) on delete cascade,
  -- Who offered it: the buyer or the holder, and their account (gone with an erased account).
  sender_role text not null check (sender_role in ('buyer', 'holder')),
  sender_account_id uuid references accounts (id) on delete set null,
  -- How the recipient is told who sends it: the holder's name, or the buyer's account name.
  sender_name text not null check (char_length(sender_name) <= 130),
  recipient_email text not null check (char_length(recipient_email) between 3 and 254),
  -- The recipient's language: their account's when they have one, otherwise the sender's page's.
  recipient_locale text not null,
  message text not null default '' check (char_length(message) <= 500),
  -- base64url SHA-256 of the link's token.
  token_hash text not null unique,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'declined', 'cancelled', 'lapsed')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  recipient_account_id uuid references accounts (id) on delete set null,
  check ((status = 'pending') = (decided_at is null))
);
-- One open offer per ticket, whatever two tabs send at once (a lapsed one is closed before a new one).
-- A pending one past expires_at is lapsed by the next transfer of the ticket (and read as lapsed meanwhile).
create unique index ticket_transfers_one_pending on ticket_transfers (attendee_id) where status = 'pending';
create index ticket_transfers_order_idx on ticket_transfers (order_id);
create index ticket_transfers_recipient_idx on ticket_transfers (lower(recipient_email));

-- Set when a transfer was accepted: the buyer keeps the order but no longer the ticket.
alter table ticket_attendees add column transferred_at timestamptz;

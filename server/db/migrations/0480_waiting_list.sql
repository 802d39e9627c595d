-- A waiting list per ticket type (docs/product.md#waiting-list). One live entry (waiting or offered)
-- per account and type; entries that ended (accepted, lapsed, declined, left, removed) stay for the
-- console's list until the account is erased.
--
-- An offer holds its seats in ticket_types.reserved, like a pending order, so public availability
-- and every buyer's conditional update already leave them alone (0050_tickets.sql). Locks: the
-- ticket type's row first, then its waiting entries in line order; an offered entry is locked before
-- its type (lapse, decline, leave, accept), and the pass that offers freed seats never locks an
-- offered entry, so the two orders never meet in a circle.

create table waiting_list_entries (
  id bigint generated always as identity primary key,
  ticket_type_id int not null references ticket_types (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete restrict,
  quantity int not null check (quantity between 1 and 5),
  -- The language the offer mail is written in (the one they joined in).
  locale text not null,
  state text not null default 'waiting' check (state in ('waiting', 'offered', 'accepted', 'lapsed', 'declined', 'left', 'removed')),
  joined_at timestamptz not null,
  offered_quantity int check (offered_quantity between 1 and 5),
  offered_at timestamptz,
  offer_until timestamptz,
  -- A staff member offered out of line (the audit log says who and why).
  offered_by_hand boolean not null default false,
  -- sha256 of the personal link's token, set when the offer mail is written.
  offer_token_hash text unique,
  offer_mailed_at timestamptz,
  order_id uuid references ticket_orders (id) on delete set null,
  ended_at timestamptz,
  check (state <> 'offered' or (offer_until is not null and offered_quantity is not null))
);
create unique index waiting_list_live_idx on waiting_list_entries (ticket_type_id, account_id) where state in ('waiting', 'offered');
create index waiting_list_line_idx on waiting_list_entries (ticket_type_id, joined_at, id) where state = 'waiting';
create index waiting_list_offers_idx on waiting_list_entries (offer_until) where state = 'offered';
create index waiting_list_account_idx on waiting_list_entries (account_id);

-- How long an offer holds its seats, per exhibition (default 24 hours when no row).
create table waiting_list_settings (
  exhibition_id int primary key references exhibitions (id) on delete cascade,
  offer_hours int not null check (offer_hours between 1 and 168)
);

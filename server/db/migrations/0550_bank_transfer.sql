-- Bank transfer as a way to pay (docs/product.md#bank-transfer).

-- Per exhibition: whether buyers may pay by transfer, into which account, and within how many days.
-- The account is an IBAN with its BIC, or a local account (number and bank).
create table bank_transfer_settings (
  exhibition_id int primary key references exhibitions (id) on delete cascade,
  enabled boolean not null default false,
  account_holder text not null check (length(account_holder) between 1 and 70),
  iban text check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  bic text check (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  account_number text check (length(account_number) between 1 and 34),
  bank_name text check (length(bank_name) between 1 and 70),
  deadline_days int not null check (deadline_days between 1 and 30),
  updated_at timestamptz not null default now(),
  check ((iban is not null and bic is not null and account_number is null) or (iban is null and account_number is not null and bank_name is not null))
);

-- A transfer is a payment attempt of its own kind: open until the money is matched, with the
-- reference the buyer writes on it (unique over all orders) and when the reminder went out.
alter table payment_attempts drop constraint payment_attempts_provider_check;
alter table payment_attempts add constraint payment_attempts_provider_check check (provider in ('sandbox', 'stripe', 'bank'));
alter table payment_attempts
  add column bank_reference text unique check (bank_reference ~ '^RF[0-9]{2}[A-Z0-9]{8}$'),
  add column reminded_at timestamptz,
  add constraint payment_attempts_bank_reference check ((provider = 'bank') = (bank_reference is not null));
create index payment_attempts_bank_remind_idx on payment_attempts (created_at) where provider = 'bank' and status = 'open' and reminded_at is null;

-- Money given back for a transfer is sent by the organiser's bank, by hand.
alter table refunds drop constraint refunds_provider_check;
alter table refunds add constraint refunds_provider_check check (provider in ('sandbox', 'stripe', 'bank'));

-- Money that came in by transfer: a statement's line or one matched by hand. line_key is what makes
-- a line the same on every upload of its statement: a line is recorded, and applied, once.
create table bank_transfers (
  id bigint generated always as identity primary key,
  exhibition_id int not null references exhibitions (id) on delete cascade,
  line_key text not null unique,
  source text not null check (source in ('statement', 'hand')),
  booked_on date,
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The payer's words and name as the bank passed them on.
  remittance text not null default '',
  payer text,
  reference text,
  attempt_id uuid references payment_attempts (id) on delete set null,
  order_id uuid references ticket_orders (id) on delete set null,
  state text not null check (state in ('paid', 'review', 'unknown', 'accepted', 'returned')),
  issue text check (issue in ('over', 'under', 'currency', 'closed', 'alreadyPaid')),
  recorded_by uuid references staff_members (id) on delete set null,
  decided_by uuid references staff_members (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  check ((state = 'review') = (issue is not null) or state in ('accepted', 'returned'))
);
create index bank_transfers_queue_idx on bank_transfers (exhibition_id, state, created_at desc);
create index bank_transfers_order_idx on bank_transfers (order_id) where order_id is not null;
create index bank_transfers_attempt_idx on bank_transfers (attempt_id) where attempt_id is not null;

-- Invoices and credit notes (docs/product.md#invoices). The organiser's legal identity and its tax
-- rates per buyer country are configuration the console's owners change; invoices and credit notes
-- are snapshots of what was issued, never changed afterwards.

-- The one legal identity that issues (one organiser per site). Without this row no invoice is issued.
create table invoice_issuer (
  id smallint primary key default 1 check (id = 1),
  legal_name text not null check (char_length(legal_name) between 1 and 200),
  address text not null check (char_length(address) between 1 and 500),
  country text not null check (country ~ '^[A-Z]{2}$'),
  tax_id text not null check (char_length(tax_id) between 1 and 40),
  registration_number text not null default '' check (char_length(registration_number) <= 40),
  -- Starts every number: <prefix>-<year>-<sequence>, credit notes <prefix>-CN-<year>-<sequence>.
  prefix text not null check (prefix ~ '^[A-Z0-9]{1,10}$'),
  -- The rate for buyer countries without a row of their own, in hundredths of a percent.
  default_rate_bp int not null check (default_rate_bp between 0 and 10000),
  -- The demo content's identity: printed as a demo on every document it issues.
  demo boolean not null default false,
  version int not null default 1,
  updated_at timestamptz not null default now()
);

-- Tax per buyer country: a rate, or zero-rated / reverse charge (no tax, with the wording that says why).
create table invoice_tax_rates (
  country text primary key check (country ~ '^[A-Z]{2}$'),
  treatment text not null check (treatment in ('standard', 'zeroRated', 'reverseCharge')),
  rate_bp int not null check (rate_bp between 0 and 10000),
  check (treatment = 'standard' or rate_bp = 0)
);

-- The last number given per year and series. It moves only inside the transaction that issues the
-- document (a row lock, not a sequence: a sequence keeps the numbers of rolled-back transactions,
-- and invoice numbers may have no gaps).
create table invoice_counters (
  year int not null check (year between 2000 and 9999),
  series text not null check (series in ('invoice', 'creditNote')),
  last int not null check (last >= 1),
  primary key (year, series)
);

create table invoices (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('invoice', 'creditNote')),
  number text not null unique,
  year int not null,
  sequence int not null check (sequence >= 1),
  order_id uuid not null references ticket_orders (id) on delete restrict,
  -- A credit note corrects an invoice and belongs to one refund.
  corrects_id uuid references invoices (id) on delete restrict,
  refund_id uuid unique references refunds (id) on delete restrict,
  -- Snapshots as printed: the issuer (legal name, address, country, tax id, registration, demo),
  -- the buyer company (name, address, country, tax id) and the lines (name, quantity, net, tax, gross).
  issuer jsonb not null,
  buyer jsonb not null,
  lines jsonb not null,
  treatment text not null check (treatment in ('standard', 'zeroRated', 'reverseCharge')),
  rate_bp int not null check (rate_bp between 0 and 10000),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- Positive amounts for both kinds: a credit note's are what it takes back.
  net_minor int not null check (net_minor >= 0),
  tax_minor int not null check (tax_minor >= 0),
  gross_minor int not null check (gross_minor >= 0),
  -- The buyer's language when ordering: the PDF is drawn in it.
  language text not null,
  issued_at timestamptz not null,
  unique (kind, year, sequence),
  check (gross_minor = net_minor + tax_minor),
  check ((kind = 'creditNote') = (corrects_id is not null and refund_id is not null))
);
create unique index invoices_one_per_order on invoices (order_id) where kind = 'invoice';
create index invoices_order_idx on invoices (order_id, issued_at);

create function invoices_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'issued invoices and credit notes cannot be changed' using errcode = 'insufficient_privilege';
end
$$;

create trigger invoices_issued_once before update or delete on invoices
  for each row execute function invoices_refuse_change();

-- The buyer's company, asked for before paying (null: no invoice wanted): name, address, country, tax id.
alter table ticket_orders add column invoice_request jsonb;

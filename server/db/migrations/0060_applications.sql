-- Exhibitor and attendee applications (docs/product.md#application-data). One table for both kinds: the columns of
-- the other kind stay null, and checks keep each kind complete. Fields are stored as typed (trimmed,
-- NFC); pages and exports show them as text.

create table applications (
  id bigint generated always as identity primary key,
  -- Quoted by the applicant and the organiser: EX-XXXXXXXX or AT-XXXXXXXX (Crockford base32).
  reference text not null unique check (reference ~ '^(EX|AT)-[0-9A-HJKMNP-TV-Z]{8}$'),
  kind text not null check (kind in ('exhibitor', 'attendee')),
  exhibition_id int not null references exhibitions (id) on delete restrict,
  -- The logged-in applicant; null for anonymous applications or when the account is deleted.
  account_id uuid references accounts (id) on delete set null,
  -- The language of the page it was sent from; the acknowledgement went out in it.
  locale text not null,
  status text not null default 'received' check (status in ('received', 'reviewing', 'accepted', 'declined', 'withdrawn')),
  email text not null check (length(email) <= 254),
  phone_e164 text check (phone_e164 ~ '^\+[1-9][0-9]{6,14}$'),
  phone_country text check (phone_country ~ '^[A-Z]{2}$'),
  -- Exhibitor
  company_name text check (length(company_name) <= 120),
  website text check (length(website) <= 208),
  contact_person text check (length(contact_person) <= 80),
  booth_size text check (booth_size in ('3x3', '3x6', '6x6', 'custom')),
  booth_width_m numeric(4, 1) check (booth_width_m between 1 and 100),
  booth_depth_m numeric(4, 1) check (booth_depth_m between 1 and 100),
  exhibiting_method text check (exhibiting_method in ('company', 'individual')),
  -- Attendee
  surname text check (length(surname) <= 60),
  given_name text check (length(given_name) <= 60),
  position text check (length(position) <= 80),
  identity text check (length(identity) <= 40),
  industry text check (length(industry) <= 40),
  -- Submitting twice creates one record: the form's key (a retry of the same submission) and the
  -- hash of the normalised content (the same application sent again from a fresh form).
  idempotency_key uuid not null unique,
  content_hash text not null unique check (length(content_hash) = 64),
  ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (
    kind <> 'exhibitor'
    or (company_name is not null and contact_person is not null and booth_size is not null and exhibiting_method is not null and phone_e164 is not null)
  ),
  check (kind <> 'attendee' or (surname is not null and given_name is not null and position is not null and identity is not null and industry is not null)),
  check ((booth_size = 'custom') = (booth_width_m is not null and booth_depth_m is not null) or kind <> 'exhibitor')
);

create index applications_account_idx on applications (account_id, created_at desc) where account_id is not null;
create index applications_exhibition_idx on applications (exhibition_id, kind, created_at desc);
create index applications_created_idx on applications (created_at desc);

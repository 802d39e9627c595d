-- Exhibitors (docs/product.md#exhibitors): a company at one exhibition. The company (its profile in
-- every language, kind, country, website, licences) carries over from one exhibition to the next; the
-- exhibitor row (team, and later booth and passes) is per exhibition. An exhibitor is born when an
-- exhibitor application is accepted; the accounts that work on it are its members.

create table exhibitor_companies (
  id bigint generated always as identity primary key,
  -- The company's address in the directory (`/{lang}/backDetail/{id}/exhibitors/{slug}`), from its
  -- English name when it was created; it never changes, so shared links keep working.
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80),
  kind text not null default 'company' check (kind in ('broker', 'company', 'platform')),
  country text check (country ~ '^[A-Z]{2}$'),
  website text check (length(website) <= 208),
  logo_media_id text references media_items (id) on delete set null,
  -- Optimistic concurrency: a save names the version it edited; an older one answers 409.
  version int not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The profile in each language; English is required (the fallback of every other language).
create table exhibitor_company_texts (
  company_id bigint not null references exhibitor_companies (id) on delete cascade,
  locale text not null check (locale in ('en', 'es', 'fil', 'id', 'ja', 'pt', 'ru', 'th', 'vi', 'zh-cn', 'zh-hk', 'zh-tw')),
  name text not null check (char_length(name) between 1 and 120),
  summary text not null default '' check (char_length(summary) <= 200),
  description text not null default '' check (char_length(description) <= 4000),
  primary key (company_id, locale)
);

-- A broker's licences, as the regulator lists them (the same pair as search_licences).
create table exhibitor_licences (
  company_id bigint not null references exhibitor_companies (id) on delete cascade,
  position int not null check (position >= 0),
  regulator text not null check (char_length(regulator) between 1 and 40),
  number text not null check (char_length(number) between 1 and 60),
  primary key (company_id, position),
  unique (company_id, regulator, number)
);

create table exhibitors (
  id bigint generated always as identity primary key,
  company_id bigint not null references exhibitor_companies (id) on delete restrict,
  exhibition_id int not null references exhibitions (id) on delete restrict,
  -- The accepted application it came from (null for one the organiser made, or demo content).
  application_id bigint unique references applications (id) on delete set null,
  -- `withdrawn` while its application is no longer accepted: kept (members, history), hidden from visitors.
  status text not null default 'active' check (status in ('active', 'withdrawn')),
  created_at timestamptz not null default now(),
  unique (company_id, exhibition_id)
);

create index exhibitors_exhibition_idx on exhibitors (exhibition_id) where status = 'active';

-- Visitor accounts working on an exhibitor: admins edit the profile and the team, staff read.
create table exhibitor_members (
  exhibitor_id bigint not null references exhibitors (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  role text not null check (role in ('admin', 'staff')),
  created_at timestamptz not null default now(),
  primary key (exhibitor_id, account_id)
);

create index exhibitor_members_account_idx on exhibitor_members (account_id);

-- An invitation to join an exhibitor's team, mailed to an address: the link carries a secret of which
-- only the hash is kept; it is used once, by whichever account opens it signed in, within its validity.
create table exhibitor_invitations (
  id bigint generated always as identity primary key,
  exhibitor_id bigint not null references exhibitors (id) on delete cascade,
  email text not null check (char_length(email) between 3 and 254),
  role text not null check (role in ('admin', 'staff')),
  locale text not null,
  token_hash text not null unique check (length(token_hash) = 64),
  invited_by uuid references accounts (id) on delete set null,
  expires_at timestamptz not null,
  accepted_by uuid references accounts (id) on delete set null,
  accepted_at timestamptz,
  created_at timestamptz not null default now()
);

-- One open invitation per address and exhibitor: inviting again renews it.
create unique index exhibitor_invitations_open_key on exhibitor_invitations (exhibitor_id, lower(email)) where accepted_at is null;

-- Floor plans (docs/product.md#floor-plans): an exhibition's halls and the booths drawn on them. Sizes
-- are whole decimetres on the hall's grid (a booth of 3 × 2.5 m is 30 × 25), so overlap and fit are
-- integer arithmetic. A booth is sold the way a seat is (docs/product.md#floor-plans): a row with a
-- state, a price in the plan's currency and, once sold or held for one, the exhibitor it belongs to.

-- One per exhibition that has halls: the currency its booths are priced in, fixed while booths exist.
create table floor_plans (
  exhibition_id int primary key references exhibitions (id) on delete cascade,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz not null default now()
);

create table floor_plan_halls (
  id bigint generated always as identity primary key,
  exhibition_id int not null references floor_plans (exhibition_id) on delete cascade,
  label text not null check (char_length(label) between 1 and 60),
  width_dm int not null check (width_dm between 10 and 10000),
  depth_dm int not null check (depth_dm between 10 and 10000),
  -- The hall's drawing behind the booths, from the media library.
  background_media_id text references media_items (id) on delete set null,
  sort int not null default 0,
  -- Optimistic concurrency: a save names the version it edited; an older one answers 409.
  version int not null default 1,
  updated_at timestamptz not null default now(),
  unique (exhibition_id, label)
);

create table booths (
  id bigint generated always as identity primary key,
  -- A hall with booths is not deleted in the console (docs/product.md#console-floor-plans); it goes
  -- with its exhibition, booths and all.
  hall_id bigint not null references floor_plan_halls (id) on delete cascade,
  -- Repeated from the hall so that a booth's number is unique per exhibition, across its halls.
  exhibition_id int not null references floor_plans (exhibition_id) on delete cascade,
  number text not null check (number ~ '^[A-Z0-9][A-Z0-9-]{0,7}$'),
  x_dm int not null check (x_dm >= 0),
  y_dm int not null check (y_dm >= 0),
  w_dm int not null check (w_dm between 10 and 10000),
  h_dm int not null check (h_dm between 10 and 10000),
  booth_type text not null check (booth_type in ('shell', 'space', 'corner', 'island')),
  price_minor bigint not null check (price_minor between 0 and 100000000000),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  state text not null default 'available' check (state in ('available', 'held', 'sold', 'blocked')),
  -- An exhibitor with a booth is not deleted from under it (remove-demo counts it as in use).
  exhibitor_id bigint references exhibitors (id) on delete restrict,
  version int not null default 1,
  -- Demo booths join the demo marks of migration 0190 (server/content/demo-marks.ts); halls and the
  -- plan go with their demo exhibition.
  demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (exhibition_id, number),
  -- A sold booth belongs to an exhibitor; a free or blocked one to nobody (a held one may name who holds it).
  check (state <> 'sold' or exhibitor_id is not null),
  check (state not in ('available', 'blocked') or exhibitor_id is null)
);

create index booths_hall_idx on booths (hall_id);
create index booths_exhibitor_idx on booths (exhibitor_id) where exhibitor_id is not null;

-- As in 0190, for a database whose floor plans were seeded before the demo marks were read.
update booths set demo = true where created_at = (select seeded_at from seed_runs where domain = 'floor-plans');

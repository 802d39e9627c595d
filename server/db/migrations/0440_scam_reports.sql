-- Scam reports (docs/product.md#scam-reports): people tell the organiser about a channel that
-- impersonated it; the verifier reads them grouped by channel. The scam-reports domain writes every
-- table here.

-- One channel reported as a scam: the kind and key the public check normalises it to, so a t.me link
-- and an @name are one group. A group merged by hand into another points at it and takes no reports.
create table scam_report_groups (
  id bigint generated always as identity primary key,
  kind text not null check (char_length(kind) <= 20),
  channel_key text not null check (char_length(channel_key) <= 400),
  -- The value as the first report's normaliser showed it.
  display text not null check (char_length(display) <= 400),
  status text not null default 'new' check (status in ('new', 'investigating', 'confirmed', 'notScam')),
  merged_into bigint references scam_report_groups (id) on delete set null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (kind, channel_key)
);
create index scam_report_groups_status_idx on scam_report_groups (status, updated_at desc, id desc) where merged_into is null;

create table scam_reports (
  id bigint generated always as identity primary key,
  -- SR-XXXX-XXXX: what the reporter is given; random, never a count.
  reference text not null unique check (reference ~ '^SR-[0-9A-Z]{4}-[0-9A-Z]{4}$'),
  -- A signed-in reporter's account: their reports go with it (eraseScamReports).
  account_id uuid references accounts (id) on delete set null,
  description text not null check (char_length(description) <= 4000),
  happened_on date not null,
  -- Money lost, in the currency's minor units; both or neither.
  amount_minor bigint check (amount_minor > 0),
  currency text check (currency ~ '^[A-Z]{3}$'),
  contact_email text check (char_length(contact_email) <= 254),
  consent boolean not null default false,
  -- The reporter's language (a site locale): the receipt and any reply are written in it.
  locale text not null,
  created_at timestamptz not null,
  check ((amount_minor is null) = (currency is null)),
  check (contact_email is null or consent)
);
create index scam_reports_account_idx on scam_reports (account_id) where account_id is not null;
create index scam_reports_email_idx on scam_reports (lower(contact_email)) where contact_email is not null;
create index scam_reports_created_idx on scam_reports (created_at);

-- Which channels a report names; a report naming two channels is in both groups.
create table scam_report_channels (
  report_id bigint not null references scam_reports (id) on delete cascade,
  group_id bigint not null references scam_report_groups (id) on delete cascade,
  kind text not null,
  channel_key text not null,
  -- As the reporter's value was shown back to them.
  display text not null check (char_length(display) <= 400),
  primary key (group_id, report_id)
);
create index scam_report_channels_report_idx on scam_report_channels (report_id);

-- Staff notes on a group, and replies to one report's reporter (report_id set: deleted with the report).
create table scam_report_notes (
  id bigint generated always as identity primary key,
  group_id bigint not null references scam_report_groups (id) on delete cascade,
  report_id bigint references scam_reports (id) on delete cascade,
  kind text not null check (kind in ('note', 'reply')),
  body text not null check (char_length(body) between 1 and 2000),
  staff_id uuid references staff_members (id) on delete set null,
  created_at timestamptz not null,
  check ((kind = 'reply') = (report_id is not null))
);
create index scam_report_notes_group_idx on scam_report_notes (group_id, created_at);

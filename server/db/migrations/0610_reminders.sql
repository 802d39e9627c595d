-- Reminders before the exhibition (docs/product.md#reminders-before-the-exhibition): set once per
-- exhibition in the console, each a time before the opening (in hours; whole days are counted on the
-- venue's calendar), mailed by a job to every holder of a valid e-ticket with their e-tickets and the
-- way to the venue. The recipients' primary key keeps a restarted or second job from mailing anyone twice.

create table reminder_settings (
  exhibition_id int primary key references exhibitions (id) on delete cascade,
  enabled boolean not null default true,
  -- The organiser's extra paragraph per language: [{"locale": "en", "body": "..."}], maybe none.
  texts jsonb not null default '[]',
  updated_by uuid references staff_members (id) on delete set null,
  updated_at timestamptz not null default now()
);

-- One row per reminder ever set: a removed one keeps its row (and its recipients), so setting it
-- again later mails nobody a second time.
create table reminders (
  exhibition_id int not null references exhibitions (id) on delete cascade,
  offset_hours int not null check (offset_hours between 1 and 1440),
  removed boolean not null default false,
  -- When it was set (or switched on again): a reminder whose time was already past then is never sent.
  set_at timestamptz not null,
  -- scheduled: waiting for its time; sending: its recipients are taken and being written; sent: all
  -- written; missed: its time came when the exhibition had opened, or before it was set.
  state text not null default 'scheduled' check (state in ('scheduled', 'sending', 'sent', 'missed')),
  -- The moment the recipients were taken (tickets paid later are not added), and when it was due then.
  expanded_at timestamptz,
  due_at timestamptz,
  finished_at timestamptz,
  primary key (exhibition_id, offset_hours)
);
create index reminders_pending_idx on reminders (exhibition_id) where state in ('scheduled', 'sending') and not removed;

create table reminder_recipients (
  exhibition_id int not null,
  offset_hours int not null,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  locale text not null,
  -- queued: still to write; written: in the outbox (outbox_id); skipped: the address bounced for good.
  state text not null default 'queued' check (state in ('queued', 'written', 'skipped')),
  outbox_id bigint,
  written_at timestamptz,
  primary key (exhibition_id, offset_hours, email),
  foreign key (exhibition_id, offset_hours) references reminders (exhibition_id, offset_hours) on delete cascade
);
create index reminder_recipients_queue_idx on reminder_recipients (exhibition_id, offset_hours) where state = 'queued';
create index reminder_recipients_written_idx on reminder_recipients (written_at) where written_at is not null;

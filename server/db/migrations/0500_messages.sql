-- Messages from the organiser (docs/product.md#messages): a mail written in the console in several
-- languages to an exhibition's attendees (all, some ticket types, checked in or not) or to its
-- exhibitors' team members, sent now or at a chosen time by a job that expands the recipients when it
-- starts and writes them to the outbox at a limited rate. Unsubscribes and bounces are kept per
-- address and brand as a hash (docs/product.md#unsubscribe), so they still hold after an erasure.

-- Headers a mail carries besides the usual ones (List-Unsubscribe, List-Unsubscribe-Post of marketing mail).
alter table mail_outbox add column headers jsonb not null default '{}';

create table messages (
  id bigint generated always as identity primary key,
  exhibition_id int not null references exhibitions (id) on delete restrict,
  audience text not null check (audience in ('attendees', 'exhibitors')),
  -- Attendees of these ticket types only; empty: every type.
  ticket_type_ids int[] not null default '{}',
  -- Attendees checked in at the door, not checked in, or either.
  checked_in text not null default 'any' check (checked_in in ('any', 'yes', 'no')),
  kind text not null check (kind in ('transactional', 'marketing')),
  -- {"en": {"subject": "...", "body": "..."}, "zh-cn": {...}}: at least one language.
  texts jsonb not null,
  state text not null default 'scheduled' check (state in ('scheduled', 'sending', 'sent', 'cancelled')),
  send_at timestamptz not null,
  created_by uuid references staff_members (id) on delete set null,
  created_at timestamptz not null default now(),
  -- When the job took the list of recipients (only once: people added later are not mailed).
  expanded_at timestamptz,
  finished_at timestamptz,
  cancelled_at timestamptz
);
create index messages_exhibition_idx on messages (exhibition_id, created_at desc);
create index messages_due_idx on messages (send_at) where state in ('scheduled', 'sending');

-- One row per address and message: the primary key is what keeps a restarted job from mailing anyone twice.
create table message_recipients (
  message_id bigint not null references messages (id) on delete cascade,
  email text not null check (email = lower(email) and char_length(email) between 3 and 254),
  locale text not null,
  -- queued: still to write; written: in the outbox (outbox_id); skipped: unsubscribed or bounced;
  -- cancelled: the message was cancelled before its turn.
  state text not null default 'queued' check (state in ('queued', 'written', 'skipped', 'cancelled')),
  -- The SHA-256 of the recipient's unsubscribe link (marketing only).
  token_hash bytea unique,
  outbox_id bigint,
  written_at timestamptz,
  primary key (message_id, email)
);
create index message_recipients_queue_idx on message_recipients (message_id) where state = 'queued';
create index message_recipients_written_idx on message_recipients (written_at) where written_at is not null;

-- Addresses that asked not to get marketing mail, complained, or bounced for good. Only the
-- SHA-256 of the lower-case address: a send compares hashes, and an erasure leaves nothing readable.
create table mail_suppressions (
  brand text not null,
  address_hash bytea not null,
  reason text not null check (reason in ('unsubscribed', 'complained', 'bounced')),
  created_at timestamptz not null default now(),
  primary key (brand, address_hash, reason)
);

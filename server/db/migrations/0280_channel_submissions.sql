-- Exhibitors submit their official channels; the organiser's verifier approves or rejects each
-- (docs/product.md#exhibitor-channel-submissions). Nothing here is ever answered by the public check:
-- only an approval writes the register row (verification_channels), in the decision's transaction.
-- The verification domain writes this table (the register's submissions); the exhibitors domain
-- decides who may submit for a company and asks it.

create table verification_channel_submissions (
  id bigint generated always as identity primary key,
  company_id bigint not null references exhibitor_companies (id) on delete cascade,
  -- The exhibition the company was at when its member submitted the channel (the verifier's context).
  exhibition_id int not null references exhibitions (id) on delete cascade,
  kind text not null check (kind in ('phone', 'email', 'usdtTrc20', 'usdtErc20', 'telegram', 'whatsapp', 'wechat', 'line', 'x')),
  -- The value in the register's form (registerKey), compared with the register exactly.
  lookup_key text not null,
  display text not null,
  -- The member's note for the verifier (where the channel is used, how to check it).
  note text not null default '' check (char_length(note) <= 500),
  state text not null default 'pending' check (state in ('pending', 'approved', 'rejected', 'withdrawn')),
  -- Null once the member's account is erased: the company's channel stays, the person goes.
  submitted_by uuid references accounts (id) on delete set null,
  submitted_at timestamptz not null,
  -- The verifier who approved or rejected it (null for a withdrawal, or once the member is removed).
  decided_by uuid references staff_members (id) on delete set null,
  decided_at timestamptz,
  -- The verifier's reason, shown to the company's team (rejections only).
  reason text check (char_length(reason) <= 500),
  -- The register entry an approval made (or renewed).
  channel_id int references verification_channels (id) on delete set null,
  check ((state = 'rejected') = (reason is not null)),
  -- Decided (or withdrawn) at a time; only a pending one has none.
  check ((state = 'pending') = (decided_at is null))
);

-- A value waits once per company; after a decision the company may submit it again.
create unique index verification_channel_submissions_pending_key on verification_channel_submissions (company_id, kind, lookup_key) where state = 'pending';
create index verification_channel_submissions_queue_idx on verification_channel_submissions (submitted_at) where state = 'pending';
create index verification_channel_submissions_company_idx on verification_channel_submissions (company_id, submitted_at desc);
create index verification_channel_submissions_account_idx on verification_channel_submissions (submitted_by) where submitted_by is not null;

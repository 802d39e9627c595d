-- Moderation of community comments in the organiser's console (docs/product.md#console-comments).
-- A hidden comment stays, with who hid it, when and why: the public list leaves it out, its author
-- still reads it with the reason. Restoring clears the three together (the audit log keeps both steps).
alter table exhibition_comments
  add column hidden_at timestamptz,
  add column hidden_by uuid references staff_members (id) on delete set null,
  add column hidden_reason text check (char_length(hidden_reason) between 1 and 500),
  add constraint exhibition_comments_hidden_check check ((hidden_at is null) = (hidden_reason is null));

-- A visitor barred from commenting, apart from any block of the whole account (another table): they
-- still sign in, buy tickets and apply. One row per account; `ends_at` null means until lifted.
create table comment_blocks (
  account_id uuid primary key references accounts (id) on delete cascade,
  reason text not null check (char_length(reason) between 1 and 500),
  ends_at timestamptz,
  blocked_by uuid references staff_members (id) on delete set null,
  blocked_at timestamptz not null default now()
);

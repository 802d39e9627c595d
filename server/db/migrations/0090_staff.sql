-- The organiser's console (docs/product.md#console): staff members, their one-time set-up
-- links, their sessions, and the audit log of every change they make. Staff are not visitors: they
-- have their own accounts, their own cookie, and a second factor (TOTP, RFC 6238) from the start.

create table staff_members (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  name text not null default '',
  -- argon2id (server/platform/passwords.ts); null until the member has set up the account.
  password_hash text,
  -- base32 TOTP secret; null until set up.
  totp_secret text,
  -- The time step of the last accepted code: a code of this step or an earlier one is refused, so a
  -- code seen over someone's shoulder cannot be used again within its window.
  totp_last_step bigint,
  -- shared/rules/console-access.ts STAFF_ROLES.
  roles text[] not null check (
    cardinality(roles) > 0 and roles <@ array['owner', 'manager', 'editor', 'support', 'verifier', 'checkin']::text[]
  ),
  -- The exhibitions this member may work on; null: all of them.
  exhibition_ids int[],
  language text not null default 'en' check (language in ('en', 'zh-cn', 'zh')),
  -- invited: has not set up a password and second factor yet; disabled: may not sign in.
  status text not null default 'invited' check (status in ('invited', 'active', 'disabled')),
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Addresses are stored lower-case (the check above), so one address is one member however it is typed.
create unique index staff_members_email on staff_members (email);

-- One-time set-up links (first set-up, invitation, lost second factor). Only a hash (SHA-256) of the token is
-- kept, so a copy of the database cannot be used to take over an account.
create table staff_setup_tokens (
  token_hash text primary key,
  staff_id uuid not null references staff_members (id) on delete cascade,
  -- The TOTP secret the set-up page shows, and that becomes the member's when the set-up is done.
  pending_secret text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index staff_setup_tokens_member on staff_setup_tokens (staff_id);

-- Signed-in browsers. The cookie holds a random secret; only its hash is stored. `id` is what the
-- member sees in the list of sessions and ends one by.
create table staff_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  staff_id uuid not null references staff_members (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  address text not null default '',
  device text not null default '',
  ended_at timestamptz
);
create index staff_sessions_member on staff_sessions (staff_id, created_at desc);

-- Every change a staff member makes, written in the same transaction as the change (who, which
-- function, what it was before and after, when, from where). Rows are never changed or removed.
create table staff_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- null: the command line (npm run staff), which has no member behind it.
  staff_id uuid references staff_members (id) on delete restrict,
  function text not null,
  target text,
  before jsonb,
  after jsonb,
  address text
);
create index staff_audit_at on staff_audit (at desc, id desc);
create index staff_audit_member on staff_audit (staff_id, at desc);

create function staff_audit_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the staff audit log cannot be changed' using errcode = 'insufficient_privilege';
end
$$;

create trigger staff_audit_append_only before update or delete on staff_audit
  for each row execute function staff_audit_refuse_change();

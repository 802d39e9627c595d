-- Accounts and login and the OAuth2 codes of docs/product.md#oauth. The accounts and sessions
-- tables come from 0001_core.sql; this adds what sign-in, the login ticket of the frame protocol,
-- one-time codes and the authorization-code flow need.

-- Nicknames are shown to everyone (comments): bounded here as well as in the contract.
alter table accounts add constraint accounts_nick_length check (char_length(nick) between 1 and 40);
alter table accounts add constraint accounts_email_length check (char_length(email) between 3 and 254);

-- A session is created when someone signs in on the login page. It is not usable as a login cookie
-- until the site's server has exchanged its one-time ticket (docs/product.md#login `reload` message): only then is
-- a secret made, and only its hash is kept. `kind` tells login sessions from OAuth2 grants.
alter table sessions add column kind text not null default 'login' check (kind in ('login', 'oauth'));
alter table sessions add column secret_hash text;
alter table sessions add column ticket_hash text;
alter table sessions add column ticket_expires_at timestamptz;
create unique index sessions_ticket_key on sessions (ticket_hash) where ticket_hash is not null;

-- E-mail verification and password reset codes: six digits, stored as an HMAC, short-lived, a few
-- attempts each. Only the newest code of a purpose counts (older ones are deleted when one is made).
create table account_codes (
  id bigint generated always as identity primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  purpose text not null check (purpose in ('verify', 'reset')),
  code_hash text not null,
  attempts int not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index account_codes_account_idx on account_codes (account_id, purpose);

-- Kong-style authorization codes (docs/product.md#oauth /oauth2/authorize -> /oauth2/token): single use, a minute
-- long. The session made at the exchange is remembered, so that reusing a code revokes what it gave
-- (RFC 6749 §4.1.2).
create table oauth_codes (
  code_hash text primary key,
  client_id text not null,
  account_id uuid not null references accounts (id) on delete cascade,
  scope text not null default '',
  expires_at timestamptz not null,
  used_at timestamptz,
  session_id uuid references sessions (id) on delete set null,
  created_at timestamptz not null default now()
);
create index oauth_codes_expires_idx on oauth_codes (expires_at);

-- Community comments on an exhibition: plain text, shown as text.
create table exhibition_comments (
  id bigint generated always as identity primary key,
  exhibition_id int not null references exhibitions (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  body text not null check (char_length(body) between 1 and 1000),
  created_at timestamptz not null default now()
);
create index exhibition_comments_list_idx on exhibition_comments (exhibition_id, id desc);

-- Follows (docs/product.md#endpoints attentionevaluation): an exhibition by its id, a broker by its trader code.
create table account_follows (
  account_id uuid not null references accounts (id) on delete cascade,
  target_kind text not null check (target_kind in ('exhibition', 'broker')),
  target_id text not null check (char_length(target_id) between 1 and 40),
  created_at timestamptz not null default now(),
  primary key (account_id, target_kind, target_id)
);
create index account_follows_target_idx on account_follows (target_kind, target_id);

-- What visitors looked up on the verification page (docs/product.md#console-register: the console's "what
-- scammers are using now"): one row per normalised value, how often and when last, and whether it was ours when asked.
-- No address, token or anything else about the visitor is kept: only the value they typed.
create table verification_lookups (
  query_type text not null check (query_type in ('phone', 'email', 'usdtTrc20', 'usdtErc20', 'chat')),
  -- The value as it was checked (E.164 phone, lower-case e-mail, the address, @name).
  value text not null,
  official boolean not null,
  lookups int not null default 1,
  first_at timestamptz not null default now(),
  last_at timestamptz not null default now(),
  primary key (query_type, value)
);
create index verification_lookups_unknown_idx on verification_lookups (lookups desc) where not official;
create index verification_lookups_last_idx on verification_lookups (last_at desc);

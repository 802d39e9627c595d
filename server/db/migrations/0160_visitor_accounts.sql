-- Visitor accounts in the organiser's console (docs/product.md#console-visitors): staff may
-- block a visitor (every session ends, sign-in by password, code or OAuth is refused until they are
-- unblocked) and erase one on request (GDPR art. 17).

alter table accounts add column blocked_at timestamptz;
alter table accounts add column blocked_reason text check (char_length(blocked_reason) between 1 and 500);
alter table accounts add constraint accounts_blocked_reason check ((blocked_at is null) = (blocked_reason is null));
create index accounts_blocked_idx on accounts (blocked_at) where blocked_at is not null;
-- Nick search in the console (e-mail search uses accounts_email_key).
create index accounts_nick_idx on accounts (lower(nick) text_pattern_ops);
create index accounts_email_prefix_idx on accounts (lower(email) text_pattern_ops);

-- An erased visitor's paid and refunded orders stay for the bookkeeping the law requires, without
-- their buyer: the account reference becomes null (still `on delete restrict`, so no account with
-- orders can disappear by accident; erasure detaches the kept orders first).
alter table ticket_orders alter column account_id drop not null;

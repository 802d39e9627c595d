-- Refunds through the payment provider (docs/product.md#late-payments).
-- A refund returns money one payment attempt took: automatically for a late, duplicate, mismatched
-- or superseded payment (payment_attempts.refund_reason says why it could not buy the order), and
-- later by staff, for the whole order or chosen tickets. The flag on the attempt stays the record of
-- the settlement; this table is the operation at the provider.

-- What the provider says it took and the id of the payment there (Stripe: the PaymentIntent), which
-- a refund names. Null: as asked (amount_minor, currency), and for the sandbox the attempt itself.
alter table payment_attempts
  add column received_minor int check (received_minor >= 0),
  add column received_currency text check (received_currency ~ '^[A-Z]{3}$'),
  add column payment_ref text;

create table refunds (
  id uuid primary key default gen_random_uuid(),
  attempt_id uuid not null references payment_attempts (id) on delete restrict,
  order_id uuid not null references ticket_orders (id) on delete restrict,
  provider text not null check (provider in ('sandbox', 'stripe')),
  amount_minor int not null check (amount_minor > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The settlement's reasons (order-rules.ts RefundReason), and staff for the console's refunds.
  reason text not null check (reason in ('orderCancelled', 'alreadyPaid', 'attemptSuperseded', 'amountMismatch', 'staff')),
  -- requested: waits for (or is at) the provider; succeeded and failed are final.
  status text not null default 'requested' check (status in ('requested', 'succeeded', 'failed')),
  -- The provider's words when it refused for good, or ours after the last try.
  failure_text text,
  -- The provider's id of the refund (Stripe re_...; the sandbox makes one up).
  provider_ref text,
  -- Sent with every call to the provider for this refund, so a retry can never refund twice.
  idempotency_key text not null unique,
  -- Calls made so far, and when the job may call next: a claimed refund's time moves ahead by a
  -- lease, so another instance leaves it alone while the call is out.
  tries int not null default 0 check (tries >= 0),
  next_try_at timestamptz not null default now(),
  -- The e-tickets a staff refund covers (null: the amount alone, as automatic refunds).
  ticket_ids uuid[],
  -- The staff member who asked (null: the platform itself).
  requested_by uuid references accounts (id) on delete set null,
  requested_at timestamptz not null default now(),
  settled_at timestamptz,
  updated_at timestamptz not null default now(),
  check ((status = 'requested') = (settled_at is null)),
  check ((status = 'failed') = (failure_text is not null))
);
-- The job's queue: refunds still to do, by the time they are due.
create index refunds_due_idx on refunds (next_try_at) where status = 'requested';
create index refunds_attempt_idx on refunds (attempt_id);
create index refunds_order_idx on refunds (order_id, requested_at);

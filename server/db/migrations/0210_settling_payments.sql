-- Payments that settle from a durable record (docs/product.md#payments "A payment being confirmed").
-- A sandbox payment records, in the transaction that makes it "processing", when it settles
-- (settle_after) and how (settle_outcome); any instance settles it from that record, so a process
-- that dies between the payer's "pay" and the confirmation loses nothing. A card payment being
-- confirmed is asked about at the provider from check_after on, then at growing intervals.
alter table payment_attempts
  add column settle_outcome text check (settle_outcome in ('succeeded', 'declined')),
  add column check_after timestamptz;

-- Sandbox payments left "processing" before this record existed: every one of them was a payer's
-- "pay" or "pay, the bank confirms later", both of which succeed.
update payment_attempts
set settle_outcome = 'succeeded', settle_after = coalesce(settle_after, processing_at, now())
where provider = 'sandbox' and status = 'processing';

update payment_attempts
set check_after = now()
where provider = 'stripe' and status = 'processing';

-- No sandbox payment is processing without the record of its settlement.
alter table payment_attempts
  add constraint payment_attempts_sandbox_settles check (
    provider <> 'sandbox' or status <> 'processing' or (settle_after is not null and settle_outcome is not null)
  );

create index payment_attempts_check_idx on payment_attempts (check_after) where status = 'processing' and check_after is not null;

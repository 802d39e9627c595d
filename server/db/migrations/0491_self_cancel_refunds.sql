-- A buyer cancelling a ticket under the exhibition's refund policy (docs/product.md#refund-policy) is
-- refunded through the same refunds job as staff refunds, with a reason of its own.
alter table refunds drop constraint refunds_reason_check;
alter table refunds add constraint refunds_reason_check
  check (reason in ('orderCancelled', 'alreadyPaid', 'attemptSuperseded', 'amountMismatch', 'staff', 'selfCancel'));

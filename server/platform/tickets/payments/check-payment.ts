import type { OrderDetail } from '../../../../shared/contracts/tickets.ts'
import { ownOrder, reread } from '../read-orders.ts'
import type { Caller, TicketsContext } from '../tickets-context.ts'
import { applySettlement, type ConfirmOutcome, confirmPayment, failPayment, markProcessing } from './confirm-payment.ts'
import * as payments from './payments.repo.ts'

/** The result page asks: a sandbox settlement that is due, or the card provider's own answer. */
export async function checkPayment(context: TicketsContext, caller: Caller, orderNumber: string): Promise<OrderDetail> {
  const order = await ownOrder(context, caller, orderNumber)
  if (order.status === 'pending') {
    const attempt = await payments.latestAttempt(context.platform.db, order.id)
    if (attempt?.provider === 'sandbox' && attempt.status === 'processing') await settleFromRecord(context, attempt.id)
    else if (attempt?.provider === 'stripe' && attempt.provider_ref && (attempt.status === 'open' || attempt.status === 'processing')) {
      await askCardProvider(context, attempt.id, attempt.provider_ref, attempt.status)
    }
  }
  return reread(context, order.id, caller)
}

/** Settles a sandbox payment from its record if it is due (on the database's clock); null when it is not. */
export async function settleFromRecord(context: TicketsContext, attemptId: string): Promise<ConfirmOutcome | 'failed' | null> {
  const outcome = await payments.settlementDue(context.platform.db, attemptId)
  return outcome ? applySettlement(context, attemptId, outcome) : null
}

/** Asks Stripe where a checkout stands and applies its answer; trouble there is logged (the webhook or the next check will tell). */
async function askCardProvider(context: TicketsContext, attemptId: string, providerRef: string, status: payments.AttemptRow['status']): Promise<void> {
  const card = context.checkouts.card()
  if (!card) return
  try {
    const found = await card.lookup(providerRef)
    if (found.state === 'paid')
      await confirmPayment(context, attemptId, { provider: 'stripe', amountMinor: found.amountMinor, currency: found.currency, paymentRef: found.paymentRef })
    else if (found.state === 'processing') await markProcessing(context, attemptId, { provider: 'stripe' })
    // Failed once paid: the bank refused the delayed payment; failed while open: the session expired.
    else if (found.state === 'failed') await failPayment(context, attemptId, { provider: 'stripe', reason: status === 'processing' ? 'declined' : 'expired' })
  } catch (error) {
    context.platform.logger.warn({ err: error, attemptId }, 'could not ask Stripe about a checkout; the webhook or the next check will tell')
  }
}

/**
 * Background job (docs/product.md#payment-confirmation), safe on any number of instances: each
 * round claims its attempts by row lock (payments.repo.ts), so one instance settles each. Sandbox
 * payments settle from their record when due, including those whose process died between the
 * payer's "pay" and the confirmation; card payments still being confirmed after
 * PAYMENT_CHECK_SECONDS are asked about at the provider. Returns how many payments reached a final state.
 */
export async function settleDuePayments(context: TicketsContext, limit = 20): Promise<number> {
  const { db, config } = context.platform
  let settled = 0
  for (const due of await payments.claimDueSettlements(db, limit, config.PAYMENT_CHECK_SECONDS)) {
    try {
      const outcome = await applySettlement(context, due.id, due.settle_outcome)
      if (outcome === 'paid' || outcome === 'refund' || outcome === 'failed') settled++
    } catch (error) {
      // One payment's trouble (its order busy, the database away) holds up no other; its lease brings it back.
      context.platform.logger.warn({ err: error, attemptId: due.id }, 'could not settle a sandbox payment; retried when its lease runs out')
    }
  }
  const checks = await payments.claimDueChecks(db, limit, config.PAYMENT_CHECK_SECONDS)
  for (const check of checks) {
    if (!check.provider_ref) continue
    await askCardProvider(context, check.id, check.provider_ref, 'processing')
    const after = await payments.attemptById(db, check.id)
    if (after && after.status !== 'processing') settled++
  }
  return settled
}

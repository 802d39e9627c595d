import type { Locale } from '../../../../shared/languages.ts'
import type { Queryable } from '../../../db/client.ts'
import { nudgeAfterCommit } from '../../jobs.ts'
import { orderScreenUrl } from '../order-links.ts'
import { queueOrderMail } from '../order-mails.ts'
import { REFUND_LEASE_SECONDS, REFUND_MAX_TRIES, type RefundCause, refundableMinor, refundRetrySeconds } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import type { TicketsContext } from '../tickets-context.ts'
import { refundMail } from '../tickets.mail.ts'
import * as payments from './payments.repo.ts'
import type { RefundResult } from './providers.ts'
import * as refunds from './refunds.repo.ts'

/** The job that takes due refunds to their providers (executeDueRefunds). */
export const REFUND_JOB = 'tickets.refunds'

export interface RefundRequest {
  reason: RefundCause
  idempotencyKey: string
  /** Null: all that the attempt may still give back. */
  amountMinor: number | null
  ticketIds?: string[] | null
  requestedBy?: string | null
}

/**
 * Inside a transaction: a refund of money `attemptId` took, in state requested; the job calls the
 * provider after commit. The attempt's row is locked first, so refunds of one attempt are counted
 * one at a time and never give back more than it took. A repeat with the same idempotency key
 * answers the refund made the first time. Null: nothing (more) to give back.
 */
export async function requestRefund(tx: Queryable, attemptId: string, request: RefundRequest): Promise<refunds.RefundRow | null> {
  const attempt = await payments.attemptById(tx, attemptId, true)
  if (attempt?.status !== 'succeeded') return null
  const known = await refunds.refundByKey(tx, request.idempotencyKey)
  if (known) return known
  const left = refundableMinor(attempt.received_minor ?? attempt.amount_minor, await refunds.refundedMinor(tx, attempt.id))
  const amountMinor = request.amountMinor ?? left
  if (amountMinor <= 0 || amountMinor > left) return null
  const refund = await refunds.insertRefund(tx, {
    attemptId: attempt.id,
    orderId: attempt.order_id,
    provider: attempt.provider,
    amountMinor,
    currency: attempt.received_currency ?? attempt.currency,
    reason: request.reason,
    idempotencyKey: request.idempotencyKey,
    ticketIds: request.ticketIds ?? null,
    requestedBy: request.requestedBy ?? null,
  })
  if (refund) {
    await orders.logEvent(tx, attempt.order_id, 'refundRequested', { refundId: refund.id, attemptId, reason: request.reason, amountMinor })
    // The payer is told of the refund once the provider answers: ask for that at once, not at the next round.
    await nudgeAfterCommit(tx, REFUND_JOB)
  }
  return refund
}

/**
 * Background job (any number of instances): calls the provider for due refunds and records what it
 * says. Each refund is claimed for one call with a lease (refunds.repo.ts `claimDueRefunds`) and
 * always sent with its own idempotency key. A transient failure is tried again with back-off, and
 * after REFUND_MAX_TRIES the refund fails for staff to finish. The payer's mail is queued in the
 * transaction that records the outcome. Returns how many refunds reached a final state.
 */
export async function executeDueRefunds(context: TicketsContext, batch = 10): Promise<number> {
  const { db } = context.platform
  let settled = 0
  for (;;) {
    const claimed = await db.transaction((tx) => refunds.claimDueRefunds(tx, batch, REFUND_LEASE_SECONDS))
    for (const refund of claimed) {
      const result = await callProvider(context, refund)
      if (!result && refund.tries < REFUND_MAX_TRIES) {
        await refunds.retryRefundLater(db, refund.id, refundRetrySeconds(refund.tries))
        continue
      }
      const final: RefundResult = result ?? { outcome: 'failed', failure: `no answer from the provider after ${refund.tries} tries` }
      if (await recordOutcome(context, refund, final)) settled++
    }
    if (claimed.length < batch) return settled
  }
}

/** One call with the refund's idempotency key; null on a transient failure (logged). */
async function callProvider(context: TicketsContext, refund: refunds.ClaimedRefund): Promise<RefundResult | null> {
  const { logger } = context.platform
  const provider = context.checkouts.refunder(refund.provider)
  try {
    if (!provider) throw new Error(`no ${refund.provider} provider configured to refund with`)
    let paymentRef = refund.provider === 'sandbox' ? refund.attempt_id : refund.payment_ref
    // A payment confirmed before its provider named it: ask the checkout.
    if (!paymentRef && refund.checkout_ref) paymentRef = (await context.checkouts.card()?.lookup(refund.checkout_ref))?.paymentRef ?? null
    if (!paymentRef) throw new Error('the provider has not named the payment to refund yet')
    return await provider.refund({
      paymentRef,
      amountMinor: refund.amount_minor,
      currency: refund.currency,
      idempotencyKey: refund.idempotency_key,
      reason: refund.reason,
    })
  } catch (error) {
    logger.warn({ err: error, refundId: refund.id, tries: refund.tries }, 'a refund could not reach its provider; it is tried again later')
    return null
  }
}

async function recordOutcome(context: TicketsContext, refund: refunds.ClaimedRefund, result: RefundResult): Promise<boolean> {
  const { db, logger, config } = context.platform
  return db.transaction(async (tx) => {
    const done =
      result.outcome === 'succeeded'
        ? await refunds.markRefundSucceeded(tx, refund.id, result.providerRef)
        : await refunds.markRefundFailed(tx, refund.id, result.failure)
    if (!done) return false
    const order = (await orders.orderById(tx, refund.order_id)) as orders.OrderRow
    await orders.logEvent(tx, order.id, result.outcome === 'succeeded' ? 'refunded' : 'refundFailed', {
      refundId: refund.id,
      ...(result.outcome === 'failed' ? { failure: result.failure } : { providerRef: result.providerRef }),
    })
    if (result.outcome === 'failed')
      logger.error({ refundId: refund.id, order: order.number, failure: result.failure }, 'a refund failed for good: staff must finish it')
    const locale = order.locale as Locale
    await queueOrderMail(
      tx,
      order.id,
      `refund.${result.outcome}`,
      refundMail({
        t: context.strings(locale),
        locale,
        brand: config.BRAND_NAME,
        contactEmail: config.CONTACT_EMAIL,
        orderUrl: orderScreenUrl(config.PUBLIC_ORIGIN, order, 'orders'),
        to: order.buyer_email,
        number: order.number,
        amountMinor: refund.amount_minor,
        currency: refund.currency,
        why: refund.reason === 'orderCancelled' ? (order.cancel_reason === 'expired' ? 'expired' : 'cancelled') : refund.reason,
        outcome: result.outcome,
      }),
    )
    return true
  })
}

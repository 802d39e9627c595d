import type { Locale } from '../../../../shared/languages.ts'
import { orderTransaction } from '../lock-pending.ts'
import { markPaid } from '../mark-paid.ts'
import { queueCancelledMail } from '../order-mails.ts'
import { attemptAccepts, automaticRefundKey, decide, settle } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import { releaseOrders } from '../release-orders.ts'
import type { TicketsContext } from '../tickets-context.ts'
import * as payments from './payments.repo.ts'
import { requestRefund } from './refund-payments.ts'

export type ConfirmOutcome = 'paid' | 'duplicate' | 'refund' | 'unknown'

/** Who reports on a payment: the provider, and for webhooks its event id (each handled once). */
export interface PaymentReporter {
  provider: 'sandbox' | 'stripe'
  eventId?: string
}

/** What the provider says about money that arrived: how much, and its id of the payment. */
export type PaymentConfirmation = PaymentReporter & { amountMinor?: number | null; currency?: string | null; paymentRef?: string | null }

/**
 * The provider says the money has arrived. Applied once: the attempt row, and for webhooks the
 * provider's event id, are locked and checked in the same transaction, so a second delivery changes
 * nothing. Money that cannot buy the order is recorded and refunded automatically, never dropped
 * (order-rules.ts `settle`; the refund is requested here and made by the job after commit).
 */
export async function confirmPayment(context: TicketsContext, attemptId: string, via: PaymentConfirmation): Promise<ConfirmOutcome> {
  const { db, logger } = context.platform
  const attempt = await payments.attemptById(db, attemptId)
  if (!attempt || attempt.provider !== via.provider) return 'unknown'
  const received: payments.Received = {
    amountMinor: via.amountMinor ?? null,
    currency: via.currency ?? null,
    // The sandbox's payment is the attempt itself.
    paymentRef: via.paymentRef ?? (via.provider === 'sandbox' ? attemptId : null),
  }
  const order = (await orders.orderById(db, attempt.order_id)) as orders.OrderRow
  const info = await context.exhibitions.get(order.exhibition_id, order.locale as Locale)
  let closed: payments.ProviderCheckout[] = []
  const outcome = await orderTransaction(db, async (tx): Promise<ConfirmOutcome> => {
    const locked = (await orders.orderById(tx, order.id, true)) as orders.OrderRow
    const current = (await payments.attemptById(tx, attemptId, true)) as payments.AttemptRow
    const seenBefore = !(await payments.firstDelivery(tx, via.provider, via.eventId, 'succeeded', attemptId))
    const settlement = settle(locked, current, { amountMinor: via.amountMinor ?? null, currency: via.currency ?? null, seenBefore })
    if (settlement.outcome === 'duplicate') return 'duplicate'
    if (settlement.outcome === 'refund') {
      if (settlement.expireFirst) {
        closed = await releaseOrders(context.platform, tx, [locked], 'expired')
        await queueCancelledMail(context, tx, locked, 'expired')
      }
      await payments.markSucceeded(tx, attemptId, settlement.reason, received)
      await orders.logEvent(tx, locked.id, 'refundDue', { attemptId, reason: settlement.reason, amountMinor: current.amount_minor })
      // Given back automatically: the job calls the provider after commit (refund-payments.ts).
      await requestRefund(tx, attemptId, { reason: settlement.reason, idempotencyKey: automaticRefundKey(attemptId, settlement.reason), amountMinor: null })
      return 'refund'
    }
    await payments.markSucceeded(tx, attemptId, null, received)
    await markPaid(context, tx, locked, info, { attemptId, provider: via.provider })
    return 'paid'
  })
  context.checkouts.close(closed)
  if (outcome === 'refund') logger.warn({ attemptId, order: order.number }, 'payment received for an order that cannot be bought: refund requested')
  return outcome
}

/** Who says the payer has paid: Stripe (with its event), or the sandbox with the payer's chosen outcome. */
export type ProcessingReport = (PaymentReporter & { provider: 'stripe' }) | { provider: 'sandbox'; settlement: payments.SandboxSettlement }

/**
 * The payer has paid; the provider's word is awaited. A sandbox payment's settlement is recorded in
 * the same transaction, so it survives the process (docs/product.md#payment-confirmation).
 */
export async function markProcessing(context: TicketsContext, attemptId: string, via: ProcessingReport): Promise<boolean> {
  const eventId = via.provider === 'stripe' ? via.eventId : undefined
  return orderTransaction(context.platform.db, async (tx) => {
    const current = await payments.attemptById(tx, attemptId, true)
    if (!current || current.provider !== via.provider || !(await payments.firstDelivery(tx, via.provider, eventId, 'processing', attemptId))) return false
    if (!attemptAccepts(current.status, 'processing')) return false
    await payments.markProcessing(tx, attemptId, via.provider === 'sandbox' ? via.settlement : null, context.platform.config.PAYMENT_CHECK_SECONDS)
    await orders.logEvent(tx, current.order_id, 'paymentProcessing', { attemptId })
    return true
  })
}

/**
 * Declined, expired at the provider, or abandoned by the payer: the order stays pending and may be
 * paid again before its deadline. An order past its deadline was held only by this payment (the
 * grace): it expires in the same transaction, so its seats and coupon come back at once.
 */
export async function failPayment(
  context: TicketsContext,
  attemptId: string,
  via: PaymentReporter & { reason: 'declined' | 'expired' | 'abandoned' },
): Promise<boolean> {
  const { db } = context.platform
  const attempt = await payments.attemptById(db, attemptId)
  if (!attempt || attempt.provider !== via.provider) return false
  const closed = await orderTransaction(db, async (tx): Promise<payments.ProviderCheckout[] | null> => {
    const locked = (await orders.orderById(tx, attempt.order_id, true)) as orders.OrderRow
    const current = (await payments.attemptById(tx, attemptId, true)) as payments.AttemptRow
    if (!(await payments.firstDelivery(tx, via.provider, via.eventId, 'failed', attemptId))) return null
    if (!attemptAccepts(current.status, 'failed')) return null
    await payments.markFailed(tx, attemptId, via.reason === 'abandoned' ? 'cancelled' : 'failed', via.reason)
    await orders.logEvent(tx, locked.id, via.reason === 'abandoned' ? 'paymentAbandoned' : 'paymentFailed', { attemptId, reason: via.reason })
    if (decide(locked, null, 'expire').kind !== 'to') return []
    const released = await releaseOrders(context.platform, tx, [locked], 'expired')
    await queueCancelledMail(context, tx, locked, 'expired')
    return released
  })
  if (!closed) return false
  context.checkouts.close(closed)
  return true
}

/** Applies a sandbox payment's recorded outcome (once, under the order's lock): paid, or declined. */
export async function applySettlement(context: TicketsContext, attemptId: string, outcome: payments.SettleOutcome): Promise<ConfirmOutcome | 'failed'> {
  if (outcome === 'succeeded') return confirmPayment(context, attemptId, { provider: 'sandbox' })
  return (await failPayment(context, attemptId, { provider: 'sandbox', reason: 'declined' })) ? 'failed' : 'duplicate'
}

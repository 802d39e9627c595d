import type Stripe from 'stripe'
import type { TicketsContext } from '../tickets-context.ts'
import { confirmPayment, failPayment, markProcessing } from './confirm-payment.ts'
import * as payments from './payments.repo.ts'
import { paymentIntentOf } from './providers.ts'

/** A verified Stripe event (the webhook route checked its signature): what it means for the attempt it names. */
export async function handleStripeEvent(context: TicketsContext, event: Stripe.Event): Promise<string> {
  if (!event.type.startsWith('checkout.session.')) return 'ignored'
  const { db, logger } = context.platform
  const session = event.data.object as Stripe.Checkout.Session
  const attempt =
    (await payments.attemptByProviderRef(db, 'stripe', session.id)) ??
    (session.client_reference_id ? await payments.attemptById(db, session.client_reference_id) : null)
  if (attempt?.provider !== 'stripe') {
    logger.warn({ eventId: event.id, session: session.id }, 'Stripe event for a checkout we do not know')
    return 'unknown'
  }
  const via = { provider: 'stripe' as const, eventId: event.id }
  const money = { amountMinor: session.amount_total ?? null, currency: session.currency?.toUpperCase() ?? null, paymentRef: paymentIntentOf(session) }
  switch (event.type) {
    case 'checkout.session.completed':
      if (session.payment_status === 'unpaid') return (await markProcessing(context, attempt.id, via)) ? 'processing' : 'duplicate'
      return confirmPayment(context, attempt.id, { ...via, ...money })
    case 'checkout.session.async_payment_succeeded':
      return confirmPayment(context, attempt.id, { ...via, ...money })
    case 'checkout.session.async_payment_failed':
      return (await failPayment(context, attempt.id, { ...via, reason: 'declined' })) ? 'failed' : 'duplicate'
    case 'checkout.session.expired':
      return (await failPayment(context, attempt.id, { ...via, reason: 'expired' })) ? 'failed' : 'duplicate'
    default:
      return 'ignored'
  }
}

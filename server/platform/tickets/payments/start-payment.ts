import { randomBytes } from 'node:crypto'
import type { PaymentMethod } from '../../../../shared/rules/tickets.ts'
import { conflict, invalid } from '../../errors.ts'
import { lockPending, orderTransaction } from '../lock-pending.ts'
import { orderScreenPath, orderScreenUrl } from '../order-links.ts'
import { refusalError } from '../order-refusals.ts'
import { paymentBlocker, stateOf, TRANSITIONS } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import { ownOrder } from '../read-orders.ts'
import type { Caller, TicketsContext } from '../tickets-context.ts'
import { openTransfer } from './bank-transfer.ts'
import { offersTransfer } from './bank-transfer-offer.ts'
import * as payments from './payments.repo.ts'

const methodUnavailable = () => invalid({ method: 'messages.methodUnavailable' }, 'tickets:messages.methodUnavailable')

type Started =
  | { refused: ReturnType<typeof conflict>; closed: payments.ProviderCheckout[] }
  | { processing: payments.AttemptRow }
  | { attempt: payments.AttemptRow; closed: payments.ProviderCheckout[] }

/**
 * The buyer pays (docs/product.md#orders): a provider-neutral attempt per try, at most one open per order. Starting
 * twice answers the same attempt; another method or amount closes the old one; a payment being
 * checked sends the buyer to the check screen. The provider's checkout opens after commit.
 */
export async function startPayment(
  context: TicketsContext,
  caller: Caller,
  orderNumber: string,
  method: PaymentMethod,
): Promise<{ redirectUrl: string; attemptId: string }> {
  const { db, config, logger } = context.platform
  const order = await ownOrder(context, caller, orderNumber)
  const step = TRANSITIONS[stateOf(order, null)].startPayment
  if (step.kind === 'refuse') throw refusalError(step.refusal)
  const offered = method === 'bank' ? await offersTransfer(context, order.exhibition_id) : context.checkouts.methods().includes(method)
  if (!offered) throw methodUnavailable()
  await context.exhibitions.ensureNotOver(order.exhibition_id)
  const blocker = paymentBlocker(order)
  if (blocker) throw conflict(`tickets:messages.${blocker}`)
  const provider = method === 'card' ? 'stripe' : method === 'bank' ? 'bank' : 'sandbox'
  const outcome = await orderTransaction(db, async (tx): Promise<Started> => {
    const locked = await lockPending(context.platform, tx, orderNumber, caller, 'startPayment')
    if ('refused' in locked) return locked
    if (paymentBlocker(locked.order)) return { refused: conflict('tickets:messages.notConfirmed'), closed: [] }
    const open = locked.attempt
    if (locked.processing && open) return { processing: open }
    if (open && open.provider === provider && open.amount_minor === locked.order.total_minor && open.currency === locked.order.currency) {
      return { attempt: open, closed: [] }
    }
    const closed: payments.ProviderCheckout[] = []
    if (open) {
      await payments.cancelAttempt(tx, open.id)
      closed.push(open)
    }
    if (provider === 'bank') return { attempt: await openTransfer(context, tx, locked.order), closed }
    const attempt = await payments.insertAttempt(tx, {
      orderId: locked.order.id,
      provider,
      amountMinor: locked.order.total_minor,
      currency: locked.order.currency,
      sandboxSecret: provider === 'sandbox' ? randomBytes(24).toString('base64url') : null,
    })
    await orders.logEvent(tx, locked.order.id, 'paymentStarted', { attemptId: attempt.id, provider, amountMinor: locked.order.total_minor })
    return { attempt, closed }
  })
  if ('closed' in outcome) context.checkouts.close(outcome.closed)
  if ('refused' in outcome) throw outcome.refused
  const linked = { number: order.number, locale: caller.locale }
  if ('processing' in outcome) return { redirectUrl: orderScreenUrl(config.PUBLIC_ORIGIN, linked, 'paymentCheck'), attemptId: outcome.processing.id }
  const { attempt } = outcome
  // The transfer's instructions are on the order's payment screen (and in the mail), on this site as the sandbox's page is.
  if (attempt.provider === 'bank') return { redirectUrl: orderScreenPath(linked, 'payment'), attemptId: attempt.id }
  if (attempt.redirect_url && attempt.status === 'open') return { redirectUrl: attempt.redirect_url, attemptId: attempt.id }
  let checkout: { providerRef: string; redirectUrl: string }
  if (attempt.provider === 'sandbox') {
    checkout = { providerRef: attempt.id, redirectUrl: `/pay/sandbox/${attempt.id}?key=${attempt.sandbox_secret}` }
  } else {
    const card = context.checkouts.card()
    if (!card) throw methodUnavailable()
    try {
      checkout = await card.createCheckout({
        attemptId: attempt.id,
        orderNumber: order.number,
        amountMinor: attempt.amount_minor,
        currency: attempt.currency,
        description: `${config.BRAND_NAME} · ${(await context.exhibitions.get(order.exhibition_id, caller.locale)).title} · ${order.number}`,
        locale: caller.locale,
        customerEmail: order.buyer_email,
        // Stripe fills in the literal {CHECKOUT_SESSION_ID}, so it must not be percent-encoded.
        successUrl: `${orderScreenUrl(config.PUBLIC_ORIGIN, linked, 'paymentCheck')}&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: orderScreenUrl(config.PUBLIC_ORIGIN, linked, 'payment', { result: 'cancelled' }),
        expiresAt: order.expires_at,
      })
    } catch (error) {
      // The attempt stays "creating": the next try asks again with the same idempotency key.
      logger.error({ err: error, attemptId: attempt.id }, 'the card provider refused to open a checkout')
      throw conflict('tickets:messages.paymentUnavailable')
    }
  }
  await payments.openCheckout(db, attempt.id, checkout.providerRef, checkout.redirectUrl)
  return { redirectUrl: checkout.redirectUrl, attemptId: attempt.id }
}

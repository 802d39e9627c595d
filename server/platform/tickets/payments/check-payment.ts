import type { OrderDetail } from '../../../../src/api/contracts/tickets.ts'
import { ownOrder, reread } from '../read-orders.ts'
import type { Caller, TicketsContext } from '../tickets-context.ts'
import { confirmPayment, failPayment, markProcessing } from './confirm-payment.ts'
import * as payments from './payments.repo.ts'

/** The result page asks: sandbox confirmations that are due, or the card provider's own answer. */
export async function checkPayment(context: TicketsContext, caller: Caller, orderNumber: string): Promise<OrderDetail> {
  const { db, logger } = context.platform
  const order = await ownOrder(context, caller, orderNumber)
  if (order.status === 'pending') {
    const attempt = await payments.latestAttempt(db, order.id)
    const card = context.checkouts.card()
    if (attempt?.provider === 'sandbox' && attempt.status === 'processing' && attempt.settle_after && attempt.settle_after.getTime() <= Date.now()) {
      await confirmPayment(context, attempt.id, { provider: 'sandbox' })
    } else if (attempt?.provider === 'stripe' && card && attempt.provider_ref && (attempt.status === 'open' || attempt.status === 'processing')) {
      try {
        const found = await card.lookup(attempt.provider_ref)
        if (found.state === 'paid')
          await confirmPayment(context, attempt.id, {
            provider: 'stripe',
            amountMinor: found.amountMinor,
            currency: found.currency,
            paymentRef: found.paymentRef,
          })
        else if (found.state === 'processing') await markProcessing(context, attempt.id, { provider: 'stripe' })
        else if (found.state === 'failed') await failPayment(context, attempt.id, { provider: 'stripe', reason: 'expired' })
      } catch (error) {
        logger.warn({ err: error, attemptId: attempt.id }, 'could not ask Stripe about a checkout; the webhook will tell')
      }
    }
  }
  return reread(context, order.id, caller)
}

/** Background job: sandbox payments whose delayed confirmation is due (any instance may run it). */
export async function settleSandbox(context: TicketsContext, limit = 20): Promise<number> {
  let settled = 0
  for (const id of await payments.dueSandboxAttempts(context.platform.db, limit)) {
    if ((await confirmPayment(context, id, { provider: 'sandbox' })) === 'paid') settled++
  }
  return settled
}

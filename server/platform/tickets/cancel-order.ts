import type { OrderDetail } from '../../../shared/contracts/tickets.ts'
import { type DomainError, notFound } from '../errors.ts'
import { orderTransaction } from './lock-pending.ts'
import { queueCancelledMail } from './order-mails.ts'
import { refusalError } from './order-refusals.ts'
import { decide, stateOf, TRANSITIONS } from './order-rules.ts'
import { orderDetail } from './order-view.ts'
import * as orders from './orders.repo.ts'
import * as payments from './payments/payments.repo.ts'
import { ownOrder, reread } from './read-orders.ts'
import { releaseOrders } from './release-orders.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'

/**
 * The buyer cancels a pending order (docs/product.md#order-states): seats and coupon go back, and the buyer is mailed. Cancelling twice changes
 * nothing; a paid order or one whose payment is being checked cannot be cancelled by the buyer.
 */
export async function cancelOrder(context: TicketsContext, caller: Caller, orderNumber: string): Promise<OrderDetail> {
  const order: orders.OrderRow = await ownOrder(context, caller, orderNumber)
  const step = TRANSITIONS[stateOf(order, null)].cancelByBuyer
  if (step.kind === 'unchanged') return orderDetail(context, order, caller.locale)
  if (step.kind === 'refuse') throw refusalError(step.refusal)
  const outcome = await orderTransaction(context.platform.db, async (tx): Promise<payments.ProviderCheckout[] | DomainError> => {
    const locked = await orders.orderOfAccount(tx, orderNumber, caller.userId, true)
    if (!locked) return notFound()
    const attempt = locked.status === 'pending' ? await payments.openAttempt(tx, locked.id, true) : null
    const decision = decide(locked, attempt, 'cancelByBuyer')
    if (decision.kind === 'refuse') return refusalError(decision.refusal)
    const by = decision.expireFirst ? 'expired' : decision.kind === 'to' ? 'buyer' : null
    if (!by) return []
    const closed = await releaseOrders(context.platform, tx, [locked], by)
    await queueCancelledMail(context, tx, locked, by)
    return closed
  })
  if (!Array.isArray(outcome)) throw outcome
  context.checkouts.close(outcome)
  return reread(context, order.id, caller)
}

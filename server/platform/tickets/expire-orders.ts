import { queueCancelledMail } from './order-mails.ts'
import { decide, isPastDeadline, PAYMENT_GRACE_MINUTES } from './order-rules.ts'
import * as orders from './orders.repo.ts'
import * as payments from './payments/payments.repo.ts'
import { releaseOrders } from './release-orders.ts'
import type { TicketsContext } from './tickets-context.ts'

/**
 * The expiry sweeper (docs/product.md#payment-countdown "cancelled automatically if payment is not completed within the
 * countdown"): pending orders past their deadline are claimed with FOR UPDATE SKIP LOCKED, so any
 * number of instances may run it at once and each order is expired exactly once. A payer in the
 * grace (order-rules.ts) keeps the order; each buyer is mailed. Returns how many orders it expired.
 */
export async function expireDueOrders(context: TicketsContext, batch = 100): Promise<number> {
  const { db } = context.platform
  let total = 0
  for (;;) {
    const { count, closed } = await db.transaction(async (tx) => {
      await orders.limitLockWait(tx)
      const due = await orders.claimDueOrders(tx, PAYMENT_GRACE_MINUTES, batch)
      const closed = await releaseOrders(context.platform, tx, due, 'expired')
      for (const order of due) await queueCancelledMail(context, tx, order, 'expired')
      return { count: due.length, closed }
    })
    context.checkouts.close(closed)
    total += count
    if (count < batch) return total
  }
}

/** Expires an order read after its deadline (the sweeper may not have come by yet); answers the order as it stands now. */
export async function expireIfDue(context: TicketsContext, order: orders.OrderRow): Promise<orders.OrderRow> {
  if (order.status !== 'pending' || !isPastDeadline(order)) return order
  const { db } = context.platform
  const closed = await db.transaction(async (tx) => {
    const locked = await orders.orderById(tx, order.id, true)
    if (!locked) return []
    const attempt = locked.status === 'pending' ? await payments.openAttempt(tx, locked.id) : null
    const decision = decide(locked, attempt, 'expire')
    if (decision.kind !== 'to') return []
    const released = await releaseOrders(context.platform, tx, [locked], 'expired')
    await queueCancelledMail(context, tx, locked, 'expired')
    return released
  })
  context.checkouts.close(closed)
  return (await orders.orderById(db, order.id)) ?? order
}

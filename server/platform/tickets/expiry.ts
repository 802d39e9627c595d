import type { Database } from '../../db/client.ts'
import type { OrderCore } from './orders.core.ts'
import type { OrderRow } from './tickets.repo.ts'

/**
 * The expiry sweeper (SPEC §4 "cancelled automatically if payment is not completed within the
 * countdown"): pending orders past their deadline are claimed with FOR UPDATE SKIP LOCKED, so any
 * number of instances may run it at once and each order is expired exactly once. A payer who
 * finished paying before the deadline keeps the order while the confirmation travels (ten minutes).
 * Returns how many orders it expired.
 */
export async function expireDueOrders(db: Database, core: OrderCore, batch = 100): Promise<number> {
  let total = 0
  for (;;) {
    const { count, closed } = await db.transaction(async (tx) => {
      await tx.query("set local lock_timeout = '5s'")
      const due = await tx.query<OrderRow>(
        `select o.id, o.number, o.account_id, o.exhibition_id, o.status, o.cancel_reason, o.locale, o.buyer_email, o.currency,
           o.subtotal_minor, o.discount_minor, o.total_minor, o.coupon_id, o.coupon_code, o.coupon_state, o.expires_at, o.confirmed_at,
           o.paid_at, o.cancelled_at, o.from_order_id, o.created_at, now() as now
         from ticket_orders o
         where o.status = 'pending' and o.expires_at <= now()
           and not exists (
             select 1 from payment_attempts a
             where a.order_id = o.id and a.status = 'processing' and a.processing_at <= o.expires_at and now() < o.expires_at + interval '10 minutes'
           )
         order by o.expires_at
         limit $1
         for update of o skip locked`,
        [batch],
      )
      return { count: due.rows.length, closed: await core.release(tx, due.rows, 'expired') }
    })
    core.closeAtProvider(closed)
    total += count
    if (count < batch) return total
  }
}

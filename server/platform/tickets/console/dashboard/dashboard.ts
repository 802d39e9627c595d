import { DASHBOARD_EXPIRING_MINUTES } from '../../../../../shared/rules/console-dashboard.ts'
import type { Database } from '../../../../db/client.ts'
import { notFound } from '../../../errors.ts'
import { inPaymentGrace, isDue } from '../../order-rules.ts'
import type { StaffActor } from '../../../staff-actor.ts'
import { exhibitionTitle } from '../staff-orders.repo.ts'
import { capacityPerType, checkinsPerHour, pendingOrdersBefore, refundsWaiting, takingsPerCurrency, ticketsSoldPerDay } from './dashboard.repo.ts'

/**
 * One exhibition at a glance (docs/product.md#console-dashboard): tickets sold per day,
 * capacity left per ticket type, takings per currency, pending orders about to expire and refunds
 * waiting. Whether a pending order still counts, or is in the payment grace, is order-rules.ts's word.
 */
export async function dashboard(db: Database, actor: StaffActor, exhibitionId: number) {
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw notFound('console:errors.exhibitionNotFound')
  const title = await exhibitionTitle(db, exhibitionId, actor.locale)
  if (title === null) throw notFound('console:errors.exhibitionNotFound')
  const [days, types, revenue, pending, refunds, checkins] = await Promise.all([
    ticketsSoldPerDay(db, exhibitionId),
    capacityPerType(db, exhibitionId, actor.locale),
    takingsPerCurrency(db, exhibitionId),
    pendingOrdersBefore(db, exhibitionId, DASHBOARD_EXPIRING_MINUTES),
    refundsWaiting(db, exhibitionId),
    checkinsPerHour(db, exhibitionId),
  ])
  return {
    title,
    soldPerDay: days,
    checkinsPerHour: checkins,
    ticketTypes: types.map((type) => ({
      id: type.id,
      name: type.name,
      capacity: type.capacity,
      sold: type.sold,
      held: type.reserved - type.sold,
      left: type.capacity - type.reserved,
    })),
    revenue: revenue.map((row) => ({
      currency: row.currency,
      paidOrders: row.paid_orders,
      refundedOrders: row.refunded_orders,
      receivedMinor: row.received_minor,
      refundedMinor: row.refunded_minor,
      refundingMinor: row.refunding_minor,
      // Refunds never exceed what a payment took; the floor only guards against a row fixed by hand.
      netMinor: Math.max(0, row.received_minor - row.refunded_minor),
    })),
    expiring: pending.flatMap((row) => {
      const order = { status: 'pending' as const, cancel_reason: null, expires_at: row.expires_at, now: row.now }
      const attempt = row.attempt_status ? { status: row.attempt_status, processing_at: row.processing_at } : null
      // A due order is gone at the next sweep; it is no longer "about to" expire.
      if (isDue(order, attempt)) return []
      return [
        {
          number: row.number,
          buyerEmail: row.buyer_email,
          currency: row.currency,
          totalMinor: row.total_minor,
          expiresAt: row.expires_at.toISOString(),
          inGrace: inPaymentGrace(order, attempt),
        },
      ]
    }),
    refundsWaiting: refunds.map((row) => ({
      number: row.number,
      amountMinor: row.amount_minor,
      currency: row.currency,
      status: row.status as 'requested' | 'failed',
      failureText: row.failure_text,
      requestedAt: row.requested_at.toISOString(),
    })),
  }
}

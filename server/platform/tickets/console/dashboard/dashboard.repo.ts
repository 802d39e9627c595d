import type { Locale } from '../../../../../shared/languages.ts'
import type { Queryable } from '../../../../db/client.ts'
import type { AttemptStatus, RefundStatus } from '../../order-rules.ts'
import { TYPE_NAME } from '../staff-orders.repo.ts'

/** SQL of the exhibition dashboard (docs/product.md#console-dashboard): counts, not rows to page. */

/**
 * Valid e-tickets of paid orders by the day their order was paid, in the venue's time zone, exhibitors'
 * passes left out: a ticket refunded by staff is voided and no longer counts as sold. Read from the
 * tallies the order machinery keeps (0650_dashboard_tallies.sql), not counted on each visit.
 */
export async function ticketsSoldPerDay(db: Queryable, exhibitionId: number): Promise<{ day: string; tickets: number }[]> {
  const result = await db.query<{ day: string; tickets: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, sum(tickets)::int as tickets
     from dashboard_ticket_tallies where exhibition_id = $1 and not pass
     group by day having sum(tickets) > 0 order by day`,
    [exhibitionId],
  )
  return result.rows
}

/** Check-ins per hour of the venue's clock and per gate (undone ones do not count), from their tallies. */
export async function checkinsPerHour(db: Queryable, exhibitionId: number): Promise<{ hour: string; gate: string; checkins: number }[]> {
  const result = await db.query<{ hour: string; gate: string; checkins: number }>(
    `select to_char(hour, 'YYYY-MM-DD"T"HH24:00') as hour, gate, checkins
     from dashboard_checkin_tallies where exhibition_id = $1 and checkins > 0
     order by 1, 2`,
    [exhibitionId],
  )
  return result.rows
}

export interface TypeCapacityRow {
  id: number
  key: string
  name: string
  currency: string
  capacity: number
  reserved: number
  sold: number
}

/** `reserved` counts held and sold tickets (0050_tickets.sql); `sold` the valid e-tickets of paid orders, from their tallies. */
export async function capacityPerType(db: Queryable, exhibitionId: number, locale: Locale): Promise<TypeCapacityRow[]> {
  const result = await db.query<TypeCapacityRow>(
    `select t.id, t.key, ${TYPE_NAME('t', locale)} as name, t.currency, t.capacity, t.reserved,
       (select coalesce(sum(d.tickets), 0)::int from dashboard_ticket_tallies d where d.ticket_type_id = t.id) as sold
     from ticket_types t where t.exhibition_id = $1 and not t.exhibitor_pass order by t.sort, t.id`,
    [exhibitionId],
  )
  return result.rows
}

export interface TakingsRow {
  currency: string
  received_minor: number
  refunded_minor: number
  refunding_minor: number
  paid_orders: number
  refunded_orders: number
}

/**
 * Takings per currency as money moved (docs/product.md#console-dashboard): what payments brought in
 * (every succeeded attempt, late and duplicate ones too, as the provider took them), what refunds gave
 * back (succeeded) or are giving back (requested), the paid orders that still hold a valid ticket and the
 * orders refunded in whole or in part. An order refunded in full still counts its payment in and its refund out, so net kept never
 * goes below zero and the exhibition whose only order was refunded still shows where its money went.
 * A currency shows once a payment succeeded or a refund was asked in it, or an order in it is paid.
 * Amounts in different currencies never add up. Sums are bigint: 5,000 tickets at 500,000 VND (a currency
 * without minor units) already pass a 32-bit integer. Read from the tallies (0650_dashboard_tallies.sql).
 */
export async function takingsPerCurrency(db: Queryable, exhibitionId: number): Promise<TakingsRow[]> {
  const result = await db.query<TakingsRow>(
    `select currency, received_minor, refunded_minor, refunding_minor, paid_orders, refunded_orders
       from dashboard_money_tallies
      where exhibition_id = $1 and (payments > 0 or refunds > 0 or paid_orders > 0)
      order by currency`,
    [exhibitionId],
  )
  return result.rows
}

export interface PendingOrderRow {
  number: string
  buyer_email: string
  currency: string
  total_minor: number
  expires_at: Date
  now: Date
  attempt_status: AttemptStatus | null
  processing_at: Date | null
}

/** Pending orders whose deadline is before `until` minutes from now, with their latest payment attempt. */
export async function pendingOrdersBefore(db: Queryable, exhibitionId: number, minutes: number): Promise<PendingOrderRow[]> {
  const result = await db.query<PendingOrderRow>(
    `select o.number, o.buyer_email, o.currency, o.total_minor, o.expires_at, now() as now,
       a.status as attempt_status, a.processing_at
     from ticket_orders o
     left join lateral (select p.status, p.processing_at from payment_attempts p where p.order_id = o.id order by p.created_at desc limit 1) a on true
     where o.exhibition_id = $1 and o.status = 'pending' and o.expires_at < now() + make_interval(mins => $2)
     order by o.expires_at, o.number`,
    [exhibitionId, minutes],
  )
  return result.rows
}

export interface WaitingRefundRow {
  number: string
  amount_minor: number
  currency: string
  status: RefundStatus
  failure_text: string | null
  requested_at: Date
}

export async function refundsWaiting(db: Queryable, exhibitionId: number): Promise<WaitingRefundRow[]> {
  const result = await db.query<WaitingRefundRow>(
    `select o.number, r.amount_minor, r.currency, r.status, r.failure_text, r.requested_at
     from refunds r join ticket_orders o on o.id = r.order_id
     where o.exhibition_id = $1 and r.status in ('requested', 'failed')
     order by r.requested_at, o.number`,
    [exhibitionId],
  )
  return result.rows
}

import type { Locale } from '../../../../../src/i18n/languages.ts'
import type { Queryable } from '../../../../db/client.ts'
import type { AttemptStatus, RefundStatus } from '../../order-rules.ts'
import { TYPE_NAME } from '../staff-orders.repo.ts'

/** SQL of the exhibition dashboard (CONSOLE.md "What the organiser sees first"): counts, not rows to page. */

/**
 * Valid e-tickets by the day their order was paid, in the venue's time zone: a ticket refunded by
 * staff is voided and no longer counts as sold.
 */
export async function ticketsSoldPerDay(db: Queryable, exhibitionId: number): Promise<{ day: string; tickets: number }[]> {
  const result = await db.query<{ day: string; tickets: number }>(
    `select to_char((o.paid_at at time zone e.time_zone)::date, 'YYYY-MM-DD') as day, count(*)::int as tickets
     from e_tickets t
     join ticket_orders o on o.id = t.order_id
     join exhibitions e on e.id = o.exhibition_id
     where t.exhibition_id = $1 and t.voided_at is null and o.status = 'paid'
     group by 1 order by 1`,
    [exhibitionId],
  )
  return result.rows
}

/** Check-ins per hour of the venue's clock and per gate (undone ones do not count). */
export async function checkinsPerHour(db: Queryable, exhibitionId: number): Promise<{ hour: string; gate: string; checkins: number }[]> {
  const result = await db.query<{ hour: string; gate: string; checkins: number }>(
    `select to_char(date_trunc('hour', c.scanned_at at time zone e.time_zone), 'YYYY-MM-DD"T"HH24:00') as hour, c.gate, count(*)::int as checkins
     from checkin_scans c join exhibitions e on e.id = c.exhibition_id
     where c.exhibition_id = $1 and c.outcome = 'checkedIn' and c.undone_at is null
     group by 1, 2 order by 1, 2`,
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

/** `reserved` counts held and sold tickets (0050_tickets.sql); `sold` the valid e-tickets of paid orders. */
export async function capacityPerType(db: Queryable, exhibitionId: number, locale: Locale): Promise<TypeCapacityRow[]> {
  const result = await db.query<TypeCapacityRow>(
    `select t.id, t.key, ${TYPE_NAME('t', locale)} as name, t.currency, t.capacity, t.reserved,
       (select count(*)::int from e_tickets e join ticket_orders o on o.id = e.order_id
        where e.ticket_type_id = t.id and e.voided_at is null and o.status = 'paid') as sold
     from ticket_types t where t.exhibition_id = $1 order by t.sort, t.id`,
    [exhibitionId],
  )
  return result.rows
}

/** Takings of paid orders and succeeded refunds, each per currency: amounts in different currencies never add up. */
export async function revenuePerCurrency(
  db: Queryable,
  exhibitionId: number,
): Promise<{ currency: string; paid_minor: number; refunded_minor: number; orders: number }[]> {
  const result = await db.query<{ currency: string; paid_minor: number; refunded_minor: number; orders: number }>(
    `select o.currency, sum(o.total_minor)::int as paid_minor, count(*)::int as orders,
       coalesce((select sum(r.amount_minor)::int from refunds r join ticket_orders x on x.id = r.order_id
                 where x.exhibition_id = $1 and r.currency = o.currency and r.status = 'succeeded'), 0) as refunded_minor
     from ticket_orders o where o.exhibition_id = $1 and o.status = 'paid'
     group by o.currency order by o.currency`,
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

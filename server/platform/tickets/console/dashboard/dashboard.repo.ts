import type { Locale } from '../../../../../shared/languages.ts'
import type { Queryable } from '../../../../db/client.ts'
import type { AttemptStatus, RefundStatus } from '../../order-rules.ts'
import { TYPE_NAME } from '../staff-orders.repo.ts'

/** SQL of the exhibition dashboard (docs/product.md#console-dashboard): counts, not rows to page. */

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
     where t.exhibition_id = $1 and t.voided_at is null and o.status = 'paid' and o.pass_exhibitor_id is null
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
 * Amounts in different currencies never add up. Sums are bigint: 5,000 tickets at 500,000 VND (a currency
 * without minor units) already pass a 32-bit integer.
 */
export async function takingsPerCurrency(db: Queryable, exhibitionId: number): Promise<TakingsRow[]> {
  const result = await db.query<TakingsRow>(
    `with received as (
       select coalesce(a.received_currency, a.currency) as currency, sum(coalesce(a.received_minor, a.amount_minor))::bigint as received_minor
         from payment_attempts a join ticket_orders o on o.id = a.order_id
        where o.exhibition_id = $1 and a.status = 'succeeded'
        group by 1
     ), returned as (
       select r.currency,
              coalesce(sum(r.amount_minor) filter (where r.status = 'succeeded'), 0)::bigint as refunded_minor,
              coalesce(sum(r.amount_minor) filter (where r.status = 'requested'), 0)::bigint as refunding_minor,
              count(distinct r.order_id) filter (where r.status = 'succeeded')::int as refunded_orders
         from refunds r join ticket_orders o on o.id = r.order_id
        where o.exhibition_id = $1
        group by 1
     ), paid as (
       select o.currency, count(*)::int as paid_orders from ticket_orders o
        where o.exhibition_id = $1 and o.status = 'paid' and o.pass_exhibitor_id is null and exists (select 1 from e_tickets t where t.order_id = o.id and t.voided_at is null)
        group by 1
     ), currencies as (
       select currency from received union select currency from returned union select currency from paid
     )
     select c.currency,
            coalesce(i.received_minor, 0) as received_minor,
            coalesce(r.refunded_minor, 0) as refunded_minor,
            coalesce(r.refunding_minor, 0) as refunding_minor,
            coalesce(p.paid_orders, 0) as paid_orders,
            coalesce(r.refunded_orders, 0) as refunded_orders
       from currencies c
       left join received i on i.currency = c.currency
       left join returned r on r.currency = c.currency
       left join paid p on p.currency = c.currency
      order by c.currency`,
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

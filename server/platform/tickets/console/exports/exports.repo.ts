import type { Locale } from '../../../../../shared/languages.ts'
import { LIVE_CHECKIN_JOIN, TYPE_NAME } from '../staff-orders.repo.ts'
import type { Queryable } from '../../../../db/client.ts'

/**
 * SQL of the console's exports: one exhibition's orders and attendees, oldest first (as they were sold),
 * each query with its parameters for a cursor (kit/cursor.ts). Order numbers are unique, so the order
 * is the same on every run.
 */

export interface ExportQuery {
  sql: string
  params: unknown[]
}

export interface ExportOrderRow {
  number: string
  status: string
  cancel_reason: string | null
  buyer_email: string
  locale: string
  tickets: number
  currency: string
  subtotal_minor: number
  discount_minor: number
  total_minor: number
  refunded_minor: number
  coupon_code: string | null
  created_at: Date
  paid_at: Date | null
  cancelled_at: Date | null
}

export function exportOrders(exhibitionId: number): ExportQuery {
  return {
    sql: `select o.number, o.status, o.cancel_reason, o.buyer_email, o.locale,
       (select count(*)::int from ticket_attendees a where a.order_id = o.id) as tickets,
       o.currency, o.subtotal_minor, o.discount_minor, o.total_minor,
       coalesce((select sum(r.amount_minor)::int from refunds r where r.order_id = o.id and r.status = 'succeeded'), 0) as refunded_minor,
       o.coupon_code, o.created_at, o.paid_at, o.cancelled_at
     from ticket_orders o where o.exhibition_id = $1 and o.pass_exhibitor_id is null order by o.created_at, o.number`,
    params: [exhibitionId],
  }
}

/** Where a ticket stands, as the door and a badge list need it (docs/product.md#console-exports). */
export type TicketState = 'valid' | 'checkedIn' | 'refunded' | 'voided' | 'unpaid' | 'cancelled'

export interface ExportAttendeeRow {
  attendee_id: string
  number: string
  status: string
  ticket_state: TicketState
  position: number
  first_name: string
  last_name: string
  company: string
  job_title: string
  email: string
  phone_e164: string
  phone_country: string
  identity: string
  industry: string
  /** The e-ticket's type; before payment, the type the order's lines give this position. */
  ticket_type: string | null
  /** The live check-in at the door, if the attendee came. */
  checked_in_at: Date | null
  checkin_gate: string | null
}

/**
 * Attendees of every order with their ticket's state: a refunded or voided ticket, or one of an order
 * that was never paid, must never read as a way in. Before payment the ticket type is the one the
 * order's lines give the attendee's position, in the order payment issues them (mark-paid.ts). That
 * look-up is a subquery inside a CASE, so it runs only for a ticket not issued yet: as a lateral join
 * it ran for every row (docs/performance.md#streamed-exports).
 */
export function exportAttendees(exhibitionId: number, locale: Locale): ExportQuery {
  return {
    sql: `select a.id::text as attendee_id, o.number, o.status, a.position, a.first_name, a.last_name, a.company, a.job_title, a.email, a.phone_e164, a.phone_country,
       a.identity, a.industry, c.scanned_at as checked_in_at, c.gate as checkin_gate,
       coalesce(${TYPE_NAME('tt', locale)}, case when e.id is null then (
         select ${TYPE_NAME('pt', locale)}
           from (select l.ticket_type_id, row_number() over (order by t.sort, t.id, g) as position
                   from ticket_order_lines l join ticket_types t on t.id = l.ticket_type_id
                   cross join generate_series(1, l.quantity) g
                  where l.order_id = o.id) p
           join ticket_types pt on pt.id = p.ticket_type_id
          where p.position = a.position
       ) end) as ticket_type,
       case
         when e.id is not null and exists (select 1 from refunds r where r.order_id = o.id and r.status <> 'failed' and e.id = any(r.ticket_ids)) then 'refunded'
         when e.voided_at is not null then 'voided'
         when o.status = 'cancelled' then 'cancelled'
         when o.status <> 'paid' or e.id is null then 'unpaid'
         when c.scanned_at is not null then 'checkedIn'
         else 'valid'
       end as ticket_state
     from ticket_attendees a
     join ticket_orders o on o.id = a.order_id
     left join e_tickets e on e.attendee_id = a.id
     left join ticket_types tt on tt.id = e.ticket_type_id
     ${LIVE_CHECKIN_JOIN}
     where o.exhibition_id = $1 order by o.created_at, o.number, a.position`,
    params: [exhibitionId],
  }
}

/** How many rows an export of this kind holds now, for its audit line, written before the file goes out. */
export async function countExportRows(db: Queryable, exhibitionId: number, kind: 'orders' | 'attendees'): Promise<number> {
  const sql =
    kind === 'orders'
      ? 'select count(*)::int as n from ticket_orders where exhibition_id = $1 and pass_exhibitor_id is null'
      : 'select count(*)::int as n from ticket_attendees a join ticket_orders o on o.id = a.order_id where o.exhibition_id = $1'
  const result = await db.query<{ n: number }>(sql, [exhibitionId])
  return result.rows[0]?.n ?? 0
}

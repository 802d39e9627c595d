import type { Locale } from '../../../../../shared/languages.ts'
import { LIVE_CHECKIN_JOIN, TYPE_NAME } from '../staff-orders.repo.ts'
import type { Queryable } from '../../../../db/client.ts'

/** SQL of the console's exports: one exhibition's orders and attendees, oldest first (as they were sold). */

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

export async function exportOrders(db: Queryable, exhibitionId: number): Promise<ExportOrderRow[]> {
  const result = await db.query<ExportOrderRow>(
    `select o.number, o.status, o.cancel_reason, o.buyer_email, o.locale,
       (select count(*)::int from ticket_attendees a where a.order_id = o.id) as tickets,
       o.currency, o.subtotal_minor, o.discount_minor, o.total_minor,
       coalesce((select sum(r.amount_minor)::int from refunds r where r.order_id = o.id and r.status = 'succeeded'), 0) as refunded_minor,
       o.coupon_code, o.created_at, o.paid_at, o.cancelled_at
     from ticket_orders o where o.exhibition_id = $1 and o.pass_exhibitor_id is null order by o.created_at, o.number`,
    [exhibitionId],
  )
  return result.rows
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
 * order's lines give the attendee's position, in the order payment issues them (mark-paid.ts).
 */
export async function exportAttendees(db: Queryable, exhibitionId: number, locale: Locale): Promise<ExportAttendeeRow[]> {
  const result = await db.query<ExportAttendeeRow>(
    `select a.id::text as attendee_id, o.number, o.status, a.position, a.first_name, a.last_name, a.company, a.job_title, a.email, a.phone_e164, a.phone_country,
       a.identity, a.industry, c.scanned_at as checked_in_at, c.gate as checkin_gate,
       coalesce(${TYPE_NAME('tt', locale)}, planned.name) as ticket_type,
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
     left join lateral (
       select ${TYPE_NAME('pt', locale)} as name
         from (select l.ticket_type_id, row_number() over (order by t.sort, t.id, g) as position
                 from ticket_order_lines l join ticket_types t on t.id = l.ticket_type_id
                 cross join generate_series(1, l.quantity) g
                where l.order_id = o.id) p
         join ticket_types pt on pt.id = p.ticket_type_id
        where p.position = a.position
     ) planned on e.id is null
     ${LIVE_CHECKIN_JOIN}
     where o.exhibition_id = $1 order by o.created_at, o.number, a.position`,
    [exhibitionId],
  )
  return result.rows
}

export async function exhibitionExists(db: Queryable, exhibitionId: number): Promise<boolean> {
  const result = await db.query('select 1 from exhibitions where id = $1', [exhibitionId])
  return result.rows.length > 0
}

/** The exhibition's title in English, else in any language it has; null when there is no such exhibition. */

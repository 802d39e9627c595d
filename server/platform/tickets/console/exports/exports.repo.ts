import { LIVE_CHECKIN_JOIN } from '../staff-orders.repo.ts'
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
     from ticket_orders o where o.exhibition_id = $1 order by o.created_at, o.number`,
    [exhibitionId],
  )
  return result.rows
}

export interface ExportAttendeeRow {
  number: string
  status: string
  position: number
  first_name: string
  last_name: string
  email: string
  phone_e164: string
  phone_country: string
  identity: string
  industry: string
  ticket_type: string | null
  /** The live check-in at the door (issue 19), if the attendee came. */
  checked_in_at: Date | null
  checkin_gate: string | null
}

/** Attendees of every order; the ticket type is known once the e-ticket is issued (paid orders). */
export async function exportAttendees(db: Queryable, exhibitionId: number): Promise<ExportAttendeeRow[]> {
  const result = await db.query<ExportAttendeeRow>(
    `select o.number, o.status, a.position, a.first_name, a.last_name, a.email, a.phone_e164, a.phone_country,
       a.identity, a.industry, tt.key as ticket_type, c.scanned_at as checked_in_at, c.gate as checkin_gate
     from ticket_attendees a
     join ticket_orders o on o.id = a.order_id
     left join e_tickets e on e.attendee_id = a.id
     left join ticket_types tt on tt.id = e.ticket_type_id
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

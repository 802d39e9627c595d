import type { OrderState } from '../order-rules.ts'
import type { AttendeeRow, OrderRow } from '../orders.repo.ts'

/** What the audit log records of an order before and after a staff change. */
export function auditedOrder(order: OrderRow, state: OrderState) {
  return { state, status: order.status, cancelReason: order.cancel_reason, totalMinor: order.total_minor, currency: order.currency }
}

/** What the audit log records of an attendee: the fields staff may change. */
export function auditedAttendee(attendee: AttendeeRow) {
  return {
    position: attendee.position,
    firstName: attendee.first_name,
    lastName: attendee.last_name,
    company: attendee.company,
    jobTitle: attendee.job_title,
    email: attendee.email,
    phone: attendee.phone_e164,
    identity: attendee.identity,
    industry: attendee.industry,
  }
}

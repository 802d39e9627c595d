import type { ConsoleOrderDetail } from '../../../../shared/contracts/console-orders.ts'
import type { Locale } from '../../../../shared/languages.ts'
import type { Queryable } from '../../../db/client.ts'
import { countryName } from '../../kit/country-names.ts'
import type { Platform } from '../../platform.ts'
import { decide, refundableMinor, stateOf, ticketRefundMinor } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import * as payments from '../payments/payments.repo.ts'
import { refundedMinor } from '../payments/refunds.repo.ts'
import * as repo from '../tickets.repo.ts'
import { typeText } from '../ticket-types.ts'
import { answerViewsOf, questionViewsOf } from '../ticket-answers.ts'
import * as staffOrders from './staff-orders.repo.ts'

const iso = (value: Date | null) => value?.toISOString() ?? null

/** One e-ticket of the order with what refunding it gives back. */
export interface TicketFacts {
  id: string
  attendeeId: string
  ticketTypeId: number
  code: string
  typeName: string
  refundMinor: number
  voided: boolean
  refunded: boolean
  checkedIn: { at: string; gate: string } | null
  /** Handed to someone other than the buyer: no longer the buyer's to cancel (docs/product.md#ticket-transfer). */
  transferred: boolean
}

/** The order's e-tickets, in attendee order, with their price share and whether they were voided or refunded. */
export async function ticketFacts(db: Queryable, order: orders.OrderRow, locale: Locale = 'en'): Promise<TicketFacts[]> {
  const [tickets, lines, refunded] = await Promise.all([
    staffOrders.ticketsOfOrder(db, order.id),
    orders.linesOf(db, [order.id]),
    staffOrders.refundedTicketIds(db, order.id),
  ])
  const types = new Map((await repo.typesByIds(db, [...new Set(tickets.map((ticket) => ticket.ticket_type_id))])).map((row) => [row.id, row]))
  const prices = new Map(lines.map((line) => [line.ticket_type_id, line.unit_price_minor]))
  return tickets.map((ticket) => {
    const type = types.get(ticket.ticket_type_id)
    return {
      id: ticket.id,
      attendeeId: ticket.attendee_id,
      ticketTypeId: ticket.ticket_type_id,
      code: ticket.code,
      typeName: type ? typeText(type, locale).name : '',
      refundMinor: ticketRefundMinor(prices.get(ticket.ticket_type_id) ?? 0, order),
      voided: ticket.voided_at !== null,
      refunded: refunded.has(ticket.id),
      checkedIn: ticket.checked_in_at ? { at: ticket.checked_in_at.toISOString(), gate: ticket.checkin_gate ?? '' } : null,
      transferred: ticket.transferred,
    }
  })
}

/** An order as the console shows it: everything about it, and what staff may do to it now (order-rules.ts). */
export async function consoleOrderDetail(platform: Platform, order: orders.OrderRow, staffLocale: Locale): Promise<ConsoleOrderDetail> {
  const { db } = platform
  const [title, attendees, tickets, events, attempts, refunds, mails, open, buying, documents] = await Promise.all([
    staffOrders.exhibitionTitle(db, order.exhibition_id, staffLocale),
    orders.attendeesOf(db, order.id),
    ticketFacts(db, order),
    staffOrders.eventsOf(db, order.id),
    staffOrders.attemptsOfOrder(db, order.id),
    staffOrders.refundsOfOrder(db, order.id),
    staffOrders.mailsOf(db, order.id),
    order.status === 'pending' ? payments.openAttempt(db, order.id) : Promise.resolve(null),
    staffOrders.buyingAttempt(db, order.id),
    platform.services.invoices.documentsOf(order.id),
  ])
  const views = await questionViewsOf(db, order.exhibition_id, staffLocale)
  const answers = await answerViewsOf(
    db,
    attendees.map((attendee) => attendee.id),
    views,
    staffLocale,
  )
  const booth = order.order_kind === 'booth' && order.booth_id !== null ? await platform.services.booths.label(db, order.booth_id) : null
  const paidMinor = buying?.taken_minor ?? 0
  const refunded = buying ? await refundedMinor(db, buying.id) : 0
  const refundable = refundableMinor(paidMinor, refunded)
  const byAttendee = new Map(tickets.map((ticket) => [ticket.attendeeId, ticket]))
  const allows = (event: 'cancelByStaff' | 'refundByStaff' | 'editByStaff') => decide(order, open, event).kind === 'to'
  const state = stateOf(order, open)
  return {
    number: order.number,
    exhibitionId: order.exhibition_id,
    exhibitionTitle: title ?? '',
    state,
    cancelReason: order.cancel_reason,
    locale: order.locale,
    buyerEmail: order.buyer_email,
    currency: order.currency,
    subtotalMinor: order.subtotal_minor,
    discountMinor: order.discount_minor,
    totalMinor: order.total_minor,
    couponCode: order.coupon_code,
    createdAt: order.created_at.toISOString(),
    expiresAt: order.expires_at.toISOString(),
    paidAt: iso(order.paid_at),
    cancelledAt: iso(order.cancelled_at),
    paidMinor,
    refundedMinor: refunded,
    refundableMinor: refundable,
    attendees: attendees.map((attendee) => {
      const ticket = byAttendee.get(attendee.id)
      return {
        id: attendee.id,
        position: attendee.position,
        firstName: attendee.first_name,
        lastName: attendee.last_name,
        company: attendee.company,
        jobTitle: attendee.job_title,
        email: attendee.email,
        phone: { e164: attendee.phone_e164, country: attendee.phone_country },
        identity: attendee.identity,
        industry: attendee.industry,
        ticket: ticket
          ? {
              id: ticket.id,
              typeName: ticket.typeName,
              refundMinor: ticket.refundMinor,
              voided: ticket.voided,
              refunded: ticket.refunded,
              checkedIn: ticket.checkedIn,
            }
          : null,
        answers: answers.get(attendee.id)?.answerTexts ?? [],
      }
    }),
    invoiceRequest: order.invoice_request && { ...order.invoice_request, countryName: countryName(order.invoice_request.country, staffLocale) },
    booth: booth && { number: booth.number, hall: booth.hall },
    documents,
    history: events.map((event) => ({ at: event.at.toISOString(), kind: event.kind, data: event.data })),
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      provider: attempt.provider,
      status: attempt.status,
      amountMinor: attempt.received_minor ?? attempt.amount_minor,
      currency: attempt.received_currency ?? attempt.currency,
      createdAt: attempt.created_at.toISOString(),
      confirmedAt: iso(attempt.confirmed_at),
      refundReason: attempt.refund_reason,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amountMinor: refund.amount_minor,
      currency: refund.currency,
      reason: refund.reason,
      status: refund.status,
      ticketIds: refund.ticket_ids,
      requestedBy: refund.requested_by_email,
      requestedAt: refund.requested_at.toISOString(),
      settledAt: iso(refund.settled_at),
      failure: refund.failure_text,
    })),
    mails: mails.map((mail) => ({
      at: mail.at.toISOString(),
      kind: mail.kind,
      to: mail.to_address,
      subject: mail.subject,
      sentAt: iso(mail.sent_at),
      error: mail.last_error,
    })),
    allowed: {
      cancel: allows('cancelByStaff'),
      refund: allows('refundByStaff') && refundable > 0,
      editAttendees: allows('editByStaff'),
      resend: state === 'paid',
    },
  }
}

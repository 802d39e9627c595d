import { displayName } from '../../../shared/rules/names.ts'
import { LEAD_FIELDS } from '../../../shared/rules/leads.ts'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { OrderDetail, OrderSummary } from '../../../shared/contracts/tickets.ts'
import { attendeeChangesOpen, type Identity, type Industry } from '../../../shared/rules/tickets.ts'
import { type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { invoicePdfPath } from '../../../shared/checkout-steps.ts'
import { countryName } from '../kit/country-names.ts'
import { paidOrderMedia } from './order-media.ts'
import { buyerRefundState, nextStepOf, visibleStatus } from './order-rules.ts'
import * as orders from './orders.repo.ts'
import { offersTransfer, openInstructions } from './payments/bank-transfer-offer.ts'
import * as payments from './payments/payments.repo.ts'
import * as refunds from './payments/refunds.repo.ts'
import type { TicketsContext } from './tickets-context.ts'
import * as repo from './tickets.repo.ts'
import { typeText } from './ticket-types.ts'
import { selfCancellable } from './self-cancel.ts'
import { transferredAway, transferStatesOf } from './ticket-transfer.ts'
import { ticketFacts } from './console/order-detail.ts'
import { answerViewsOf, countriesFor, questionViewsOf } from './ticket-answers.ts'

/** How the phone field shows a stored number again: national digits beside the country's code. */
export function nationalNumber(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164
}

/** The order as "My orders" lists it (nothing drawn, nothing about attendees). */
export async function orderSummary(
  context: TicketsContext,
  order: orders.OrderRow,
  locale: Locale,
): Promise<OrderSummary & { attempt: payments.AttemptRow | null }> {
  const { db } = context.platform
  const [info, lines, attempt, attendeeCount, booth] = await Promise.all([
    context.exhibitions.get(order.exhibition_id, locale),
    orders.linesOf(db, [order.id]),
    payments.latestAttempt(db, order.id),
    orders.attendeeCount(db, order.id),
    boothOf(context, order, locale),
  ])
  const types = new Map(
    (
      await repo.typesByIds(
        db,
        lines.map((line) => line.ticket_type_id),
      )
    ).map((row) => [row.id, row]),
  )
  const tickets = lines.reduce((sum, line) => sum + line.quantity, 0)
  return {
    number: order.number,
    status: visibleStatus(order, attempt),
    cancelReason: order.cancel_reason,
    exhibition: info,
    createdAt: order.created_at.toISOString(),
    expiresAt: order.expires_at.toISOString(),
    paidAt: order.paid_at?.toISOString() ?? null,
    cancelledAt: order.cancelled_at?.toISOString() ?? null,
    currency: order.currency,
    subtotalMinor: order.subtotal_minor,
    discountMinor: order.discount_minor,
    totalMinor: order.total_minor,
    couponCode: order.coupon_code,
    lines: lines.map((line) => {
      const type = types.get(line.ticket_type_id)
      return {
        ticketTypeId: line.ticket_type_id,
        name: type ? typeText(type, locale).name : '',
        quantity: line.quantity,
        unitPriceMinor: line.unit_price_minor,
      }
    }),
    ticketCount: tickets,
    nextStep: nextStepOf(order, { attendees: attendeeCount, tickets }, attempt),
    booth,
    services:
      order.order_kind === 'services' && order.exhibitor_id !== null
        ? {
            lines: (order.service_lines ?? []).map((line) => ({
              label: line.label,
              unit: line.unit,
              quantity: line.quantity,
              unitPriceMinor: line.unitPriceMinor,
            })),
            exhibitorId: order.exhibitor_id,
            company: order.invoice_request?.companyName ?? '',
          }
        : null,
    attempt,
  }
}

/** The booth a booth order holds or bought, as the buyer's screens and mails name it. */
export async function boothOf(context: TicketsContext, order: orders.OrderRow, locale: Locale): Promise<OrderSummary['booth']> {
  if (order.order_kind !== 'booth' || order.booth_id === null || order.exhibitor_id === null) return null
  const label = await context.platform.services.booths.label(context.platform.db, order.booth_id, locale)
  return { ...label, exhibitorId: order.exhibitor_id, company: order.invoice_request?.companyName ?? '' }
}

/** The order as its screens show it; a paid order with its e-tickets and calendar file (order-media.ts). */
export async function orderDetail(context: TicketsContext, order: orders.OrderRow, locale: Locale): Promise<OrderDetail> {
  const { db } = context.platform
  const { attempt, ...base } = await orderSummary(context, order, locale)
  const paid = order.status === 'paid'
  const [everyAttendee, liveTickets, refundFacts, coupon, questions] = await Promise.all([
    orders.attendeesOf(db, order.id),
    paid ? repo.ticketsOf(db, order.id) : Promise.resolve([]),
    refunds.refundFactsOf(db, order.id),
    order.coupon_id === null ? Promise.resolve(null) : repo.couponById(db, order.coupon_id),
    questionViewsOf(db, order.exhibition_id, locale),
  ])
  // A ticket handed to someone else is theirs: the buyer sees its holder's name under the transfer, not their details or code.
  const transferStates = await transferStatesOf(db, order, everyAttendee)
  const away = new Set(everyAttendee.filter((attendee) => transferredAway(attendee, order.buyer_email)).map((attendee) => attendee.id))
  const attendees = everyAttendee.filter((attendee) => !away.has(attendee.id))
  const tickets = liveTickets.filter((ticket) => !away.has(ticket.attendee_id))
  const answers = await answerViewsOf(
    db,
    attendees.map((attendee) => attendee.id),
    questions,
    locale,
  )
  const refundState = buyerRefundState(refundFacts.flagged, refundFacts.statuses)
  const [transfer, instructions] = await Promise.all([offersTransfer(context, order.exhibition_id), openInstructions(db, order, attempt)])
  const positions = base.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line))
  const holders = new Map(
    attendees.map((attendee) => [
      attendee.id,
      {
        position: attendee.position,
        name: displayName({ first: attendee.first_name, last: attendee.last_name }),
        ticketName: positions[attendee.position - 1]?.name ?? '',
      },
    ]),
  )
  // A booth or a form's items are no admission: such an order has no e-tickets, calendar file or app link (docs/product.md#booth-checkout).
  const media =
    paid && !base.booth && !base.services
      ? await paidOrderMedia(context, order, base.exhibition, tickets, holders)
      : { tickets: [], calendar: null, appLink: null }
  const facts = paid && !base.booth && !base.services ? await ticketFacts(db, order) : []
  const selfCancel = selfCancellable(order, base.exhibition, facts, new Date())
  const positionOf = new Map(everyAttendee.map((attendee) => [attendee.id, attendee.position]))
  const transfers = [...transferStates].map(([attendeeId, transfer]) => ({ position: positionOf.get(attendeeId) ?? 0, transfer }))
  const transferable =
    order.pass_exhibitor_id === null && attendeeChangesOpen(base.exhibition, new Date())
      ? facts
          .filter((ticket) => !ticket.voided && !ticket.refunded && !ticket.checkedIn && !ticket.transferred && !transferStates.has(ticket.attendeeId))
          .map((ticket) => positionOf.get(ticket.attendeeId) ?? 0)
      : []
  return {
    ...base,
    serverNow: order.now.toISOString(),
    buyerEmail: order.buyer_email,
    coupon: coupon
      ? {
          code: coupon.code,
          kind: coupon.kind,
          percentOff: coupon.percent_off,
          amountOffMinor: coupon.amount_off_minor,
          currency: coupon.currency,
          ticketTypeIds: coupon.ticket_type_ids,
        }
      : null,
    attendees: attendees.map((attendee) => {
      const line = positions[attendee.position - 1]
      return {
        position: attendee.position,
        ticketTypeId: line?.ticketTypeId ?? 0,
        ticketName: line?.name ?? '',
        firstName: attendee.first_name,
        lastName: attendee.last_name,
        company: attendee.company,
        jobTitle: attendee.job_title,
        email: attendee.email,
        phone: {
          country: attendee.phone_country,
          number: nationalNumber(attendee.phone_e164),
          e164: attendee.phone_e164,
          international: parsePhoneNumberFromString(attendee.phone_e164)?.formatInternational() ?? attendee.phone_e164,
        },
        identity: attendee.identity as Identity,
        industry: attendee.industry as Industry,
        shares: LEAD_FIELDS.filter((field) => attendee.shares.includes(field)),
        ...(answers.get(attendee.id) ?? { answers: {}, answerTexts: [] }),
      }
    }),
    questions,
    countries: countriesFor(questions, locale),
    answersOpen: order.status !== 'cancelled' && attendeeChangesOpen(base.exhibition, new Date()),
    confirmed: order.confirmed_at !== null,
    payment: attempt ? { method: attempt.provider === 'stripe' ? 'card' : attempt.provider, status: attempt.status } : null,
    refundDue: refundState === 'pending',
    refundState,
    methods: [...context.checkouts.methods(), ...(transfer ? (['bank'] as const) : [])],
    bankTransfer: instructions && { ...instructions, dueAt: instructions.dueAt.toISOString() },
    ...media,
    selfCancel,
    transfers,
    transferable,
    invoiceRequest: order.invoice_request && { ...order.invoice_request, countryName: countryName(order.invoice_request.country, locale) },
    documents: (await context.platform.services.invoices.documentsOf(order.id)).map((doc) => ({
      ...doc,
      file: invoicePdfPath(urlLanguageOfLocale(locale), order.number, doc.number),
    })),
  }
}

import { displayName } from '../../../shared/rules/names.ts'
import { randomUUID } from 'node:crypto'
import type { Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import type { ExhibitionInfo } from './exhibition-info.ts'
import { calendarUid, orderScreenUrl } from './order-links.ts'
import { type AttendeeTicket, queueAttendeeTickets, queueBoothPaidMail, queueOrderMail } from './order-mails.ts'
import * as orders from './orders.repo.ts'
import type { TicketsContext } from './tickets-context.ts'
import { confirmationMail } from './tickets.mail.ts'
import * as repo from './tickets.repo.ts'
import type { GrossLine } from '../invoices/index.ts'
import { typeText } from './ticket-types.ts'
import { boothLineName } from './booth-orders.ts'
import { serviceInvoiceLines } from './services-orders.ts'
import { queueServicesPaidMail } from './order-mails.ts'

/**
 * The order is paid: one signed e-ticket per attendee, the coupon redeemed, and the confirmation
 * e-mail queued in this same transaction (sent by the outbox worker only if it commits), and each
 * attendee other than the buyer gets their own e-ticket by mail.
 */
export async function markPaid(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  info: ExhibitionInfo,
  via: Record<string, unknown>,
): Promise<void> {
  const { config } = context.platform
  await orders.markPaid(tx, order.id)
  if (order.order_kind === 'booth') return boothPaid(context, tx, order, info, via)
  if (order.order_kind === 'services') return servicesPaid(context, tx, order, info, via)
  const attendees = await orders.attendeesOf(tx, order.id)
  const lines = await orders.linesOf(tx, [order.id])
  const types = new Map((await repo.typesByIds(tx, [...new Set(lines.map((line) => line.ticket_type_id))])).map((row) => [row.id, row]))
  const positions = lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.ticket_type_id))
  const locale = order.locale as Locale
  const tickets: Array<{ position: number; holder: string; ticketName: string; code: string }> = []
  const own: AttendeeTicket[] = []
  for (const attendee of attendees) {
    const typeId = positions[attendee.position - 1] ?? positions[0] ?? 0
    const id = randomUUID()
    const code = context.signer.sign(id, order.exhibition_id)
    await repo.insertTicket(tx, { id, orderId: order.id, attendeeId: attendee.id, exhibitionId: order.exhibition_id, ticketTypeId: typeId, code })
    const type = types.get(typeId)
    const ticketName = type ? typeText(type, locale).name : ''
    tickets.push({ position: attendee.position, holder: displayName({ first: attendee.first_name, last: attendee.last_name }), ticketName, code })
    own.push({ attendee, ticketName, code })
  }
  const invoice = await issueOrderInvoice(context, tx, order, lines, types)
  await orders.logEvent(tx, order.id, 'paid', invoice ? { ...via, invoice } : via)
  await queueOrderMail(
    tx,
    order.id,
    'confirmation',
    await confirmationMail({
      t: context.strings(locale),
      locale,
      brand: config.BRAND_NAME,
      sign: context.platform.documents.sign,
      contactEmail: config.CONTACT_EMAIL,
      orderUrl: orderScreenUrl(config.PUBLIC_ORIGIN, order, 'orders'),
      calendarUid: calendarUid(config.PUBLIC_ORIGIN, order.number),
      order: {
        number: order.number,
        currency: order.currency,
        subtotalMinor: order.subtotal_minor,
        discountMinor: order.discount_minor,
        totalMinor: order.total_minor,
        couponCode: order.coupon_code,
        to: order.buyer_email,
      },
      exhibition: { ...info, startsAt: new Date(info.startsAt), endsAt: new Date(info.endsAt) },
      lines: lines.map((line) => {
        const type = types.get(line.ticket_type_id)
        return { name: type ? typeText(type, locale).name : '', quantity: line.quantity, unitPriceMinor: line.unit_price_minor }
      }),
      tickets,
    }),
  )
  await queueAttendeeTickets(context, tx, order, info, own, { includeBuyer: false })
}

/**
 * The order's invoice when the buyer asked for one, in this (the payment's) transaction: its number
 * is taken here, so a payment that rolls back gives it back (docs/product.md#invoices). The lines are
 * the order's, tax included, with the coupon's discount as a line of its own; free orders get none.
 */
async function issueOrderInvoice(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  lines: orders.LineRow[],
  types: Map<number, repo.TicketTypeRow>,
): Promise<string | null> {
  if (!order.invoice_request || order.total_minor === 0) return null
  const locale = order.locale as Locale
  const invoiceLines: GrossLine[] = lines.map((line) => {
    const type = types.get(line.ticket_type_id)
    return { name: type ? typeText(type, locale).name : '', quantity: line.quantity, grossMinor: line.quantity * line.unit_price_minor }
  })
  if (order.discount_minor > 0) {
    const name = [context.strings(locale)('summary.discount'), order.coupon_code].filter(Boolean).join(' · ')
    invoiceLines.push({ name, quantity: 1, grossMinor: -order.discount_minor })
  }
  return context.platform.services.invoices.issueInvoice(tx, {
    orderId: order.id,
    buyer: order.invoice_request,
    language: locale,
    currency: order.currency,
    lines: invoiceLines,
    at: new Date(),
  })
}

/**
 * A booth order is paid (docs/product.md#booth-checkout): the booth it held becomes the exhibitor's,
 * sold, its invoice (always asked for at choosing) is issued, and the buyer's confirmation mail
 * queued, all in the payment's transaction.
 */
async function boothPaid(context: TicketsContext, tx: Queryable, order: orders.OrderRow, info: ExhibitionInfo, via: Record<string, unknown>): Promise<void> {
  await context.platform.services.booths.sellHeld(tx, order.booth_id as number, order.exhibitor_id as number)
  const locale = order.locale as Locale
  const booth = await context.platform.services.booths.label(tx, order.booth_id as number, locale)
  const name = boothLineName(context, order, booth)
  const invoice =
    order.invoice_request && order.total_minor > 0
      ? await context.platform.services.invoices.issueInvoice(tx, {
          orderId: order.id,
          buyer: order.invoice_request,
          language: locale,
          currency: order.currency,
          lines: [{ name, quantity: 1, grossMinor: order.total_minor }],
          at: new Date(),
        })
      : null
  await orders.logEvent(tx, order.id, 'paid', invoice ? { ...via, booth: booth.number, invoice } : { ...via, booth: booth.number })
  await queueBoothPaidMail(context, tx, order, info, booth, invoice)
}

/**
 * A services order is paid (docs/product.md#exhibitor-forms): its invoice (the company is asked at
 * ordering) is issued with one line per item, the form's task is done for the exhibitor, and the buyer's
 * confirmation mail queued, all in the payment's transaction.
 */
async function servicesPaid(context: TicketsContext, tx: Queryable, order: orders.OrderRow, info: ExhibitionInfo, via: Record<string, unknown>): Promise<void> {
  const invoice =
    order.invoice_request && order.total_minor > 0
      ? await context.platform.services.invoices.issueInvoice(tx, {
          orderId: order.id,
          buyer: order.invoice_request,
          language: order.locale as Locale,
          currency: order.currency,
          lines: serviceInvoiceLines(order),
          at: new Date(),
        })
      : null
  if (order.form_task_id !== null && order.exhibitor_id !== null) {
    await context.platform.services.exhibitorForms.paid(tx, order.form_task_id, order.exhibitor_id, order.account_id)
  }
  await orders.logEvent(tx, order.id, 'paid', invoice ? { ...via, invoice } : via)
  await queueServicesPaidMail(context, tx, order, info, invoice)
}

import { displayName } from '../../../shared/rules/names.ts'
import { readableIban, readableReference } from '../../../shared/rules/bank-transfer.ts'
import { amountText } from '../../../shared/rules/money.ts'
import { type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { checkoutPath, exhibitorAreaPath, invoicePdfPath, transferPath } from '../../../shared/checkout-steps.ts'
import type { BoothLabel } from '../../../shared/rules/floor-plans.ts'
import type { Queryable } from '../../db/client.ts'
import { type MailMessage, queueMail } from '../mailer.ts'
import { qrPng } from './e-tickets.ts'
import type { ExhibitionInfo } from './exhibition-info.ts'
import { escapeHtml } from '../kit/escape.ts'
import { formatDateRange, formatMoney, htmlLangOf, locationLine } from './format.ts'
import { orderScreenUrl } from './order-links.ts'
import { exhibitionTitle } from './console/staff-orders.repo.ts'
import * as orders from './orders.repo.ts'
import { ticketPdf, ticketPdfName } from './ticket-pdf.ts'
import type { Translate } from '../kit/strings.ts'
import type { TicketsContext } from './tickets-context.ts'

/**
 * The mails about an order after it was made (docs/product.md#console-orders, "Mails"): cancelled (by the
 * buyer, the countdown or the organiser), attendee details changed, and each attendee's own
 * e-ticket. In the order's language, queued in the transaction that made the change, and recorded
 * in the order's history (a `mail` event naming the outbox row) so the console shows what was sent.
 */

/** Queues a mail about the order and records it in the order's history. */
export async function queueOrderMail(tx: Queryable, orderId: string, kind: string, message: MailMessage): Promise<void> {
  const outboxId = await queueMail(tx, message)
  await orders.logEvent(tx, orderId, 'mail', { kind, to: message.to, outboxId })
}

interface Frame {
  t: Translate
  locale: Locale
  brand: string
  contactEmail: string
  /** The buyer's order page; attendees who did not order get no link (they cannot open it). */
  orderUrl: string | null
}

/** A plain mail: paragraphs, the order link, the help line; as text and as HTML. */
function simpleMail(frame: Frame, to: string, subject: string, paragraphs: string[]): MailMessage {
  const { t, locale } = frame
  const help = t('mail.help', { email: frame.contactEmail })
  const link = frame.orderUrl ? [`${t('mail.orderLink')}: ${frame.orderUrl}`] : []
  const text = [...paragraphs, ...link, `${help}\n${frame.brand}`].join('\n\n')
  // Inline styles are the norm for e-mail HTML (no stylesheet reaches a mail client).
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="margin:0;padding:24px;background:#f6f8fb;font-family:Arial,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#a8841a;font-weight:bold">${escapeHtml(frame.brand)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n')}
${frame.orderUrl ? `<p><a href="${escapeHtml(frame.orderUrl)}" style="color:#1d4ed8">${escapeHtml(t('mail.orderLink'))}</a></p>` : ''}
<p style="color:#4b5563;font-size:13px">${escapeHtml(help)}</p>
</div></body></html>`
  return { to, subject, text, html }
}

function frameOf(context: TicketsContext, order: orders.OrderRow, withLink: boolean): Frame {
  const { config } = context.platform
  const locale = order.locale as Locale
  return {
    t: context.strings(locale),
    locale,
    brand: config.BRAND_NAME,
    contactEmail: config.CONTACT_EMAIL,
    // A team pass is no one's purchase: its holder has no order screen to open.
    orderUrl: withLink && order.pass_exhibitor_id === null ? orderScreenUrl(config.PUBLIC_ORIGIN, order, 'orders') : null,
  }
}

export type CancelledBy = 'buyer' | 'expired' | 'staff'

/**
 * Tells the buyer their order was cancelled and why; `refundMinor`: a refund of this much was
 * requested with the cancellation (its own mail follows when the provider has answered).
 */
export async function queueCancelledMail(context: TicketsContext, tx: Queryable, order: orders.OrderRow, by: CancelledBy, refundMinor = 0): Promise<void> {
  const frame = frameOf(context, order, true)
  const { t } = frame
  // A booth order freed a booth, not seats or e-tickets (docs/product.md#booth-checkout).
  const released =
    order.order_kind === 'booth' && order.booth_id !== null
      ? t('booth.released', { booth: (await context.platform.services.booths.label(tx, order.booth_id)).number })
      : order.order_kind === 'services'
        ? t('services.released')
        : t('cancelMail.released')
  const paragraphs = [t(`cancelMail.why.${by}`, { number: order.number }), released]
  if (refundMinor > 0) paragraphs.push(t('cancelMail.refund', { amount: formatMoney(refundMinor, order.currency, frame.locale) }))
  const subject = t('cancelMail.subject', { brand: frame.brand, number: order.number })
  await queueOrderMail(tx, order.id, `cancelled.${by}`, simpleMail(frame, order.buyer_email, subject, paragraphs))
}

/** Where to send the money of an order paid by bank transfer (payments/bank-transfer.ts). */
export interface TransferDetails {
  reference: string
  holder: string
  iban: string | null
  bic: string | null
  accountNumber: string | null
  bankName: string | null
  amountMinor: number
  currency: string
  dueAt: Date
}

/**
 * The buyer chose bank transfer, or its deadline is a day away (docs/product.md#bank-transfer): the
 * account, the amount as it is typed into a bank's form ("299.00 EUR"), the reference and the
 * deadline, in the order's language.
 */
export async function queueBankTransferMail(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  details: TransferDetails,
  kind: 'instructions' | 'reminder',
  timeZone: string,
): Promise<void> {
  const frame = frameOf(context, order, true)
  const { t } = frame
  // The venue's time, named: a buyer abroad reads the zone beside it, as in the waiting list's offer.
  const due = `${new Intl.DateTimeFormat(htmlLangOf(frame.locale), { dateStyle: 'long', timeStyle: 'short', timeZone }).format(details.dueAt)} (${timeZone})`
  const account = details.iban
    ? [`${t('bankTransfer.iban')}: ${readableIban(details.iban)}`, `${t('bankTransfer.bic')}: ${details.bic ?? ''}`]
    : [`${t('bankTransfer.accountNumber')}: ${details.accountNumber ?? ''}`, `${t('bankTransfer.bankName')}: ${details.bankName ?? ''}`]
  const paragraphs = [
    t(`bankTransfer.mail.${kind}`, { number: order.number, due }),
    [
      `${t('bankTransfer.holder')}: ${details.holder}`,
      ...account,
      `${t('bankTransfer.amount')}: ${amountText(details.amountMinor, details.currency)} ${details.currency}`,
      `${t('bankTransfer.reference')}: ${readableReference(details.reference)}`,
      `${t('bankTransfer.due')}: ${due}`,
    ].join('\n'),
    t('bankTransfer.referenceOnly'),
  ]
  const subject = t(`bankTransfer.mail.${kind}Subject`, { brand: frame.brand, number: order.number })
  await queueOrderMail(tx, order.id, `bankTransfer.${kind}`, simpleMail(frame, order.buyer_email, subject, paragraphs))
}

/**
 * Confirms a paid booth order to its buyer (docs/product.md#booth-checkout): the booth, what was paid,
 * the invoice to download and the way back to the exhibitor area; no e-ticket, no calendar.
 */
export async function queueBoothPaidMail(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  info: ExhibitionInfo,
  booth: BoothLabel,
  invoice: string | null,
): Promise<void> {
  const frame = frameOf(context, order, true)
  const { t, locale } = frame
  const origin = context.platform.config.PUBLIC_ORIGIN
  const language = urlLanguageOfLocale(locale)
  const subject = t('booth.mailSubject', { brand: frame.brand, booth: booth.number, number: order.number })
  const paragraphs = [
    t('booth.mailIntro', { booth: booth.number, exhibition: info.title, company: order.invoice_request?.companyName ?? '' }),
    [
      `${t('booth.booth')}: ${booth.number}`,
      `${t('booth.hall')}: ${booth.hall}`,
      `${t('booth.type')}: ${t(`booth.types.${booth.type}`)}`,
      `${t('booth.size')}: ${t('booth.sizeValue', { w: booth.widthM, h: booth.depthM })}`,
      `${t('mail.when')}: ${formatDateRange(new Date(info.startsAt), new Date(info.endsAt), info.timeZone, locale)}`,
      `${t('booth.paid')}: ${formatMoney(order.total_minor, order.currency, locale)}`,
    ].join('\n'),
    ...(invoice ? [`${t('booth.mailInvoice', { number: invoice })}: ${origin}${invoicePdfPath(language, order.number, invoice)}`] : []),
    `${t('booth.backToArea')}: ${origin}${exhibitorAreaPath(language, order.exhibitor_id ?? 0)}`,
  ]
  await queueOrderMail(tx, order.id, 'boothConfirmation', simpleMail(frame, order.buyer_email, subject, paragraphs))
}

/**
 * Confirms a paid services order to its buyer (docs/product.md#exhibitor-forms): the items, what was
 * paid, the invoice to download and the way back to the exhibitor area.
 */
export async function queueServicesPaidMail(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  info: ExhibitionInfo,
  invoice: string | null,
): Promise<void> {
  const frame = frameOf(context, order, true)
  const { t, locale } = frame
  const origin = context.platform.config.PUBLIC_ORIGIN
  const language = urlLanguageOfLocale(locale)
  const subject = t('services.mailSubject', { brand: frame.brand, number: order.number })
  const paragraphs = [
    t('services.mailIntro', { exhibition: info.title, company: order.invoice_request?.companyName ?? '' }),
    [
      ...(order.service_lines ?? []).map(
        (line) =>
          `${line.quantity} × ${line.label}${line.unit ? ` (${line.unit})` : ''}: ${formatMoney(line.quantity * line.unitPriceMinor, order.currency, locale)}`,
      ),
      `${t('booth.paid')}: ${formatMoney(order.total_minor, order.currency, locale)}`,
    ].join('\n'),
    ...(invoice ? [`${t('booth.mailInvoice', { number: invoice })}: ${origin}${invoicePdfPath(language, order.number, invoice)}`] : []),
    `${t('booth.backToArea')}: ${origin}${exhibitorAreaPath(language, order.exhibitor_id ?? 0)}`,
  ]
  await queueOrderMail(tx, order.id, 'servicesConfirmation', simpleMail(frame, order.buyer_email, subject, paragraphs))
}

/** Tells the buyer that staff changed an attendee's details, and what they are now. */
export async function queueAttendeeChangedMail(context: TicketsContext, tx: Queryable, order: orders.OrderRow, attendee: orders.AttendeeRow): Promise<void> {
  const frame = frameOf(context, order, true)
  const { t } = frame
  const subject = t('attendeeMail.subject', { brand: frame.brand, number: order.number })
  const paragraphs = [
    t('attendeeMail.changed', { number: order.number, position: attendee.position }),
    `${displayName({ first: attendee.first_name, last: attendee.last_name })}\n${attendee.email}\n${attendee.phone_e164}`,
  ]
  await queueOrderMail(tx, order.id, 'attendeeChanged', simpleMail(frame, order.buyer_email, subject, paragraphs))
}

/**
 * A ticket's name, company or position changed by its buyer or holder (docs/product.md#attendee-changes):
 * the other one is told, in the order's language. A holder who received a new e-ticket has been told by it.
 */
export async function queueSelfChangedMail(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  attendee: orders.AttendeeRow,
  change: { by: 'buyer' | 'holder'; reissued: boolean },
): Promise<void> {
  const holderIsBuyer = attendee.email.toLowerCase() === order.buyer_email.toLowerCase()
  if (holderIsBuyer || (change.by === 'buyer' && change.reissued)) return
  const toBuyer = change.by === 'holder'
  const frame = frameOf(context, order, toBuyer)
  const { t } = frame
  const holder = displayName({ first: attendee.first_name, last: attendee.last_name })
  const paragraphs = [
    t(toBuyer ? 'attendeeChange.mail.byHolder' : 'attendeeChange.mail.byBuyer', { number: order.number, position: attendee.position }),
    [holder, attendee.job_title, attendee.company].filter(Boolean).join('\n'),
    ...(change.reissued ? [t('attendeeChange.mail.reissued')] : []),
  ]
  const subject = t('attendeeChange.mail.subject', { brand: frame.brand, number: order.number })
  await queueOrderMail(tx, order.id, 'attendeeChanged', simpleMail(frame, toBuyer ? order.buyer_email : attendee.email, subject, paragraphs))
}

/** One step of a ticket transfer (docs/product.md#ticket-transfer), with what its mails need. */
export type TransferStep =
  | {
      kind: 'offered'
      holder: orders.AttendeeRow
      recipient: { email: string; locale: Locale }
      senderName: string
      message: string
      token: string
      expiresAt: Date
    }
  | { kind: 'cancelled'; holder: orders.AttendeeRow; recipient: { email: string; locale: Locale } }
  | { kind: 'declined'; holder: orders.AttendeeRow; recipientEmail: string }
  | { kind: 'accepted'; holder: orders.AttendeeRow; newHolder: string }

/** An instant at the venue, with its zone named. */
function venueTime(at: Date, info: ExhibitionInfo, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }
  try {
    return new Intl.DateTimeFormat(htmlLangOf(locale), { ...options, timeZone: info.timeZone }).format(at)
  } catch {
    return new Intl.DateTimeFormat(htmlLangOf(locale), { ...options, timeZone: 'UTC' }).format(at)
  }
}

/**
 * The mails of a transfer step: the recipient's (the offer with its personal link, or its withdrawal)
 * in their language, and a notice to the buyer and to the holder before the step, each once, in the
 * order's language. The new holder's e-ticket is queueAttendeeTickets'.
 */
export async function queueTransferMails(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  info: ExhibitionInfo,
  step: TransferStep,
): Promise<void> {
  const { config } = context.platform
  const position = step.holder.position
  const holderName = displayName({ first: step.holder.first_name, last: step.holder.last_name })
  if (step.kind === 'offered' || step.kind === 'cancelled') {
    const locale = step.recipient.locale
    const frame: Frame = { t: context.strings(locale), locale, brand: config.BRAND_NAME, contactEmail: config.CONTACT_EMAIL, orderUrl: null }
    const { t } = frame
    const title = (await exhibitionTitle(tx, order.exhibition_id, locale)) ?? info.title
    const paragraphs =
      step.kind === 'offered'
        ? [
            t('transfer.mail.offer', { sender: step.senderName, exhibition: title }),
            ...(step.message ? [`“${step.message}”`] : []),
            t('transfer.mail.offerLink', {
              url: `${config.PUBLIC_ORIGIN}${transferPath(urlLanguageOfLocale(locale), step.token)}`,
              email: step.recipient.email,
            }),
            t('transfer.mail.offerUntil', { time: venueTime(step.expiresAt, info, locale) }),
          ]
        : [t('transfer.mail.withdrawn', { exhibition: title })]
    const subject = t(step.kind === 'offered' ? 'transfer.mail.offerSubject' : 'transfer.mail.withdrawnSubject', { brand: frame.brand, exhibition: title })
    await queueOrderMail(
      tx,
      order.id,
      step.kind === 'offered' ? 'transferOffered' : 'transferWithdrawn',
      simpleMail(frame, step.recipient.email, subject, paragraphs),
    )
  }
  const told = new Set<string>()
  for (const toBuyer of [true, false]) {
    const to = toBuyer ? order.buyer_email : step.holder.email
    if (told.has(to.toLowerCase())) continue
    told.add(to.toLowerCase())
    const frame = frameOf(context, order, toBuyer)
    const { t } = frame
    const facts = { number: order.number, position, holder: holderName }
    const line =
      step.kind === 'offered'
        ? t('transfer.mail.offeredNotice', { ...facts, email: step.recipient.email, time: venueTime(step.expiresAt, info, frame.locale) })
        : step.kind === 'cancelled'
          ? t('transfer.mail.cancelledNotice', { ...facts, email: step.recipient.email })
          : step.kind === 'declined'
            ? t('transfer.mail.declinedNotice', { ...facts, email: step.recipientEmail })
            : t('transfer.mail.acceptedNotice', { ...facts, name: step.newHolder })
    const subject = t('transfer.mail.noticeSubject', { brand: frame.brand, number: order.number })
    await queueOrderMail(tx, order.id, `transfer${step.kind[0]?.toUpperCase()}${step.kind.slice(1)}Notice`, simpleMail(frame, to, subject, [line]))
  }
}

export interface AttendeeTicket {
  attendee: orders.AttendeeRow
  ticketName: string
  code: string
}

/**
 * Each attendee's own e-ticket (docs/product.md#console-orders, "Mails": each attendee, not only the
 * buyer, receives their own e-ticket): their QR code only, in the order's language. `includeBuyer`: also an attendee whose
 * address is the buyer's (a resend); on payment the buyer has every code in the confirmation already.
 */
export async function queueAttendeeTickets(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  info: ExhibitionInfo,
  tickets: AttendeeTicket[],
  options: { includeBuyer: boolean },
): Promise<number> {
  let queued = 0
  for (const ticket of tickets) {
    const isBuyer = ticket.attendee.email.toLowerCase() === order.buyer_email.toLowerCase()
    if (isBuyer && !options.includeBuyer) continue
    const frame = frameOf(context, order, isBuyer)
    const { t } = frame
    const when = formatDateRange(new Date(info.startsAt), new Date(info.endsAt), info.timeZone, frame.locale)
    const holder = displayName({ first: ticket.attendee.first_name, last: ticket.attendee.last_name })
    const subject = t('ticketMail.subject', { brand: frame.brand, exhibition: info.title })
    const paragraphs = [
      t('ticketMail.intro', { exhibition: info.title, number: order.number }),
      [
        `${t('ticketMail.holder')}: ${holder}`,
        `${t('ticketMail.ticket')}: ${ticket.ticketName}`,
        `${t('mail.when')}: ${when}`,
        `${t('mail.where')}: ${locationLine(info)}`,
      ].join('\n'),
      t('ticketMail.qrNote'),
      // A holder who did not buy has no order page: "My orders" lists the tickets in their name
      // (docs/product.md#attendee-changes). A team pass is its exhibitor's to change, not its holder's.
      ...(isBuyer || order.pass_exhibitor_id !== null
        ? []
        : [
            t('attendeeChange.mail.yourTickets', {
              url: `${context.platform.config.PUBLIC_ORIGIN}${checkoutPath(urlLanguageOfLocale(frame.locale), 'orders')}`,
            }),
          ]),
    ]
    const message = simpleMail(frame, ticket.attendee.email, subject, paragraphs)
    const pdf = await ticketPdf({
      t,
      locale: frame.locale,
      brand: frame.brand,
      orderNumber: order.number,
      exhibition: { ...info, startsAt: new Date(info.startsAt), endsAt: new Date(info.endsAt) },
      tickets: [{ position: ticket.attendee.position, holder, ticketName: ticket.ticketName, code: ticket.code }],
      sign: context.platform.documents.sign,
    })
    message.attachments = [
      {
        filename: `e-ticket-${order.number}-${ticket.attendee.position}.png`,
        contentType: 'image/png',
        content: (await qrPng(ticket.code)).toString('base64'),
      },
      { filename: ticketPdfName(order.number, ticket.attendee.position), contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') },
    ]
    await queueOrderMail(tx, order.id, 'eTicket', message)
    queued++
  }
  return queued
}

/**
 * A ticket its buyer cancelled (docs/product.md#refund-policy): the buyer hears which and what comes
 * back, the holder (when not the buyer) that their code no longer admits them. In the order's language.
 */
export async function queueTicketCancelledMails(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  info: ExhibitionInfo,
  cancelled: { attendee: orders.AttendeeRow; ticketName: string; refundMinor: number },
): Promise<void> {
  const { attendee, ticketName, refundMinor } = cancelled
  const holder = displayName({ first: attendee.first_name, last: attendee.last_name })
  const buyerFrame = frameOf(context, order, true)
  const { t, locale } = buyerFrame
  const subject = t('ticketCancelMail.subject', { brand: buyerFrame.brand, exhibition: info.title })
  const money = refundMinor > 0 ? t('ticketCancelMail.refund', { amount: formatMoney(refundMinor, order.currency, locale) }) : t('ticketCancelMail.noRefund')
  await queueOrderMail(
    tx,
    order.id,
    'ticketCancelled',
    simpleMail(buyerFrame, order.buyer_email, subject, [t('ticketCancelMail.buyer', { holder, ticket: ticketName, number: order.number }), money]),
  )
  if (attendee.email.toLowerCase() === order.buyer_email.toLowerCase()) return
  const holderFrame = frameOf(context, order, false)
  await queueOrderMail(
    tx,
    order.id,
    'ticketCancelled',
    simpleMail(holderFrame, attendee.email, subject, [t('ticketCancelMail.holder', { exhibition: info.title, ticket: ticketName, number: order.number })]),
  )
}

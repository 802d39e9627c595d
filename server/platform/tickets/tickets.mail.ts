import type { Locale } from '../../../shared/languages.ts'
import type { MailMessage } from '../mailer.ts'
import { calendarFile } from './calendar.ts'
import { qrPng } from './e-tickets.ts'
import { escapeHtml } from '../kit/escape.ts'
import { formatDateRange, formatMoney, locationLine } from './format.ts'
import { type TicketPdfInput, ticketPdf, ticketPdfName } from './ticket-pdf.ts'
import type { Translate } from '../kit/strings.ts'

export interface ConfirmationInput {
  t: Translate
  locale: Locale
  brand: string
  contactEmail: string
  orderUrl: string
  calendarUid: string
  order: { number: string; currency: string; subtotalMinor: number; discountMinor: number; totalMinor: number; couponCode: string | null; to: string }
  exhibition: { title: string; venueName: string; address: string; city: string; startsAt: Date; endsAt: Date; timeZone: string }
  lines: Array<{ name: string; quantity: number; unitPriceMinor: number }>
  tickets: Array<{ position: number; holder: string; ticketName: string; code: string }>
  sign: TicketPdfInput['sign']
}

/**
 * The confirmation e-mail (docs/product.md#orders), in the buyer's language: the order, one e-ticket
 * QR code per attendee (PNG attachments, which every mail client shows) and the exhibition as an
 * .ics calendar file. Queued in the transaction that marks the order paid.
 */
export async function confirmationMail(input: ConfirmationInput): Promise<MailMessage> {
  const { t, locale, order, exhibition } = input
  const money = (minor: number) => formatMoney(minor, order.currency, locale)
  const when = formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, locale)
  const where = locationLine(exhibition)
  const subject = t('mail.subject', { brand: input.brand, exhibition: exhibition.title, number: order.number })
  const lineTexts = input.lines.map((line) => `${line.name} × ${line.quantity} — ${money(line.unitPriceMinor * line.quantity)}`)
  const ticketTexts = input.tickets.map((ticket) => `${ticket.position}. ${ticket.holder} — ${ticket.ticketName}`)
  const totals = [
    `${t('summary.subtotal')}: ${money(order.subtotalMinor)}`,
    ...(order.discountMinor > 0 ? [`${t('summary.discount')}${order.couponCode ? ` (${order.couponCode})` : ''}: −${money(order.discountMinor)}`] : []),
    `${t('summary.total')}: ${money(order.totalMinor)}`,
  ]
  const text = [
    t('mail.greeting'),
    '',
    t('mail.intro', { exhibition: exhibition.title }),
    '',
    `${t('order.number')}: ${order.number}`,
    `${t('mail.when')}: ${when}`,
    `${t('mail.where')}: ${where}`,
    '',
    `${t('mail.order')}:`,
    ...lineTexts.map((line) => `  ${line}`),
    ...totals.map((line) => `  ${line}`),
    '',
    `${t('mail.tickets')}:`,
    ...ticketTexts.map((line) => `  ${line}`),
    '',
    t('mail.qrNote'),
    t('mail.calendarNote'),
    '',
    `${t('mail.orderLink')}: ${input.orderUrl}`,
    '',
    t('mail.help', { email: input.contactEmail }),
    input.brand,
  ].join('\n')

  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;color:#4b5563;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`
  // Inline styles are the norm for e-mail HTML (no stylesheet reaches a mail client); this is not a page of the site.
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="margin:0;padding:24px;background:#f6f8fb;font-family:Arial,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#a8841a;font-weight:bold">${escapeHtml(input.brand)}</p>
<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(t('mail.greeting'))}</h1>
<p>${escapeHtml(t('mail.intro', { exhibition: exhibition.title }))}</p>
<table role="presentation" style="border-collapse:collapse;margin:12px 0">${row(t('order.number'), order.number)}${row(t('mail.when'), when)}${row(t('mail.where'), where)}</table>
<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(t('mail.order'))}</h2>
<ul>${lineTexts.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${totals.map(escapeHtml).join('<br>')}</p>
<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(t('mail.tickets'))}</h2>
<ol>${input.tickets.map((ticket) => `<li>${escapeHtml(`${ticket.holder} — ${ticket.ticketName}`)}</li>`).join('')}</ol>
<p>${escapeHtml(t('mail.qrNote'))}<br>${escapeHtml(t('mail.calendarNote'))}</p>
<p><a href="${escapeHtml(input.orderUrl)}" style="color:#1d4ed8">${escapeHtml(t('mail.orderLink'))}</a></p>
<p style="color:#4b5563;font-size:13px">${escapeHtml(t('mail.help', { email: input.contactEmail }))}</p>
</div></body></html>`

  const attachments = await Promise.all(
    input.tickets.map(async (ticket) => ({
      filename: `e-ticket-${order.number}-${ticket.position}.png`,
      contentType: 'image/png',
      content: (await qrPng(ticket.code)).toString('base64'),
    })),
  )
  const calendar = calendarFile(
    {
      uid: input.calendarUid,
      title: exhibition.title,
      startsAt: exhibition.startsAt,
      endsAt: exhibition.endsAt,
      location: where,
      description: `${t('order.number')}: ${order.number}\n${ticketTexts.join('\n')}`,
      url: input.orderUrl,
      organizer: { name: input.brand, email: input.contactEmail },
    },
    input.brand,
  )
  // Every ticket as a page of one PDF, to print or keep offline (docs/product.md#tickets).
  const pdf = await ticketPdf({ t, locale, brand: input.brand, orderNumber: order.number, exhibition, tickets: input.tickets, sign: input.sign })
  attachments.push({ filename: ticketPdfName(order.number), contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') })
  attachments.push({
    filename: 'exhibition.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(calendar).toString('base64'),
  })
  return { to: order.to, subject, text, html, attachments }
}

export interface RefundMailInput {
  t: Translate
  locale: Locale
  brand: string
  contactEmail: string
  orderUrl: string
  to: string
  number: string
  amountMinor: number
  currency: string
  /** Why the money went back: the order had expired or been cancelled, was paid already, ... */
  why: 'expired' | 'cancelled' | 'alreadyPaid' | 'amountMismatch' | 'attemptSuperseded' | 'staff' | 'selfCancel'
  outcome: 'succeeded' | 'failed'
}

/**
 * The payer's mail about money given back (docs/product.md#late-payments), in the order's language:
 * why the payment could not buy the order and that it was refunded, or that the refund failed and
 * the organiser finishes it by hand. Queued in the transaction that records the provider's answer.
 */
export function refundMail(input: RefundMailInput): MailMessage {
  const { t, locale } = input
  const amount = formatMoney(input.amountMinor, input.currency, locale)
  const subject = t(input.outcome === 'succeeded' ? 'refundMail.subject' : 'refundMail.subjectFailed', { brand: input.brand, number: input.number })
  const paragraphs = [
    t(`refundMail.why.${input.why}`, { amount, number: input.number }),
    t(input.outcome === 'succeeded' ? 'refundMail.refunded' : 'refundMail.failed'),
  ]
  const text = [...paragraphs, `${t('mail.orderLink')}: ${input.orderUrl}`, `${t('mail.help', { email: input.contactEmail })}\n${input.brand}`].join('\n\n')
  // Inline styles are the norm for e-mail HTML (no stylesheet reaches a mail client).
  const html = `<!doctype html><html lang="${escapeHtml(locale)}"><body style="margin:0;padding:24px;background:#f6f8fb;font-family:Arial,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#a8841a;font-weight:bold">${escapeHtml(input.brand)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.orderUrl)}" style="color:#1d4ed8">${escapeHtml(t('mail.orderLink'))}</a></p>
<p style="color:#4b5563;font-size:13px">${escapeHtml(t('mail.help', { email: input.contactEmail }))}</p>
</div></body></html>`
  return { to: input.to, subject, text, html }
}

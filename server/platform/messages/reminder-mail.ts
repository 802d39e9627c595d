import { checkoutPath } from '../../../shared/checkout-steps.ts'
import { type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { paragraphsOf } from '../../../shared/rules/messages.ts'
import { displayName } from '../../../shared/rules/names.ts'
import type { PDFDocument } from 'pdf-lib'
import { escapeHtml } from '../kit/escape.ts'
import type { Translate } from '../kit/strings.ts'
import type { MailAttachment, MailMessage } from '../mailer.ts'
import { type ExhibitionInfo, formatDateRange, locationLine, ticketPdf, ticketPdfName } from '../tickets/index.ts'
import { type Brand, paragraphHtml } from './message-mail.ts'
import type { HeldTicket } from './reminders.repo.ts'

export interface ReminderMailInput {
  to: string
  locale: Locale
  /** The tickets domain's strings in `locale` (the mail's and the e-ticket PDF's). */
  t: Translate
  brand: Brand
  exhibition: ExhibitionInfo
  /** The organiser's extra paragraph in the reader's language (or its fallback); none when not written. */
  extra: string | null
  tickets: HeldTicket[]
  /** The public floor plan, when the exhibition has one. */
  mapUrl: string | null
  sign: (pdf: PDFDocument) => Promise<Uint8Array>
}

/** The directory page that draws the exhibition's floor plan (docs/product.md#floor-plans). */
export const floorPlanUrl = (origin: string, locale: Locale, exhibitionId: number) =>
  `${origin}/${urlLanguageOfLocale(locale)}/backDetail/${exhibitionId}/exhibitors#floor-plan`

/**
 * A reminder (docs/product.md#reminders-before-the-exhibition): transactional, so no unsubscribe link;
 * when and where at the venue's time, the reader's e-tickets listed and attached as one PDF per order
 * (the tickets domain's e-ticket PDF), the link to them online, the floor plan's link, and the
 * organiser's paragraph.
 */
export async function reminderMail(input: ReminderMailInput): Promise<MailMessage> {
  const { t, locale, exhibition, brand } = input
  const startsAt = new Date(exhibition.startsAt)
  const endsAt = new Date(exhibition.endsAt)
  const when = formatDateRange(startsAt, endsAt, exhibition.timeZone, locale)
  const where = locationLine(exhibition)
  const ticketsUrl = `${brand.origin}${checkoutPath(urlLanguageOfLocale(locale), 'orders')}`
  const holders = input.tickets.map(
    (ticket) => `${displayName({ first: ticket.first_name, last: ticket.last_name })} — ${ticket.ticket_name} (${ticket.order_number})`,
  )
  const extra = input.extra ? paragraphsOf(input.extra) : []
  const subject = t('reminderMail.subject', { brand: brand.name, exhibition: exhibition.title })
  const facts: Array<[string, string]> = [
    [t('mail.when'), `${when} (${t('reminderMail.venueTime', { zone: exhibition.timeZone })})`],
    [t('mail.where'), where],
  ]
  const help = t('mail.help', { email: brand.contactEmail })
  const footer = t('reminderMail.footer', { brand: brand.name, exhibition: exhibition.title })
  const text = [
    t('reminderMail.intro', { exhibition: exhibition.title }),
    facts.map(([label, value]) => `${label}: ${value}`).join('\n'),
    ...extra,
    [`${t('reminderMail.tickets')}:`, ...holders.map((line) => `  ${line}`)].join('\n'),
    t('reminderMail.pdfNote'),
    `${t('reminderMail.ticketsLink')}: ${ticketsUrl}`,
    ...(input.mapUrl ? [`${t('reminderMail.mapLink')}: ${input.mapUrl}`] : []),
    '—',
    `${help}\n${brand.name}`,
    footer,
  ].join('\n\n')
  const row = ([label, value]: [string, string]) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;color:#4b5563;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`
  const link = (url: string, label: string) => `<p><a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(label)}</a></p>`
  // Inline styles are the norm for e-mail HTML (no stylesheet reaches a mail client).
  const html = `<!doctype html><html lang="${escapeHtml(urlLanguageOfLocale(locale))}"><body style="margin:0;padding:24px;background:#f6f8fb;font-family:Arial,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#a8841a;font-weight:bold">${escapeHtml(brand.name)}</p>
<p>${escapeHtml(t('reminderMail.intro', { exhibition: exhibition.title }))}</p>
<table role="presentation" style="border-collapse:collapse;margin:12px 0">${facts.map(row).join('')}</table>
${extra.map((paragraph) => `<p>${paragraphHtml(paragraph)}</p>`).join('\n')}
<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(t('reminderMail.tickets'))}</h2>
<ul>${holders.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${escapeHtml(t('reminderMail.pdfNote'))}</p>
${link(ticketsUrl, t('reminderMail.ticketsLink'))}
${input.mapUrl ? link(input.mapUrl, t('reminderMail.mapLink')) : ''}
<p style="color:#4b5563;font-size:13px">${escapeHtml(help)}</p>
<p style="color:#4b5563;font-size:13px">${escapeHtml(footer)}</p>
</div></body></html>`
  const byOrder = new Map<string, HeldTicket[]>()
  for (const ticket of input.tickets) byOrder.set(ticket.order_number, [...(byOrder.get(ticket.order_number) ?? []), ticket])
  const attachments: MailAttachment[] = []
  for (const [orderNumber, tickets] of byOrder) {
    const pdf = await ticketPdf({
      t,
      locale,
      brand: brand.name,
      orderNumber,
      exhibition: { ...exhibition, startsAt, endsAt },
      tickets: tickets.map((ticket) => ({
        position: ticket.position,
        holder: displayName({ first: ticket.first_name, last: ticket.last_name }),
        ticketName: ticket.ticket_name,
        code: ticket.code,
      })),
      sign: input.sign,
    })
    attachments.push({ filename: ticketPdfName(orderNumber), contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') })
  }
  return { to: input.to, subject, text, html, attachments }
}

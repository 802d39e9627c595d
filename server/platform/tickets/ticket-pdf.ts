import { PDFDocument, type PDFPage, rgb } from 'pdf-lib'
import QRCode from 'qrcode'
import type { Locale } from '../../../shared/languages.ts'
import { qrModulesPath } from '../../../shared/rules/badges.ts'
import { formatDateRange, htmlLangOf, locationLine } from './format.ts'
import type { Translate } from '../kit/strings.ts'
import { embedFonts, type Fonts, GOLD, MUTED, type WriteOptions, write as writeText } from '../kit/pdf-text.ts'

/**
 * E-tickets as PDF (docs/product.md#tickets): one ticket-sized page (105 × 170 mm) per ticket with its
 * QR code drawn as vector paths, the holder, ticket type, exhibition, dates at the venue, venue, order
 * number and the "personal, checked once" line, in the order's language (fonts: kit/pdf-text.ts; only
 * the glyphs used are embedded, a page is ~30 KB, not 10 MB).
 */
export interface TicketPdfInput {
  t: Translate
  locale: Locale
  brand: string
  orderNumber: string
  exhibition: { title: string; venueName: string; address: string; city: string; startsAt: Date; endsAt: Date; timeZone: string }
  tickets: Array<{ position: number; holder: string; ticketName: string; code: string }>
  /** The organiser's signature over the finished file (docs/product.md#document-signatures). */
  sign: (pdf: PDFDocument) => Promise<Uint8Array>
}

const MM = 72 / 25.4
const PAGE = { width: 105 * MM, height: 170 * MM }
const MARGIN = 14 * MM
const TEXT_WIDTH = PAGE.width - 2 * MARGIN

/** Text in the ticket's one column, centred where asked. */
function write(page: PDFPage, fonts: Fonts, text: string, options: Omit<WriteOptions, 'x' | 'width' | 'align'> & { centre?: boolean }): number {
  const { centre, ...rest } = options
  return writeText(page, fonts, text, { ...rest, x: MARGIN, width: TEXT_WIDTH, align: centre ? 'centre' : undefined })
}

/** The QR code's dark modules as one SVG path, each row's runs merged into rectangles. */
export function qrPath(code: string): { path: string; size: number } {
  const matrix = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules
  return { path: qrModulesPath(matrix), size: matrix.size }
}

/** The file's name, the same in the mail and the download. */
export function ticketPdfName(orderNumber: string, position?: number): string {
  return position === undefined ? `e-tickets-${orderNumber}.pdf` : `e-ticket-${orderNumber}-${position}.pdf`
}

export async function ticketPdf(input: TicketPdfInput): Promise<Uint8Array> {
  const { t, exhibition } = input
  const lang = htmlLangOf(input.locale)
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${input.brand} — ${exhibition.title} — ${input.orderNumber}`)
  pdf.setAuthor(input.brand)
  pdf.setLanguage(lang)
  pdf.setCreator(input.brand)
  pdf.setProducer(input.brand)
  const fonts = await embedFonts(pdf)
  const when = formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, input.locale)
  const where = locationLine(exhibition)

  for (const ticket of input.tickets) {
    const page = pdf.addPage([PAGE.width, PAGE.height])
    let y = PAGE.height - MARGIN + 4
    y = write(page, fonts, input.brand, { y, size: 9, weight: 'bold', colour: GOLD, lang })
    y = write(page, fonts, exhibition.title, { y: y - 2, size: 15, weight: 'bold', maxLines: 3, lang })

    const qr = qrPath(ticket.code)
    const qrSide = 46 * MM
    const scale = qrSide / qr.size
    y -= 8
    page.drawSvgPath(qr.path, { x: (PAGE.width - qrSide) / 2, y, scale, color: rgb(0, 0, 0), borderWidth: 0 })
    y -= qrSide + 4

    y = write(page, fonts, ticket.holder, { y, size: 14, weight: 'bold', centre: true, maxLines: 2, lang })
    y = write(page, fonts, ticket.ticketName, { y, size: 10, colour: MUTED, centre: true, maxLines: 2, lang })
    y -= 6
    for (const [label, value] of [
      [t('mail.when'), when],
      [t('mail.where'), where],
      [t('order.number'), `${input.orderNumber} · ${ticket.position}`],
    ] as const) {
      y = write(page, fonts, label, { y, size: 7.5, colour: MUTED, lang })
      y = write(page, fonts, value, { y: y + 1, size: 9.5, maxLines: 3, lang })
      y -= 3
    }
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 26 }, end: { x: PAGE.width - MARGIN, y: MARGIN + 26 }, thickness: 0.5, color: MUTED })
    write(page, fonts, t('success.show'), { y: MARGIN + 24, size: 8, colour: MUTED, maxLines: 2, lang })
  }
  return input.sign(pdf)
}

import { PDFDocument, type PDFPage } from 'pdf-lib'
import { LANGUAGE_INFO, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import { formatMoney } from '../../../shared/rules/money.ts'
import { rateText } from '../../../shared/rules/invoices.ts'
import { countryName } from '../kit/country-names.ts'
import { embedFonts, type Fonts, GOLD, MUTED, type WriteOptions, write } from '../kit/pdf-text.ts'
import type { Translate } from '../kit/strings.ts'
import type { DocumentRow } from './invoices.repo.ts'

const MM = 72 / 25.4
const PAGE = { width: 210 * MM, height: 297 * MM }
const MARGIN = 18 * MM
const WIDTH = PAGE.width - 2 * MARGIN
/** The table's columns: description, quantity, net, tax, gross (widths in points). */
const COLUMNS = [0.46, 0.08, 0.15, 0.15, 0.16].map((share) => share * WIDTH)

/** The file's name, the same for the buyer and for staff. */
export function documentFileName(doc: Pick<DocumentRow, 'number'>): string {
  return `${doc.number}.pdf`
}

/**
 * An invoice or credit note as an A4 PDF (docs/product.md#invoices), drawn from its snapshot in the
 * buyer's language: the issuer's legal identity, the buyer company, one row per line with net, tax and
 * gross, the totals, and the zero-rated or reverse-charge wording where the buyer's country has it.
 * A credit note names the invoice it corrects; a demo issuer's documents say they are demos.
 */
export async function documentPdf(
  doc: DocumentRow,
  input: { t: Translate; locale: Locale; brand: string; orderNumber: string; sign: (pdf: PDFDocument) => Promise<Uint8Array> },
): Promise<Uint8Array> {
  const { t, locale } = input
  const lang = LANGUAGE_INFO[urlLanguageOfLocale(locale)].htmlLang
  const money = (minor: number) => formatMoney(minor, doc.currency, lang)
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(doc.issued_at)
  const title = t(doc.kind === 'invoice' ? 'pdf.invoice' : 'pdf.creditNote')
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${title} ${doc.number}`)
  pdf.setAuthor(doc.issuer.legalName)
  pdf.setLanguage(lang)
  pdf.setCreator(input.brand)
  pdf.setProducer(input.brand)
  const fonts = await embedFonts(pdf)
  const page = pdf.addPage([PAGE.width, PAGE.height])
  const text = (value: string, options: Omit<WriteOptions, 'lang' | 'x' | 'width'> & { x?: number; width?: number }) =>
    write(page, fonts, value, { x: MARGIN, width: WIDTH, lang, ...options })

  let y = PAGE.height - MARGIN
  if (doc.issuer.demo) y = text(t('pdf.demo'), { y, size: 10, weight: 'bold', colour: GOLD })
  y = text(doc.issuer.legalName, { y, size: 13, weight: 'bold', maxLines: 2 })
  for (const line of doc.issuer.address.split('\n')) y = text(line, { y, size: 9, colour: MUTED })
  y = text(countryName(doc.issuer.country, locale), { y, size: 9, colour: MUTED })
  y = text(`${t('pdf.taxId')}: ${doc.issuer.taxId}`, { y, size: 9, colour: MUTED })
  if (doc.issuer.registrationNumber) y = text(`${t('pdf.registration')}: ${doc.issuer.registrationNumber}`, { y, size: 9, colour: MUTED })

  y -= 14
  y = text(title, { y, size: 20, weight: 'bold' })
  const facts: Array<[string, string]> = [
    [t('pdf.number'), doc.number],
    [t('pdf.issued'), date],
    [t('pdf.order'), input.orderNumber],
  ]
  if (doc.corrects_number) facts.push([t('pdf.corrects'), doc.corrects_number])
  for (const [label, value] of facts) y = labelled(page, fonts, label, value, y, lang)

  y -= 12
  y = text(t('pdf.billTo'), { y, size: 8, colour: MUTED })
  y = text(doc.buyer.companyName, { y, size: 11, weight: 'bold', maxLines: 3 })
  for (const line of doc.buyer.address.split('\n')) y = text(line, { y, size: 9, maxLines: 3 })
  y = text(countryName(doc.buyer.country, locale), { y, size: 9 })
  if (doc.buyer.taxId) y = text(`${t('pdf.taxId')}: ${doc.buyer.taxId}`, { y, size: 9 })

  y -= 16
  const taxHead = doc.treatment === 'standard' ? t('pdf.taxAt', { rate: rateText(doc.rate_bp) }) : t('pdf.tax')
  y = row(page, fonts, [t('pdf.description'), t('pdf.quantity'), t('pdf.net'), taxHead, t('pdf.gross')], y, lang, { weight: 'bold', colour: MUTED })
  page.drawLine({ start: { x: MARGIN, y: y - 2 }, end: { x: PAGE.width - MARGIN, y: y - 2 }, thickness: 0.5, color: MUTED })
  y -= 4
  for (const line of doc.lines) {
    y = row(page, fonts, [line.name, String(line.quantity), money(line.netMinor), money(line.taxMinor), money(line.grossMinor)], y, lang, {})
  }
  page.drawLine({ start: { x: MARGIN, y: y - 2 }, end: { x: PAGE.width - MARGIN, y: y - 2 }, thickness: 0.5, color: MUTED })
  y -= 6
  for (const [label, minor, bold] of [
    [t('pdf.totalNet'), doc.net_minor, false],
    [t('pdf.totalTax'), doc.tax_minor, false],
    [t(doc.kind === 'invoice' ? 'pdf.total' : 'pdf.totalCredited'), doc.gross_minor, true],
  ] as const) {
    const top = y
    text(label, { y: top, size: 10, x: MARGIN + WIDTH * 0.5, width: WIDTH * 0.3, weight: bold ? 'bold' : 'regular' })
    y = text(money(minor), { y: top, size: 10, x: MARGIN + WIDTH * 0.8, width: WIDTH * 0.2, align: 'right', weight: bold ? 'bold' : 'regular' })
  }
  y -= 14
  if (doc.treatment !== 'standard') y = text(t(`pdf.${doc.treatment}`), { y, size: 9, weight: 'bold' })
  text(t(doc.kind === 'invoice' ? 'pdf.paid' : 'pdf.refunded'), { y, size: 9, colour: MUTED })
  return input.sign(pdf)
}

function labelled(page: PDFPage, fonts: Fonts, label: string, value: string, y: number, lang: string): number {
  write(page, fonts, label, { y, size: 9, x: MARGIN, width: WIDTH * 0.3, colour: MUTED, lang })
  return write(page, fonts, value, { y, size: 9, x: MARGIN + WIDTH * 0.3, width: WIDTH * 0.7, lang })
}

/** One table row: the description wraps (up to three lines), the numbers sit against their right edges. */
function row(page: PDFPage, fonts: Fonts, cells: string[], y: number, lang: string, style: Pick<WriteOptions, 'weight' | 'colour'>): number {
  let x = MARGIN
  let bottom = y
  cells.forEach((cell, index) => {
    const width = COLUMNS[index] as number
    const under = write(page, fonts, cell, { y, size: 9, x, width: width - 4, align: index ? 'right' : undefined, maxLines: 3, lang, ...style })
    bottom = Math.min(bottom, under)
    x += width
  })
  return bottom - 3
}

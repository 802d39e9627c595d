import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Readable } from 'node:stream'
import * as fontkit from 'fontkit'
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib'
import QRCode from 'qrcode'
import type { Locale } from '../../../shared/languages.ts'
import { formatDateRange, htmlLangOf, locationLine } from './format.ts'
import type { Translate } from '../kit/strings.ts'

/**
 * E-tickets as PDF (docs/product.md#tickets): one ticket-sized page (105 × 170 mm) per ticket with its
 * QR code drawn as vector paths, the holder, ticket type, exhibition, dates at the venue, venue, order
 * number and the "personal, checked once" line, in the order's language.
 *
 * Fonts ship with the site (a server has no system fonts): Noto Sans SC covers Latin with diacritics,
 * Cyrillic, Chinese (simplified and traditional) and Japanese kana; Thai runs use Noto Sans Thai. Only
 * the glyphs used are embedded (a page is ~30 KB, not 10 MB).
 */
export interface TicketPdfInput {
  t: Translate
  locale: Locale
  brand: string
  orderNumber: string
  exhibition: { title: string; venueName: string; address: string; city: string; startsAt: Date; endsAt: Date; timeZone: string }
  tickets: Array<{ position: number; holder: string; ticketName: string; code: string }>
}

const require = createRequire(import.meta.url)
const FONT_FILES = {
  main: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
  thai: require.resolve('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf'),
  thaiBold: require.resolve('@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf'),
} as const
type FontName = keyof typeof FONT_FILES

type PdfLibFontkit = Parameters<PDFDocument['registerFontkit']>[0]

/**
 * pdf-lib reads fonts through the fontkit handed to `registerFontkit`; this one is fontkit 2, met
 * through both libraries' public faces only. Two things sit between them:
 * - Parsing the 10 MB CJK font takes ~150 ms, and pdf-lib parses the bytes it is given on every
 *   document. Each file is read and parsed once; pdf-lib only reads a parsed font (glyphs, metrics,
 *   subsets of its own), so one parse serves every PDF.
 * - pdf-lib reads a subset as a stream (fontkit 1's `encodeStream`); fontkit 2 encodes it to bytes
 *   at once (`encode`), handed over as a one-chunk stream.
 */
const parsedFonts = new Map<Uint8Array, fontkit.Font>()
const fontBytes = new Map<FontName, Uint8Array>()
const sharedFontkit: PdfLibFontkit = {
  create(data, postscriptName) {
    let font = parsedFonts.get(data)
    if (!font) {
      const parsed = fontkit.create(data, postscriptName)
      if ('fonts' in parsed) throw new Error('a ticket font is a font collection; name one of its fonts')
      font = parsed
      parsedFonts.set(data, font)
    }
    return forPdfLib(font)
  },
}

function forPdfLib(font: fontkit.Font): ReturnType<PdfLibFontkit['create']> {
  const adapted: ReturnType<PdfLibFontkit['create']> = Object.create(font)
  adapted.createSubset = () => {
    const subset = font.createSubset()
    return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) })
  }
  return adapted
}

function bytesOf(name: FontName): Uint8Array {
  let bytes = fontBytes.get(name)
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(FONT_FILES[name]))
    fontBytes.set(name, bytes)
  }
  return bytes
}

const MM = 72 / 25.4
const PAGE = { width: 105 * MM, height: 170 * MM }
const MARGIN = 14 * MM
const TEXT_WIDTH = PAGE.width - 2 * MARGIN
const INK = rgb(0.043, 0.122, 0.227)
const MUTED = rgb(0.294, 0.333, 0.388)
const GOLD = rgb(0.659, 0.518, 0.102)
const THAI = /[\u0E00-\u0E7F]/u

interface Fonts {
  regular: { main: PDFFont; thai: PDFFont }
  bold: { main: PDFFont; thai: PDFFont }
}
type Weight = keyof Fonts

/** Runs of the text that one font draws: Thai in the Thai font, everything else in the CJK one. */
function runsOf(text: string, fonts: Fonts[Weight]): Array<{ text: string; font: PDFFont }> {
  const runs: Array<{ text: string; font: PDFFont }> = []
  for (const character of text) {
    const font = THAI.test(character) ? fonts.thai : fonts.main
    const last = runs.at(-1)
    if (last && last.font === font) last.text += character
    else runs.push({ text: character, font })
  }
  return runs
}

function widthOf(text: string, fonts: Fonts[Weight], size: number): number {
  return runsOf(text, fonts).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0)
}

/**
 * Lines no wider than `width`, broken where the language allows (Intl.Segmenter knows Thai and
 * Chinese words, which have no spaces); a word wider than a line is cut between characters.
 */
function wrap(text: string, fonts: Fonts[Weight], size: number, width: number, lang: string): string[] {
  const lines: string[] = []
  let line = ''
  // Widths add up word by word (shaping a whole line again per word made a page cost ~100 ms).
  let lineWidth = 0
  const words = [...new Intl.Segmenter(lang, { granularity: 'word' }).segment(text.replace(/\s+/g, ' ').trim())].map((part) => part.segment)
  for (const word of words) {
    const wordWidth = widthOf(word, fonts, size)
    if (lineWidth + wordWidth <= width) {
      line += word
      lineWidth += wordWidth
      continue
    }
    if (line.trim()) lines.push(line.trimEnd())
    line = word.trimStart()
    lineWidth = widthOf(line, fonts, size)
    while (lineWidth > width) {
      const graphemes = [...new Intl.Segmenter(lang, { granularity: 'grapheme' }).segment(line)].map((part) => part.segment)
      let fits = 1
      while (fits < graphemes.length && widthOf(graphemes.slice(0, fits + 1).join(''), fonts, size) <= width) fits++
      lines.push(graphemes.slice(0, fits).join(''))
      line = graphemes.slice(fits).join('')
      lineWidth = widthOf(line, fonts, size)
    }
  }
  if (line.trim()) lines.push(line.trimEnd())
  return lines
}

/** Writes text from the top (`y` is the top of the line box) and returns the y under it. */
function write(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  options: { y: number; size: number; weight?: Weight; colour?: ReturnType<typeof rgb>; maxLines?: number; centre?: boolean; lang: string },
): number {
  const weight = fonts[options.weight ?? 'regular']
  const leading = options.size * 1.35
  const lines = wrap(text, weight, options.size, TEXT_WIDTH, options.lang)
  const shown = options.maxLines && lines.length > options.maxLines ? [...lines.slice(0, options.maxLines - 1), `${lines[options.maxLines - 1]}…`] : lines
  let y = options.y
  for (const line of shown) {
    y -= leading
    let x = options.centre ? (PAGE.width - widthOf(line, weight, options.size)) / 2 : MARGIN
    for (const run of runsOf(line, weight)) {
      page.drawText(run.text, { x, y: y + options.size * 0.3, size: options.size, font: run.font, color: options.colour ?? INK })
      x += run.font.widthOfTextAtSize(run.text, options.size)
    }
  }
  return y
}

/** The QR code's dark modules as one SVG path, each row's runs merged into rectangles. */
export function qrPath(code: string): { path: string; size: number } {
  const matrix = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules
  const parts: string[] = []
  for (let row = 0; row < matrix.size; row++) {
    let column = 0
    while (column < matrix.size) {
      if (!matrix.get(row, column)) {
        column++
        continue
      }
      const start = column
      while (column < matrix.size && matrix.get(row, column)) column++
      parts.push(`M${start} ${row}h${column - start}v1h${start - column}z`)
    }
  }
  return { path: parts.join(''), size: matrix.size }
}

/** The file's name, the same in the mail and the download. */
export function ticketPdfName(orderNumber: string, position?: number): string {
  return position === undefined ? `e-tickets-${orderNumber}.pdf` : `e-ticket-${orderNumber}-${position}.pdf`
}

export async function ticketPdf(input: TicketPdfInput): Promise<Uint8Array> {
  const { t, exhibition } = input
  const lang = htmlLangOf(input.locale)
  const pdf = await PDFDocument.create()
  pdf.registerFontkit(sharedFontkit)
  pdf.setTitle(`${input.brand} — ${exhibition.title} — ${input.orderNumber}`)
  pdf.setAuthor(input.brand)
  pdf.setLanguage(lang)
  pdf.setCreator(input.brand)
  pdf.setProducer(input.brand)
  const embed = (name: FontName) => pdf.embedFont(bytesOf(name), { subset: true })
  const [main, bold, thai, thaiBold] = await Promise.all([embed('main'), embed('bold'), embed('thai'), embed('thaiBold')])
  const fonts: Fonts = { regular: { main, thai }, bold: { main: bold, thai: thaiBold } }
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
  return pdf.save()
}

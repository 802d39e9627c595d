import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Readable } from 'node:stream'
import * as fontkit from 'fontkit'
import { type PDFDocument, type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib'

/**
 * Text in PDFs in every site language (e-tickets, invoices). Fonts ship with the site (a server has
 * no system fonts): Noto Sans SC covers Latin with diacritics, Cyrillic, Chinese (simplified and
 * traditional) and Japanese kana; Thai runs use Noto Sans Thai. Only the glyphs used are embedded.
 */

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
      if ('fonts' in parsed) throw new Error('a PDF font is a font collection; name one of its fonts')
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

export const INK = rgb(0.043, 0.122, 0.227)
export const MUTED = rgb(0.294, 0.333, 0.388)
export const GOLD = rgb(0.659, 0.518, 0.102)
const THAI = /[\u0E00-\u0E7F]/u

export interface Fonts {
  regular: { main: PDFFont; thai: PDFFont }
  bold: { main: PDFFont; thai: PDFFont }
}
export type Weight = keyof Fonts

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

export function widthOf(text: string, fonts: Fonts[Weight], size: number): number {
  return runsOf(text, fonts).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0)
}

/**
 * Lines no wider than `width`, broken where the language allows (Intl.Segmenter knows Thai and
 * Chinese words, which have no spaces); a word wider than a line is cut between characters.
 */
export function wrap(text: string, fonts: Fonts[Weight], size: number, width: number, lang: string): string[] {
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

/** The four faces of a document, embedded as subsets. */
export async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  pdf.registerFontkit(sharedFontkit)
  const embed = (name: FontName) => pdf.embedFont(bytesOf(name), { subset: true })
  const [main, bold, thai, thaiBold] = await Promise.all([embed('main'), embed('bold'), embed('thai'), embed('thaiBold')])
  return { regular: { main, thai }, bold: { main: bold, thai: thaiBold } }
}

export interface WriteOptions {
  y: number
  size: number
  /** The left edge and the width of the text's column. */
  x: number
  width: number
  weight?: Weight
  colour?: RGB
  maxLines?: number
  /** Centred in the column, or set against its right edge. */
  align?: 'centre' | 'right'
  lang: string
}

/** Writes text from the top (`y` is the top of the line box) and returns the y under it. */
export function write(page: PDFPage, fonts: Fonts, text: string, options: WriteOptions): number {
  const weight = fonts[options.weight ?? 'regular']
  const leading = options.size * 1.35
  const lines = wrap(text, weight, options.size, options.width, options.lang)
  const shown = options.maxLines && lines.length > options.maxLines ? [...lines.slice(0, options.maxLines - 1), `${lines[options.maxLines - 1]}…`] : lines
  let y = options.y
  for (const line of shown) {
    y -= leading
    const free = options.width - widthOf(line, weight, options.size)
    let x = options.x + (options.align === 'centre' ? free / 2 : options.align === 'right' ? free : 0)
    for (const run of runsOf(line, weight)) {
      page.drawText(run.text, { x, y: y + options.size * 0.3, size: options.size, font: run.font, color: options.colour ?? INK })
      x += run.font.widthOfTextAtSize(run.text, options.size)
    }
  }
  return y
}

import { generateKeyPairSync, randomUUID } from 'node:crypto'
import * as fontkit from 'fontkit'
import { PDFDocument } from 'pdf-lib'
import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { testPdfSigner } from '../../../test/setup/pdf-signer.ts'
import { pdfCharacters, pdfTrueTypeFonts } from '../../../test/setup/pdf-text.ts'
import type { Locale } from '../../../shared/languages.ts'
import { createTicketSigner } from './e-tickets.ts'
import { loadStrings } from '../kit/strings.ts'
import { qrPath, ticketPdf } from './ticket-pdf.ts'

const signer = createTicketSigner(generateKeyPairSync('ed25519').privateKey)
const strings = loadStrings('tickets')

/** A holder and a title in the script of each language (the fonts must cover them all). */
const SAMPLES: Record<Locale, { holder: string; title: string }> = {
  en: { holder: 'Zoë Ångström-Müller', title: 'Asia Pacific Forex Expo' },
  es: { holder: 'José Núñez Peña', title: 'Exposición Fintech de Bangkok' },
  fil: { holder: 'Ma. Lourdes Dela Cruz', title: 'Bangkok Fintech Expo' },
  id: { holder: 'Siti Nurhaliza', title: 'Pameran Fintech Bangkok' },
  ja: { holder: '山田 花子', title: 'バンコク・フィンテック展' },
  pt: { holder: 'João Conceição', title: 'Exposição Fintech de Banguecoque' },
  ru: { holder: 'Анна Кузнецова', title: 'Финтех-выставка в Бангкоке' },
  th: { holder: 'สมชาย ใจดี', title: 'งานแสดงฟินเทคกรุงเทพฯ' },
  vi: { holder: 'Nguyễn Thị Hồng', title: 'Triển lãm Fintech Bangkok' },
  'zh-cn': { holder: '王小明', title: '曼谷金融科技博览会' },
  'zh-hk': { holder: '陳大文', title: '曼谷金融科技博覽會' },
  'zh-tw': { holder: '黃淑芬', title: '曼谷金融科技博覽會' },
}

const pdfSigner = testPdfSigner('Aurum Expo')

const input = (locale: Locale, holders: string[], title: string) => ({
  t: strings(locale),
  locale,
  brand: 'Aurum Expo',
  orderNumber: 'T-7K3M9Q2X4B',
  exhibition: {
    title,
    venueName: 'Queen Sirikit National Convention Center',
    address: '60 Ratchadaphisek Rd, Bangkok',
    city: 'Bangkok',
    startsAt: new Date('2027-01-26T02:00:00Z'),
    endsAt: new Date('2027-01-27T10:00:00Z'),
    timeZone: 'Asia/Bangkok',
  },
  tickets: holders.map((holder, index) => ({ position: index + 1, holder, ticketName: 'VIP', code: signer.sign(randomUUID(), 7) })),
  sign: pdfSigner.sign,
})

describe('the e-ticket PDF', () => {
  it('when tickets are drawn in each language, then every character of names and titles is in the embedded fonts, one page per ticket', async () => {
    for (const [locale, sample] of Object.entries(SAMPLES) as Array<[Locale, (typeof SAMPLES)[Locale]]>) {
      const bytes = await ticketPdf(input(locale, [sample.holder, 'Ada Lovelace'], sample.title))
      expect((await PDFDocument.load(bytes)).getPageCount(), locale).toBe(2)
      const characters = await pdfCharacters(bytes)
      const missing = [...`${sample.holder}${sample.title}`].filter((character) => character.trim() && !characters.has(character))
      expect(missing, locale).toEqual([])
    }
  }, 60_000)

  it('when glyphs are embedded, then each one the subsets hold has an outline but the space: their offsets line up', async () => {
    for (const locale of ['zh-cn', 'th', 'ja'] as const) {
      const sample = SAMPLES[locale]
      const fonts = await pdfTrueTypeFonts(await ticketPdf(input(locale, [sample.holder], sample.title)))
      expect(fonts.length, locale).toBe(4)
      for (const bytes of fonts) {
        const font = fontkit.create(bytes)
        if ('fonts' in font) throw new Error('an embedded subset is one font')
        const blank = [...Array(font.numGlyphs).keys()].filter((id) => font.getGlyph(id).path.commands.length === 0)
        // A subset holds the glyphs drawn plus .notdef; the space is the only one drawn without an outline.
        expect(blank.length, locale).toBeLessThanOrEqual(1)
      }
    }
  }, 60_000)

  it('when the QR code is drawn, then its path covers exactly the dark modules of the signed code', () => {
    const code = signer.sign(randomUUID(), 42)
    const { path, size } = qrPath(code)
    const modules = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules
    expect(size).toBe(modules.size)
    const drawn = new Set<string>()
    for (const [, column, row, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let offset = 0; offset < Number(width); offset++) drawn.add(`${row},${Number(column) + offset}`)
    }
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size; column++) expect(drawn.has(`${row},${column}`), `${row},${column}`).toBe(Boolean(modules.get(row, column)))
    }
  })
})

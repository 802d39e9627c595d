import { createHash, type Hash } from 'node:crypto'
import { PDFDocument, PDFHexString, PDFName, PDFPage, type PDFObject, PDFRef, PDFString, type RGB, rgb } from 'pdf-lib'
import type { DigestSigner } from '../kit/pdf-signature.ts'
import { BADGE_COLOURS, BADGE_STOCKS, type BadgeRole, type BadgeStock } from '../../../shared/rules/badges.ts'
import { embedFonts, type Fonts, GOLD, MUTED, write, wrap } from '../kit/pdf-text.ts'
import { qrPath } from './ticket-pdf.ts'

/**
 * Badges as PDF (docs/product.md#badges): one page per badge on the chosen stock, A6 (105 × 148 mm,
 * portrait) or the CR80 card (85.6 × 54 mm, landscape), with the holder's name large in its own
 * script's order, the company (and the position, small, under it), the country, the exhibition and its dates, the role's band with its
 * word, and the ticket's signed QR code (the e-ticket's own code, so the badge scans at the door).
 *
 * A whole exhibition is thousands of pages, so the file is written as it is drawn: each page's
 * objects leave memory once their bytes are out, and only what the end of a PDF must list stays
 * (each object's offset for the cross-reference table, one reference per 64 pages for the page tree,
 * and the fonts' glyphs, embedded once at the end as subsets of what the pages used).
 */

export interface Badge {
  /** As shown (shared/rules/names.ts): family name first for CJK names. */
  name: string
  /** A pass's exhibitor, else the company the attendee gave; null when none. */
  company: string | null
  /** The attendee's job title; null when not given. */
  position: string | null
  country: string | null
  role: BadgeRole
  code: string
}

export interface BadgeSheet {
  stock: BadgeStock
  brand: string
  /** The exhibition's title and its dates at the venue, in the badge's language. */
  exhibition: string
  dates: string
  /** The role's word in the badge's language. */
  roleWord: (role: BadgeRole) => string
  /** The badge's language (BCP 47), for line breaking and the document's language. */
  lang: string
}

const MM = 72 / 25.4
/** Pages per intermediate node of the page tree: the root keeps one reference per group, not per page. */
const GROUP = 64

function colour(hex: string): RGB {
  return rgb(Number.parseInt(hex.slice(1, 3), 16) / 255, Number.parseInt(hex.slice(3, 5), 16) / 255, Number.parseInt(hex.slice(5, 7), 16) / 255)
}

/** The role's band across the foot of the badge, its word centred in it (never colour alone). */
function band(page: PDFPage, fonts: Fonts, sheet: BadgeSheet, role: BadgeRole, height: number, size: number): void {
  const { width } = page.getSize()
  const colours = BADGE_COLOURS[role]
  page.drawRectangle({ x: 0, y: 0, width, height, color: colour(colours.band) })
  const word = sheet.roleWord(role).toLocaleUpperCase(sheet.lang)
  write(page, fonts, word, {
    x: 0,
    width,
    y: height / 2 + (size * 1.35) / 2,
    size,
    weight: 'bold',
    colour: colour(colours.text),
    align: 'centre',
    lang: sheet.lang,
  })
}

function qr(page: PDFPage, code: string, x: number, y: number, side: number): void {
  const drawing = qrPath(code)
  page.drawSvgPath(drawing.path, { x, y, scale: side / drawing.size, color: rgb(0, 0, 0), borderWidth: 0 })
}

/** The largest size up to `largest` at which the name fits in `lines` lines. */
function nameSize(fonts: Fonts, name: string, width: number, largest: number, smallest: number, lines: number, lang: string): number {
  let size = largest
  while (size > smallest && wrap(name, fonts.bold, size, width, lang).length > lines) size -= 1
  return size
}

function drawA6(page: PDFPage, fonts: Fonts, sheet: BadgeSheet, badge: Badge): void {
  const { width, height } = page.getSize()
  const margin = 9 * MM
  const column = { x: margin, width: width - 2 * margin, lang: sheet.lang }
  let y = height - margin + 2
  y = write(page, fonts, sheet.brand, { ...column, y, size: 8, weight: 'bold', colour: GOLD })
  y = write(page, fonts, sheet.exhibition, { ...column, y, size: 11, weight: 'bold', maxLines: 2 })
  y = write(page, fonts, sheet.dates, { ...column, y, size: 8.5, colour: MUTED, maxLines: 1 })
  y -= 9 * MM
  const size = nameSize(fonts, badge.name, column.width, 26, 14, 2, sheet.lang)
  y = write(page, fonts, badge.name, { ...column, y, size, weight: 'bold', align: 'centre', maxLines: 2 })
  if (badge.company) y = write(page, fonts, badge.company, { ...column, y: y - 2, size: 13, align: 'centre', maxLines: 2 })
  if (badge.position) y = write(page, fonts, badge.position, { ...column, y, size: 9.5, align: 'centre', maxLines: 1 })
  if (badge.country) write(page, fonts, badge.country, { ...column, y: y - 1, size: 10, colour: MUTED, align: 'centre', maxLines: 1 })
  const bandHeight = 17 * MM
  const side = 30 * MM
  qr(page, badge.code, (width - side) / 2, bandHeight + 5 * MM + side, side)
  band(page, fonts, sheet, badge.role, bandHeight, 20)
}

function drawCard(page: PDFPage, fonts: Fonts, sheet: BadgeSheet, badge: Badge): void {
  const { width, height } = page.getSize()
  const margin = 4 * MM
  const bandHeight = 9 * MM
  const side = 24 * MM
  const column = { x: margin, width: width - 3 * margin - side, lang: sheet.lang }
  let y = height - margin + 1
  y = write(page, fonts, sheet.exhibition, { ...column, y, size: 6.5, weight: 'bold', colour: GOLD, maxLines: 1 })
  y = write(page, fonts, sheet.dates, { ...column, y, size: 6, colour: MUTED, maxLines: 1 })
  y -= 2 * MM
  const size = nameSize(fonts, badge.name, column.width, 15, 9, 2, sheet.lang)
  y = write(page, fonts, badge.name, { ...column, y, size, weight: 'bold', maxLines: 2 })
  if (badge.company) y = write(page, fonts, badge.company, { ...column, y: y - 1, size: 8.5, maxLines: 1 })
  if (badge.position) y = write(page, fonts, badge.position, { ...column, y, size: 7, maxLines: 1 })
  if (badge.country) write(page, fonts, badge.country, { ...column, y, size: 7, colour: MUTED, maxLines: 1 })
  qr(page, badge.code, width - margin - side, height - margin, side)
  band(page, fonts, sheet, badge.role, bandHeight, 10)
}

const encoder = new TextEncoder()

/**
 * The PDF's bytes, chunk by chunk, as the badges arrive. Objects are written in the order they are
 * finished; the page tree and the fonts (whose subsets are known only when every page is drawn) come
 * last, then the cross-reference table of every object's offset.
 */
export async function* badgePdf(sheet: BadgeSheet, badges: AsyncIterable<Badge> | Iterable<Badge>, signer: DigestSigner): AsyncGenerator<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false })
  pdf.setTitle(`${sheet.brand} — ${sheet.exhibition}`)
  pdf.setAuthor(sheet.brand)
  pdf.setCreator(sheet.brand)
  pdf.setProducer(sheet.brand)
  pdf.setLanguage(sheet.lang)
  const fonts = await embedFonts(pdf)
  const { context } = pdf
  const size = BADGE_STOCKS[sheet.stock]
  const draw = sheet.stock === 'a6' ? drawA6 : drawCard

  const offsets: number[] = []
  let written = 0
  // Everything before the signature's hex is hashed as it goes out (docs/product.md#document-signatures).
  const hash = createHash('sha256')
  const chunk = (bytes: Uint8Array) => {
    written += bytes.length
    hash.update(bytes)
    return bytes
  }
  const object = (ref: PDFRef, value: PDFObject): Uint8Array => {
    offsets[ref.objectNumber] = written
    const head = encoder.encode(`${ref.objectNumber} ${ref.generationNumber} obj\n`)
    const tail = encoder.encode('\nendobj\n')
    const bytes = new Uint8Array(head.length + value.sizeInBytes() + tail.length)
    bytes.set(head, 0)
    value.copyBytesInto(bytes, head.length)
    bytes.set(tail, bytes.length - tail.length)
    context.delete(ref)
    return chunk(bytes)
  }

  yield chunk(new Uint8Array([...encoder.encode('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]))

  const rootRef = pdf.catalog.get(PDFName.of('Pages')) as PDFRef
  const groups: PDFRef[] = []
  let group: { ref: PDFRef; kids: PDFRef[] } | null = null
  let pages = 0
  const closeGroup = (open: { ref: PDFRef; kids: PDFRef[] }) => {
    groups.push(open.ref)
    return object(open.ref, context.obj({ Type: 'Pages', Parent: rootRef, Kids: open.kids, Count: open.kids.length }))
  }

  for await (const badge of badges) {
    if (group && group.kids.length === GROUP) {
      yield closeGroup(group)
      group = null
    }
    group ??= { ref: context.nextRef(), kids: [] }
    const before = context.largestObjectNumber
    const page = PDFPage.create(pdf)
    page.node.setParent(group.ref)
    page.setSize(size.width * MM, size.height * MM)
    draw(page, fonts, sheet, badge)
    group.kids.push(page.ref)
    pages++
    // The page and what drawing it registered (its content stream): out, and out of memory.
    for (let number = before + 1; number <= context.largestObjectNumber; number++) {
      const ref = PDFRef.of(number)
      const value = context.lookup(ref)
      if (value) yield object(ref, value)
    }
  }
  if (group) yield closeGroup(group)

  const root = pdf.catalog.Pages()
  root.set(PDFName.of('Kids'), context.obj(groups))
  root.set(PDFName.of('Count'), context.obj(pages))
  // The signature's dictionary is written by hand, last (its hex is known only when every byte before and after it is).
  const signatureRef = context.nextRef()
  const field = context.register(
    context.obj({ FT: 'Sig', T: PDFString.of('Signature1'), V: signatureRef, Type: 'Annot', Subtype: 'Widget', Rect: [0, 0, 0, 0], F: 132 }),
  )
  pdf.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [field], SigFlags: 3 }))
  await pdf.flush()
  for (const [ref, value] of context.enumerateIndirectObjects()) yield object(ref, value)
  yield* signatureAndEnd(signatureRef, {
    signer,
    written,
    hash,
    offsets,
    count: context.largestObjectNumber + 1,
    catalog: context.trailerInfo.Root as PDFRef,
    info: context.trailerInfo.Info as PDFRef | undefined,
  })
}

/** Width of each number in the ByteRange, padded with spaces: its length is fixed before the numbers are known. */
const RANGE_DIGITS = 10

/**
 * The signature object and the cross-reference table: an adbe.pkcs7.detached signature whose
 * ByteRange covers the whole file but the hex of its Contents, which is the last thing in the file
 * but the rest of its own dictionary, the table and the trailer. Those are written first into memory
 * (their offsets are known), hashed after the streamed bytes, and the digest signed.
 */
function* signatureAndEnd(
  ref: PDFRef,
  file: { signer: DigestSigner; written: number; hash: Hash; offsets: number[]; count: number; catalog: PDFRef; info: PDFRef | undefined },
): Generator<Uint8Array> {
  const { signer, offsets } = file
  const signedAt = new Date()
  offsets[ref.objectNumber] = file.written
  const head = encoder.encode(
    `${ref.objectNumber} 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Name ${PDFHexString.fromText(signer.brand).toString()} /Reason ${PDFHexString.fromText(`Issued by ${signer.brand}`).toString()} /M ${PDFString.fromDate(signedAt).toString()} /Contents `,
  )
  const contentsAt = file.written + head.length
  const afterContents = contentsAt + signer.room + 2
  const rangeLength = `\n/ByteRange [0 ${' '.repeat(RANGE_DIGITS)} ${' '.repeat(RANGE_DIGITS)} ${' '.repeat(RANGE_DIGITS)}] >>\nendobj\n`.length
  const xrefAt = afterContents + rangeLength
  const xref = [`xref\n0 ${file.count}\n0000000000 65535 f \n`]
  for (let number = 1; number < file.count; number++) {
    const at = offsets[number]
    xref.push(at === undefined ? '0000000000 00001 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`)
  }
  const trailer = `trailer\n<< /Size ${file.count} /Root ${file.catalog.toString()}${file.info ? ` /Info ${file.info.toString()}` : ''} >>\nstartxref\n${xrefAt}\n%%EOF\n`
  const end = xref.join('') + trailer
  const range = [contentsAt, afterContents, rangeLength + end.length].map((number) => String(number).padEnd(RANGE_DIGITS, ' '))
  const rest = encoder.encode(`\n/ByteRange [0 ${range.join(' ')}] >>\nendobj\n${end}`)
  file.hash.update(head)
  file.hash.update(rest)
  const blob = signer.signDigest(file.hash.digest(), signedAt).toString('hex')
  if (blob.length > signer.room) throw new Error(`the signature (${blob.length} hex digits) is larger than its room (${signer.room})`)
  yield head
  yield encoder.encode(`<${blob.padEnd(signer.room, '0')}>`)
  yield rest
}

/** One badge's PDF in memory (the order screen's download of one ticket). */
export async function oneBadgePdf(sheet: BadgeSheet, badge: Badge, signer: DigestSigner): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of badgePdf(sheet, [badge], signer)) parts.push(part)
  return Buffer.concat(parts)
}

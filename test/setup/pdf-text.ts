import { inflateSync } from 'node:zlib'
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib'

/**
 * Every character a PDF's fonts map back to text (their ToUnicode tables): what a reader can copy or
 * search, so a name drawn in the PDF is among them (pdf-lib writes text as glyph ids).
 */
export async function pdfCharacters(bytes: Uint8Array): Promise<Set<string>> {
  const pdf = await PDFDocument.load(bytes)
  const characters = new Set<string>()
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const data = object.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? inflateSync(object.contents) : Buffer.from(object.contents)
    const text = data.toString('latin1')
    if (!text.includes('beginbfchar') && !text.includes('beginbfrange')) continue
    for (const match of text.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g)) {
      const units = (match[1] as string).match(/.{4}/g)?.map((unit) => Number.parseInt(unit, 16)) ?? []
      // A ligature's glyph maps back to several characters ("fi").
      for (const character of String.fromCharCode(...units)) characters.add(character)
    }
  }
  return characters
}

/** The TrueType font files a PDF embeds (its FontFile2 streams, subsets included), as bytes. */
export async function pdfTrueTypeFonts(bytes: Uint8Array): Promise<Uint8Array[]> {
  const pdf = await PDFDocument.load(bytes)
  const fonts: Uint8Array[] = []
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    const data = object.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? inflateSync(object.contents) : Buffer.from(object.contents)
    // An sfnt file opens with its version: 0x00010000 or 'true' for TrueType outlines.
    const version = data.subarray(0, 4).toString('latin1')
    if (version === '\0\x01\0\0' || version === 'true') fonts.push(new Uint8Array(data))
  }
  return fonts
}

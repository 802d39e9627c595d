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

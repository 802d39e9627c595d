import { strToU8, Zip, ZipDeflate } from 'fflate'
import type { Cell } from './csv.ts'
import { escapeHtml } from './escape.ts'

/**
 * XLSX written as its rows arrive (docs/product.md#console-exports): one sheet whose XML is deflated
 * into the zip batch by batch, so memory holds a batch and the compressor's window, never the sheet.
 * Text is stored inline as text (`t="inlineStr"`), never as a formula, so a name that starts with "="
 * keeps its exact value; numbers are numbers a spreadsheet sums.
 */

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
    '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  // Style 1 is the header row's bold.
  'xl/styles.xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
    '</styleSheet>',
}

const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
const SHEET_END = '</sheetData></worksheet>'

/** Control characters but tab and line ends, and U+FFFE/U+FFFF: XML cannot carry them (lone surrogates become U+FFFD). */
const NOT_XML = /(?![\t\n\r])\p{Cc}|[\ufffe\uffff]/gu

/** A, B, … Z, AA, AB, …: the column part of a cell's reference. */
export function columnName(index: number): string {
  let name = ''
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name
  return name
}

function cellXml(cell: Cell, reference: string, style: string): string {
  if (cell === null) return ''
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${reference}"${style}><v>${cell}</v></c>` : ''
  return `<c r="${reference}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeHtml(cell.toWellFormed().replace(NOT_XML, ''))}</t></is></c>`
}

function rowXml(cells: readonly Cell[], row: number, columns: readonly string[], style: string): string {
  let xml = `<row r="${row}">`
  for (let index = 0; index < cells.length; index++) xml += cellXml(cells[index] ?? null, `${columns[index] ?? columnName(index)}${row}`, style)
  return `${xml}</row>`
}

/** The workbook's bytes: the header row in bold, then every batch's rows in order. */
export async function* xlsxBytes(header: readonly string[], batches: AsyncIterable<readonly (readonly Cell[])[]>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else out.push(chunk)
  })
  const drain = () => {
    if (failure) throw failure
    return out.splice(0)
  }
  for (const [name, xml] of Object.entries(PARTS)) {
    const part = new ZipDeflate(name, { level: 6 })
    zip.add(part)
    part.push(strToU8(xml), true)
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 })
  zip.add(sheet)
  const columns = header.map((_, index) => columnName(index))
  sheet.push(strToU8(SHEET_START + rowXml(header, 1, columns, ' s="1"')))
  yield* drain()
  let row = 1
  for await (const batch of batches) {
    let xml = ''
    for (const cells of batch) xml += rowXml(cells, ++row, columns, '')
    sheet.push(strToU8(xml))
    yield* drain()
  }
  sheet.push(strToU8(SHEET_END), true)
  zip.end()
  yield* drain()
}

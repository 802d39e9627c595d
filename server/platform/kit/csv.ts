/**
 * CSV as spreadsheets open it safely (docs/product.md#console-exports), the one writer of every export: UTF-8
 * with a byte-order mark (so Excel reads 中文 and ไทย as such), CRLF line ends and quoting as RFC 4180 §2,
 * and text cells that a spreadsheet would run as a formula prefixed with an apostrophe (OWASP "CSV Injection").
 */

export type Cell = string | number | null

/** = + - @ (or a tab or carriage return), and the full-width forms a spreadsheet also reads as them. */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/
const NEEDS_QUOTES = /[",\r\n]/

/** A text cell that cannot start a formula; numbers are written as numbers. */
export function safeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

function field(cell: Cell): string {
  if (cell === null) return ''
  if (typeof cell === 'number') return String(cell)
  const text = safeText(cell)
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const line = (row: readonly Cell[]) => `${row.map(field).join(',')}\r\n`

/** The whole file: byte-order mark, header row, one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): Buffer {
  return Buffer.from(`\uFEFF${[header, ...rows].map(line).join('')}`, 'utf8')
}

/** The same file as its rows arrive, one chunk per batch: the exports that stream from a cursor. */
export async function* csvBytes(header: readonly string[], batches: AsyncIterable<readonly (readonly Cell[])[]>): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${line(header)}`, 'utf8')
  for await (const batch of batches) yield Buffer.from(batch.map(line).join(''), 'utf8')
}

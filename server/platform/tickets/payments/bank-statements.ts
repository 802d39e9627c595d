import { createHash } from 'node:crypto'
import { SaxesParser } from 'saxes'
import { STATEMENT_LIMITS } from '../../../../shared/rules/bank-transfer.ts'
import { isCurrency, parseMoney } from '../../../../shared/rules/money.ts'

/**
 * A bank statement read for the money that came in (docs/product.md#bank-transfer): CAMT.053 (ISO
 * 20022, what banks hand out for download) or a CSV with a header row. Only credits are kept. Each
 * line gets a key that is the same however often the file is uploaded: the bank's own reference of
 * the entry when it gives one, otherwise a digest of what the line says and how many identical lines
 * came before it in the file; the platform records each key once, so an upload repeated never pays twice.
 */
export interface StatementLine {
  key: string
  bookedOn: string | null
  amountMinor: number
  currency: string
  /** The remittance text and references the payer gave, as the bank passed them on. */
  text: string
  payer: string | null
}

/** Why a file cannot be read: a `console:bankTransfer.*` key and the line or row it found it at. */
export class StatementProblem extends Error {
  readonly code: string
  readonly at: number | null
  constructor(code: string, at: number | null = null) {
    super(code)
    this.code = code
    this.at = at
  }
}

export function readStatement(file: Buffer): StatementLine[] {
  if (file.length > STATEMENT_LIMITS.bytes) throw new StatementProblem('console:bankTransfer.fileTooLarge')
  const text = file.toString('utf8').replace(/^\uFEFF/, '')
  const lines = text.trimStart().startsWith('<') ? readCamt(text) : readCsv(text)
  if (lines.length > STATEMENT_LIMITS.lines) throw new StatementProblem('console:bankTransfer.tooManyLines')
  return lines
}

/** An amount as a statement writes it ("299.00", "1,299.50"), in the currency's own digits. */
function amountOf(written: string, currency: string, at: number | null): number {
  const parsed = parseMoney(written, currency)
  if ('problem' in parsed) throw new StatementProblem('console:bankTransfer.badAmount', at)
  return parsed.minor
}

function currencyOf(code: string, at: number | null): string {
  const currency = code.trim().toUpperCase()
  if (!isCurrency(currency)) throw new StatementProblem('console:bankTransfer.badCurrency', at)
  return currency
}

/** Keys for lines without the bank's reference: a digest of the line, numbered among identical ones. */
function keyed(lines: Array<Omit<StatementLine, 'key'> & { bankRef: string | null }>, kind: string): StatementLine[] {
  const seen = new Map<string, number>()
  return lines.map(({ bankRef, ...line }) => {
    if (bankRef) return { ...line, key: `${kind}:ref:${bankRef}` }
    const content = JSON.stringify([line.bookedOn, line.amountMinor, line.currency, line.text, line.payer])
    const count = (seen.get(content) ?? 0) + 1
    seen.set(content, count)
    return { ...line, key: `${kind}:sha256:${createHash('sha256').update(`${content}#${count}`).digest('hex')}` }
  })
}

interface XmlElement {
  name: string
  attributes: Record<string, string>
  text: string
  children: XmlElement[]
  line: number
}

const MAX_DEPTH = 40

/**
 * XML into a small tree with saxes, a non-validating parser that resolves no external entities and
 * expands none declared in a DTD: a statement with a DOCTYPE is refused outright, so neither an
 * entity bomb nor a file read can ride in on an upload.
 */
function xmlTree(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: true })
  const stack: XmlElement[] = []
  let root: XmlElement | null = null
  let failure: StatementProblem | null = null
  parser.on('doctype', () => {
    failure ??= new StatementProblem('console:bankTransfer.badXml', parser.line)
  })
  parser.on('error', () => {
    failure ??= new StatementProblem('console:bankTransfer.badXml', parser.line)
  })
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {}
    for (const attribute of Object.values(tag.attributes)) attributes[attribute.local] = attribute.value
    const element: XmlElement = { name: tag.local, attributes, text: '', children: [], line: parser.line }
    if (stack.length >= MAX_DEPTH) failure ??= new StatementProblem('console:bankTransfer.badXml', parser.line)
    const parent = stack.at(-1)
    if (parent) parent.children.push(element)
    else root ??= element
    stack.push(element)
  })
  parser.on('text', (chunk) => {
    const current = stack.at(-1)
    if (current) current.text += chunk
  })
  parser.on('closetag', () => {
    stack.pop()
  })
  parser.write(text).close()
  if (failure) throw failure
  if (!root) throw new StatementProblem('console:bankTransfer.badXml')
  return root
}

const child = (element: XmlElement | undefined, ...path: string[]): XmlElement | undefined =>
  path.reduce<XmlElement | undefined>((at, name) => at?.children.find((one) => one.name === name), element)
const all = (element: XmlElement | undefined, name: string): XmlElement[] => element?.children.filter((one) => one.name === name) ?? []
const textOf = (element: XmlElement | undefined): string => element?.text.trim() ?? ''

/** The payer's name: CAMT.053 v2 writes RltdPties/Dbtr/Nm, v8 and later RltdPties/Dbtr/Pty/Nm. */
function payerOf(details: XmlElement | undefined): string | null {
  const debtor = child(details, 'RltdPties', 'Dbtr')
  return textOf(child(debtor, 'Nm') ?? child(debtor, 'Pty', 'Nm')) || null
}

/** Everything the payer wrote: unstructured remittance lines, structured references, the end-to-end id. */
function remittanceOf(details: XmlElement | undefined): string[] {
  const remittance = child(details, 'RmtInf')
  return [
    ...all(remittance, 'Ustrd').map(textOf),
    ...all(remittance, 'Strd').map((structured) => textOf(child(structured, 'CdtrRefInf', 'Ref'))),
    textOf(child(details, 'Refs', 'EndToEndId')),
  ].filter((part) => part && part !== 'NOTPROVIDED')
}

function readCamt(text: string): StatementLine[] {
  const root = xmlTree(text)
  const statements = all(child(root, 'BkToCstmrStmt'), 'Stmt')
  if (root.name !== 'Document' || statements.length === 0) throw new StatementProblem('console:bankTransfer.notCamt')
  const lines: Array<Omit<StatementLine, 'key'> & { bankRef: string | null }> = []
  for (const statement of statements) {
    for (const entry of all(statement, 'Ntry')) {
      if (textOf(child(entry, 'CdtDbtInd')) !== 'CRDT') continue
      // Booked money only: a pending entry may still be taken back.
      const status = textOf(child(entry, 'Sts', 'Cd')) || textOf(child(entry, 'Sts'))
      if (status && status !== 'BOOK') continue
      const bookedOn = (textOf(child(entry, 'BookgDt', 'Dt')) || textOf(child(entry, 'BookgDt', 'DtTm'))).slice(0, 10) || null
      const entryRef = textOf(child(entry, 'AcctSvcrRef'))
      const transactions = all(child(entry, 'NtryDtls'), 'TxDtls')
      // A batch entry lists its transfers; each has its own amount and payer.
      const parts = transactions.length > 1 ? transactions : [transactions[0]]
      parts.forEach((details, index) => {
        const amount = child(details, 'Amt') ?? child(details, 'AmtDtls', 'TxAmt', 'Amt') ?? child(entry, 'Amt')
        if (!amount) throw new StatementProblem('console:bankTransfer.badAmount', entry.line)
        const currency = currencyOf(amount.attributes.Ccy ?? '', amount.line)
        const ref = textOf(child(details, 'Refs', 'AcctSvcrRef')) || (entryRef ? `${entryRef}${parts.length > 1 ? `/${index + 1}` : ''}` : '')
        lines.push({
          bankRef: ref || null,
          bookedOn,
          amountMinor: amountOf(textOf(amount), currency, amount.line),
          currency,
          text: remittanceOf(details).join(' '),
          payer: payerOf(details),
        })
      })
    }
  }
  return keyed(lines, 'camt')
}

/** RFC 4180 fields, with the header's separator (a comma, or the semicolon of European bank exports). */
function csvRows(text: string, separator: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"' && field === '') quoted = true
    else if (char === separator) {
      row.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += char
  }
  if (quoted) throw new StatementProblem('console:bankTransfer.badCsv', rows.length + 1)
  if (field !== '' || row.length) rows.push([...row, field])
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''))
}

/** Header names banks use for each column we read (compared in lower case, without spaces). */
const COLUMNS = {
  date: ['date', 'bookingdate', 'bookeddate', 'valuedate', '日期', '记账日期'],
  amount: ['amount', 'credit', '金额'],
  currency: ['currency', 'ccy', '币种'],
  text: ['reference', 'remittance', 'description', 'purpose', 'details', 'text', '附言', '摘要'],
  payer: ['payer', 'name', 'counterparty', 'from', '付款人'],
  id: ['id', 'transactionid', 'bankreference', '流水号'],
} as const

function readCsv(text: string): StatementLine[] {
  const firstLine = text.slice(0, text.search(/\r|\n/) === -1 ? undefined : text.search(/\r|\n/))
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  const [header, ...rows] = csvRows(text, separator)
  const names = (header ?? []).map((name) => name.toLowerCase().replace(/\s|_|-/g, ''))
  const column = (kind: keyof typeof COLUMNS) => names.findIndex((name) => (COLUMNS[kind] as readonly string[]).includes(name))
  const at = { date: column('date'), amount: column('amount'), currency: column('currency'), text: column('text'), payer: column('payer'), id: column('id') }
  if (at.amount < 0 || at.currency < 0 || at.text < 0) throw new StatementProblem('console:bankTransfer.csvColumns', 1)
  const lines: Array<Omit<StatementLine, 'key'> & { bankRef: string | null }> = []
  rows.forEach((cells, index) => {
    const row = index + 2
    const cell = (position: number) => (position >= 0 ? (cells[position] ?? '').trim() : '')
    const written = cell(at.amount)
    // Money going out of the account is not a payment to us.
    if (written.startsWith('-') || written.startsWith('(')) return
    const currency = currencyOf(cell(at.currency), row)
    lines.push({
      bankRef: cell(at.id) || null,
      bookedOn: /^\d{4}-\d{2}-\d{2}/.test(cell(at.date)) ? cell(at.date).slice(0, 10) : null,
      amountMinor: amountOf(written, currency, row),
      currency,
      text: cell(at.text),
      payer: cell(at.payer) || null,
    })
  })
  return keyed(lines, 'csv')
}

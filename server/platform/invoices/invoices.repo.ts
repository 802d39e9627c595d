import type { Queryable } from '../../db/client.ts'
import type { CompanyInvoice, DocumentKind, TaxTreatment } from '../../../shared/rules/invoices.ts'

/** SQL of invoicing (migration 0270): the issuer, its tax rates, the counters and the documents. */

export interface IssuerRow {
  legal_name: string
  address: string
  country: string
  tax_id: string
  registration_number: string
  prefix: string
  default_rate_bp: number
  demo: boolean
  version: number
  updated_at: Date
}

export interface TaxRateRow {
  country: string
  treatment: TaxTreatment
  rate_bp: number
}

/** A line as printed: gross = net + tax, in minor units; a credit note's are what it takes back. */
export interface DocumentLine {
  name: string
  quantity: number
  netMinor: number
  taxMinor: number
  grossMinor: number
}

/** The issuer as printed on a document (what it was on the day). */
export interface IssuerSnapshot {
  legalName: string
  address: string
  country: string
  taxId: string
  registrationNumber: string
  demo: boolean
}

export interface DocumentRow {
  id: string
  kind: DocumentKind
  number: string
  order_id: string
  corrects_id: string | null
  corrects_number: string | null
  refund_id: string | null
  issuer: IssuerSnapshot
  buyer: CompanyInvoice
  lines: DocumentLine[]
  treatment: TaxTreatment
  rate_bp: number
  currency: string
  net_minor: number
  tax_minor: number
  gross_minor: number
  language: string
  issued_at: Date
}

export async function issuer(db: Queryable, lock = false): Promise<IssuerRow | null> {
  const result = await db.query<IssuerRow>(
    `select legal_name, address, country, tax_id, registration_number, prefix, default_rate_bp, demo, version, updated_at
     from invoice_issuer where id = 1${lock ? ' for update' : ''}`,
  )
  return result.rows[0] ?? null
}

export async function taxRates(db: Queryable): Promise<TaxRateRow[]> {
  return (await db.query<TaxRateRow>('select country, treatment, rate_bp from invoice_tax_rates order by country')).rows
}

export async function taxRateOf(db: Queryable, country: string): Promise<TaxRateRow | null> {
  return (await db.query<TaxRateRow>('select country, treatment, rate_bp from invoice_tax_rates where country = $1', [country])).rows[0] ?? null
}

export type IssuerInput = Omit<IssuerRow, 'version' | 'updated_at'>

/**
 * Saves the identity over the version that was read (0: none yet); false when another save came in
 * between, so two owners never overwrite each other unseen.
 */
export async function saveIssuer(tx: Queryable, input: IssuerInput, version: number, at: Date): Promise<boolean> {
  const values = [input.legal_name, input.address, input.country, input.tax_id, input.registration_number, input.prefix, input.default_rate_bp, input.demo, at]
  if (version === 0) {
    const inserted = await tx.query(
      `insert into invoice_issuer (id, legal_name, address, country, tax_id, registration_number, prefix, default_rate_bp, demo, updated_at)
       values (1, $1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
      values,
    )
    return (inserted.rowCount ?? 0) === 1
  }
  const updated = await tx.query(
    `update invoice_issuer set legal_name = $1, address = $2, country = $3, tax_id = $4, registration_number = $5, prefix = $6,
       default_rate_bp = $7, demo = $8, updated_at = $9, version = version + 1
     where id = 1 and version = $10`,
    [...values, version],
  )
  return (updated.rowCount ?? 0) === 1
}

export async function replaceTaxRates(tx: Queryable, rates: TaxRateRow[]): Promise<void> {
  await tx.query('delete from invoice_tax_rates')
  for (const rate of rates) {
    await tx.query('insert into invoice_tax_rates (country, treatment, rate_bp) values ($1, $2, $3)', [rate.country, rate.treatment, rate.rate_bp])
  }
}

/**
 * The next number of a series in a year, inside the issuing transaction: the counter's row stays
 * locked until it commits, so a parallel payment waits and takes the one after, and a rollback gives
 * the number back (migration 0270).
 */
export async function nextSequence(tx: Queryable, year: number, series: DocumentKind): Promise<number> {
  const result = await tx.query<{ last: number }>(
    `insert into invoice_counters (year, series, last) values ($1, $2, 1)
     on conflict (year, series) do update set last = invoice_counters.last + 1
     returning last`,
    [year, series],
  )
  return (result.rows[0] as { last: number }).last
}

export interface NewDocument {
  kind: DocumentKind
  number: string
  year: number
  sequence: number
  orderId: string
  correctsId: string | null
  refundId: string | null
  issuer: IssuerSnapshot
  buyer: CompanyInvoice
  lines: DocumentLine[]
  treatment: TaxTreatment
  rateBp: number
  currency: string
  language: string
  issuedAt: Date
}

export async function insertDocument(tx: Queryable, doc: NewDocument): Promise<void> {
  const sum = (key: 'netMinor' | 'taxMinor' | 'grossMinor') => doc.lines.reduce((total, line) => total + line[key], 0)
  await tx.query(
    `insert into invoices (kind, number, year, sequence, order_id, corrects_id, refund_id, issuer, buyer, lines, treatment, rate_bp,
       currency, net_minor, tax_minor, gross_minor, language, issued_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
    [
      doc.kind,
      doc.number,
      doc.year,
      doc.sequence,
      doc.orderId,
      doc.correctsId,
      doc.refundId,
      JSON.stringify(doc.issuer),
      JSON.stringify(doc.buyer),
      JSON.stringify(doc.lines),
      doc.treatment,
      doc.rateBp,
      doc.currency,
      sum('netMinor'),
      sum('taxMinor'),
      sum('grossMinor'),
      doc.language,
      doc.issuedAt,
    ],
  )
}

const DOCUMENT_COLUMNS = `d.id, d.kind, d.number, d.order_id, d.corrects_id, c.number as corrects_number, d.refund_id, d.issuer, d.buyer,
  d.lines, d.treatment, d.rate_bp, d.currency, d.net_minor, d.tax_minor, d.gross_minor, d.language, d.issued_at`

/** The order's invoice and credit notes, in the order they were issued. */
export async function documentsOf(db: Queryable, orderId: string): Promise<DocumentRow[]> {
  return (
    await db.query<DocumentRow>(
      `select ${DOCUMENT_COLUMNS} from invoices d left join invoices c on c.id = d.corrects_id
       where d.order_id = $1 order by d.issued_at, d.kind desc, d.sequence`,
      [orderId],
    )
  ).rows
}

export async function invoiceOfOrder(db: Queryable, orderId: string): Promise<DocumentRow | null> {
  return (await documentsOf(db, orderId)).find((row) => row.kind === 'invoice') ?? null
}

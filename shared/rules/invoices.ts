/**
 * Invoices and credit notes (docs/product.md#invoices): the rules the checkout's company fieldset,
 * the console's invoicing settings and the platform all apply. Zod-free, so pages may import them.
 */
import { hasForbiddenCharacters } from './text.ts'

export const TAX_TREATMENTS = ['standard', 'zeroRated', 'reverseCharge'] as const
export type TaxTreatment = (typeof TAX_TREATMENTS)[number]

export const DOCUMENT_KINDS = ['invoice', 'creditNote'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

/** Characters after trimming. */
export const INVOICE_LIMITS = {
  companyName: 200,
  address: 500,
  taxId: 40,
  registrationNumber: 40,
  prefix: 10,
  /** Tax rates per country the console keeps. */
  rates: 250,
} as const

/** Translation keys of the refusals (the company fieldset's in `invoices`, the console's in `console`). */
export const INVOICE_MESSAGES = {
  companyRequired: 'invoices:errors.companyRequired',
  addressRequired: 'invoices:errors.addressRequired',
  country: 'invoices:errors.country',
  tooLong: 'errors.tooLong',
  characters: 'errors.controlCharacters',
  prefix: 'console:errors.invoicePrefix',
  rate: 'console:errors.taxRate',
  rateRepeated: 'console:errors.taxRateRepeated',
  changed: 'console:errors.invoicingChanged',
} as const

export interface CompanyInvoice {
  companyName: string
  address: string
  country: string
  taxId: string
}

const COUNTRY = /^[A-Z]{2}$/

/** What is wrong with a company's invoice details, field by field (empty: nothing). */
export function companyInvoiceProblems(input: CompanyInvoice): Partial<Record<keyof CompanyInvoice, string>> {
  const problems: Partial<Record<keyof CompanyInvoice, string>> = {}
  const text = (field: 'companyName' | 'address' | 'taxId', limit: number, required: string | null) => {
    const value = input[field].trim()
    if (!value && required) problems[field] = required
    else if (value.length > limit) problems[field] = INVOICE_MESSAGES.tooLong
    else if (hasForbiddenCharacters(value)) problems[field] = INVOICE_MESSAGES.characters
  }
  text('companyName', INVOICE_LIMITS.companyName, INVOICE_MESSAGES.companyRequired)
  text('address', INVOICE_LIMITS.address, INVOICE_MESSAGES.addressRequired)
  text('taxId', INVOICE_LIMITS.taxId, null)
  if (!COUNTRY.test(input.country)) problems.country = INVOICE_MESSAGES.country
  return problems
}

/**
 * Ticket prices include tax: a line's gross splits into net and tax at the rate (hundredths of a
 * percent), the tax rounded to the currency's minor unit; zero-rated and reverse-charge lines carry none.
 */
export function splitGross(grossMinor: number, treatment: TaxTreatment, rateBp: number): { netMinor: number; taxMinor: number } {
  if (treatment !== 'standard' || rateBp === 0) return { netMinor: grossMinor, taxMinor: 0 }
  const netMinor = Math.round((grossMinor * 10_000) / (10_000 + rateBp))
  return { netMinor, taxMinor: grossMinor - netMinor }
}

/** INV-2026-000017; credit notes INV-CN-2026-000003 (their own series). */
export function documentNumber(prefix: string, kind: DocumentKind, year: number, sequence: number): string {
  return `${prefix}${kind === 'creditNote' ? '-CN' : ''}-${year}-${String(sequence).padStart(6, '0')}`
}

/** A rate as people read and type it: 2000 -> "20", 650 -> "6.5". */
export function rateText(rateBp: number): string {
  return String(rateBp / 100)
}

/** "20", "6.5", "7,25 %" -> hundredths of a percent; null when it is not a rate between 0 and 100. */
export function parseRate(typed: string): number | null {
  const text = typed.normalize('NFKC').replace(/\s|%/g, '').replace(',', '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return null
  const bp = Math.round(Number(text) * 100)
  return bp <= 10_000 ? bp : null
}

export const INVOICE_PREFIX = /^[A-Z0-9]{1,10}$/

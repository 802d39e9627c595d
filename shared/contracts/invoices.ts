import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { companyInvoiceProblems, DOCUMENT_KINDS, INVOICE_LIMITS, INVOICE_MESSAGES, INVOICE_PREFIX, parseRate, TAX_TREATMENTS } from '../rules/invoices.ts'
import { defineContract } from './define.ts'

/**
 * Invoices and credit notes (docs/product.md#invoices): the buyer company's details an order asks an
 * invoice for, the documents an order has, and the console's invoicing settings (owners).
 */

const text = (limit: number) => z.string({ error: 'errors.invalid' }).trim().max(limit, INVOICE_MESSAGES.tooLong)

/** The company an invoice is made out to; the rules say what each field needs. */
export const companyInvoice = z
  .object({
    companyName: text(INVOICE_LIMITS.companyName),
    address: text(INVOICE_LIMITS.address),
    country: z.string({ error: INVOICE_MESSAGES.country }).trim().toUpperCase(),
    taxId: text(INVOICE_LIMITS.taxId).default(''),
  })
  .superRefine((value, context) => {
    for (const [field, message] of Object.entries(companyInvoiceProblems(value))) context.addIssue({ code: 'custom', path: [field], message })
  })
export type CompanyInvoiceInput = z.input<typeof companyInvoice>

/** The company as an order shows it, its country named in the reader's language. */
export const companyInvoiceView = z.object({ companyName: z.string(), address: z.string(), country: z.string(), countryName: z.string(), taxId: z.string() })

/** A document of an order as lists show it; `file` is where its PDF is downloaded. */
export const documentSummary = z.object({
  number: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  issuedAt: z.iso.datetime({ offset: true }),
  currency: z.string(),
  grossMinor: z.number().int(),
  /** The invoice a credit note corrects. */
  corrects: z.string().nullable(),
})
export type DocumentSummary = z.output<typeof documentSummary>

const taxRate = z.object({
  country: z
    .string({ error: 'console:errors.taxCountry' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'console:errors.taxCountry'),
  treatment: z.enum(TAX_TREATMENTS, { error: 'errors.invalid' }),
  /** As typed ("20", "6.5"); zero-rated and reverse-charge rates are 0. */
  rate: z.string({ error: INVOICE_MESSAGES.rate }),
})

const consoleText = (limit: number, required: boolean) => {
  const base = z.string({ error: 'errors.invalid' }).trim().max(limit, 'errors.tooLong')
  return required ? base.min(1, 'errors.required') : base
}

export const invoicingSettings = z.object({
  /** null: no legal identity yet, so no invoice is issued. */
  issuer: z
    .object({
      legalName: z.string(),
      address: z.string(),
      country: z.string(),
      taxId: z.string(),
      registrationNumber: z.string(),
      prefix: z.string(),
      defaultRate: z.string(),
      demo: z.boolean(),
    })
    .nullable(),
  rates: z.array(z.object({ country: z.string(), countryName: z.string(), treatment: z.enum(TAX_TREATMENTS), rate: z.string() })),
  /** For the 409 when two owners save at once. */
  version: z.number().int(),
  /** Every country's name in the member's console language, for the pickers. */
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
})
export type InvoicingSettings = z.output<typeof invoicingSettings>

export const invoicing = defineContract({ ...CONSOLE.invoicing, payload: z.object({}), result: invoicingSettings })

export const saveInvoicing = defineContract({
  ...CONSOLE.saveInvoicing,
  payload: z
    .object({
      legalName: consoleText(INVOICE_LIMITS.companyName, true),
      address: consoleText(INVOICE_LIMITS.address, true),
      country: z
        .string({ error: 'console:errors.taxCountry' })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'console:errors.taxCountry'),
      taxId: consoleText(INVOICE_LIMITS.taxId, true),
      registrationNumber: consoleText(INVOICE_LIMITS.registrationNumber, false).default(''),
      prefix: z.string({ error: INVOICE_MESSAGES.prefix }).trim().toUpperCase().regex(INVOICE_PREFIX, INVOICE_MESSAGES.prefix),
      defaultRate: z.string({ error: INVOICE_MESSAGES.rate }),
      rates: z.array(taxRate).max(INVOICE_LIMITS.rates, 'errors.invalid').default([]),
      /** The version read (0: none yet); another owner's save in between answers 409. */
      version: z.number().int().min(0),
    })
    .superRefine((value, context) => {
      if (parseRate(value.defaultRate) === null) context.addIssue({ code: 'custom', path: ['defaultRate'], message: INVOICE_MESSAGES.rate })
      const seen = new Set<string>()
      value.rates.forEach((rate, index) => {
        if (seen.has(rate.country)) context.addIssue({ code: 'custom', path: ['rates', index, 'country'], message: INVOICE_MESSAGES.rateRepeated })
        seen.add(rate.country)
        const bp = parseRate(rate.rate || '0')
        if (bp === null || (rate.treatment !== 'standard' && bp !== 0))
          context.addIssue({ code: 'custom', path: ['rates', index, 'rate'], message: INVOICE_MESSAGES.rate })
      })
    }),
  result: invoicingSettings,
})

/** One document of an order as a file, for staff who may read the order. */
export const invoicePdf = defineContract({
  ...CONSOLE.invoicePdf,
  payload: z.object({
    number: z
      .string({ error: 'errors.invalid' })
      .trim()
      .toUpperCase()
      .regex(/^T-[0-9A-HJKMNP-TV-Z]{10}$/, 'errors.invalid'),
    document: z.string({ error: 'errors.invalid' }).max(40, 'errors.invalid'),
  }),
  result: z.object({ fileName: z.string(), mediaType: z.string(), base64: z.string() }),
})

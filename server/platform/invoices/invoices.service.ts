import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/invoices.ts'
import type { DocumentSummary, InvoicingSettings } from '../../../shared/contracts/invoices.ts'
import type { Locale } from '../../../shared/languages.ts'
import { type CompanyInvoice, INVOICE_MESSAGES, type DocumentKind, documentNumber, parseRate, rateText, splitGross } from '../../../shared/rules/invoices.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, notFound } from '../errors.ts'
import { countryChoices, countryName } from '../kit/country-names.ts'
import { loadStrings } from '../kit/strings.ts'
import type { Platform } from '../platform.ts'
import type { StaffActor } from '../staff-actor.ts'
import { documentFileName, documentPdf } from './invoice-pdf.ts'
import * as repo from './invoices.repo.ts'

/** A line as the order has it: what the buyer paid for it, tax included. */
export interface GrossLine {
  name: string
  quantity: number
  grossMinor: number
}

export interface IssueInvoice {
  orderId: string
  buyer: CompanyInvoice
  /** The order's language: the PDF is drawn in it. */
  language: Locale
  currency: string
  lines: GrossLine[]
  at: Date
}

export interface IssueCreditNote {
  orderId: string
  refundId: string
  lines: GrossLine[]
  at: Date
}

const summary = (row: repo.DocumentRow): DocumentSummary => ({
  number: row.number,
  kind: row.kind,
  issuedAt: row.issued_at.toISOString(),
  currency: row.currency,
  grossMinor: row.gross_minor,
  corrects: row.corrects_number,
})

/**
 * Invoicing (docs/product.md#invoices): invoices and credit notes issued inside the payment's or the
 * refund's transaction (the tickets domain calls with its `tx`), their PDFs drawn from the snapshot,
 * and the organiser's legal identity and tax rates, which owners change in the console.
 */
export function createInvoiceService(platform: Platform) {
  const strings = loadStrings('invoices')

  async function issue(
    tx: Queryable,
    kind: DocumentKind,
    at: Date,
    body: Omit<repo.NewDocument, 'kind' | 'number' | 'year' | 'sequence' | 'issuedAt' | 'issuer'>,
    issuer: repo.IssuerRow,
  ): Promise<string> {
    const year = at.getUTCFullYear()
    const sequence = await repo.nextSequence(tx, year, kind)
    const number = documentNumber(issuer.prefix, kind, year, sequence)
    await repo.insertDocument(tx, {
      ...body,
      kind,
      number,
      year,
      sequence,
      issuedAt: at,
      issuer: {
        legalName: issuer.legal_name,
        address: issuer.address,
        country: issuer.country,
        taxId: issuer.tax_id,
        registrationNumber: issuer.registration_number,
        demo: issuer.demo,
      },
    })
    return number
  }

  const split = (lines: GrossLine[], treatment: repo.TaxRateRow['treatment'], rateBp: number): repo.DocumentLine[] =>
    lines.map((line) => ({ ...line, ...splitGross(line.grossMinor, treatment, rateBp) }))

  return {
    /**
     * The order's invoice, in the payment's transaction. Null: no legal identity is configured
     * (nothing is issued, and the console says so), or the order has one already.
     */
    async issueInvoice(tx: Queryable, input: IssueInvoice): Promise<string | null> {
      const issuer = await repo.issuer(tx)
      if (!issuer || (await repo.invoiceOfOrder(tx, input.orderId))) return null
      const rate = await repo.taxRateOf(tx, input.buyer.country)
      const treatment = rate?.treatment ?? 'standard'
      const rateBp = rate ? rate.rate_bp : issuer.default_rate_bp
      return issue(
        tx,
        'invoice',
        input.at,
        {
          orderId: input.orderId,
          correctsId: null,
          refundId: null,
          buyer: input.buyer,
          lines: split(input.lines, treatment, rateBp),
          treatment,
          rateBp,
          currency: input.currency,
          language: input.language,
        },
        issuer,
      )
    },

    /**
     * A credit note for a refund of an invoiced order, in the refund's transaction, at the invoice's
     * rate; a refund answered again (its idempotency key) keeps its one credit note. Null: the order has no invoice.
     */
    async issueCreditNote(tx: Queryable, input: IssueCreditNote): Promise<string | null> {
      const documents = await repo.documentsOf(tx, input.orderId)
      const known = documents.find((doc) => doc.refund_id === input.refundId)
      if (known) return known.number
      const invoice = documents.find((doc) => doc.kind === 'invoice')
      const issuer = await repo.issuer(tx)
      if (!invoice || !issuer) return null
      return issue(
        tx,
        'creditNote',
        input.at,
        {
          orderId: input.orderId,
          correctsId: invoice.id,
          refundId: input.refundId,
          buyer: invoice.buyer,
          lines: split(input.lines, invoice.treatment, invoice.rate_bp),
          treatment: invoice.treatment,
          rateBp: invoice.rate_bp,
          currency: invoice.currency,
          language: invoice.language,
        },
        issuer,
      )
    },

    async documentsOf(orderId: string): Promise<DocumentSummary[]> {
      return (await repo.documentsOf(platform.db, orderId)).map(summary)
    },

    /** One document of the order as a PDF in the buyer's language; 404 when the order has no such document. */
    async pdf(order: { id: string; number: string }, number: string): Promise<{ fileName: string; pdf: Uint8Array }> {
      const doc = (await repo.documentsOf(platform.db, order.id)).find((row) => row.number === number)
      if (!doc) throw notFound()
      const locale = doc.language as Locale
      const pdf = await documentPdf(doc, {
        t: strings(locale),
        locale,
        brand: platform.config.BRAND_NAME,
        orderNumber: order.number,
        sign: platform.documents.sign,
      })
      return { fileName: documentFileName(doc), pdf }
    },

    /** Whether the organiser's own legal identity issues invoices (not the demo's, nor none): an item of going live. */
    async ownIdentity(): Promise<boolean> {
      const issuer = await repo.issuer(platform.db)
      return issuer !== null && !issuer.demo
    },

    async settings(locale: Locale): Promise<InvoicingSettings> {
      return settingsOf(platform.db, locale)
    },

    /** Owners change the legal identity and the rates; audited, refused with 409 when another owner saved since it was read. */
    async saveSettings(actor: StaffActor, payload: z.output<typeof contracts.saveInvoicing.payload>): Promise<InvoicingSettings> {
      await platform.db.transaction(async (tx) => {
        const before = await settingsOf(tx, actor.locale)
        const input: repo.IssuerInput = {
          legal_name: payload.legalName,
          address: payload.address,
          country: payload.country,
          tax_id: payload.taxId,
          registration_number: payload.registrationNumber,
          prefix: payload.prefix,
          default_rate_bp: parseRate(payload.defaultRate) ?? 0,
          demo: false,
        }
        if (!(await repo.saveIssuer(tx, input, payload.version, new Date()))) throw conflict(INVOICE_MESSAGES.changed)
        await repo.replaceTaxRates(
          tx,
          payload.rates.map((rate) => ({ country: rate.country, treatment: rate.treatment, rate_bp: parseRate(rate.rate || '0') ?? 0 })),
        )
        const after = await settingsOf(tx, actor.locale)
        await platform.services.staff.audit(tx, actor, {
          function: 'console$saveInvoicing',
          target: 'invoicing',
          before: { issuer: before.issuer, rates: before.rates.map(({ countryName: _, ...rate }) => rate) },
          after: { issuer: after.issuer, rates: after.rates.map(({ countryName: _, ...rate }) => rate) },
        })
      })
      return settingsOf(platform.db, actor.locale)
    },
  }
}

async function settingsOf(db: Queryable, locale: Locale): Promise<InvoicingSettings> {
  const [issuer, rates] = await Promise.all([repo.issuer(db), repo.taxRates(db)])
  return {
    issuer: issuer && {
      legalName: issuer.legal_name,
      address: issuer.address,
      country: issuer.country,
      taxId: issuer.tax_id,
      registrationNumber: issuer.registration_number,
      prefix: issuer.prefix,
      defaultRate: rateText(issuer.default_rate_bp),
      demo: issuer.demo,
    },
    rates: rates.map((rate) => ({
      country: rate.country,
      countryName: countryName(rate.country, locale),
      treatment: rate.treatment,
      rate: rateText(rate.rate_bp),
    })),
    version: issuer?.version ?? 0,
    countries: countryChoices(locale),
  }
}

export type InvoiceService = ReturnType<typeof createInvoiceService>

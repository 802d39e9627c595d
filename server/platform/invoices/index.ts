import type { Domain } from '../platform.ts'
import { seedDemoIssuer } from './demo-issuer.ts'
import { registerInvoiceFunctions } from './invoices.functions.ts'
import { createInvoiceService, type InvoiceService } from './invoices.service.ts'

declare module '../platform.ts' {
  interface Services {
    invoices: InvoiceService
  }
}

/**
 * Invoices and credit notes (docs/product.md#invoices): the organiser's legal identity and tax rates,
 * gapless numbers per year, documents issued in the transactions of payments and refunds (the tickets
 * domain asks), and their PDFs in the buyer's language.
 */
export const domain: Domain = {
  name: 'invoices',
  setup(platform) {
    const service = createInvoiceService(platform)
    platform.services.invoices = service
    registerInvoiceFunctions(platform, service)
  },
  async seed(_platform, tx) {
    await seedDemoIssuer(tx)
  },
}

// What other domains use of this one.
export type { GrossLine, InvoiceService } from './invoices.service.ts'

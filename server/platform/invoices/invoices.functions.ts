import * as contracts from '../../../shared/contracts/invoices.ts'
import type { CallContext, StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { actorOf } from '../staff-actor.ts'
import type { InvoiceService } from './invoices.service.ts'

const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** The console's invoicing settings (owners; docs/product.md#invoices). An order's documents are the orders' console's. */
export function registerInvoiceFunctions(platform: Platform, service: InvoiceService): void {
  const { registry } = platform
  registry.implement(contracts.invoicing, (_payload, call) => service.settings(actor(call).locale))
  registry.implement(contracts.saveInvoicing, (payload, call) => service.saveSettings(actor(call), payload))
}

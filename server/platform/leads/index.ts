import type { Domain } from '../platform.ts'
import { registerLeadFunctions } from './leads.functions.ts'
import { createLeadsService, type LeadsService } from './leads.service.ts'
import { registerWebhookFunctions } from './webhooks.functions.ts'
import { createWebhookService, type WebhookService } from './webhooks.service.ts'

declare module '../platform.ts' {
  interface Services {
    leads: LeadsService
    /** The CRM webhook (docs/product.md#lead-webhooks): the tickets domain tells it of consent changes. */
    leadWebhooks: WebhookService
  }
}

/**
 * Leads (docs/product.md#leads): exhibitor teams scan attendees' badges at their booth and qualify
 * them; who a lead is follows the attendee's consent as it is when read. The organiser switches
 * capture on per exhibition and reads counts, never the leads.
 */
export const domain: Domain = {
  name: 'leads',
  // After tickets (50) and exhibitors, whose services it asks at each call.
  order: 60,
  setup(platform) {
    const webhooks = createWebhookService(platform)
    platform.services.leadWebhooks = webhooks
    const service = createLeadsService(platform)
    platform.services.leads = service
    registerLeadFunctions(platform, service)
    registerWebhookFunctions(platform, webhooks)
  },
}

// What other domains use of this one.
export { eraseLeadNotes } from './erasure.ts'

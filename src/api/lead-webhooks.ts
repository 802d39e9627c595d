import type { z } from 'zod'
import { fn } from '../../shared/functions/gateway.ts'
import { LEAD_WEBHOOKS } from '../../shared/functions/lead-webhooks.ts'
import type * as contracts from '../../shared/contracts/lead-webhooks.ts'

/** An exhibitor's CRM webhook (docs/product.md#lead-webhooks): browser references for its admins' page. */
export const leadWebhook = fn<typeof contracts.leadWebhook>(LEAD_WEBHOOKS.leadWebhook)
export const setLeadWebhook = fn<typeof contracts.setLeadWebhook>(LEAD_WEBHOOKS.setLeadWebhook)
export const rotateLeadWebhookSecret = fn<typeof contracts.rotateLeadWebhookSecret>(LEAD_WEBHOOKS.rotateLeadWebhookSecret)
export const replayLeadDelivery = fn<typeof contracts.replayLeadDelivery>(LEAD_WEBHOOKS.replayLeadDelivery)

export type WebhookView = z.output<typeof contracts.webhookView>
export type WebhookDelivery = z.output<typeof contracts.webhookDelivery>

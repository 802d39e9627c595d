import type { FunctionTable } from './gateway.ts'

/** Where each function of an exhibitor's CRM webhook is reached (docs/product.md#lead-webhooks): its admins only. */
export const LEAD_WEBHOOKS = {
  leadWebhook: { endpoint: 'expo', route: 'lead$webhook', access: 'user' },
  setLeadWebhook: { endpoint: 'expo', route: 'lead$setWebhook', access: 'user' },
  rotateLeadWebhookSecret: { endpoint: 'expo', route: 'lead$rotateWebhookSecret', access: 'user' },
  replayLeadDelivery: { endpoint: 'expo', route: 'lead$replayDelivery', access: 'user' },
} as const satisfies FunctionTable

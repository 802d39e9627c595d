/**
 * Leads pushed to an exhibitor's CRM (docs/product.md#lead-webhooks): the events, the limits and the
 * messages, shared by the page, the contracts and the server.
 */

export const WEBHOOK_EVENTS = ['lead.created', 'lead.updated', 'lead.anonymised'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/**
 * Why an attempt got no answer, as the log shows it: the time limit, the network, TLS, the webhook switched
 * off, the lead gone, or the address refused at sending (it resolved to a private one, or not at all).
 */
export const DELIVERY_ERRORS = ['timeout', 'network', 'tls', 'off', 'gone', 'privateAddress', 'unresolved'] as const
export type DeliveryError = (typeof DELIVERY_ERRORS)[number]

export const WEBHOOK_LIMITS = {
  url: 500,
  /** Deliveries the log shows, newest first. */
  log: 50,
  /** How long one attempt may take before it counts as failed. */
  timeoutMs: 10_000,
  /** Retries stop this long after the event (or its replay). */
  retryForMs: 24 * 60 * 60 * 1000,
  /** What is kept of a receiver's answer, in characters. */
  excerpt: 300,
} as const

/** The signature header and the tolerance a receiver should allow between its clock and ours. */
export const SIGNATURE_HEADER = 'X-Expo-Signature'
export const SIGNATURE_TOLERANCE_SECONDS = 300

export const WEBHOOK_MESSAGES = {
  url: 'crm:errors.url',
  https: 'crm:errors.https',
  privateAddress: 'crm:errors.privateAddress',
  unresolved: 'crm:errors.unresolved',
  noWebhook: 'crm:errors.noWebhook',
  deliveryNotFound: 'crm:errors.deliveryNotFound',
} as const

/** A URL the form may send at all: http(s), no user or password in it, no fragment. Where it points is the server's check. */
export function isWebhookUrl(value: string): boolean {
  if (value.length > WEBHOOK_LIMITS.url || !URL.canParse(value)) return false
  const url = new URL(value)
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash && url.hostname !== ''
}

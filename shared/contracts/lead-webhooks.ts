import { z } from 'zod'
import { LEAD_WEBHOOKS } from '../functions/lead-webhooks.ts'
import { DELIVERY_ERRORS, DELIVERY_STATUSES, isWebhookUrl, WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from '../rules/lead-webhooks.ts'
import { defineContract } from './define.ts'

/**
 * An exhibitor's CRM webhook (docs/product.md#lead-webhooks): its admins set the address, switch it on or
 * off, rotate the secret (shown in that one answer only) and read the log of deliveries, each sent again
 * on demand.
 */

const id = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')

export const webhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  leadId: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, or null when no answer came (the error then says why). */
  lastStatus: z.number().int().nullable(),
  lastError: z.enum(DELIVERY_ERRORS).nullable(),
  /** The start of the receiver's last answer (at most 300 characters), as it wrote it. */
  answer: z.string().nullable(),
  /** On the venue's clock, `YYYY-MM-DD HH:mm`, made on the server. */
  occurredAtVenue: z.string(),
  lastAttemptAtVenue: z.string().nullable(),
  nextAttemptAtVenue: z.string().nullable(),
})

export const webhookView = z.object({
  exhibitorId: z.number().int(),
  /** null: no webhook yet. The secret is never part of it. */
  webhook: z
    .object({
      url: z.string(),
      enabled: z.boolean(),
      secretSetAtVenue: z.string(),
    })
    .nullable(),
  deliveries: z.array(webhookDelivery),
})

export const leadWebhook = defineContract({
  ...LEAD_WEBHOOKS.leadWebhook,
  payload: z.object({ exhibitorId: id }),
  result: webhookView,
})

/** Sets the address and the switch; the first time, a secret is made and given in this answer only. */
export const setLeadWebhook = defineContract({
  ...LEAD_WEBHOOKS.setLeadWebhook,
  payload: z.object({
    exhibitorId: id,
    url: z.string({ error: WEBHOOK_MESSAGES.url }).trim().refine(isWebhookUrl, WEBHOOK_MESSAGES.url),
    enabled: z.boolean({ error: 'errors.invalid' }),
  }),
  result: z.object({ view: webhookView, secret: z.string().nullable() }),
})

/** A new secret, given in this answer only; the old one stops signing at once. */
export const rotateLeadWebhookSecret = defineContract({
  ...LEAD_WEBHOOKS.rotateLeadWebhookSecret,
  payload: z.object({ exhibitorId: id }),
  result: z.object({ view: webhookView, secret: z.string() }),
})

/** Sends a delivery again now, with the lead as it is now and the same event id. */
export const replayLeadDelivery = defineContract({
  ...LEAD_WEBHOOKS.replayLeadDelivery,
  payload: z.object({ exhibitorId: id, deliveryId: id }),
  result: webhookView,
})

import { leadWebhook, replayLeadDelivery, rotateLeadWebhookSecret, setLeadWebhook } from '../../../shared/contracts/lead-webhooks.ts'
import type { Platform } from '../platform.ts'
import { SEND_JOB, type WebhookService } from './webhooks.service.ts'

/** `user` functions: the gateway has checked the session, so userId is set. */
const user = (context: { userId: string | null }) => context.userId as string

/** Registrations of the CRM webhook's functions (thin: parse, call one verb) and its sender: every 2 seconds like the mail, and at once when a delivery is queued. */
export function registerWebhookFunctions(platform: Platform, service: WebhookService): void {
  const { registry } = platform
  registry.implement(leadWebhook, (payload, context) => service.view(user(context), payload.exhibitorId, context.locale))
  registry.implement(setLeadWebhook, (payload, context) => service.set(user(context), payload, context.locale))
  registry.implement(rotateLeadWebhookSecret, (payload, context) => service.rotate(user(context), payload.exhibitorId, context.locale))
  registry.implement(replayLeadDelivery, (payload, context) => service.replay(user(context), payload, context.locale))
  platform.jobs.every(SEND_JOB, 2_000, () => service.sendDue())
}

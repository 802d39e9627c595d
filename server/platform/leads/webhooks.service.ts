import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/lead-webhooks.ts'
import type { Locale } from '../../../shared/languages.ts'
import { EXHIBITOR_MESSAGES } from '../../../shared/rules/exhibitors.ts'
import { type DeliveryError, WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookEvent } from '../../../shared/rules/lead-webhooks.ts'
import { toVenueTime } from '../../../shared/venue-time.ts'
import type { Queryable } from '../../db/client.ts'
import { forbidden, invalid, notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { sharedContact } from '../tickets/index.ts'
import { loadSecret } from '../tokens.ts'
import { checkWebhookAddress, type Resolver } from './webhook-address.ts'
import { nextAttemptAt } from './webhook-backoff.ts'
import { createSecretBox, newWebhookSecret, type SecretBox } from './webhook-secret-box.ts'
import { postWebhook, type SendOutcome } from './webhook-sender.ts'
import { signatureHeader } from './webhook-signature.ts'
import * as repo from './webhooks.repo.ts'

type WebhookView = z.output<typeof contracts.webhookView>
type SetInput = z.output<typeof contracts.setLeadWebhook.payload>

/** The injected clock (tests move it): events, attempts and retries follow it. */
const now = () => new Date(Date.now())
const venue = (instant: Date, timeZone: string) => toVenueTime(instant, timeZone).replace('T', ' ')

const CHANGE_RULE = { name: 'lead-webhook-change', points: 30, durationSeconds: 3600 }
const REPLAY_RULE = { name: 'lead-webhook-replay', points: 60, durationSeconds: 3600 }
/** Deliveries one round sends side by side (each waits at most the time limit), and at most how many of one exhibitor's. */
const BATCH = 10
const PER_EXHIBITOR = 3
const LEASE_MS = 2 * WEBHOOK_LIMITS.timeoutMs + 60_000
const KEEP_LOG_MS = 30 * 24 * 60 * 60 * 1000
export { SEND_JOB } from './webhooks.repo.ts'

/**
 * The JSON a receiver gets (docs/product.md#lead-webhooks), made at the moment of sending: the lead as it is
 * then, contact details only as the attendee shares them then. An anonymised lead carries no contact and
 * none of the team's free text (tags and notes may name the person).
 */
export function webhookBody(
  delivery: Pick<repo.DueDelivery, 'event_id' | 'event' | 'occurred_at' | 'exhibitor_id' | 'exhibition_id'>,
  lead: repo.DueLead,
): string {
  const anonymised = delivery.event === 'lead.anonymised'
  // With nothing shared, every contact field is null: the same shape as a lead that withdrew.
  const contact = sharedContact(anonymised ? { ...lead, shares: [] } : lead)
  return JSON.stringify({
    id: delivery.event_id,
    type: delivery.event,
    createdAt: delivery.occurred_at.toISOString(),
    exhibitorId: delivery.exhibitor_id,
    exhibitionId: delivery.exhibition_id,
    lead: {
      id: lead.id,
      ...contact,
      rating: lead.rating,
      ...(anonymised ? {} : { tags: lead.tags, notes: lead.notes }),
      scannedAt: lead.scanned_at.toISOString(),
      lastScannedAt: lead.last_scanned_at.toISOString(),
      scans: lead.scans,
    },
  })
}

/** An exhibitor's CRM webhook: its admins' settings and log, the events the leads domain records, and the sender. */
export function createWebhookService(platform: Platform, options: { resolve?: Resolver } = {}) {
  const { db, config } = platform
  const allowLoopback = config.LEAD_WEBHOOK_LOOPBACK === 'on'
  const addressOptions = { allowLoopback, ...(options.resolve ? { resolve: options.resolve } : {}) }
  let box: Promise<SecretBox> | undefined
  const secretBox = () => {
    box ??= loadSecret(db, 'lead-webhook-key', config.LEAD_WEBHOOK_KEY).then(createSecretBox)
    return box
  }

  /** Admins only: a staff member hears that it is for admins, anyone outside the team the exhibitor's 404. */
  async function adminOf(exhibitorId: number, accountId: string, locale: Locale): Promise<void> {
    const member = await platform.services.exhibitors.forMember(db, exhibitorId, accountId, locale)
    if (member.role !== 'admin') throw forbidden(EXHIBITOR_MESSAGES.adminsOnly)
  }

  async function viewOf(q: Queryable, exhibitorId: number): Promise<WebhookView> {
    const webhook = await repo.webhookOf(q, exhibitorId)
    if (!webhook) return { exhibitorId, webhook: null, deliveries: [] }
    const zone = webhook.time_zone
    const rows = await repo.deliveriesOf(q, exhibitorId, WEBHOOK_LIMITS.log)
    return {
      exhibitorId,
      webhook: { url: webhook.url, enabled: webhook.enabled, secretSetAtVenue: venue(webhook.secret_set_at, zone) },
      deliveries: rows.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        event: row.event,
        leadId: row.lead_id,
        status: row.status,
        attempts: row.attempts,
        lastStatus: row.last_status,
        lastError: row.last_error,
        answer: row.response_excerpt,
        occurredAtVenue: venue(row.occurred_at, zone),
        lastAttemptAtVenue: row.last_attempt_at ? venue(row.last_attempt_at, zone) : null,
        nextAttemptAtVenue: row.status === 'pending' && row.next_attempt_at ? venue(row.next_attempt_at, zone) : null,
      })),
    }
  }

  async function send(delivery: repo.DueDelivery): Promise<void> {
    const at = now()
    const outcome = await attempt(delivery, at)
    const delivered = 'status' in outcome && outcome.status >= 200 && outcome.status < 300
    const next = delivered || ('error' in outcome && outcome.error === 'off') ? null : nextAttemptAt(delivery.attempts + 1, delivery.retry_from, at)
    await repo.recordAttempt(db, delivery.id, {
      status: delivered ? 'delivered' : next ? 'pending' : 'failed',
      at,
      next,
      httpStatus: 'status' in outcome ? outcome.status : null,
      error: 'error' in outcome ? outcome.error : null,
      excerpt: 'status' in outcome ? outcome.excerpt || null : null,
    })
  }

  async function attempt(delivery: repo.DueDelivery, at: Date): Promise<SendOutcome | { error: DeliveryError }> {
    // Switched off after the event: it is not sent, and the log says why (a replay sends it once on again).
    if (!delivery.enabled) return { error: 'off' }
    const lead = await repo.dueLead(db, delivery.exhibitor_id, delivery.lead_id)
    if (!lead) return { error: 'gone' }
    const checked = await checkWebhookAddress(delivery.url, addressOptions)
    if (!checked.ok) return { error: checked.problem === WEBHOOK_MESSAGES.unresolved ? 'unresolved' : 'privateAddress' }
    const body = webhookBody(delivery, lead)
    const secret = (await secretBox()).open(delivery.secret_box, delivery.exhibitor_id)
    return postWebhook(checked.url, checked.target, body, {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': `${config.BRAND_NAME} lead webhook`,
      'X-Expo-Event': delivery.event,
      'X-Expo-Event-Id': delivery.event_id,
      'X-Expo-Signature': signatureHeader(secret, body, at),
    })
  }

  return {
    async view(accountId: string, exhibitorId: number, locale: Locale): Promise<WebhookView> {
      await adminOf(exhibitorId, accountId, locale)
      return viewOf(db, exhibitorId)
    },

    async set(accountId: string, input: SetInput, locale: Locale): Promise<{ view: WebhookView; secret: string | null }> {
      await adminOf(input.exhibitorId, accountId, locale)
      await platform.rateLimits.consume(CHANGE_RULE, accountId)
      const checked = await checkWebhookAddress(input.url, addressOptions)
      if (!checked.ok) throw invalid({ url: checked.problem }, checked.problem)
      const secret = newWebhookSecret()
      const sealed = (await secretBox()).seal(secret, input.exhibitorId)
      const created = await db.transaction((tx) =>
        repo.saveWebhook(tx, input.exhibitorId, { url: checked.url.href, enabled: input.enabled, newSecretBox: sealed }, now()),
      )
      return { view: await viewOf(db, input.exhibitorId), secret: created ? secret : null }
    },

    async rotate(accountId: string, exhibitorId: number, locale: Locale): Promise<{ view: WebhookView; secret: string }> {
      await adminOf(exhibitorId, accountId, locale)
      await platform.rateLimits.consume(CHANGE_RULE, accountId)
      const secret = newWebhookSecret()
      const sealed = (await secretBox()).seal(secret, exhibitorId)
      const changed = await db.transaction((tx) => repo.setSecret(tx, exhibitorId, sealed, now()))
      if (!changed) throw notFound(WEBHOOK_MESSAGES.noWebhook)
      return { view: await viewOf(db, exhibitorId), secret }
    },

    async replay(accountId: string, input: { exhibitorId: number; deliveryId: number }, locale: Locale): Promise<WebhookView> {
      await adminOf(input.exhibitorId, accountId, locale)
      await platform.rateLimits.consume(REPLAY_RULE, String(input.exhibitorId))
      const found = await db.transaction((tx) => repo.replay(tx, input.exhibitorId, input.deliveryId, now()))
      if (!found) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound)
      return viewOf(db, input.exhibitorId)
    },

    /** Inside the caller's transaction: the event is sent only if it commits. */
    record(tx: Queryable, leadIds: readonly number[], event: WebhookEvent): Promise<number> {
      return repo.enqueue(tx, leadIds, event, now())
    },

    /** A ticket's consent changed: its leads are updated, or anonymised when it shares nothing now. */
    async consentChanged(tx: Queryable, ticket: { orderNumber: string; position: number; shares: readonly string[] }): Promise<void> {
      const leads = await repo.leadsOfTicket(tx, ticket.orderNumber, ticket.position)
      await repo.enqueue(tx, leads, ticket.shares.length ? 'lead.updated' : 'lead.anonymised', now())
    },

    /** Sends what is due; one round of the job. */
    async sendDue(): Promise<number> {
      const at = now()
      const claimed = await db.transaction((tx) => repo.claimDue(tx, at, new Date(at.getTime() + LEASE_MS), BATCH, PER_EXHIBITOR))
      const sent = await Promise.allSettled(claimed.map((delivery) => send(delivery)))
      // A delivery that could not be tried (its secret does not open under this key, the database went
      // away) stays leased and comes back after the lease; the others of the round are recorded all the same.
      for (const outcome of sent) {
        if (outcome.status === 'rejected') platform.logger.error({ err: outcome.reason }, 'a lead webhook delivery could not be tried')
      }
      await repo.pruneFinished(db, new Date(at.getTime() - KEEP_LOG_MS))
      return claimed.length
    },
  }
}

export type WebhookService = ReturnType<typeof createWebhookService>

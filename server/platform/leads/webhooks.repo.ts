import type { DeliveryError, WebhookEvent } from '../../../shared/rules/lead-webhooks.ts'
import type { Queryable } from '../../db/client.ts'
import { nudgeAfterCommit } from '../jobs.ts'

/** The job that sends due deliveries (webhooks.functions.ts). */
export const SEND_JOB = 'lead-webhooks.send'

/** The CRM webhook tables (docs/product.md#lead-webhooks); the leads domain is their one writer. */

export interface WebhookRow {
  url: string
  enabled: boolean
  secret_box: string
  secret_set_at: Date
  time_zone: string
}

export async function webhookOf(db: Queryable, exhibitorId: number): Promise<WebhookRow | null> {
  const result = await db.query<WebhookRow>(
    `select w.url, w.enabled, w.secret_box, w.secret_set_at, ex.time_zone
       from lead_webhooks w join exhibitors x on x.id = w.exhibitor_id join exhibitions ex on ex.id = x.exhibition_id
      where w.exhibitor_id = $1`,
    [exhibitorId],
  )
  return result.rows[0] ?? null
}

/** Address and switch; a sealed secret only when the row is new (the answer then shows it once). */
export async function saveWebhook(
  tx: Queryable,
  exhibitorId: number,
  input: { url: string; enabled: boolean; newSecretBox: string },
  at: Date,
): Promise<boolean> {
  const result = await tx.query<{ created: boolean }>(
    `insert into lead_webhooks (exhibitor_id, url, enabled, secret_box, secret_set_at, updated_at) values ($1, $2, $3, $4, $5, $5)
     on conflict (exhibitor_id) do update set url = excluded.url, enabled = excluded.enabled, updated_at = excluded.updated_at
     returning (xmax = 0) as created`,
    [exhibitorId, input.url, input.enabled, input.newSecretBox, at],
  )
  return result.rows[0]?.created ?? false
}

export async function setSecret(tx: Queryable, exhibitorId: number, secretBox: string, at: Date): Promise<boolean> {
  const result = await tx.query('update lead_webhooks set secret_box = $2, secret_set_at = $3, updated_at = $3 where exhibitor_id = $1', [
    exhibitorId,
    secretBox,
    at,
  ])
  return result.rowCount > 0
}

export interface DeliveryRow {
  id: number
  event_id: string
  event: WebhookEvent
  lead_id: number
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  last_status: number | null
  last_error: DeliveryError | null
  response_excerpt: string | null
  occurred_at: Date
  last_attempt_at: Date | null
  next_attempt_at: Date | null
}

export async function deliveriesOf(db: Queryable, exhibitorId: number, limit: number): Promise<DeliveryRow[]> {
  const result = await db.query<DeliveryRow>(
    `select id::int as id, event_id::text as event_id, event, lead_id::int as lead_id, status, attempts, last_status, last_error,
            response_excerpt, occurred_at, last_attempt_at, next_attempt_at
       from lead_webhook_deliveries where exhibitor_id = $1 order by id desc limit $2`,
    [exhibitorId, limit],
  )
  return result.rows
}

/** Events of these leads for the exhibitors whose webhook is on; nothing is recorded while it is off. */
export async function enqueue(tx: Queryable, leadIds: readonly number[], event: WebhookEvent, at: Date): Promise<number> {
  if (!leadIds.length) return 0
  const result = await tx.query(
    `insert into lead_webhook_deliveries (exhibitor_id, lead_id, event_id, event, occurred_at, status, retry_from, next_attempt_at)
     select l.exhibitor_id, l.id, gen_random_uuid(), $2, $3, 'pending', $3, $3
       from leads l join lead_webhooks w on w.exhibitor_id = l.exhibitor_id and w.enabled
      where l.id = any($1::bigint[])
      order by l.id`,
    [[...leadIds], event, at],
  )
  // The receiver hears of a scan at once rather than at the job's next tick (docs/product.md#mail-after-commit).
  if (result.rowCount) await nudgeAfterCommit(tx, SEND_JOB)
  return result.rowCount
}

/** The leads of a ticket, named by its order and position (a consent change) or by its attendee rows (an erasure). */
export async function leadsOfTicket(db: Queryable, orderNumber: string, position: number): Promise<number[]> {
  const result = await db.query<{ id: number }>(
    `select l.id::int as id from leads l join e_tickets t on t.id = l.ticket_id join ticket_orders o on o.id = t.order_id
       join ticket_attendees a on a.id = t.attendee_id
      where o.number = $1 and a.position = $2`,
    [orderNumber, position],
  )
  return result.rows.map((row) => row.id)
}

export async function leadsOfAttendees(db: Queryable, attendeeIds: readonly string[]): Promise<number[]> {
  if (!attendeeIds.length) return []
  const result = await db.query<{ id: number }>(
    'select l.id::int as id from leads l join e_tickets t on t.id = l.ticket_id where t.attendee_id = any($1::uuid[])',
    [[...attendeeIds]],
  )
  return result.rows.map((row) => row.id)
}

/** A receiver's CRM may echo what it got: its answers about an erased person's leads go. */
export async function forgetAnswers(tx: Queryable, leadIds: readonly number[]): Promise<void> {
  if (!leadIds.length) return
  await tx.query('update lead_webhook_deliveries set response_excerpt = null where lead_id = any($1::bigint[])', [[...leadIds]])
}

export interface DueDelivery {
  id: number
  exhibitor_id: number
  exhibition_id: number
  lead_id: number
  event_id: string
  event: WebhookEvent
  occurred_at: Date
  attempts: number
  retry_from: Date
  url: string
  enabled: boolean
  secret_box: string
}

/**
 * Claims what is due with FOR UPDATE SKIP LOCKED and moves it past the lease, so another instance (or the
 * next round) leaves it alone while it is being sent; the attempt's outcome sets the real next time. At
 * most `perExhibitor` of one exhibitor's per round, so a burst of one team's leads (or a receiver that
 * keeps timing out) does not hold up everybody else's.
 */
export async function claimDue(tx: Queryable, at: Date, leaseUntil: Date, batch: number, perExhibitor: number): Promise<DueDelivery[]> {
  const result = await tx.query<DueDelivery>(
    `select d.id::int as id, d.exhibitor_id::int as exhibitor_id, x.exhibition_id, d.lead_id::int as lead_id, d.event_id::text as event_id,
            d.event, d.occurred_at, d.attempts, d.retry_from, w.url, w.enabled, w.secret_box
       from lead_webhook_deliveries d
       join lead_webhooks w on w.exhibitor_id = d.exhibitor_id
       join exhibitors x on x.id = d.exhibitor_id
      where d.id in (
              select id from (
                select id, next_attempt_at, row_number() over (partition by exhibitor_id order by next_attempt_at, id) as place
                  from lead_webhook_deliveries where status = 'pending' and next_attempt_at <= $1
              ) due
              where place <= $3
              order by next_attempt_at, id
              limit $2
            )
        and d.status = 'pending' and d.next_attempt_at <= $1
      order by d.next_attempt_at, d.id
      for update of d skip locked`,
    [at, batch, perExhibitor],
  )
  if (result.rows.length) {
    await tx.query('update lead_webhook_deliveries set next_attempt_at = $2 where id = any($1::bigint[])', [result.rows.map((row) => row.id), leaseUntil])
  }
  return result.rows
}

/** A lead as a delivery sends it, with its ticket's consent as it is now. */
export interface DueLead {
  id: number
  scanned_at: Date
  last_scanned_at: Date
  scans: number
  rating: string | null
  tags: string[]
  notes: string
  shares: string[]
  first_name: string
  company: string
  job_title: string
  last_name: string
  email: string
  phone_e164: string
}

export async function dueLead(db: Queryable, exhibitorId: number, leadId: number): Promise<DueLead | null> {
  const result = await db.query<DueLead>(
    `select l.id::int as id, l.scanned_at, l.last_scanned_at, l.scans, l.rating, l.tags, l.notes,
            a.shares, a.first_name, a.last_name, a.company, a.job_title, a.email, a.phone_e164
       from leads l join e_tickets t on t.id = l.ticket_id join ticket_attendees a on a.id = t.attendee_id
      where l.exhibitor_id = $1 and l.id = $2`,
    [exhibitorId, leadId],
  )
  return result.rows[0] ?? null
}

export async function recordAttempt(
  db: Queryable,
  id: number,
  outcome: {
    status: 'pending' | 'delivered' | 'failed'
    at: Date
    next: Date | null
    httpStatus: number | null
    error: DeliveryError | null
    excerpt: string | null
  },
): Promise<void> {
  await db.query(
    `update lead_webhook_deliveries
        set status = $2, attempts = attempts + 1, last_attempt_at = $3, next_attempt_at = $4, last_status = $5, last_error = $6, response_excerpt = $7
      where id = $1`,
    [id, outcome.status, outcome.at, outcome.next, outcome.httpStatus, outcome.error, outcome.excerpt],
  )
}

/** Sends it again now, with a day of retries from now; false when the exhibitor has no such delivery. */
export async function replay(tx: Queryable, exhibitorId: number, deliveryId: number, at: Date): Promise<boolean> {
  const result = await tx.query(
    `update lead_webhook_deliveries set status = 'pending', retry_from = $3, next_attempt_at = $3 where id = $2 and exhibitor_id = $1`,
    [exhibitorId, deliveryId, at],
  )
  // Someone pressed "send again" and watches the log.
  if (result.rowCount) await nudgeAfterCommit(tx, SEND_JOB)
  return result.rowCount > 0
}

/** The log keeps a month of finished deliveries. */
export async function pruneFinished(db: Queryable, before: Date): Promise<void> {
  await db.query(`delete from lead_webhook_deliveries where status <> 'pending' and coalesce(last_attempt_at, occurred_at) < $1`, [before])
}

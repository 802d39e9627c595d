import type { Queryable } from '../../db/client.ts'
import type { ReminderState } from '../../../shared/rules/reminders.ts'
import { ERASED_ADDRESS } from '../erasure.ts'
import { SUPPRESSED } from './messages.repo.ts'

/**
 * Reminders before the exhibition (docs/product.md#reminders-before-the-exhibition): the settings, the
 * reminders set, and one row per address and reminder. Reads tickets, orders, attendees, accounts.
 */

const ERASED_DOMAIN = ERASED_ADDRESS.slice(ERASED_ADDRESS.indexOf('@'))

export interface ReminderText {
  locale: string
  body: string
}

export interface SettingsRow {
  enabled: boolean
  texts: ReminderText[]
}

export interface ReminderRow {
  exhibition_id: number
  offset_hours: number
  removed: boolean
  state: ReminderState
  set_at: Date
  due_at: Date | null
}

const REMINDER_COLUMNS = 'exhibition_id, offset_hours, removed, state, set_at, due_at'

export async function settingsOf(db: Queryable, exhibitionId: number, lock = false): Promise<SettingsRow | null> {
  const result = await db.query<SettingsRow>(`select enabled, texts from reminder_settings where exhibition_id = $1${lock ? ' for update' : ''}`, [
    exhibitionId,
  ])
  return result.rows[0] ?? null
}

export async function saveSettings(tx: Queryable, exhibitionId: number, settings: SettingsRow, staffId: string, now: Date): Promise<void> {
  await tx.query(
    `insert into reminder_settings (exhibition_id, enabled, texts, updated_by, updated_at) values ($1, $2, $3, $4, $5)
     on conflict (exhibition_id) do update set enabled = excluded.enabled, texts = excluded.texts, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [exhibitionId, settings.enabled, JSON.stringify(settings.texts), staffId, now],
  )
}

/** Every reminder ever set for the exhibition, the furthest from the opening first. */
export async function remindersOf(db: Queryable, exhibitionId: number): Promise<ReminderRow[]> {
  const result = await db.query<ReminderRow>(`select ${REMINDER_COLUMNS} from reminders where exhibition_id = $1 order by offset_hours desc`, [exhibitionId])
  return result.rows
}

/**
 * The reminders wanted now: the others are marked removed (their rows and recipients stay, so setting
 * one again mails nobody twice). `restart`: the reminders were off and are on again, so each counts as
 * set now, like a new one or one set again: a time already past then is never sent.
 */
export async function setReminders(tx: Queryable, exhibitionId: number, hours: number[], restart: boolean, now: Date): Promise<void> {
  await tx.query('update reminders set removed = true where exhibition_id = $1 and not (offset_hours = any($2::int[]))', [exhibitionId, hours])
  await tx.query(
    `insert into reminders (exhibition_id, offset_hours, set_at) select $1, unnest($2::int[]), $3
     on conflict (exhibition_id, offset_hours) do update set
       set_at = case when reminders.removed or $4 then excluded.set_at else reminders.set_at end,
       state = case when reminders.state = 'missed' and (reminders.removed or $4) then 'scheduled' else reminders.state end,
       removed = false`,
    [exhibitionId, hours, now, restart],
  )
}

export interface ReminderCounts {
  queued: number
  sent: number
  failed: number
  skipped: number
}

/** Progress per reminder, counted as messages' are (docs/product.md#messages): sent once the outbox sent it, failed after 8 attempts. */
export async function countsOf(db: Queryable, exhibitionId: number): Promise<Map<number, ReminderCounts>> {
  const result = await db.query<ReminderCounts & { offset_hours: number }>(
    `select r.offset_hours,
       count(*) filter (where r.state = 'queued' or (r.state = 'written' and o.sent_at is null and o.attempts < 8))::int as queued,
       count(*) filter (where r.state = 'written' and (o.sent_at is not null or o.id is null))::int as sent,
       count(*) filter (where r.state = 'written' and o.sent_at is null and o.attempts >= 8)::int as failed,
       count(*) filter (where r.state = 'skipped')::int as skipped
     from reminder_recipients r left join mail_outbox o on o.id = r.outbox_id
     where r.exhibition_id = $1 group by r.offset_hours`,
    [exhibitionId],
  )
  return new Map(result.rows.map(({ offset_hours, ...counts }) => [offset_hours, counts]))
}

export interface PendingReminder {
  exhibition_id: number
  offset_hours: number
  state: ReminderState
  set_at: Date
  starts_at: Date
  time_zone: string
}

/**
 * Reminders switched on, not finished, of a published exhibition (the mail shows what visitors see of
 * it; an unpublished one's reminders wait), whose time may have come: the exact time (counted on the venue's
 * wall clock) is the caller's; three hours of slack cover a change of daylight saving in between.
 */
export async function pendingReminders(db: Queryable, now: Date, limit: number): Promise<PendingReminder[]> {
  const result = await db.query<PendingReminder>(
    `select r.exhibition_id, r.offset_hours, r.state, r.set_at, e.starts_at, e.time_zone
     from reminders r
     join reminder_settings s on s.exhibition_id = r.exhibition_id and s.enabled
     join exhibitions e on e.id = r.exhibition_id and e.published
     where r.state in ('scheduled', 'sending') and not r.removed
       and e.starts_at - make_interval(hours => r.offset_hours + 3) <= $1
     order by e.starts_at - make_interval(hours => r.offset_hours), r.exhibition_id limit $2`,
    [now, limit],
  )
  return result.rows
}

/** The reminder locked, if it is still set and its reminders still on. */
export async function lockReminder(tx: Queryable, exhibitionId: number, offsetHours: number): Promise<(ReminderRow & { enabled: boolean }) | null> {
  const result = await tx.query<ReminderRow & { enabled: boolean }>(
    `select ${REMINDER_COLUMNS.split(', ')
      .map((column) => `r.${column}`)
      .join(', ')}, s.enabled
     from reminders r join reminder_settings s on s.exhibition_id = r.exhibition_id
     where r.exhibition_id = $1 and r.offset_hours = $2 for update of r`,
    [exhibitionId, offsetHours],
  )
  return result.rows[0] ?? null
}

export async function markMissed(tx: Queryable, exhibitionId: number, offsetHours: number, dueAt: Date, now: Date): Promise<void> {
  await tx.query(`update reminders set state = 'missed', due_at = $3, finished_at = $4 where exhibition_id = $1 and offset_hours = $2`, [
    exhibitionId,
    offsetHours,
    dueAt,
    now,
  ])
}

/**
 * Takes the reminder's recipients once: every address holding an e-ticket of the exhibition that is
 * valid (paid order, not voided by a refund or cancellation) and was paid by the reminder's time; one
 * row per address, in the language of their account when they have one, else the order's.
 */
export async function expandRecipients(tx: Queryable, exhibitionId: number, offsetHours: number, dueAt: Date, now: Date): Promise<void> {
  await tx.query(
    `insert into reminder_recipients (exhibition_id, offset_hours, email, locale)
     select distinct on (lower(a.email)) $1, $2, lower(a.email), coalesce(acc.locale, o.locale)
     from e_tickets t
     join ticket_orders o on o.id = t.order_id and o.status = 'paid' and o.paid_at <= $3
     join ticket_attendees a on a.id = t.attendee_id
     left join accounts acc on lower(acc.email) = lower(a.email)
     where t.exhibition_id = $1 and t.voided_at is null and lower(a.email) not like '%${ERASED_DOMAIN}'
     order by lower(a.email), acc.locale nulls last, o.paid_at
     on conflict do nothing`,
    [exhibitionId, offsetHours, dueAt],
  )
  await tx.query(`update reminders set state = 'sending', due_at = $3, expanded_at = $4 where exhibition_id = $1 and offset_hours = $2`, [
    exhibitionId,
    offsetHours,
    dueAt,
    now,
  ])
}

/** The languages of the recipients still to write (the caller reads the exhibition in each beforehand). */
export async function queuedLocales(db: Queryable, exhibitionId: number, offsetHours: number): Promise<string[]> {
  const result = await db.query<{ locale: string }>(
    `select distinct locale from reminder_recipients where exhibition_id = $1 and offset_hours = $2 and state = 'queued'`,
    [exhibitionId, offsetHours],
  )
  return result.rows.map((row) => row.locale)
}

export interface QueuedRecipient {
  email: string
  locale: string
  suppressed: boolean
}

/** The next recipients to write, locked, each with whether the address bounced for good. */
export async function claimQueued(tx: Queryable, exhibitionId: number, offsetHours: number, brand: string, limit: number): Promise<QueuedRecipient[]> {
  const result = await tx.query<QueuedRecipient>(
    `select r.email, r.locale, ${SUPPRESSED('r.email', "'transactional'").replace('$brand', '$4')} as suppressed
     from reminder_recipients r where r.exhibition_id = $1 and r.offset_hours = $2 and r.state = 'queued'
     order by r.email limit $3 for update of r skip locked`,
    [exhibitionId, offsetHours, limit, brand],
  )
  return result.rows
}

export interface HeldTicket {
  id: string
  code: string
  position: number
  first_name: string
  last_name: string
  order_number: string
  ticket_name: string
}

/** The address's valid e-tickets of the exhibition paid by the reminder's time, by order, ticket types named in `locale`. */
export async function ticketsOf(db: Queryable, exhibitionId: number, email: string, dueAt: Date, locale: string): Promise<HeldTicket[]> {
  const result = await db.query<HeldTicket>(
    `select t.id, t.code, a.position, a.first_name, a.last_name, o.number as order_number,
       coalesce(tt.texts -> $4 ->> 'name', tt.texts -> 'en' ->> 'name', tt.key) as ticket_name
     from e_tickets t
     join ticket_orders o on o.id = t.order_id and o.status = 'paid' and o.paid_at <= $3
     join ticket_attendees a on a.id = t.attendee_id
     join ticket_types tt on tt.id = t.ticket_type_id
     where t.exhibition_id = $1 and t.voided_at is null and lower(a.email) = $2
     order by o.paid_at, o.number, a.position`,
    [exhibitionId, email, dueAt, locale],
  )
  return result.rows
}

export async function markWritten(tx: Queryable, exhibitionId: number, offsetHours: number, email: string, outboxId: string | null, now: Date) {
  await tx.query(`update reminder_recipients set state = $4, outbox_id = $5, written_at = $6 where exhibition_id = $1 and offset_hours = $2 and email = $3`, [
    exhibitionId,
    offsetHours,
    email,
    outboxId === null ? 'skipped' : 'written',
    outboxId,
    outboxId === null ? null : now,
  ])
}

/** Marks the reminder sent when nobody is left to write. */
export async function finishIfDone(tx: Queryable, exhibitionId: number, offsetHours: number, now: Date): Promise<void> {
  await tx.query(
    `update reminders set state = 'sent', finished_at = $3 where exhibition_id = $1 and offset_hours = $2 and state = 'sending'
       and not exists (select 1 from reminder_recipients r where r.exhibition_id = $1 and r.offset_hours = $2 and r.state = 'queued')`,
    [exhibitionId, offsetHours, now],
  )
}

/** Whether the exhibition has a floor plan to link (docs/product.md#floor-plans). */
export async function hasFloorPlan(db: Queryable, exhibitionId: number): Promise<boolean> {
  const result = await db.query('select 1 from floor_plan_halls where exhibition_id = $1 limit 1', [exhibitionId])
  return (result.rowCount ?? 0) > 0
}

export async function exhibitionOf(db: Queryable, id: number): Promise<{ id: number; time_zone: string; starts_at: Date } | null> {
  const result = await db.query<{ id: number; time_zone: string; starts_at: Date }>('select id, time_zone, starts_at from exhibitions where id = $1', [id])
  return result.rows[0] ?? null
}

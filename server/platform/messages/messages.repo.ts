import type { Queryable } from '../../db/client.ts'
import { ERASED_ADDRESS } from '../erasure.ts'

/** Erased holders' addresses are markers at this domain (erased-<position>@erased.invalid): nobody to mail. */
const ERASED_DOMAIN = ERASED_ADDRESS.slice(ERASED_ADDRESS.indexOf('@'))
import type { CheckedInFilter, MessageAudience, MessageKind, MessageState } from '../../../shared/rules/messages.ts'
import type { MessageText } from './message-mail.ts'

/** Who a message goes to, as stored and as counted before sending. */
export interface AudienceFilter {
  exhibitionId: number
  audience: MessageAudience
  ticketTypeIds: number[]
  checkedIn: CheckedInFilter
}

export interface MessageRow {
  id: number
  exhibition_id: number
  audience: MessageAudience
  ticket_type_ids: number[]
  checked_in: CheckedInFilter
  kind: MessageKind
  texts: MessageText[]
  state: MessageState
  send_at: Date
  created_at: Date
}

const COLUMNS = 'id::int as id, exhibition_id, audience, ticket_type_ids, checked_in, kind, texts, state, send_at, created_at'

/**
 * The addresses of an audience, one row per address (lower case), with the reader's language: their
 * own account's when they have one, else the order's (attendees), the account's (exhibitors' teams).
 * Attendees are the holders of the paid orders' e-tickets (not the erased ones, whose address is a
 * marker); `$3` picks checked in ('yes'), not ('no') or both.
 */
const AUDIENCE_SQL = `
  select distinct on (email) email, locale from (
    select lower(a.email) as email, coalesce(acc.locale, o.locale) as locale, t.issued_at as since
    from e_tickets t
    join ticket_orders o on o.id = t.order_id and o.status = 'paid'
    join ticket_attendees a on a.id = t.attendee_id
    left join accounts acc on lower(acc.email) = lower(a.email)
    where $4 = 'attendees' and t.exhibition_id = $1 and lower(a.email) not like '%${ERASED_DOMAIN}'
      and (cardinality($2::int[]) = 0 or t.ticket_type_id = any($2::int[]))
      and ($3 = 'any' or ($3 = 'yes') = exists (
        select 1 from checkin_scans c where c.ticket_id = t.id and c.outcome = 'checkedIn' and c.undone_at is null))
    union all
    select lower(acc.email), acc.locale, m.created_at
    from exhibitors x
    join exhibitor_members m on m.exhibitor_id = x.id
    join accounts acc on acc.id = m.account_id
    where $4 = 'exhibitors' and x.exhibition_id = $1 and x.status = 'active'
  ) people
  order by email, since`

const audienceParams = (filter: AudienceFilter) => [filter.exhibitionId, filter.ticketTypeIds, filter.checkedIn, filter.audience]

/** An address that must not get this kind of mail: unsubscribed or complained (marketing), bounced (any). */
export const SUPPRESSED = (address: string, kind: string) => `exists (
  select 1 from mail_suppressions s
  where s.brand = $brand and s.address_hash = sha256(convert_to(${address}, 'UTF8'))
    and (s.reason = 'bounced' or ${kind} = 'marketing'))`

const suppressed = (address: string, kind: string, brandParameter: string) => SUPPRESSED(address, kind).replace('$brand', brandParameter)

export async function countAudience(db: Queryable, filter: AudienceFilter, kind: MessageKind, brand: string) {
  const result = await db.query<{ addresses: number; suppressed: number }>(
    `select count(*)::int as addresses, count(*) filter (where ${suppressed('p.email', '$5', '$6')})::int as suppressed
     from (${AUDIENCE_SQL}) p`,
    [...audienceParams(filter), kind, brand],
  )
  return result.rows[0] as { addresses: number; suppressed: number }
}

/** The job that sends what is due; a message sent now asks for its round when its transaction commits. */
export const MESSAGES_JOB = 'messages.send'

export async function insertMessage(
  tx: Queryable,
  input: AudienceFilter & { kind: MessageKind; texts: MessageText[]; sendAt: Date; staffId: string },
): Promise<MessageRow> {
  const result = await tx.query<MessageRow>(
    `insert into messages (exhibition_id, audience, ticket_type_ids, checked_in, kind, texts, send_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
    [input.exhibitionId, input.audience, input.ticketTypeIds, input.checkedIn, input.kind, JSON.stringify(input.texts), input.sendAt, input.staffId],
  )
  return result.rows[0] as MessageRow
}

export async function messageById(db: Queryable, id: number, lock = false): Promise<MessageRow | null> {
  const result = await db.query<MessageRow>(`select ${COLUMNS} from messages where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function messagesOf(db: Queryable, exhibitionId: number, limit: number): Promise<MessageRow[]> {
  const result = await db.query<MessageRow>(`select ${COLUMNS} from messages where exhibition_id = $1 order by created_at desc, id desc limit $2`, [
    exhibitionId,
    limit,
  ])
  return result.rows
}

export interface Counts {
  queued: number
  sent: number
  failed: number
  skipped: number
  cancelled: number
}

/**
 * Progress per message: a recipient written to the outbox counts as sent once the outbox sent it (or
 * an erasure took the mail away), failed when the outbox gave up (8 attempts), queued until then.
 */
export async function countsOf(db: Queryable, ids: number[]): Promise<Map<number, Counts>> {
  const result = await db.query<Counts & { message_id: number }>(
    `select r.message_id::int as message_id,
       count(*) filter (where r.state = 'queued' or (r.state = 'written' and o.sent_at is null and o.attempts < 8))::int as queued,
       count(*) filter (where r.state = 'written' and (o.sent_at is not null or o.id is null))::int as sent,
       count(*) filter (where r.state = 'written' and o.sent_at is null and o.attempts >= 8)::int as failed,
       count(*) filter (where r.state = 'skipped')::int as skipped,
       count(*) filter (where r.state = 'cancelled')::int as cancelled
     from message_recipients r left join mail_outbox o on o.id = r.outbox_id
     where r.message_id = any($1::bigint[]) group by r.message_id`,
    [ids],
  )
  return new Map(result.rows.map(({ message_id, ...counts }) => [message_id, counts]))
}

/** Messages whose time has come and that nobody has started; the oldest first. */
export async function dueMessages(db: Queryable, now: Date, limit: number): Promise<number[]> {
  const result = await db.query<{ id: number }>(
    `select id::int as id from messages where state in ('scheduled', 'sending') and send_at <= $1 order by send_at, id limit $2`,
    [now, limit],
  )
  return result.rows.map((row) => row.id)
}

/** Takes the list of recipients once, when the message starts: the primary key drops repeated addresses. */
export async function expandRecipients(tx: Queryable, message: MessageRow, now: Date): Promise<void> {
  await tx.query(
    `insert into message_recipients (message_id, email, locale)
     select $5, p.email, p.locale from (${AUDIENCE_SQL}) p on conflict do nothing`,
    [
      ...audienceParams({
        exhibitionId: message.exhibition_id,
        audience: message.audience,
        ticketTypeIds: message.ticket_type_ids,
        checkedIn: message.checked_in,
      }),
      message.id,
    ],
  )
  await tx.query(`update messages set state = 'sending', expanded_at = $2 where id = $1`, [message.id, now])
}

/**
 * Mails written to the outbox by every message and reminder (docs/product.md#reminders-before-the-exhibition)
 * since `since`, the minute before now: the rate's budget is what is left.
 */
export async function writtenSince(db: Queryable, since: Date): Promise<number> {
  const result = await db.query<{ n: number }>(
    `select ((select count(*) from message_recipients where written_at > $1) + (select count(*) from reminder_recipients where written_at > $1))::int as n`,
    [since],
  )
  return result.rows[0]?.n ?? 0
}

export interface QueuedRecipient {
  email: string
  locale: string
  suppressed: boolean
}

/** The next recipients of a message still to write, locked, each with whether their address is suppressed. */
export async function claimQueued(tx: Queryable, message: MessageRow, brand: string, limit: number): Promise<QueuedRecipient[]> {
  const result = await tx.query<QueuedRecipient>(
    `select r.email, r.locale, ${suppressed('r.email', '$3', '$4')} as suppressed
     from message_recipients r where r.message_id = $1 and r.state = 'queued'
     order by r.email limit $2 for update of r skip locked`,
    [message.id, limit, message.kind, brand],
  )
  return result.rows
}

export async function markWritten(tx: Queryable, messageId: number, email: string, outboxId: string, tokenHash: Buffer | null, now: Date) {
  await tx.query(`update message_recipients set state = 'written', outbox_id = $3, token_hash = $4, written_at = $5 where message_id = $1 and email = $2`, [
    messageId,
    email,
    outboxId,
    tokenHash,
    now,
  ])
}

export async function markSkipped(tx: Queryable, messageId: number, email: string) {
  await tx.query(`update message_recipients set state = 'skipped' where message_id = $1 and email = $2`, [messageId, email])
}

/** Marks the message sent when nobody is left to write. */
export async function finishIfDone(tx: Queryable, messageId: number, now: Date): Promise<boolean> {
  const result = await tx.query(
    `update messages set state = 'sent', finished_at = $2 where id = $1 and state = 'sending'
       and not exists (select 1 from message_recipients r where r.message_id = $1 and r.state = 'queued')`,
    [messageId, now],
  )
  return (result.rowCount ?? 0) > 0
}

export async function cancel(tx: Queryable, messageId: number, now: Date): Promise<void> {
  await tx.query(`update messages set state = 'cancelled', cancelled_at = $2 where id = $1`, [messageId, now])
  await tx.query(`update message_recipients set state = 'cancelled' where message_id = $1 and state = 'queued'`, [messageId])
}

/** The recipient an unsubscribe link was made for (by the SHA-256 of its token). */
export async function recipientByToken(db: Queryable, tokenHash: Buffer): Promise<{ email: string } | null> {
  const result = await db.query<{ email: string }>('select email from message_recipients where token_hash = $1', [tokenHash])
  return result.rows[0] ?? null
}

/** Keeps an address from later mail of this brand; saying it twice changes nothing. */
export async function suppress(db: Queryable, brand: string, email: string, reason: string): Promise<void> {
  await db.query(`insert into mail_suppressions (brand, address_hash, reason) values ($1, sha256(convert_to(lower($2), 'UTF8')), $3) on conflict do nothing`, [
    brand,
    email,
    reason,
  ])
}

export async function staffEmail(db: Queryable, staffId: string): Promise<string | null> {
  const result = await db.query<{ email: string }>('select email from staff_members where id = $1', [staffId])
  return result.rows[0]?.email ?? null
}

export async function exhibitionOf(db: Queryable, id: number): Promise<{ id: number; time_zone: string } | null> {
  const result = await db.query<{ id: number; time_zone: string }>('select id, time_zone from exhibitions where id = $1', [id])
  return result.rows[0] ?? null
}

/** An exhibition's ticket types, named in `locale` (else English, else the key). */
export async function ticketTypesOf(db: Queryable, exhibitionId: number, locale: string): Promise<Array<{ id: number; name: string }>> {
  const result = await db.query<{ id: number; name: string }>(
    `select id, coalesce(texts -> $2 ->> 'name', texts -> 'en' ->> 'name', key) as name from ticket_types where exhibition_id = $1 order by sort, id`,
    [exhibitionId, locale],
  )
  return result.rows
}

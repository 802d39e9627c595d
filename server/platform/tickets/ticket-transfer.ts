import { createHash, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/tickets.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import { displayName } from '../../../shared/rules/names.ts'
import { checkTicketAnswers, questionsForType } from '../../../shared/rules/ticket-questions.ts'
import { attendeeChangesOpen, MESSAGES } from '../../../shared/rules/tickets.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, invalid, notFound } from '../errors.ts'
import { isCountryCode } from '../kit/country-names.ts'
import type { RateRule } from '../rate-limits.ts'
import { type TicketFacts, ticketFacts } from './console/order-detail.ts'
import * as staffOrders from './console/staff-orders.repo.ts'
import type { ExhibitionInfo } from './exhibition-info.ts'
import { orderTransaction } from './lock-pending.ts'
import { queueAttendeeTickets, queueTransferMails } from './order-mails.ts'
import * as orders from './orders.repo.ts'
import * as questions from './questions.repo.ts'
import { countriesFor, questionViewsOf } from './ticket-answers.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'

/** Offers and their answers: enough for a person handing on a few tickets, not for a script sending them around. */
export const TRANSFERS_PER_ACCOUNT: RateRule = { name: 'tickets.transfer.account', points: 20, durationSeconds: 60 * 60 }
/** A transfer waits this long for its recipient, never past the cut-off (docs/product.md#ticket-transfer). */
export const TRANSFER_DAYS = 7

type TransferStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'lapsed'

interface TransferRow {
  id: string
  order_id: string
  attendee_id: string
  sender_role: 'buyer' | 'holder'
  sender_account_id: string | null
  sender_name: string
  recipient_email: string
  recipient_locale: string
  message: string
  status: TransferStatus
  expires_at: Date
  recipient_account_id: string | null
  /** Read with the database's clock: a pending one past its time reads as lapsed. */
  lapsed: boolean
}

const COLUMNS = `t.id::text, t.order_id::text, t.attendee_id::text, t.sender_role, t.sender_account_id::text, t.sender_name, t.recipient_email,
  t.recipient_locale, t.message, t.status, t.expires_at, t.recipient_account_id::text, (t.status = 'pending' and t.expires_at <= now()) as lapsed`

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/** The instant changes close (docs/product.md#attendee-changes): the cut-off, or the exhibition's start. */
const cutOff = (info: Pick<ExhibitionInfo, 'startsAt' | 'attendeeChangesUntil'>) => new Date(info.attendeeChangesUntil ?? info.startsAt)

/**
 * The ticket a caller may hand on: the buyer's while it was never transferred away, or the holder's
 * (signed in with its verified address); anyone else hears 404, as for a ticket that does not exist.
 * Locked: the order's row first, the same first lock as cancelling or renaming a ticket.
 */
async function senderTicket(db: Queryable, caller: Caller, number: string, position: number, lock: boolean) {
  const found = await db.query<{ order_id: string; attendee_id: string; holder: boolean }>(
    `select o.id::text as order_id, a.id::text as attendee_id,
            exists (select 1 from accounts c where c.id = $3 and c.email_verified_at is not null and lower(c.email) = lower(a.email)) as holder
       from ticket_orders o join ticket_attendees a on a.order_id = o.id
      where o.number = $1 and a.position = $2 and o.order_kind = 'tickets' and o.pass_exhibitor_id is null
        and ((o.account_id = $3 and a.transferred_at is null)
          or exists (select 1 from accounts c where c.id = $3 and c.email_verified_at is not null and lower(c.email) = lower(a.email)))
      ${lock ? 'for update of o' : ''}`,
    [number, position, caller.userId],
  )
  const row = found.rows[0]
  if (!row) throw notFound()
  const order = (await orders.orderById(db, row.order_id)) as orders.OrderRow
  return { order, attendeeId: row.attendee_id, by: row.holder ? ('holder' as const) : ('buyer' as const) }
}

/** Why a ticket cannot change hands now, or null (paid, before the cut-off, live, not used at the door). */
function refusal(order: orders.OrderRow, info: ExhibitionInfo, ticket: TicketFacts | undefined): string | null {
  if (order.status !== 'paid') return order.status === 'cancelled' ? 'tickets:attendeeChange.cancelled' : 'tickets:attendeeChange.notPaid'
  if (!attendeeChangesOpen(info, new Date())) return 'tickets:attendeeChange.closed'
  if (!ticket || ticket.voided || ticket.refunded) return 'tickets:attendeeChange.voided'
  if (ticket.checkedIn) return 'tickets:transfer.checkedIn'
  return null
}

async function latestTransfer(tx: Queryable, attendeeId: string): Promise<TransferRow | undefined> {
  const found = await tx.query<TransferRow>(`select ${COLUMNS} from ticket_transfers t where t.attendee_id = $1 order by t.created_at desc limit 1`, [
    attendeeId,
  ])
  return found.rows[0]
}

/**
 * Offers a ticket to another address (docs/product.md#ticket-transfer): until the cut-off, for a live
 * ticket not used at the door, never to its own holder or the sender, one offer at a time. The
 * recipient is mailed a personal link (only its hash is kept) in their language: their account's,
 * otherwise the sender's. The offer lapses after TRANSFER_DAYS or at the cut-off, whichever is first.
 */
export async function transferTicket(
  context: TicketsContext,
  caller: Caller,
  payload: z.output<typeof contracts.transferTicket.payload>,
): Promise<z.output<typeof contracts.transferTicket.result>> {
  const { db, rateLimits } = context.platform
  await rateLimits.consume(TRANSFERS_PER_ACCOUNT, caller.userId)
  // Read before the transaction: the exhibitions domain asks its own connection (PGlite has one).
  const { order: first } = await senderTicket(db, caller, payload.orderNumber, payload.position, false)
  const info = await context.exhibitions.get(first.exhibition_id, first.locale as Locale)
  return orderTransaction(db, async (tx) => {
    const { order, attendeeId, by } = await senderTicket(tx, caller, payload.orderNumber, payload.position, true)
    const ticket = (await ticketFacts(tx, order, order.locale as Locale)).find((row) => row.attendeeId === attendeeId)
    const refused = refusal(order, info, ticket)
    if (refused) throw conflict(refused)
    const attendees = await orders.attendeesOf(tx, order.id)
    const current = attendees.find((row) => row.id === attendeeId) as orders.AttendeeRow
    const recipient = payload.email.toLowerCase()
    const sender = await tx.query<{ email: string; nick: string; locale: string }>('select email, nick, locale from accounts where id = $1', [caller.userId])
    if (recipient === current.email.toLowerCase() || recipient === sender.rows[0]?.email.toLowerCase()) throw invalid({ email: 'tickets:transfer.toSelf' })
    // The order's addresses differ ticket by ticket (its unique index): someone holding another ticket of it cannot take this one too.
    if (attendees.some((row) => row.email.toLowerCase() === recipient)) throw invalid({ email: 'tickets:transfer.holdsOne' })
    await tx.query(`update ticket_transfers set status = 'lapsed', decided_at = now() where attendee_id = $1 and status = 'pending' and expires_at <= now()`, [
      attendeeId,
    ])
    const pending = await latestTransfer(tx, attendeeId)
    if (pending?.status === 'pending') throw conflict('tickets:transfer.pending')
    const account = await tx.query<{ locale: string }>('select locale from accounts where lower(email) = $1', [recipient])
    const accountLocale = account.rows[0]?.locale
    const recipientLocale = accountLocale && (LOCALES as readonly string[]).includes(accountLocale) ? (accountLocale as Locale) : caller.locale
    const expiresAt = new Date(Math.min(Date.now() + TRANSFER_DAYS * 86_400_000, cutOff(info).getTime()))
    const token = randomBytes(24).toString('base64url')
    const senderName = by === 'holder' ? displayName({ first: current.first_name, last: current.last_name }) : (sender.rows[0]?.nick ?? '')
    const inserted = await tx.query<{ id: string }>(
      `insert into ticket_transfers (order_id, attendee_id, sender_role, sender_account_id, sender_name, recipient_email, recipient_locale, message, token_hash, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text`,
      [order.id, attendeeId, by, caller.userId, senderName.slice(0, 130), payload.email, recipientLocale, payload.message, hashToken(token), expiresAt],
    )
    await orders.logEvent(tx, order.id, 'transferOffered', {
      position: payload.position,
      by,
      userId: caller.userId,
      transferId: inserted.rows[0]?.id,
      to: payload.email,
    })
    await queueTransferMails(context, tx, order, info, {
      kind: 'offered',
      holder: current,
      recipient: { email: payload.email, locale: recipientLocale },
      senderName,
      message: payload.message,
      token,
      expiresAt,
    })
    return { position: payload.position, recipientEmail: payload.email, expiresAt: expiresAt.toISOString() }
  })
}

/** The sender takes back an offer not yet accepted; a second click finds it taken back already and says so again. */
export async function cancelTransfer(
  context: TicketsContext,
  caller: Caller,
  payload: z.output<typeof contracts.cancelTransfer.payload>,
): Promise<z.output<typeof contracts.cancelTransfer.result>> {
  const { db, rateLimits } = context.platform
  await rateLimits.consume(TRANSFERS_PER_ACCOUNT, caller.userId)
  const { order: first } = await senderTicket(db, caller, payload.orderNumber, payload.position, false)
  const info = await context.exhibitions.get(first.exhibition_id, first.locale as Locale)
  return orderTransaction(db, async (tx) => {
    const { order, attendeeId, by } = await senderTicket(tx, caller, payload.orderNumber, payload.position, true)
    const transfer = await latestTransfer(tx, attendeeId)
    if (transfer?.status === 'cancelled') return { cancelled: true as const }
    if (transfer?.status !== 'pending' || transfer.lapsed) throw conflict('tickets:transfer.noneWaiting')
    await tx.query(`update ticket_transfers set status = 'cancelled', decided_at = now() where id = $1`, [transfer.id])
    await orders.logEvent(tx, order.id, 'transferCancelled', { position: payload.position, by, userId: caller.userId, transferId: transfer.id })
    const holder = (await orders.attendeesOf(tx, order.id)).find((row) => row.id === attendeeId) as orders.AttendeeRow
    await queueTransferMails(context, tx, order, info, {
      kind: 'cancelled',
      holder,
      recipient: { email: transfer.recipient_email, locale: transfer.recipient_locale as Locale },
    })
    return { cancelled: true as const }
  })
}

/**
 * The transfer a link names, for the caller signed in with the address it was sent to (verified);
 * a wrong token and someone else's transfer are the same 404.
 */
async function transferOfRecipient(db: Queryable, caller: Caller, token: string, lock: boolean): Promise<TransferRow> {
  const found = await db.query<TransferRow>(
    `select ${COLUMNS} from ticket_transfers t
      where t.token_hash = $1
        and exists (select 1 from accounts c where c.id = $2 and c.email_verified_at is not null and lower(c.email) = lower(t.recipient_email))
      ${lock ? 'for update of t' : ''}`,
    [hashToken(token), caller.userId],
  )
  const row = found.rows[0]
  if (!row) throw notFound()
  return row
}

const stateOf = (transfer: TransferRow): TransferStatus => (transfer.lapsed ? 'lapsed' : transfer.status)

/** What the link offers: the exhibition, the ticket, who sends it and their words, and the form's questions for its type. */
export async function transferOffer(context: TicketsContext, caller: Caller, token: string): Promise<z.output<typeof contracts.transferOffer.result>> {
  const { db } = context.platform
  const transfer = await transferOfRecipient(db, caller, token, false)
  const order = (await orders.orderById(db, transfer.order_id)) as orders.OrderRow
  const info = await context.exhibitions.get(order.exhibition_id, caller.locale)
  const ticket = (await ticketFacts(db, order, caller.locale)).find((row) => row.attendeeId === transfer.attendee_id)
  const views = await questionViewsOf(db, order.exhibition_id, caller.locale)
  const asked = ticket ? questionsForType(views, ticket.ticketTypeId) : []
  return {
    state: stateOf(transfer),
    exhibitionTitle: info.title,
    ticketName: ticket?.typeName ?? '',
    ticketTypeId: ticket?.ticketTypeId ?? 0,
    sender: transfer.sender_name,
    recipientEmail: transfer.recipient_email,
    message: transfer.message,
    expiresAt: transfer.expires_at.toISOString(),
    timeZone: info.timeZone,
    questions: asked,
    countries: countriesFor(asked, caller.locale),
  }
}

/**
 * The recipient accepts with their own details (docs/product.md#ticket-transfer): in one transaction with
 * the order's row locked (the lock a buyer cancelling the ticket and a sender taking the offer back
 * take first), the ticket's attendee becomes them, the previous holder's answers and consent go, the
 * ticket is re-issued (a new id and code: the door refuses the old code at once, offline lists drop it
 * on their next sync), and they are mailed the new e-ticket in their language; the buyer and the
 * previous holder are told. Accepting again answers the same.
 */
export async function acceptTransfer(
  context: TicketsContext,
  caller: Caller,
  payload: z.output<typeof contracts.acceptTransfer.payload>,
): Promise<z.output<typeof contracts.acceptTransfer.result>> {
  const { db, rateLimits } = context.platform
  await rateLimits.consume(TRANSFERS_PER_ACCOUNT, caller.userId)
  const first = await transferOfRecipient(db, caller, payload.token, false)
  const firstOrder = (await orders.orderById(db, first.order_id)) as orders.OrderRow
  const info = await context.exhibitions.get(firstOrder.exhibition_id, firstOrder.locale as Locale)
  return orderTransaction(db, async (tx) => {
    const order = (await orders.orderById(tx, first.order_id, true)) as orders.OrderRow
    const transfer = await transferOfRecipient(tx, caller, payload.token, true)
    const attendees = await orders.attendeesOf(tx, order.id)
    const current = attendees.find((row) => row.id === transfer.attendee_id) as orders.AttendeeRow
    if (transfer.status === 'accepted' && transfer.recipient_account_id === caller.userId) return { orderNumber: order.number, position: current.position }
    if (transfer.status !== 'pending' || transfer.lapsed) throw conflict(`tickets:transfer.${stateOf(transfer)}`)
    const ticket = (await ticketFacts(tx, order, order.locale as Locale)).find((row) => row.attendeeId === transfer.attendee_id)
    const refused = refusal(order, info, ticket)
    if (refused || !ticket) throw conflict(refused ?? 'tickets:attendeeChange.voided')
    const { answers, phone, ...details } = payload.attendee
    const checked = checkTicketAnswers(
      questionsForType(await questionViewsOf(tx, order.exhibition_id, caller.locale), ticket.ticketTypeId),
      answers,
      isCountryCode,
    )
    if (Object.keys(checked.errors).length)
      throw invalid(Object.fromEntries(Object.entries(checked.errors).map(([id, key]) => [`attendee.answers.${id}`, key])))
    if (attendees.some((row) => row.id !== current.id && row.phone_e164 === phone.e164)) throw invalid({ 'attendee.phone': MESSAGES.phoneRepeated })
    if (attendees.some((row) => row.id !== current.id && row.email.toLowerCase() === transfer.recipient_email.toLowerCase()))
      throw conflict('tickets:transfer.holdsOne')
    const next: orders.AttendeeRow = {
      ...current,
      first_name: details.firstName,
      last_name: details.lastName,
      company: details.company,
      job_title: details.jobTitle,
      email: transfer.recipient_email,
      phone_e164: phone.e164,
      phone_country: phone.country,
      identity: details.identity,
      industry: details.industry,
      shares: [...details.shares],
    }
    await staffOrders.updateAttendee(tx, next)
    await tx.query('update ticket_attendees set shares = $2, transferred_at = now() where id = $1', [current.id, next.shares])
    await questions.replaceAnswers(tx, current.id, checked.clean)
    // Null when a door's scan reached the ticket since the check above: refused the same way.
    const code = await staffOrders.reissueTicket(tx, ticket.id, (id) => context.signer.sign(id, order.exhibition_id))
    if (!code) throw conflict('tickets:transfer.checkedIn')
    await tx.query(`update ticket_transfers set status = 'accepted', decided_at = now(), recipient_account_id = $2 where id = $1`, [transfer.id, caller.userId])
    await orders.logEvent(tx, order.id, 'ticketTransferred', { position: current.position, by: 'holder', userId: caller.userId, transferId: transfer.id })
    await orders.logEvent(tx, order.id, 'ticketReissued', { position: current.position, by: 'holder', userId: caller.userId })
    // The new holder's e-ticket in their own language; the order's other mails keep the order's.
    const theirs = { ...order, locale: transfer.recipient_locale }
    await queueAttendeeTickets(context, tx, theirs, info, [{ attendee: next, ticketName: ticket.typeName, code }], { includeBuyer: true })
    await queueTransferMails(context, tx, order, info, {
      kind: 'accepted',
      holder: current,
      newHolder: displayName({ first: next.first_name, last: next.last_name }),
    })
    return { orderNumber: order.number, position: current.position }
  })
}

/** The recipient declines: the ticket stays where it was, and the buyer and holder are told. Declining again answers the same. */
export async function declineTransfer(context: TicketsContext, caller: Caller, token: string): Promise<z.output<typeof contracts.declineTransfer.result>> {
  const { db, rateLimits } = context.platform
  await rateLimits.consume(TRANSFERS_PER_ACCOUNT, caller.userId)
  const first = await transferOfRecipient(db, caller, token, false)
  const firstOrder = (await orders.orderById(db, first.order_id)) as orders.OrderRow
  const info = await context.exhibitions.get(firstOrder.exhibition_id, firstOrder.locale as Locale)
  return orderTransaction(db, async (tx) => {
    const order = (await orders.orderById(tx, first.order_id, true)) as orders.OrderRow
    const transfer = await transferOfRecipient(tx, caller, token, true)
    if (transfer.status === 'declined') return { declined: true as const }
    if (transfer.status !== 'pending' || transfer.lapsed) throw conflict(`tickets:transfer.${stateOf(transfer)}`)
    await tx.query(`update ticket_transfers set status = 'declined', decided_at = now(), recipient_account_id = $2 where id = $1`, [transfer.id, caller.userId])
    const holder = (await orders.attendeesOf(tx, order.id)).find((row) => row.id === transfer.attendee_id) as orders.AttendeeRow
    await orders.logEvent(tx, order.id, 'transferDeclined', { position: holder.position, userId: caller.userId, transferId: transfer.id })
    await queueTransferMails(context, tx, order, info, { kind: 'declined', holder, recipientEmail: transfer.recipient_email })
    return { declined: true as const }
  })
}

/** The order's transfers as its buyer's page shows them: waiting ones, and tickets now someone else's (named, nothing more). */
export async function transferStatesOf(db: Queryable, order: Pick<orders.OrderRow, 'id' | 'buyer_email'>, attendees: readonly orders.AttendeeRow[]) {
  const pending = await db.query<{ attendee_id: string; recipient_email: string; expires_at: Date }>(
    `select attendee_id::text, recipient_email, expires_at from ticket_transfers where order_id = $1 and status = 'pending' and expires_at > now()`,
    [order.id],
  )
  const states = new Map<string, z.output<typeof contracts.orderDetail>['transfers'][number]['transfer']>()
  for (const row of pending.rows)
    states.set(row.attendee_id, { state: 'pending', recipientEmail: row.recipient_email, expiresAt: row.expires_at.toISOString() })
  for (const attendee of attendees) {
    if (attendee.transferred_at && attendee.email.toLowerCase() !== order.buyer_email.toLowerCase() && !states.has(attendee.id))
      states.set(attendee.id, { state: 'transferred', holder: displayName({ first: attendee.first_name, last: attendee.last_name }) })
  }
  return states
}

/** Whether a ticket was handed on to someone other than the buyer: its buyer sees its holder's name, not their details or code. */
export const transferredAway = (attendee: orders.AttendeeRow, buyerEmail: string) =>
  attendee.transferred_at !== null && attendee.email.toLowerCase() !== buyerEmail.toLowerCase()

/** Transfers that name a person being erased (docs/decisions/0014-erasure-map.md): sent by them, to them or taken by them. */
export async function eraseTicketTransfers(tx: Queryable, person: { accountId: string; emails: readonly string[] }): Promise<void> {
  await tx.query(`delete from ticket_transfers where sender_account_id = $1 or recipient_account_id = $1 or lower(recipient_email) = any($2::text[])`, [
    person.accountId,
    person.emails.map((email) => email.toLowerCase()),
  ])
}

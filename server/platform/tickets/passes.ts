import { randomUUID } from 'node:crypto'
import type { ParsedAttendee } from '../../../shared/contracts/tickets.ts'
import type { Locale } from '../../../shared/languages.ts'
import { EXHIBITOR_MESSAGES } from '../../../shared/rules/exhibitors.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict } from '../errors.ts'
import { newOrderNumber } from './create-order.ts'
import { queueAttendeeTickets } from './order-mails.ts'
import * as orders from './orders.repo.ts'
import * as repo from './passes.repo.ts'
import type { ExhibitionInfo } from './exhibition-info.ts'
import type { TicketsContext } from './tickets-context.ts'
import { insertTicket } from './tickets.repo.ts'

/**
 * Team passes on the tickets' side (docs/product.md#team-passes): each pass is an order of its own
 * of one ticket of the exhibition's exhibitor-pass type, issued paid at no price (no payment, no
 * invoice, no seat counted), with one attendee and one signed e-ticket like every ticket. The
 * exhibitors domain decides who may name a pass and how many there are; it calls these inside its
 * own transaction, after locking the exhibitor.
 */

/** The person by the attendee form's rules, as its contract parsed them. */
export type PassHolder = ParsedAttendee

export interface IssuePass {
  exhibitorId: number
  /** Read before the transaction (`passExhibition`): the exhibitions domain answers on its own connection. */
  exhibition: ExhibitionInfo
  company: string
  /** The admin who names the person: the order is theirs (erased with them), never in their own orders. */
  accountId: string
  adminEmail: string
  /** The language of the e-ticket mail and PDF. */
  locale: Locale
  holder: PassHolder
}

export interface PassView {
  id: string
  firstName: string
  lastName: string
  email: string
  phone: string
  issuedAt: string
  checkedIn: boolean
  /** The mail of the e-ticket went out in this language. */
  locale: string
}

const PASS_TYPE_KEY = 'exhibitor-pass'

/** The exhibition's pass type, made the first time a pass is named there. */
async function passType(tx: Queryable, exhibitionId: number): Promise<repo.PassTypeRow> {
  const found = (await repo.passTypeOf(tx, exhibitionId)) ?? (await repo.insertPassType(tx, exhibitionId, PASS_TYPE_KEY))
  // The organiser already named an ordinary type so: the pass type waits for that key to be free.
  if (!found) throw conflict(EXHIBITOR_MESSAGES.passTypeKeyTaken)
  return found
}

export function passExhibition(context: TicketsContext, exhibitionId: number, locale: Locale): Promise<ExhibitionInfo> {
  return context.exhibitions.get(exhibitionId, locale)
}

export async function issuePass(context: TicketsContext, tx: Queryable, input: IssuePass): Promise<string> {
  const info = input.exhibition
  const type = await passType(tx, info.id)
  const order = await orders.insertOrder(tx, {
    number: newOrderNumber(),
    accountId: input.accountId,
    exhibitionId: info.id,
    locale: input.locale,
    buyerEmail: input.adminEmail,
    currency: type.currency,
    subtotalMinor: 0,
    discountMinor: 0,
    couponId: null,
    couponCode: null,
    paymentMinutes: 0,
    fromOrderId: null,
    idempotencyKey: randomUUID(),
  })
  await repo.markPassOrder(tx, order.id, input.exhibitorId)
  await orders.markPaid(tx, order.id)
  await orders.replaceLines(tx, order.id, [{ ticketTypeId: type.id, quantity: 1, unitPriceMinor: 0 }])
  await orders.replaceAttendees(tx, order.id, [orders.attendeeValues(input.holder)])
  const [attendee] = await orders.attendeesOf(tx, order.id)
  if (!attendee) throw new Error('pass attendee missing after insert')
  const ticketId = randomUUID()
  const code = context.signer.sign(ticketId, info.id)
  await insertTicket(tx, { id: ticketId, orderId: order.id, attendeeId: attendee.id, exhibitionId: info.id, ticketTypeId: type.id, code })
  await orders.logEvent(tx, order.id, 'paid', { via: 'exhibitorPass', exhibitorId: input.exhibitorId })
  const paid = { ...order, pass_exhibitor_id: String(input.exhibitorId), status: 'paid' as const }
  const ticketName = context.strings(input.locale)('exhibitorPass.name', { company: input.company })
  await queueAttendeeTickets(context, tx, paid, info, [{ attendee, ticketName, code }], { includeBuyer: true })
  return ticketId
}

const viewOf = (row: repo.PassRow): PassView => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone_e164,
  issuedAt: row.issued_at.toISOString(),
  checkedIn: row.checked_in,
  locale: row.locale,
})

/** The exhibitor's passes still valid, oldest first. */
export async function passesOf(db: Queryable, exhibitorId: number): Promise<PassView[]> {
  return (await repo.validPasses(db, exhibitorId)).map(viewOf)
}

/** How many of the exhibitor's passes are named and valid (the one count the allowance is checked against). */
export async function namedPasses(db: Queryable, exhibitorId: number): Promise<number> {
  return repo.countValidPasses(db, exhibitorId)
}

/** Named passes per exhibitor, for the console's list and export. */
export async function namedPassesOf(db: Queryable, exhibitorIds: number[]): Promise<Map<number, number>> {
  return repo.countValidPassesOf(db, exhibitorIds)
}

/** The pass stops letting its holder in (the door then answers "void"); false when it is not the exhibitor's valid pass. */
export async function voidPass(tx: Queryable, exhibitorId: number, ticketId: string, reason: 'revoked' | 'renamed'): Promise<PassView | null> {
  const row = await repo.voidPass(tx, exhibitorId, ticketId)
  if (!row) return null
  await orders.logEvent(tx, row.order_id, reason === 'revoked' ? 'passRevoked' : 'passRenamed', { ticketId })
  return viewOf(row)
}

import { OFFER_HOURS, type WaitingState } from '../../../../shared/rules/waiting-list.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, notFound } from '../../errors.ts'
import { exhibitionInScope } from '../../exhibitions/index.ts'
import type { StaffActor } from '../../staff-actor.ts'
import type { TicketsContext } from '../tickets-context.ts'
import * as tickets from '../tickets.repo.ts'
import { typeText } from '../ticket-types.ts'
import { offerUntil } from './offers.ts'
import { endLive } from './waiting-list.ts'
import * as repo from './waiting-list.repo.ts'

/** The console's waiting list of a ticket type (docs/product.md#waiting-list): managers and owners; every change audited. */

export interface StaffWaitingEntry {
  id: string
  name: string
  email: string
  quantity: number
  joinedAt: string
  state: WaitingState
  offeredQuantity: number | null
  offerUntil: string | null
  offeredByHand: boolean
  endedAt: string | null
}

async function typeInScope(db: Queryable, actor: StaffActor, ticketTypeId: number) {
  const [type] = await tickets.typesByIds(db, [ticketTypeId])
  if (!type || type.exhibitor_pass) throw notFound('console:errors.ticketTypeNotFound')
  await exhibitionInScope(db, actor.scope, type.exhibition_id)
  return type
}

export async function staffWaitingList(context: TicketsContext, actor: StaffActor, ticketTypeId: number) {
  const { db } = context.platform
  const type = await typeInScope(db, actor, ticketTypeId)
  const entries = await repo.entriesOfType(db, ticketTypeId)
  return {
    type: {
      id: type.id,
      exhibitionId: type.exhibition_id,
      name: typeText(type, actor.locale).name,
      capacity: type.capacity,
      reserved: type.reserved,
    },
    offerHours: (await repo.offerHoursOf(db, type.exhibition_id)) ?? OFFER_HOURS.default,
    entries: entries.map(
      (row): StaffWaitingEntry => ({
        id: row.id,
        name: row.nick ?? '',
        email: row.email,
        quantity: row.quantity,
        joinedAt: row.joined_at.toISOString(),
        state: row.state,
        offeredQuantity: row.offered_quantity,
        offerUntil: row.offer_until?.toISOString() ?? null,
        offeredByHand: row.offered_by_hand,
        endedAt: row.ended_at?.toISOString() ?? null,
      }),
    ),
  }
}

const auditActor = (actor: StaffActor) => ({ staffId: actor.staffId, address: actor.address })
const snapshot = (entry: repo.EntryRow) => ({
  entry: entry.id,
  account: entry.account_id,
  quantity: entry.quantity,
  state: entry.state,
  offeredQuantity: entry.offered_quantity,
})

/**
 * Offers seats to one waiting entry by hand, out of line if staff choose (docs/product.md#waiting-list):
 * only seats that are free, with the same hold and mail as an offer in line. The type's row is locked
 * before the entry, as the pass that offers freed seats does.
 */
export async function offerByHand(context: TicketsContext, actor: StaffActor, entryId: string): Promise<number> {
  const { db } = context.platform
  return db.transaction(async (tx) => {
    const first = await repo.entryById(tx, entryId)
    if (!first) throw notFound('console:waitingList.entryNotFound')
    await typeInScope(tx, actor, first.ticket_type_id)
    const at = new Date()
    const type = await repo.lockType(tx, first.ticket_type_id, at)
    const entry = await repo.entryById(tx, entryId, true)
    if (!type || !entry) throw notFound('console:waitingList.entryNotFound')
    if (entry.state !== 'waiting') throw conflict('console:waitingList.notWaiting')
    if (!(await repo.holdSeats(tx, entry.ticket_type_id, entry.quantity)))
      throw conflict('console:waitingList.noSeats', { free: type.capacity - type.reserved })
    await repo.markOffered(tx, entry.id, entry.quantity, at, offerUntil(at, type.offer_hours), true)
    const after = (await repo.entryById(tx, entry.id)) as repo.EntryRow
    await context.platform.services.staff.audit(tx, auditActor(actor), {
      function: 'console$offerWaitingEntry',
      target: `ticketType:${entry.ticket_type_id}`,
      before: snapshot(entry),
      after: snapshot(after),
    })
    return entry.ticket_type_id
  })
}

/** Removes an entry from the line; an offer it held passes on at once. */
export async function removeEntry(context: TicketsContext, actor: StaffActor, entryId: string): Promise<number> {
  const { db } = context.platform
  return db.transaction(async (tx) => {
    const entry = await repo.entryById(tx, entryId, true)
    if (!entry) throw notFound('console:waitingList.entryNotFound')
    await typeInScope(tx, actor, entry.ticket_type_id)
    if (entry.state !== 'waiting' && entry.state !== 'offered') throw conflict('console:waitingList.notLive')
    await endLive(tx, entry, 'removed')
    await context.platform.services.staff.audit(tx, auditActor(actor), {
      function: 'console$removeWaitingEntry',
      target: `ticketType:${entry.ticket_type_id}`,
      before: snapshot(entry),
      after: { ...snapshot(entry), state: 'removed' },
    })
    return entry.ticket_type_id
  })
}

/** How long offers of the type's exhibition hold their seats (offers already made keep their time). */
export async function saveOfferHours(context: TicketsContext, actor: StaffActor, ticketTypeId: number, hours: number): Promise<void> {
  const { db } = context.platform
  await db.transaction(async (tx) => {
    const { exhibition_id: exhibitionId } = await typeInScope(tx, actor, ticketTypeId)
    const before = (await repo.offerHoursOf(tx, exhibitionId)) ?? OFFER_HOURS.default
    await repo.saveOfferHours(tx, exhibitionId, hours)
    await context.platform.services.staff.audit(tx, auditActor(actor), {
      function: 'console$saveWaitingHours',
      target: `exhibition:${exhibitionId}`,
      before: { offerHours: before },
      after: { offerHours: hours },
    })
  })
}

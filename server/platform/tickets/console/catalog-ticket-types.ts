import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-catalog.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { conflict, invalid, notFound } from '../../errors.ts'
import * as repo from './catalog.repo.ts'
import { offerFreedSeats } from '../waiting-list/offers.ts'
import { type CatalogExhibition, catalogExhibition, exhibitionInScope, ticketTypeById } from '../../exhibitions/index.ts'
import type { CatalogContext } from '../../exhibitions/index.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { fromVenueTime, isVenueTime } from '../../../../shared/venue-time.ts'

type TypeInput = z.output<typeof contracts.saveTicketType.payload>

/** Checks what the contract cannot: real venue times, their order, and a window that closes by the exhibition's end. */
function fieldsOf(input: TypeInput, timeZone: string, exhibitionEndsAt: Date): repo.TypeFields {
  const fields: Record<string, string> = {}
  for (const name of ['salesStartAt', 'salesEndAt'] as const) {
    const value = input[name]
    if (value && !isVenueTime(value)) fields[name] = 'console:errors.localTime'
  }
  if (Object.keys(fields).length) throw invalid(fields)
  const salesStartAt = input.salesStartAt ? fromVenueTime(input.salesStartAt, timeZone) : null
  const salesEndAt = input.salesEndAt ? fromVenueTime(input.salesEndAt, timeZone) : null
  if (salesStartAt && salesEndAt && salesEndAt <= salesStartAt) throw invalid({ salesEndAt: 'console:errors.endBeforeStart' })
  if (salesEndAt && salesEndAt > exhibitionEndsAt) throw invalid({ salesEndAt: 'console:errors.salesAfterEnd' })
  const texts: repo.TypeFields['texts'] = {}
  for (const locale of LOCALES) {
    const text = input.texts[locale]
    if (text?.name) texts[locale] = { name: text.name, description: text.description }
  }
  const { key, priceMinor, currency, capacity, maxPerOrder, active, sort, badgeRole } = input
  return { key, priceMinor, currency, capacity, maxPerOrder, salesStartAt, salesEndAt, active, sort, badgeRole: badgeRole ?? null, texts }
}

/**
 * Creates or changes a ticket type. Capacity may go up or down but never below what is sold or held:
 * the update is conditional (catalog.repo.ts), so a buyer reserving at the same moment either gets
 * in first (and the lower capacity is refused) or waits and finds the new capacity.
 */
export async function saveTicketType(context: CatalogContext, actor: StaffActor, input: TypeInput): Promise<CatalogExhibition> {
  const { db } = context.platform
  try {
    await db.transaction(async (tx) => {
      const exhibition = await exhibitionInScope(tx, actor.scope, input.exhibitionId)
      const fields = fieldsOf(input, exhibition.time_zone, exhibition.ends_at)
      const before = input.id === undefined ? null : await ticketTypeById(tx, input.id)
      if (input.id !== undefined && before?.exhibition_id !== exhibition.id) throw notFound('console:errors.ticketTypeNotFound')
      const id = input.id ?? (await repo.insertTicketType(tx, exhibition.id, fields))
      if (input.id !== undefined && !(await repo.updateTicketType(tx, id, exhibition.id, fields))) {
        const now = await ticketTypeById(tx, id)
        throw conflict('console:errors.capacityBelowReserved', { reserved: now?.reserved ?? 0 })
      }
      // A raised capacity goes to the type's waiting list first (docs/product.md#waiting-list).
      if (before && fields.capacity > before.capacity) await offerFreedSeats(tx, [id])
      await context.audit(tx, actor, { function: 'console$saveTicketType', target: `ticketType:${id}`, before, after: await ticketTypeById(tx, id) })
    })
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict('console:errors.typeKeyTaken')
    throw error
  }
  context.platform.contentChanged({ scope: 'tickets' })
  return catalogExhibition(db, await exhibitionInScope(db, actor.scope, input.exhibitionId), new Date())
}

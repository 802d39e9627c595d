import { OFFER_HOURS } from '../../../../shared/rules/waiting-list.ts'
import type { Queryable } from '../../../db/client.ts'
import { nudgeAfterCommit } from '../../jobs.ts'
import * as repo from './waiting-list.repo.ts'

/** The job that mails new offers (waiting-list.ts mailNewOffers). */
export const WAITING_MAIL_JOB = 'tickets.waiting-mail'

/**
 * Seats came back to these types (an order expired, was cancelled or refunded, its tickets fewer, an
 * offer lapsed or was declined, the capacity rose): the waiting lists get them, in line order
 * (docs/product.md#waiting-list "strict order"). Runs in the transaction that freed the seats, after
 * the type's row is written (so it is locked): what this transaction sees free is free, and a second
 * transaction freeing seats of the same type waits for this one and then offers only what is left.
 * Each offer holds its seats with the buyers' own conditional update, so no more seats are ever
 * offered than the type has free, and an entry is offered once (its row is locked and its state
 * leaves 'waiting'). Returns how many offers were made.
 */
export async function offerFreedSeats(tx: Queryable, ticketTypeIds: Iterable<number>): Promise<number> {
  let made = 0
  for (const id of [...new Set(ticketTypeIds)].sort((a, b) => a - b)) made += await offerType(tx, id)
  // An offer runs for hours from now: its mail goes when this commits, not at the job's next round.
  if (made) await nudgeAfterCommit(tx, WAITING_MAIL_JOB)
  return made
}

async function offerType(tx: Queryable, ticketTypeId: number): Promise<number> {
  const at = new Date()
  const type = await repo.lockType(tx, ticketTypeId, at)
  if (!type?.open) return 0
  let free = type.capacity - type.reserved
  if (free <= 0) return 0
  let made = 0
  // Each offer takes at least one seat: no more entries than free seats can be offered.
  for (const entry of await repo.lineOf(tx, ticketTypeId, free)) {
    // The first in line waits for their whole quantity; nobody behind them goes first.
    if (entry.quantity > free || !(await repo.holdSeats(tx, ticketTypeId, entry.quantity))) break
    await repo.markOffered(tx, entry.id, entry.quantity, at, offerUntil(at, type.offer_hours), false)
    free -= entry.quantity
    made++
  }
  return made
}

export function offerUntil(at: Date, hours: number | null): Date {
  return new Date(at.getTime() + (hours ?? OFFER_HOURS.default) * 3_600_000)
}

import type { Queryable } from '../../db/client.ts'
import type { Platform } from '../platform.ts'
import * as orders from './orders.repo.ts'
import * as payments from './payments/payments.repo.ts'
import * as repo from './tickets.repo.ts'

/**
 * Cancels pending orders (the buyer's or the organiser's cancellation, or the countdown): their seats, booth and held coupon
 * uses go back, open payment attempts close. Seats and coupons are released in ascending id order
 * over the whole batch, so two sweepers never wait on each other in a circle. Returns the checkouts
 * to close at their provider after commit. `seatsNetted`: the caller gives the seats back itself, in
 * the same ascending pass as the seats it takes (create-order.ts replacing an order).
 */
export async function releaseOrders(
  platform: Platform,
  tx: Queryable,
  rows: orders.OrderRow[],
  reason: 'buyer' | 'expired' | 'staff',
  options: { seatsNetted?: boolean } = {},
): Promise<payments.ProviderCheckout[]> {
  const pending = rows.filter((order) => order.status === 'pending')
  if (!pending.length) return []
  const ids = pending.map((order) => order.id)
  if (!options.seatsNetted) await repo.releaseSeats(tx, await seatsOf(tx, ids))
  const uses = new Map<number, number>()
  for (const order of pending) if (order.coupon_id !== null && order.coupon_state === 'held') uses.set(order.coupon_id, (uses.get(order.coupon_id) ?? 0) + 1)
  await repo.releaseCoupons(tx, uses)
  await orders.cancelPending(tx, ids, reason)
  // A booth order's booth is free again with the order's end, in the same transaction (docs/product.md#booth-checkout).
  await platform.services.booths.releaseHeld(
    tx,
    pending.flatMap((order) => (order.booth_id !== null ? [order.booth_id] : [])),
  )
  const closed = await payments.cancelOpenAttempts(tx, ids)
  await orders.logEvent(tx, ids, reason === 'expired' ? 'expired' : 'cancelled', reason === 'staff' ? { by: 'staff' } : {})
  return closed
}

/** The seats orders hold, by ticket type. */
export async function seatsOf(tx: Queryable, orderIds: string[]): Promise<Map<number, number>> {
  const seats = new Map<number, number>()
  for (const line of await orders.linesOf(tx, orderIds)) seats.set(line.ticket_type_id, (seats.get(line.ticket_type_id) ?? 0) + line.quantity)
  return seats
}

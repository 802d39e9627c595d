import type { Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import type { Platform } from '../platform.ts'
import { newOrderNumber } from './create-order.ts'
import { paymentWindowMinutes } from './order-rules.ts'
import * as orders from './orders.repo.ts'
import type { TicketsContext } from './tickets-context.ts'

/** A booth order as the floor plan opens it; the number and the countdown are the orders' own. */
export type BoothOrderInput = Omit<orders.NewBoothOrder, 'number' | 'paymentMinutes'>

const summary = (order: orders.OrderRow) => ({ number: order.number, expiresAt: order.expires_at })

/** The booth order an earlier try of the same choice made (the same idempotency key), if any. */
export async function boothOrderByKey(tx: Queryable, accountId: string, key: string): Promise<{ number: string; expiresAt: Date } | null> {
  const order = await orders.orderByIdempotencyKey(tx, accountId, key)
  return order && summary(order)
}

/**
 * Inside the floor plan's transaction that holds the booth (docs/product.md#booth-checkout): a pending,
 * confirmed order of kind booth for its price, with the countdown ticket orders have, and its event.
 */
export async function openBoothOrder(platform: Platform, tx: Queryable, input: BoothOrderInput): Promise<{ number: string; expiresAt: Date }> {
  const order = await orders.insertBoothOrder(tx, { ...input, number: newOrderNumber(), paymentMinutes: paymentWindowMinutes(platform.config) })
  await orders.logEvent(tx, order.id, 'created', { booth: input.boothId, exhibitor: input.exhibitorId })
  return summary(order)
}

/** The booth as its order's invoice and credit notes name it, in the buyer's language. */
export function boothLineName(context: TicketsContext, order: orders.OrderRow, booth: { number: string; hall: string }): string {
  return context.strings(order.locale as Locale)('booth.invoiceLine', { number: booth.number, hall: booth.hall })
}

export interface LiveBoothOrder {
  number: string
  status: 'pending' | 'paid'
  expiresAt: Date
}

/** The exhibition's booth orders that hold or bought a booth, by booth (the newest, should a booth have had several). */
export async function liveBoothOrders(db: Queryable, exhibitionId: number): Promise<Map<number, LiveBoothOrder>> {
  const live = new Map<number, LiveBoothOrder>()
  for (const order of await orders.liveBoothOrdersAt(db, exhibitionId)) {
    if (order.booth_id === null || order.status === 'cancelled' || live.has(order.booth_id)) continue
    live.set(order.booth_id, { number: order.number, status: order.status, expiresAt: order.expires_at })
  }
  return live
}

export interface ExhibitorBoothOrder {
  id: string
  number: string
  boothId: number
  status: 'pending' | 'paid' | 'cancelled'
  expiresAt: Date
  totalMinor: number
  refundedMinor: number
  currency: string
}

/**
 * Every booth order of an exhibitor, newest first, with what staff refunds gave back (under way or done),
 * for the console's exhibitor page (docs/product.md#booth-checkout). A refund alone leaves the order paid
 * and the booth sold; only a cancellation frees the booth.
 */
export async function boothOrdersOfExhibitor(db: Queryable, exhibitorId: number): Promise<ExhibitorBoothOrder[]> {
  const result = await db.query<{
    id: string
    number: string
    booth_id: string
    status: 'pending' | 'paid' | 'cancelled'
    expires_at: Date
    total_minor: number
    refunded_minor: string
    currency: string
  }>(
    `select o.id, o.number, o.booth_id, o.status, o.expires_at, o.total_minor, o.currency,
       coalesce((select sum(r.amount_minor) from refunds r where r.order_id = o.id and r.reason = 'staff' and r.status <> 'failed'), 0) as refunded_minor
     from ticket_orders o where o.exhibitor_id = $1 and o.order_kind = 'booth' order by o.created_at desc, o.id desc`,
    [exhibitorId],
  )
  return result.rows.map((row) => ({
    id: row.id,
    number: row.number,
    boothId: Number(row.booth_id),
    status: row.status,
    expiresAt: row.expires_at,
    totalMinor: Number(row.total_minor),
    refundedMinor: Number(row.refunded_minor),
    currency: row.currency,
  }))
}

/** Which of the exhibitors have a booth order waiting for payment (it holds their booth; docs/product.md#console-exhibitors). */
export async function pendingBoothOrdersOf(db: Queryable, exhibitorIds: readonly number[]): Promise<Set<number>> {
  if (!exhibitorIds.length) return new Set()
  const result = await db.query<{ exhibitor_id: string }>(
    `select distinct exhibitor_id from ticket_orders where exhibitor_id = any($1::bigint[]) and order_kind = 'booth' and status = 'pending'`,
    [exhibitorIds],
  )
  return new Set(result.rows.map((row) => Number(row.exhibitor_id)))
}

import type { Database, Queryable } from '../../db/client.ts'
import { conflict, type DomainError, notFound } from '../errors.ts'
import { busy, refusalError } from './order-refusals.ts'
import { decide, type OrderEvent, stateOf } from './order-rules.ts'
import * as orders from './orders.repo.ts'
import * as payments from './payments/payments.repo.ts'
import { releaseOrders } from './release-orders.ts'
import type { Caller } from './tickets-context.ts'
import type { Platform } from '../platform.ts'

/** PostgreSQL's lock timeout and deadlock errors: someone else holds the rows; the buyer may retry. */
export function isLockTrouble(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return code === '55P03' || code === '40P01'
}

/**
 * One transaction of a verb on an order. Locks are taken in the domain's one order (order row, ticket
 * types, coupons) with a lock timeout, like pretix's quota locks: a buyer (or staff member, with
 * their own words in `whenBusy`) who waits too long gets a clear "try again" instead of a hanging page.
 */
export async function orderTransaction<T>(db: Database, work: (tx: Queryable) => Promise<T>, whenBusy: () => DomainError = busy): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await orders.limitLockWait(tx)
      return work(tx)
    })
  } catch (error) {
    if (isLockTrouble(error)) throw whenBusy()
    throw error
  }
}

export type Locked =
  | { order: orders.OrderRow; attempt: payments.AttemptRow | null; processing: boolean }
  | { refused: DomainError; closed: payments.ProviderCheckout[] }

/**
 * Inside a transaction: the buyer's order locked with its open payment attempt, if order-rules.ts
 * allows `event` on it. Otherwise the refusal; an expiry found on the way is done in this same
 * transaction (its checkouts are returned to close after commit). `processing`: the payment is being
 * checked and the event answers it (starting a payment again).
 */
export async function lockPending(platform: Platform, tx: Queryable, number: string, caller: Caller, event: OrderEvent): Promise<Locked> {
  const order = await orders.orderOfAccount(tx, number, caller.userId, true)
  if (!order) return { refused: notFound(), closed: [] }
  const attempt = order.status === 'pending' ? await payments.openAttempt(tx, order.id, true) : null
  const decision = decide(order, attempt, event)
  const closed = decision.expireFirst ? await releaseOrders(platform, tx, [order], 'expired') : []
  if (decision.kind === 'refuse') return { refused: refusalError(decision.refusal), closed }
  if (decision.kind !== 'to' && !(decision.kind === 'unchanged' && stateOf(order, attempt) === 'processing')) {
    throw new Error(`lockPending: ${event} on an order in state ${stateOf(order, attempt)}`)
  }
  return { order, attempt, processing: decision.kind === 'unchanged' }
}

/**
 * Runs `work` on the buyer's pending order, locked, in one transaction. A refusal is thrown after
 * the transaction has committed (so an expiry found on the way stays done), and checkouts closed on
 * the way are closed at their provider.
 */
export async function withPending<T>(
  platform: Platform,
  closeCheckouts: (closed: payments.ProviderCheckout[]) => void,
  number: string,
  caller: Caller,
  work: (tx: Queryable, order: orders.OrderRow) => Promise<T>,
): Promise<T> {
  const outcome = await orderTransaction(platform.db, async (tx) => {
    const locked = await lockPending(platform, tx, number, caller, 'edit')
    if ('refused' in locked) return locked
    // A booth order is the booth chosen and the company asked for then (docs/product.md#booth-checkout);
    // a services order, the form's items as ordered (docs/product.md#exhibitor-forms).
    if (locked.order.order_kind !== 'tickets') return { refused: conflict('tickets:messages.boothOrderFixed'), closed: [] }
    return { value: await work(tx, locked.order) }
  })
  if ('refused' in outcome) {
    closeCheckouts(outcome.closed)
    throw outcome.refused
  }
  return outcome.value
}

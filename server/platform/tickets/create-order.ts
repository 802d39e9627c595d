import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/tickets.ts'
import type { OrderDetail } from '../../../shared/contracts/tickets.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, forbidden, notFound } from '../errors.ts'
import type { RateRule } from '../rate-limits.ts'
import { couponUsed, guarded, usableCoupon } from './coupons.ts'
import { orderTransaction } from './lock-pending.ts'
import { seatLimit } from './order-refusals.ts'
import { decide, mayHold, paymentWindowMinutes } from './order-rules.ts'
import { orderDetail } from './order-view.ts'
import * as orders from './orders.repo.ts'
import * as payments from './payments/payments.repo.ts'
import { releaseOrders, seatsOf } from './release-orders.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'
import * as repo from './tickets.repo.ts'
import { priced, reserve, totalsOf } from './ticket-types.ts'
import { offerAccepted, takeOffer } from './waiting-list/waiting-list.ts'

/** Orders are quoted by people: T- and ten Crockford base32 characters (no I, L, O, U). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export function newOrderNumber(): string {
  const bytes = randomBytes(10)
  return `T-${[...bytes].map((byte) => CROCKFORD[byte % 32]).join('')}`
}

/**
 * Creating orders again and again is limited per account; with one pending order per account and
 * exhibition this only slows down churn (the seats one account holds are capped: order-rules.ts).
 */
export const ORDER_CREATION_PER_ACCOUNT: RateRule = { name: 'tickets.order.create', points: 60, durationSeconds: 15 * 60 }

/**
 * The account's pending orders for the exhibition that a new order replaces (the buyer cancels them
 * by ordering anew), those that expired meanwhile, and the seats of both by type. An order whose payment is
 * being checked is kept (order-rules.ts refuses to cancel it).
 */
async function replaceable(tx: Queryable, accountId: string, exhibitionId: number) {
  const buyer: orders.OrderRow[] = []
  const expired: orders.OrderRow[] = []
  for (const old of await orders.pendingOfAccount(tx, accountId, exhibitionId)) {
    const decision = decide(old, await payments.openAttempt(tx, old.id, true), 'cancelByBuyer')
    if (decision.expireFirst) expired.push(old)
    else if (decision.kind === 'to') buyer.push(old)
  }
  return {
    buyer,
    expired,
    seats: await seatsOf(
      tx,
      [...buyer, ...expired].map((old) => old.id),
    ),
  }
}

/**
 * A new pending order (docs/product.md#orders): seats and the coupon held in one transaction, the countdown started
 * (ORDER_PAYMENT_MINUTES). It replaces the account's pending order for the exhibition in the same
 * transaction (its seats and coupon go back), so one account cannot hold seat after seat without
 * paying. The same idempotency key answers the same order; re-registering copies the attendees of a
 * cancelled order.
 */
export async function createOrder(context: TicketsContext, caller: Caller, payload: z.output<typeof contracts.createOrder.payload>): Promise<OrderDetail> {
  const { platform } = context
  const { db, config } = platform
  const existing = await orders.orderByIdempotencyKey(db, caller.userId, payload.idempotencyKey)
  if (existing) return orderDetail(context, existing, caller.locale)
  await context.exhibitions.ensureOnSale(payload.exhibitionId)
  const selection = await priced(db, payload.exhibitionId, payload.lines, caller.locale)
  const coupon = payload.couponCode
    ? await guarded(platform.rateLimits, caller, () =>
        usableCoupon(db, payload.couponCode, {
          exhibitionId: payload.exhibitionId,
          currency: selection.currency,
          ticketTypeIds: selection.lines.map((line) => line.ticketTypeId),
          now: new Date(),
        }),
      )
    : null
  let copied: orders.AttendeeRow[] = []
  let fromOrderId: string | null = null
  if (payload.fromOrder) {
    const old = await orders.orderOfAccount(db, payload.fromOrder, caller.userId)
    if (!old || old.exhibition_id !== payload.exhibitionId || old.order_kind !== 'tickets') throw notFound()
    if (old.status !== 'cancelled') throw conflict('tickets:messages.orderNotCancelled')
    copied = await orders.attendeesOf(db, old.id)
    fromOrderId = old.id
  }
  const buyerEmail = (await platform.services.accounts.profile(caller.userId)).email
  const totals = totalsOf(selection.lines, coupon)
  const count = selection.lines.reduce((sum, line) => sum + line.quantity, 0)
  await platform.rateLimits.consume(ORDER_CREATION_PER_ACCOUNT, caller.userId)
  for (let attempt = 0; ; attempt++) {
    try {
      const { order, closed } = await orderTransaction(db, async (tx) => {
        await orders.serializeOrdering(tx, caller.userId, payload.exhibitionId)
        // The same request, sent twice at once: the first has made the order meanwhile.
        const made = await orders.orderByIdempotencyKey(tx, caller.userId, payload.idempotencyKey)
        if (made) return { order: made, closed: [] }
        const replacing = await replaceable(tx, caller.userId, payload.exhibitionId)
        // A waiting-list offer's seats go back to its type here, for this order's reservation to take them.
        const offer = payload.waitingOffer ? await takeOffer(tx, caller, payload.waitingOffer, payload.exhibitionId) : null
        const freed = [...replacing.seats.values()].reduce((sum, quantity) => sum + quantity, 0)
        if (!mayHold((await orders.seatsHeld(tx, caller.userId, payload.exhibitionId, null)) - freed, count)) throw seatLimit()
        // The old orders' seats go back in the same ascending pass that takes the new ones (one lock order).
        const deltas = new Map(selection.lines.map((line) => [line.ticketTypeId, line.quantity]))
        for (const [typeId, quantity] of replacing.seats) deltas.set(typeId, (deltas.get(typeId) ?? 0) - quantity)
        await reserve(tx, deltas, caller.locale)
        const closed = [
          ...(await releaseOrders(context.platform, tx, replacing.expired, 'expired', { seatsNetted: true })),
          ...(await releaseOrders(context.platform, tx, replacing.buyer, 'buyer', { seatsNetted: true })),
        ]
        if (coupon && !(await repo.holdCoupon(tx, coupon.id, caller.userId))) throw couponUsed()
        const created = await orders.insertOrder(tx, {
          number: newOrderNumber(),
          accountId: caller.userId,
          exhibitionId: payload.exhibitionId,
          locale: caller.locale,
          buyerEmail,
          currency: selection.currency,
          ...totals,
          couponId: coupon?.id ?? null,
          couponCode: coupon?.code ?? null,
          paymentMinutes: paymentWindowMinutes(config),
          fromOrderId,
          idempotencyKey: payload.idempotencyKey,
        })
        await orders.replaceLines(tx, created.id, selection.lines)
        if (offer) {
          const bought = selection.lines.find((line) => line.ticketTypeId === offer.ticket_type_id)?.quantity ?? 0
          await offerAccepted(tx, offer, created.id, bought)
        }
        if (copied.length) {
          await orders.replaceAttendees(
            tx,
            created.id,
            copied.slice(0, count).map((row) => ({
              firstName: row.first_name,
              lastName: row.last_name,
              company: row.company,
              jobTitle: row.job_title,
              email: row.email,
              phoneE164: row.phone_e164,
              phoneCountry: row.phone_country,
              identity: row.identity,
              industry: row.industry,
              shares: row.shares,
            })),
          )
        }
        await orders.logEvent(tx, created.id, fromOrderId ? 'reRegistered' : 'created', { lines: selection.lines, coupon: coupon?.code ?? null })
        await orders.logEvent(
          tx,
          replacing.buyer.map((old) => old.id),
          'replaced',
          { by: created.number },
        )
        return { order: created, closed }
      })
      context.checkouts.close(closed)
      return orderDetail(context, order, caller.locale)
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string }
      // The buyer's account was erased (console, GDPR) while this request was on its way: its session is gone too.
      if (code === '23503' && constraint?.includes('account_id')) throw forbidden('errors.loginRequired')
      if (code !== '23505') throw error
      // The same selection sent twice at once: the other request made the order.
      const made = await orders.orderByIdempotencyKey(db, caller.userId, payload.idempotencyKey)
      if (made) return orderDetail(context, made, caller.locale)
      // Two new order numbers alike (1 in 2^50): draw again.
      if (attempt >= 2) throw error
    }
  }
}

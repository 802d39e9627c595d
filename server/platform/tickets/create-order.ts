import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type * as contracts from '../../../src/api/contracts/tickets.ts'
import type { OrderDetail } from '../../../src/api/contracts/tickets.ts'
import { conflict, notFound } from '../errors.ts'
import { couponUsed, guarded, usableCoupon } from './coupons.ts'
import { orderTransaction } from './lock-pending.ts'
import { paymentWindowMinutes } from './order-rules.ts'
import { orderDetail } from './order-view.ts'
import * as orders from './orders.repo.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'
import * as repo from './tickets.repo.ts'
import { priced, reserve, totalsOf } from './ticket-types.ts'

/** Orders are quoted by people: T- and ten Crockford base32 characters (no I, L, O, U). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export function newOrderNumber(): string {
  const bytes = randomBytes(10)
  return `T-${[...bytes].map((byte) => CROCKFORD[byte % 32]).join('')}`
}

/**
 * A new pending order (issue 9): seats and the coupon held in one transaction, the countdown started
 * (ORDER_PAYMENT_MINUTES). The same idempotency key answers the same order; re-registering copies
 * the attendees of a cancelled order.
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
    if (!old || old.exhibition_id !== payload.exhibitionId) throw notFound()
    if (old.status !== 'cancelled') throw conflict('tickets:messages.orderNotCancelled')
    copied = await orders.attendeesOf(db, old.id)
    fromOrderId = old.id
  }
  const buyerEmail = (await platform.services.accounts.profile(caller.userId)).email
  const totals = totalsOf(selection.lines, coupon)
  const count = selection.lines.reduce((sum, line) => sum + line.quantity, 0)
  for (let attempt = 0; ; attempt++) {
    try {
      const order = await orderTransaction(db, async (tx) => {
        await reserve(tx, new Map(selection.lines.map((line) => [line.ticketTypeId, line.quantity])), caller.locale)
        if (coupon && !(await repo.holdCoupon(tx, coupon.id))) throw couponUsed()
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
        if (copied.length) {
          await orders.replaceAttendees(
            tx,
            created.id,
            copied.slice(0, count).map((row) => ({
              firstName: row.first_name,
              lastName: row.last_name,
              email: row.email,
              phoneE164: row.phone_e164,
              phoneCountry: row.phone_country,
              identity: row.identity,
              industry: row.industry,
            })),
          )
        }
        await orders.logEvent(tx, created.id, fromOrderId ? 'reRegistered' : 'created', { lines: selection.lines, coupon: coupon?.code ?? null })
        return created
      })
      return orderDetail(context, order, caller.locale)
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error
      // The same selection sent twice at once: the other request made the order.
      const made = await orders.orderByIdempotencyKey(db, caller.userId, payload.idempotencyKey)
      if (made) return orderDetail(context, made, caller.locale)
      // Two new order numbers alike (1 in 2^50): draw again.
      if (attempt >= 2) throw error
    }
  }
}

import type { z } from 'zod'
import type * as contracts from '../../../src/api/contracts/tickets.ts'
import { ERROR_CODES } from '../../../src/api/contracts/define.ts'
import { discountFor, MAX_TICKETS_PER_ORDER } from '../../../src/api/rules/tickets.ts'
import type { Locale } from '../../../src/i18n/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, DomainError, gone, invalid, notFound } from '../errors.ts'
import { couponUsed, guarded, preview, usableCoupon } from './coupons.ts'
import { isLockTrouble, newOrderNumber, type OrderCore, type TicketsDeps, typeText } from './orders.core.ts'
import * as repo from './tickets.repo.ts'

type OrderDetail = z.output<typeof contracts.orderDetail>
type Line = { ticketTypeId: number; quantity: number }

export interface Caller {
  userId: string
  locale: Locale
  ip: string
}

const busy = () => conflict('tickets:messages.busy')
export const orderPaid = () => conflict('tickets:messages.orderPaid')
export const orderCancelled = () => gone('tickets:messages.orderCancelled')
export const orderExpired = () => gone('tickets:messages.orderExpired')
export const paymentInProgress = () => conflict('tickets:messages.paymentInProgress')

/** A pending order's own refusals: paid, cancelled (by the buyer) or expired. */
export function notPending(order: repo.OrderRow): DomainError {
  if (order.status === 'paid') return orderPaid()
  return order.cancel_reason === 'expired' ? orderExpired() : orderCancelled()
}

/**
 * Buyers' verbs on orders (issue 9, SPEC §4): choose tickets, change them, fill in attendees,
 * confirm, cancel, read. Each writes in one transaction that takes its locks in the domain's one
 * order (order row, ticket types, coupons) with a lock timeout, like pretix's quota locks: a buyer
 * who waits too long gets a clear "try again" instead of a hanging page.
 */
export function createOrdersService(deps: TicketsDeps, core: OrderCore) {
  const { platform } = deps
  const { db, config } = platform
  const exhibitions = () => platform.services.exhibitions

  const transaction = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(async (tx) => {
        await tx.query("set local lock_timeout = '5s'")
        return work(tx)
      })
    } catch (error) {
      if (isLockTrouble(error)) throw busy()
      throw error
    }
  }

  const ensureOnSale = async (exhibitionId: number) => {
    if (await exhibitions().isOver(exhibitionId)) throw gone('tickets:messages.eventOver')
    if (!(await exhibitions().isOnSale(exhibitionId))) throw conflict('tickets:messages.notOnSale')
  }

  /** The chosen types priced, after checking they belong to the exhibition, are on sale and within their limits. */
  const priced = async (exhibitionId: number, lines: Line[], locale: Locale) => {
    const rows = new Map(
      (
        await repo.typesByIds(
          db,
          lines.map((line) => line.ticketTypeId),
        )
      ).map((row) => [row.id, row]),
    )
    const now = Date.now()
    const result: Array<Line & { unitPriceMinor: number }> = []
    for (const line of lines) {
      const row = rows.get(line.ticketTypeId)
      if (!row?.active || row.exhibition_id !== exhibitionId) throw invalid({ lines: 'messages.typeUnavailable' }, 'tickets:messages.typeUnavailable')
      const name = typeText(row, locale).name
      if ((row.sales_start_at && now < row.sales_start_at.getTime()) || (row.sales_end_at && now >= row.sales_end_at.getTime())) {
        throw conflict('tickets:messages.typeNotOnSale', { ticketTypeId: row.id, name })
      }
      if (line.quantity > row.max_per_order) {
        throw new DomainError(
          'tickets:messages.typeLimit',
          ERROR_CODES.invalid,
          { ticketTypeId: row.id, name, max: row.max_per_order },
          { lines: 'messages.typeLimit' },
        )
      }
      result.push({ ...line, unitPriceMinor: row.price_minor })
    }
    const currencies = new Set(lines.map((line) => rows.get(line.ticketTypeId)?.currency))
    if (currencies.size !== 1) throw invalid({ lines: 'messages.currencyMix' }, 'tickets:messages.currencyMix')
    return { lines: result.sort((a, b) => a.ticketTypeId - b.ticketTypeId), currency: [...currencies][0] as string }
  }

  /** Seats for each line in ascending type order; the first that is short rolls the whole transaction back. */
  const reserve = async (tx: Queryable, changes: Map<number, number>, locale: Locale) => {
    for (const id of [...changes.keys()].sort((a, b) => a - b)) {
      const delta = changes.get(id) ?? 0
      if (delta > 0 && !(await repo.reserveSeats(tx, id, delta))) {
        const [row] = await repo.typesByIds(tx, [id])
        throw conflict('tickets:messages.soldOut', { ticketTypeId: id, name: row ? typeText(row, locale).name : '' })
      }
      if (delta < 0) await repo.releaseSeats(tx, new Map([[id, -delta]]))
    }
  }

  const ownOrder = async (number: string, caller: Caller): Promise<repo.OrderRow> => {
    const order = await repo.orderOfAccount(db, number, caller.userId)
    if (!order) throw notFound()
    return core.expireIfDue(order)
  }

  /** Inside a transaction: the order locked, still pending and not past its deadline; otherwise the refusal (an expiry found on the way is committed first). */
  const lockPending = async (tx: Queryable, number: string, caller: Caller) => {
    const order = await repo.orderOfAccount(tx, number, caller.userId, true)
    if (!order) return { refused: notFound() }
    if (order.status !== 'pending') return { refused: notPending(order) }
    if (order.expires_at.getTime() <= order.now.getTime() && !(await core.inPaymentGrace(tx, order))) {
      return { refused: orderExpired(), closed: await core.release(tx, [order], 'expired') }
    }
    const attempt = await repo.openAttempt(tx, order.id, true)
    if (attempt?.status === 'processing') return { refused: paymentInProgress() }
    return { order }
  }

  /** Runs `work` on a locked pending order; a refusal is thrown after the transaction has committed. */
  const withPending = async <T>(number: string, caller: Caller, work: (tx: Queryable, order: repo.OrderRow) => Promise<T>): Promise<T> => {
    const outcome = await transaction(async (tx) => {
      const locked = await lockPending(tx, number, caller)
      if (!locked.order) return locked
      return { value: await work(tx, locked.order) }
    })
    if ('refused' in outcome) {
      core.closeAtProvider(outcome.closed ?? [])
      throw outcome.refused
    }
    return outcome.value
  }

  return {
    async ticketTypes(exhibitionId: number, locale: Locale): Promise<z.output<typeof contracts.ticketTypes.result>> {
      const detail = await exhibitions().getById(exhibitionId, locale)
      if (!detail) throw notFound()
      const info = await core.exhibition(exhibitionId, locale)
      const rows = await repo.typesOfExhibition(db, exhibitionId)
      const now = Date.now()
      return {
        exhibition: info,
        state: detail.state,
        onSale: detail.ticketsOnSale,
        salesOpenAt: detail.salesOpenAt,
        maxPerOrder: MAX_TICKETS_PER_ORDER,
        types: rows.map((row) => {
          const left = row.capacity - row.reserved
          const availability =
            detail.state === 'ended' || (row.sales_end_at && now >= row.sales_end_at.getTime())
              ? 'ended'
              : !detail.ticketsOnSale || (row.sales_start_at && now < row.sales_start_at.getTime())
                ? detail.salesCloseAt && now >= Date.parse(detail.salesCloseAt)
                  ? 'ended'
                  : 'notYet'
                : left <= 0
                  ? 'soldOut'
                  : left <= Math.max(5, Math.ceil(row.capacity * 0.1))
                    ? 'few'
                    : 'available'
          const text = typeText(row, locale)
          return {
            id: row.id,
            name: text.name,
            description: text.description,
            priceMinor: row.price_minor,
            currency: row.currency,
            maxPerOrder: row.max_per_order,
            availability,
            salesStartAt: row.sales_start_at?.toISOString() ?? null,
            salesEndAt: row.sales_end_at?.toISOString() ?? null,
          }
        }),
      }
    },

    async checkCoupon(caller: Caller, exhibitionId: number, code: string) {
      return guarded(platform.rateLimits, caller, async () =>
        preview(await usableCoupon(db, code, { exhibitionId, currency: null, ticketTypeIds: null, now: new Date() })),
      )
    },

    async createOrder(caller: Caller, payload: z.output<typeof contracts.createOrder.payload>): Promise<OrderDetail> {
      const existing = await repo.orderByIdempotencyKey(db, caller.userId, payload.idempotencyKey)
      if (existing) return core.detail(existing, caller.locale)
      await ensureOnSale(payload.exhibitionId)
      const selection = await priced(payload.exhibitionId, payload.lines, caller.locale)
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
      let copied: repo.AttendeeRow[] = []
      let fromOrderId: string | null = null
      if (payload.fromOrder) {
        const old = await repo.orderOfAccount(db, payload.fromOrder, caller.userId)
        if (!old || old.exhibition_id !== payload.exhibitionId) throw notFound()
        if (old.status !== 'cancelled') throw conflict('tickets:messages.orderNotCancelled')
        copied = await repo.attendeesOf(db, old.id)
        fromOrderId = old.id
      }
      const buyerEmail = (await platform.services.accounts.profile(caller.userId)).email
      const subtotal = selection.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
      const discount = coupon
        ? discountFor(
            { kind: coupon.kind, percentOff: coupon.percent_off, amountOffMinor: coupon.amount_off_minor, ticketTypeId: coupon.ticket_type_id },
            selection.lines,
          )
        : 0
      const count = selection.lines.reduce((sum, line) => sum + line.quantity, 0)
      for (let attempt = 0; ; attempt++) {
        try {
          const order = await transaction(async (tx) => {
            await reserve(tx, new Map(selection.lines.map((line) => [line.ticketTypeId, line.quantity])), caller.locale)
            if (coupon && !(await repo.holdCoupon(tx, coupon.id))) throw couponUsed()
            const created = await repo.insertOrder(tx, {
              number: newOrderNumber(),
              accountId: caller.userId,
              exhibitionId: payload.exhibitionId,
              locale: caller.locale,
              buyerEmail,
              currency: selection.currency,
              subtotalMinor: subtotal,
              discountMinor: discount,
              couponId: coupon?.id ?? null,
              couponCode: coupon?.code ?? null,
              paymentMinutes: config.ORDER_PAYMENT_MINUTES,
              fromOrderId,
              idempotencyKey: payload.idempotencyKey,
            })
            await repo.replaceLines(tx, created.id, selection.lines)
            if (copied.length) {
              await repo.replaceAttendees(
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
            await repo.logEvent(tx, created.id, fromOrderId ? 'reRegistered' : 'created', { lines: selection.lines, coupon: coupon?.code ?? null })
            return created
          })
          return core.detail(order, caller.locale)
        } catch (error) {
          const constraint = (error as { code?: string; constraint?: string }).code === '23505' ? ((error as { constraint?: string }).constraint ?? '') : null
          if (constraint === null) throw error
          // The same selection sent twice at once: the other request made the order.
          const made = await repo.orderByIdempotencyKey(db, caller.userId, payload.idempotencyKey)
          if (made) return core.detail(made, caller.locale)
          // Two new order numbers alike (1 in 2^50): draw again.
          if (attempt >= 2) throw error
        }
      }
    },

    async changeTickets(caller: Caller, payload: z.output<typeof contracts.changeTickets.payload>): Promise<OrderDetail> {
      const order = await ownOrder(payload.orderNumber, caller)
      if (order.status !== 'pending') throw notPending(order)
      await ensureOnSale(order.exhibition_id)
      const selection = await priced(order.exhibition_id, payload.lines, caller.locale)
      if (selection.currency !== order.currency) throw invalid({ lines: 'messages.currencyMix' }, 'tickets:messages.currencyMix')
      const ticketTypeIds = selection.lines.map((line) => line.ticketTypeId)
      const keepCoupon = payload.couponCode !== '' && payload.couponCode === order.coupon_code
      const coupon = keepCoupon
        ? await repo.couponById(db, order.coupon_id as number)
        : payload.couponCode
          ? await guarded(platform.rateLimits, caller, () =>
              usableCoupon(db, payload.couponCode, { exhibitionId: order.exhibition_id, currency: selection.currency, ticketTypeIds, now: new Date() }),
            )
          : null
      const count = selection.lines.reduce((sum, line) => sum + line.quantity, 0)
      const changed = await withPending(payload.orderNumber, caller, async (tx, locked) => {
        const before = await repo.linesOf(tx, [locked.id])
        const deltas = new Map<number, number>()
        for (const line of before) deltas.set(line.ticket_type_id, -line.quantity)
        for (const line of selection.lines) deltas.set(line.ticketTypeId, (deltas.get(line.ticketTypeId) ?? 0) + line.quantity)
        await reserve(tx, deltas, caller.locale)
        if (!keepCoupon) {
          if (locked.coupon_id !== null && locked.coupon_state === 'held') await repo.releaseCoupons(tx, new Map([[locked.coupon_id, 1]]))
          if (coupon && !(await repo.holdCoupon(tx, coupon.id))) throw couponUsed()
        }
        const subtotal = selection.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
        const discount = coupon
          ? discountFor(
              { kind: coupon.kind, percentOff: coupon.percent_off, amountOffMinor: coupon.amount_off_minor, ticketTypeId: coupon.ticket_type_id },
              selection.lines,
            )
          : 0
        await repo.replaceLines(tx, locked.id, selection.lines)
        await tx.query(
          `update ticket_orders set subtotal_minor = $2::int, discount_minor = $3::int, total_minor = $2::int - $3::int, coupon_id = $4::int, coupon_code = $5,
             coupon_state = case when $4::int is null then null else 'held' end, confirmed_at = null, updated_at = now() where id = $1`,
          [locked.id, subtotal, discount, coupon?.id ?? null, coupon?.code ?? null],
        )
        await repo.trimAttendees(tx, locked.id, count)
        const closed = await tx.query<{ provider: string; provider_ref: string | null }>(
          `update payment_attempts set status = 'cancelled', updated_at = now() where order_id = $1 and status in ('creating', 'open') returning provider, provider_ref`,
          [locked.id],
        )
        await repo.logEvent(tx, locked.id, 'changed', { lines: selection.lines, coupon: coupon?.code ?? null })
        return closed.rows
      })
      core.closeAtProvider(changed)
      return core.detail((await repo.orderById(db, order.id)) as repo.OrderRow, caller.locale)
    },

    async saveAttendees(caller: Caller, payload: z.output<typeof contracts.saveAttendees.payload>): Promise<OrderDetail> {
      const order = await ownOrder(payload.orderNumber, caller)
      if (order.status !== 'pending') throw notPending(order)
      await withPending(payload.orderNumber, caller, async (tx, locked) => {
        const count = (await repo.linesOf(tx, [locked.id])).reduce((sum, line) => sum + line.quantity, 0)
        if (payload.attendees.length !== count) throw invalid({ attendees: 'messages.attendeeCount' }, 'tickets:messages.attendeeCount')
        await repo.replaceAttendees(
          tx,
          locked.id,
          payload.attendees.map((attendee) => ({
            firstName: attendee.firstName,
            lastName: attendee.lastName,
            email: attendee.email,
            phoneE164: attendee.phone.e164,
            phoneCountry: attendee.phone.country,
            identity: attendee.identity,
            industry: attendee.industry,
          })),
        )
        await tx.query('update ticket_orders set confirmed_at = null, updated_at = now() where id = $1', [locked.id])
        await repo.logEvent(tx, locked.id, 'attendees', { count })
      })
      return core.detail((await repo.orderById(db, order.id)) as repo.OrderRow, caller.locale)
    },

    async confirmOrder(caller: Caller, orderNumber: string): Promise<OrderDetail> {
      const order = await ownOrder(orderNumber, caller)
      if (order.status !== 'pending') throw notPending(order)
      if (await exhibitions().isOver(order.exhibition_id)) throw gone('tickets:messages.eventOver')
      const info = await core.exhibition(order.exhibition_id, order.locale as Locale)
      await withPending(orderNumber, caller, async (tx, locked) => {
        const count = (await repo.linesOf(tx, [locked.id])).reduce((sum, line) => sum + line.quantity, 0)
        const attendees = await repo.attendeesOf(tx, locked.id)
        if (attendees.length !== count) throw conflict('tickets:messages.attendeesIncomplete')
        await tx.query('update ticket_orders set confirmed_at = now(), updated_at = now() where id = $1', [locked.id])
        await repo.logEvent(tx, locked.id, 'confirmed')
        // Free orders skip payment (issue 9).
        if (locked.total_minor === 0) await core.markPaid(tx, locked, info, { free: true })
      })
      return core.detail((await repo.orderById(db, order.id)) as repo.OrderRow, caller.locale)
    },

    async cancelOrder(caller: Caller, orderNumber: string): Promise<OrderDetail> {
      const order = await ownOrder(orderNumber, caller)
      if (order.status === 'cancelled') return core.detail(order, caller.locale)
      if (order.status === 'paid') throw orderPaid()
      const outcome = await transaction(async (tx) => {
        const locked = await repo.orderOfAccount(tx, orderNumber, caller.userId, true)
        if (!locked) return notFound()
        if (locked.status === 'cancelled') return []
        if (locked.status === 'paid') return orderPaid()
        if ((await repo.openAttempt(tx, locked.id, true))?.status === 'processing') return paymentInProgress()
        return core.release(tx, [locked], 'buyer')
      })
      if (outcome instanceof DomainError) throw outcome
      core.closeAtProvider(outcome)
      return core.detail((await repo.orderById(db, order.id)) as repo.OrderRow, caller.locale)
    },

    async getOrder(caller: Caller, orderNumber: string): Promise<OrderDetail> {
      return core.detail(await ownOrder(orderNumber, caller), caller.locale)
    },

    async myOrders(caller: Caller, limit: number, before: string | undefined) {
      const rows = await repo.ordersOfAccount(db, caller.userId, limit + 1, before ? new Date(before) : null)
      const page = rows.slice(0, limit)
      const items = []
      for (const row of page) {
        const { attempt: _attempt, ...summary } = await core.summary(await core.expireIfDue(row), caller.locale)
        items.push(summary)
      }
      return { items, more: rows.length > limit }
    },
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>

import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/tickets.ts'
import type { OrderDetail } from '../../../shared/contracts/tickets.ts'
import type { Locale } from '../../../shared/languages.ts'
import { conflict, invalid } from '../errors.ts'
import { couponUsed, guarded, usableCoupon } from './coupons.ts'
import { withPending } from './lock-pending.ts'
import { markPaid } from './mark-paid.ts'
import { refusalError, seatLimit } from './order-refusals.ts'
import { mayHold, stateOf, TRANSITIONS } from './order-rules.ts'
import * as orders from './orders.repo.ts'
import { checkOrderAnswers, questionViewsOf, writeAnswers } from './ticket-answers.ts'
import { TICKET_ANSWER_MESSAGES } from '../../../shared/rules/ticket-questions.ts'
import * as payments from './payments/payments.repo.ts'
import { ownOrder, reread } from './read-orders.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'
import * as repo from './tickets.repo.ts'
import { priced, reserve, totalsOf } from './ticket-types.ts'

/**
 * The buyer's edits of a pending order (docs/product.md#orders): other tickets or coupon, the attendees, the
 * confirmation. Each runs on the locked order in one transaction (lock-pending.ts), and each asks
 * order-rules.ts first, outside the transaction, so a refusal needs no lock.
 */
async function editable(context: TicketsContext, caller: Caller, number: string): Promise<orders.OrderRow> {
  const order = await ownOrder(context, caller, number)
  // By its status only: the deadline and a payment being checked are decided under the lock.
  const step = TRANSITIONS[stateOf(order, null)].edit
  if (step.kind === 'refuse') throw refusalError(step.refusal)
  return order
}

const close = (context: TicketsContext) => (closed: payments.ProviderCheckout[]) => context.checkouts.close(closed)

export async function changeTickets(context: TicketsContext, caller: Caller, payload: z.output<typeof contracts.changeTickets.payload>): Promise<OrderDetail> {
  const { platform } = context
  const { db } = platform
  const order = await editable(context, caller, payload.orderNumber)
  await context.exhibitions.ensureOnSale(order.exhibition_id)
  const selection = await priced(db, order.exhibition_id, payload.lines, caller.locale)
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
  const changed = await withPending(platform, close(context), payload.orderNumber, caller, async (tx, locked) => {
    if (!mayHold(await orders.seatsHeld(tx, caller.userId, locked.exhibition_id, locked.id), count)) throw seatLimit()
    const before = await orders.linesOf(tx, [locked.id])
    const deltas = new Map<number, number>()
    for (const line of before) deltas.set(line.ticket_type_id, -line.quantity)
    for (const line of selection.lines) deltas.set(line.ticketTypeId, (deltas.get(line.ticketTypeId) ?? 0) + line.quantity)
    await reserve(tx, deltas, caller.locale)
    if (!keepCoupon) {
      if (locked.coupon_id !== null && locked.coupon_state === 'held') await repo.releaseCoupons(tx, new Map([[locked.coupon_id, 1]]))
      if (coupon && !(await repo.holdCoupon(tx, coupon.id, locked.account_id, locked.id))) throw couponUsed()
    }
    await orders.replaceLines(tx, locked.id, selection.lines)
    await orders.changeSelection(tx, locked.id, { ...totalsOf(selection.lines, coupon), couponId: coupon?.id ?? null, couponCode: coupon?.code ?? null })
    await orders.trimAttendees(tx, locked.id, count)
    // The amount changed: a checkout opened for the old one must not be paid.
    const closed = await payments.cancelOpenAttempts(tx, [locked.id])
    await orders.logEvent(tx, locked.id, 'changed', { lines: selection.lines, coupon: coupon?.code ?? null })
    return closed
  })
  context.checkouts.close(changed)
  return reread(context, order.id, caller)
}

export async function saveAttendees(context: TicketsContext, caller: Caller, payload: z.output<typeof contracts.saveAttendees.payload>): Promise<OrderDetail> {
  const order = await editable(context, caller, payload.orderNumber)
  await withPending(context.platform, close(context), payload.orderNumber, caller, async (tx, locked) => {
    const lines = await orders.linesOf(tx, [locked.id])
    const typeAt = lines.flatMap((line) => Array.from({ length: line.quantity }, () => line.ticket_type_id))
    if (payload.attendees.length !== typeAt.length) throw invalid({ attendees: 'messages.attendeeCount' }, 'tickets:messages.attendeeCount')
    // The organiser's questions of each ticket's type (docs/product.md#ticket-questions), checked before anything is written.
    const views = await questionViewsOf(tx, locked.exhibition_id, caller.locale)
    const answers = checkOrderAnswers(
      views,
      payload.attendees.map((attendee, index) => ({ ticketTypeId: typeAt[index] ?? 0, answers: attendee.answers })),
    )
    await orders.replaceAttendees(tx, locked.id, payload.attendees.map(orders.attendeeValues))
    const refused: Record<string, string> = {}
    for (const attendee of await orders.attendeesOf(tx, locked.id)) {
      const index = attendee.position - 1
      const given = await writeAnswers(tx, { accountId: caller.userId, attendeeId: attendee.id, now: new Date() }, views, answers[index] ?? {})
      for (const id of given) refused[`attendees.${index}.answers.${id}`] = TICKET_ANSWER_MESSAGES.file
    }
    if (Object.keys(refused).length) throw invalid(refused)
    await orders.setConfirmed(tx, locked.id, false)
    await orders.logEvent(tx, locked.id, 'attendees', { count: typeAt.length })
  })
  return reread(context, order.id, caller)
}

/**
 * The buyer asks for an invoice made out to their company (or no longer does) before paying
 * (docs/product.md#invoices); it is issued when the order is paid.
 */
export async function requestInvoice(
  context: TicketsContext,
  caller: Caller,
  payload: z.output<typeof contracts.requestInvoice.payload>,
): Promise<OrderDetail> {
  const order = await editable(context, caller, payload.orderNumber)
  await withPending(context.platform, close(context), payload.orderNumber, caller, async (tx, locked) => {
    await orders.setInvoiceRequest(tx, locked.id, payload.invoice)
    await orders.logEvent(tx, locked.id, 'invoiceRequest', { company: payload.invoice !== null })
  })
  return reread(context, order.id, caller)
}

/** The buyer confirms the review; a free order is paid there and then (free orders skip payment). */
export async function confirmOrder(context: TicketsContext, caller: Caller, orderNumber: string): Promise<OrderDetail> {
  const order = await editable(context, caller, orderNumber)
  await context.exhibitions.ensureNotOver(order.exhibition_id)
  const info = await context.exhibitions.get(order.exhibition_id, order.locale as Locale)
  await withPending(context.platform, close(context), orderNumber, caller, async (tx, locked) => {
    const count = (await orders.linesOf(tx, [locked.id])).reduce((sum, line) => sum + line.quantity, 0)
    const attendees = await orders.attendeesOf(tx, locked.id)
    if (attendees.length !== count) throw conflict('tickets:messages.attendeesIncomplete')
    await orders.setConfirmed(tx, locked.id, true)
    await orders.logEvent(tx, locked.id, 'confirmed')
    if (locked.total_minor === 0) await markPaid(context, tx, locked, info, { free: true })
  })
  return reread(context, order.id, caller)
}

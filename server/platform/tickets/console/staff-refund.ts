import type { ConsoleOrderDetail } from '../../../../shared/contracts/console-orders.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, invalid } from '../../errors.ts'
import { orderTransaction } from '../lock-pending.ts'
import { decide } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import * as payments from '../payments/payments.repo.ts'
import { requestRefund } from '../payments/refund-payments.ts'
import { boothLineName } from '../booth-orders.ts'
import { serviceInvoiceLines } from '../services-orders.ts'
import * as refunds from '../payments/refunds.repo.ts'
import type { TicketsContext } from '../tickets-context.ts'
import * as repo from '../tickets.repo.ts'
import { consoleOrderDetail, type TicketFacts, ticketFacts } from './order-detail.ts'
import type { Locale } from '../../../../shared/languages.ts'
import type { GrossLine } from '../../invoices/index.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { orderInScope, staffBusy, staffRefusal } from './staff-scope.ts'
import * as staffOrders from './staff-orders.repo.ts'

/**
 * The credit note of a staff refund of an invoiced order, in the refund's transaction
 * (docs/product.md#invoices): one line per ticket type refunded, and the refund's own amount in all
 * (the last tickets refunded take what is left, as the refund does).
 */
export async function issueCreditNote(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  refund: refunds.RefundRow,
  chosen: TicketFacts[],
): Promise<void> {
  const lines = new Map<string, GrossLine>()
  for (const ticket of chosen) {
    const line = lines.get(ticket.typeName) ?? { name: ticket.typeName, quantity: 0, grossMinor: 0 }
    line.quantity += 1
    line.grossMinor += ticket.refundMinor
    lines.set(ticket.typeName, line)
  }
  const all = [...lines.values()]
  // A booth order has no tickets: its one line is the booth, as its invoice has it.
  if (order.order_kind === 'booth' && order.booth_id !== null) {
    all.push({
      name: boothLineName(context, order, await context.platform.services.booths.label(tx, order.booth_id, order.locale as Locale)),
      quantity: 1,
      grossMinor: 0,
    })
  }
  // A services order's lines are the form's items (docs/product.md#exhibitor-forms): a refund without
  // tickets names them, the refund's amount on the last.
  if (order.order_kind === 'services') all.push(...serviceInvoiceLines(order).map((line) => ({ ...line, grossMinor: 0 })))
  const last = all.at(-1)
  if (last) last.grossMinor += refund.amount_minor - all.reduce((sum, line) => sum + line.grossMinor, 0)
  const number = await context.platform.services.invoices.issueCreditNote(tx, { orderId: order.id, refundId: refund.id, lines: all, at: new Date() })
  if (number) await orders.logEvent(tx, order.id, 'creditNote', { refundId: refund.id, number })
}

/** The refunds table's key of a staff refund: one per confirmation dialog. */
const staffKey = (key: string) => `staff-${key}`

/**
 * Inside the order's transaction (its row locked): a staff refund of chosen tickets, or of all that
 * the order's payment may still give back (`ticketIds` null). Refunded tickets stop working and
 * their seats go back. Null: nothing to give back (nothing paid, or all refunded already).
 */
export async function requestStaffRefund(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  actor: StaffActor,
  request: { ticketIds: string[] | null; idempotencyKey: string },
): Promise<refunds.RefundRow | null> {
  const buying = await staffOrders.buyingAttempt(tx, order.id, true)
  if (!buying) return null
  const tickets = await ticketFacts(tx, order, order.locale as Locale)
  const open = tickets.filter((ticket) => !ticket.refunded)
  let chosen = open
  if (request.ticketIds) {
    const wanted = new Set(request.ticketIds)
    chosen = tickets.filter((ticket) => wanted.has(ticket.id))
    if (chosen.length !== wanted.size) throw invalid({ ticketIds: 'console:errors.ticketNotInOrder' }, 'console:errors.ticketNotInOrder')
    if (chosen.some((ticket) => ticket.refunded)) throw conflict('console:errors.ticketRefunded')
  }
  // The last tickets refunded take what is left, so rounding never leaves money behind.
  const allOpen = chosen.length === open.length
  const amountMinor = allOpen ? null : chosen.reduce((sum, ticket) => sum + ticket.refundMinor, 0)
  const refund = await requestRefund(tx, buying.id, {
    reason: 'staff',
    idempotencyKey: request.idempotencyKey,
    amountMinor,
    ticketIds: chosen.map((ticket) => ticket.id),
    requestedBy: actor.staffId,
  })
  if (!refund) return null
  await issueCreditNote(context, tx, order, refund, chosen)
  await repo.releaseSeats(
    tx,
    await staffOrders.voidTickets(
      tx,
      order.id,
      chosen.map((ticket) => ticket.id),
    ),
  )
  return refund
}

/**
 * Staff refund the whole order or chosen tickets through the provider (docs/product.md#console-orders). The refund is requested here and made by the refunds job (refund-payments.ts), which
 * mails the buyer. A repeated call with the same key answers the first refund; two members
 * refunding at once queue on the order's row, and the second finds nothing (more) to give back.
 */
export async function staffRefund(
  context: TicketsContext,
  actor: StaffActor,
  payload: { number: string; ticketIds: string[] | null; idempotencyKey: string },
): Promise<ConsoleOrderDetail> {
  const { db } = context.platform
  const orderId = await orderTransaction(
    db,
    async (tx) => {
      const order = await orderInScope(tx, actor, payload.number, true)
      const known = await refunds.refundByKey(tx, staffKey(payload.idempotencyKey))
      if (known) {
        if (known.order_id !== order.id) throw conflict('console:errors.refundKeyUsed')
        return order.id
      }
      const attempt = order.status === 'pending' ? await payments.openAttempt(tx, order.id, true) : null
      const decision = decide(order, attempt, 'refundByStaff')
      if (decision.kind === 'refuse') throw staffRefusal(decision.refusal)
      if (decision.kind !== 'to') throw conflict('console:errors.nothingToRefund')
      const refundedBefore = (await staffOrders.refundsOfOrder(tx, order.id)).filter((row) => row.status !== 'failed')
      const refund = await requestStaffRefund(context, tx, order, actor, { ticketIds: payload.ticketIds, idempotencyKey: staffKey(payload.idempotencyKey) })
      if (!refund) throw conflict('console:errors.nothingToRefund')
      await context.platform.services.staff.audit(
        tx,
        { staffId: actor.staffId, address: actor.address },
        {
          function: 'console$refundOrder',
          target: `order:${order.number}`,
          before: { refundedMinor: refundedBefore.reduce((sum, row) => sum + row.amount_minor, 0), currency: order.currency },
          after: {
            refundedMinor: refundedBefore.reduce((sum, row) => sum + row.amount_minor, 0) + refund.amount_minor,
            refund: { id: refund.id, amountMinor: refund.amount_minor, ticketIds: refund.ticket_ids, status: refund.status },
          },
        },
      )
      return order.id
    },
    staffBusy,
  )
  return consoleOrderDetail(context.platform, (await orders.orderById(db, orderId)) as orders.OrderRow, actor.locale)
}

import type { OrderDetail } from '../../../shared/contracts/tickets.ts'
import { attendeeChangesOpen } from '../../../shared/rules/tickets.ts'
import type { Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, notFound } from '../errors.ts'
import { type TicketFacts, ticketFacts } from './console/order-detail.ts'
import { selfCancellable } from './self-cancel.ts'
import * as staffOrders from './console/staff-orders.repo.ts'
import { issueCreditNote } from './console/staff-refund.ts'
import type { ExhibitionInfo } from './exhibition-info.ts'
import { orderTransaction } from './lock-pending.ts'
import { queueTicketCancelledMails } from './order-mails.ts'
import * as orders from './orders.repo.ts'
import { requestRefund } from './payments/refund-payments.ts'
import { ownOrder, reread } from './read-orders.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'
import * as repo from './tickets.repo.ts'

/** The refunds table's key of a self-cancellation: one per ticket, so a double submit cannot refund twice. */
const selfCancelKey = (ticketId: string) => `self-cancel-${ticketId}`

/**
 * The buyer cancels one ticket under the exhibition's refund policy (docs/product.md#refund-policy): its
 * code stops working at once, its seat goes back through the path every freed seat takes, and the
 * policy's share is refunded by the refunds job. `expectedRefundMinor` is what the page showed: if the
 * policy's period ended in between, the buyer is told and shown the new amount instead of getting less
 * than they agreed to. The last ticket of the order takes the order with it (cancelled by the buyer, its
 * coupon use back). Buyer and holder are mailed; the order's history records who did it.
 */
export async function cancelTicket(
  context: TicketsContext,
  caller: Caller,
  payload: { orderNumber: string; ticketId: string; expectedRefundMinor: number },
): Promise<OrderDetail> {
  const { db } = context.platform
  // Read before the transaction: the exhibitions domain asks its own connection (PGlite has one).
  const mine = await ownOrder(context, caller, payload.orderNumber)
  const info = await context.exhibitions.get(mine.exhibition_id, mine.locale as Locale)
  const orderId = await orderTransaction(db, async (tx) => {
    const order = await orders.orderOfAccount(tx, payload.orderNumber, caller.userId, true)
    if (!order) throw notFound()
    const tickets = await ticketFacts(tx, order, order.locale as Locale)
    const ticket = tickets.find((candidate) => candidate.id === payload.ticketId)
    if (!ticket) throw notFound()
    // Cancelled already (a double submit, or a second tab): nothing more happens.
    if (ticket.voided) return order.id
    const now = new Date()
    const allowed = selfCancellable(order, info, tickets, now).find((candidate) => candidate.ticketId === ticket.id)
    if (!allowed) throw conflict(refusalOf(order, info, ticket, now))
    if (allowed.refundMinor !== payload.expectedRefundMinor) throw conflict('tickets:cancelTicket.amountChanged', { refundMinor: allowed.refundMinor })
    const refundMinor = await refundTicket(context, tx, order, ticket, allowed.refundMinor, tickets)
    await repo.releaseSeats(tx, await staffOrders.voidTickets(tx, order.id, [ticket.id]))
    const last = tickets.every((other) => other.id === ticket.id || other.voided)
    if (last) await staffOrders.cancelPaidOrder(tx, order.id, 'buyer')
    await orders.logEvent(tx, order.id, last ? 'cancelled' : 'ticketCancelled', { by: 'buyer', userId: caller.userId, ticketId: ticket.id, refundMinor })
    const attendee = (await orders.attendeesOf(tx, order.id)).find((row) => row.id === ticket.attendeeId)
    if (attendee) await queueTicketCancelledMails(context, tx, order, info, { attendee, ticketName: ticket.typeName, refundMinor })
    return order.id
  })
  return reread(context, orderId, caller)
}

/** The refund of one cancelled ticket; the last one open takes what its payment may still give back, so rounding leaves nothing behind when it is all due. */
async function refundTicket(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  ticket: TicketFacts,
  dueMinor: number,
  tickets: readonly TicketFacts[],
): Promise<number> {
  if (dueMinor <= 0) return 0
  const buying = await staffOrders.buyingAttempt(tx, order.id, true)
  if (!buying) return 0
  const lastOpen = tickets.every((other) => other.id === ticket.id || other.voided || other.refunded)
  const refund = await requestRefund(tx, buying.id, {
    reason: 'selfCancel',
    idempotencyKey: selfCancelKey(ticket.id),
    amountMinor: lastOpen && dueMinor === ticket.refundMinor ? null : dueMinor,
    ticketIds: [ticket.id],
    // Staff only: the buyer who asked is in the order's history (the `ticketCancelled` event).
    requestedBy: null,
  })
  if (!refund) return 0
  await issueCreditNote(context, tx, order, refund, [ticket])
  return refund.amount_minor
}

/** Why this ticket cannot be cancelled by its buyer now, as the order page words it. */
function refusalOf(order: orders.OrderRow, info: ExhibitionInfo, ticket: TicketFacts, now: Date): string {
  if (order.status !== 'paid' || order.order_kind !== 'tickets') return 'tickets:cancelTicket.notPaid'
  if (!info.refundPolicy.selfCancel) return 'tickets:cancelTicket.notAllowed'
  if (!attendeeChangesOpen(info, now)) return 'tickets:cancelTicket.tooLate'
  if (ticket.checkedIn) return 'tickets:cancelTicket.checkedIn'
  if (ticket.transferred) return 'tickets:cancelTicket.transferred'
  return 'tickets:cancelTicket.refunded'
}

import { attendeeChangesOpen, refundDueByPolicy } from '../../../shared/rules/tickets.ts'
import type { TicketFacts } from './console/order-detail.ts'
import type { ExhibitionInfo } from './exhibition-info.ts'
import type * as orders from './orders.repo.ts'

/** What the buyer may cancel now and what would come back for each (docs/product.md#refund-policy). */
export interface SelfCancellable {
  ticketId: string
  refundMinor: number
}

/**
 * The tickets of a paid ticket order its buyer may cancel at `now`: before the cut-off, under a policy
 * that allows it, not used at the door, not refunded already, not handed to someone else. Each with the policy's share of what was
 * paid for it after coupons.
 */
export function selfCancellable(
  order: Pick<orders.OrderRow, 'status' | 'order_kind'>,
  info: Pick<ExhibitionInfo, 'startsAt' | 'attendeeChangesUntil' | 'refundPolicy'>,
  tickets: readonly TicketFacts[],
  now: Date,
): SelfCancellable[] {
  if (order.status !== 'paid' || order.order_kind !== 'tickets' || !attendeeChangesOpen(info, now)) return []
  return tickets.flatMap((ticket) => {
    if (ticket.voided || ticket.refunded || ticket.checkedIn || ticket.transferred) return []
    const refundMinor = refundDueByPolicy(info.refundPolicy, ticket.refundMinor, now)
    return refundMinor === null ? [] : [{ ticketId: ticket.id, refundMinor }]
  })
}

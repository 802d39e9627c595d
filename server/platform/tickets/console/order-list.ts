import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-orders.ts'
import type { Queryable } from '../../../db/client.ts'
import { PAYMENT_QUEUE_PAGE_SIZE } from '../../../../shared/rules/console-orders.ts'
import { displayName } from '../../../../shared/rules/names.ts'
import { refundPromisedBy, stateOf } from '../order-rules.ts'
import type { StaffActor } from '../../staff-actor.ts'
import * as staffOrders from './staff-orders.repo.ts'

type ListQuery = z.output<typeof contracts.orderList.payload>

/** One page of the orders the member may see, searched and filtered on the server. */
export async function orderList(db: Queryable, actor: StaffActor, query: ListQuery): Promise<z.output<typeof contracts.orderList.result>> {
  const filter: staffOrders.ListFilter = {
    scope: actor.scope,
    locale: actor.locale,
    search: query.search || null,
    exhibitionId: query.exhibitionId ?? null,
    status: query.status ?? null,
    method: query.method ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    after: query.after ?? null,
    before: query.before ?? null,
  }
  const [{ rows, ...paging }, exhibitions] = await Promise.all([
    staffOrders.listOrders(db, filter, query.pageSize),
    staffOrders.exhibitionsInScope(db, actor.scope, actor.locale),
  ])
  return {
    rows: rows.map((row) => ({
      number: row.number,
      exhibitionId: row.exhibition_id,
      exhibitionTitle: row.exhibition_title,
      state: stateOf(row, row.processing ? { status: 'processing' } : null),
      cancelReason: row.cancel_reason,
      buyerEmail: row.buyer_email,
      attendeeNames: row.attendee_names.map(displayName),
      tickets: row.tickets,
      currency: row.currency,
      totalMinor: row.total_minor,
      refundedMinor: row.refunded_minor,
      method: row.method,
      createdAt: row.created_at.toISOString(),
    })),
    ...paging,
    exhibitions,
  }
}

/**
 * Payments that arrived late or twice (or for another amount), each refunded automatically, with
 * the date the payer was promised their money back by; `overdue` once that date has passed
 * without a successful refund (docs/product.md#late-payments).
 */
export async function paymentQueue(
  db: Queryable,
  actor: StaffActor,
  query: z.output<typeof contracts.paymentQueue.payload>,
  now: Date,
): Promise<z.output<typeof contracts.paymentQueue.result>> {
  const { rows, total } = await staffOrders.paymentQueue(db, actor.scope, actor.locale, query.show === 'open', query.page, PAYMENT_QUEUE_PAGE_SIZE)
  return {
    rows: rows.map((row) => {
      const promisedBy = refundPromisedBy(row.confirmed_at)
      const settled = row.refund_status === 'succeeded' ? row.refund_settled_at : null
      return {
        number: row.number,
        exhibitionTitle: row.exhibition_title,
        buyerEmail: row.buyer_email,
        provider: row.provider,
        amountMinor: row.amount_minor,
        currency: row.currency,
        reason: row.reason,
        receivedAt: row.confirmed_at.toISOString(),
        promisedBy: promisedBy.toISOString(),
        refund: row.refund_status
          ? {
              status: row.refund_status,
              requestedAt: (row.refund_requested_at as Date).toISOString(),
              settledAt: row.refund_settled_at?.toISOString() ?? null,
              failure: row.refund_failure,
            }
          : null,
        overdue: (settled ?? now).getTime() > promisedBy.getTime(),
      }
    }),
    total,
  }
}

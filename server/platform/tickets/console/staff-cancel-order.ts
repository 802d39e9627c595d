import type { ConsoleOrderDetail } from '../../../../shared/contracts/console-orders.ts'
import { orderTransaction } from '../lock-pending.ts'
import { queueCancelledMail } from '../order-mails.ts'
import { decide, stateOf } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import * as payments from '../payments/payments.repo.ts'
import { releaseOrders } from '../release-orders.ts'
import type { TicketsContext } from '../tickets-context.ts'
import * as repo from '../tickets.repo.ts'
import { consoleOrderDetail } from './order-detail.ts'
import { auditedOrder } from './order-snapshot.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { orderInScope, staffBusy, staffRefusal } from './staff-scope.ts'
import * as staffOrders from './staff-orders.repo.ts'
import { requestStaffRefund } from './staff-refund.ts'

/**
 * Staff cancel an order (docs/product.md#console-orders): the organiser's decision, with or
 * without a refund. A pending order goes as a buyer's would; a paid one gives its seats and coupon
 * use back and its e-tickets stop working, and with `refund` everything its payment may still give
 * back is refunded through the provider. The buyer is mailed; the audit row commits with the change.
 */
export async function staffCancelOrder(context: TicketsContext, actor: StaffActor, number: string, refund: boolean): Promise<ConsoleOrderDetail> {
  const { db } = context.platform
  const outcome = await orderTransaction(
    db,
    async (tx) => {
      const order = await orderInScope(tx, actor, number, true)
      const attempt = order.status === 'pending' ? await payments.openAttempt(tx, order.id, true) : null
      const decision = decide(order, attempt, 'cancelByStaff')
      if (decision.kind === 'refuse') throw staffRefusal(decision.refusal)
      if (decision.expireFirst) {
        // The countdown ran out before staff came: it expires as it would have (and the buyer hears so).
        const closed = await releaseOrders(context.platform, tx, [order], 'expired')
        await queueCancelledMail(context, tx, order, 'expired')
        return { id: order.id, closed }
      }
      if (decision.kind !== 'to') return { id: order.id, closed: [] }
      const before = auditedOrder(order, stateOf(order, attempt))
      let closed: payments.ProviderCheckout[] = []
      let refundMinor = 0
      if (order.status === 'pending') {
        closed = await releaseOrders(context.platform, tx, [order], 'staff')
      } else {
        await repo.releaseSeats(tx, await staffOrders.voidTickets(tx, order.id, null))
        if (order.coupon_id !== null && order.coupon_state === 'redeemed') await repo.releaseCoupons(tx, new Map([[order.coupon_id, 1]]))
        await staffOrders.cancelPaidOrder(tx, order.id)
        // A cancelled booth order's booth goes back on the plan (docs/product.md#booth-checkout).
        if (order.booth_id !== null && order.exhibitor_id !== null) await context.platform.services.booths.freeSold(tx, order.booth_id, order.exhibitor_id)
        // A cancelled services order no longer does its form's task (docs/product.md#exhibitor-forms).
        if (order.form_task_id !== null && order.exhibitor_id !== null)
          await context.platform.services.exhibitorForms.cancelled(tx, order.form_task_id, order.exhibitor_id)
        await orders.logEvent(tx, order.id, 'cancelled', { by: 'staff', staffId: actor.staffId, refund })
        if (refund) {
          const made = await requestStaffRefund(context, tx, order, actor, { ticketIds: null, idempotencyKey: `staff-cancel-${order.id}` })
          refundMinor = made?.amount_minor ?? 0
        }
      }
      await queueCancelledMail(context, tx, order, 'staff', refundMinor)
      const after = (await orders.orderById(tx, order.id)) as orders.OrderRow
      await context.platform.services.staff.audit(
        tx,
        { staffId: actor.staffId, address: actor.address },
        {
          function: 'console$cancelOrder',
          target: `order:${order.number}`,
          before,
          after: { ...auditedOrder(after, stateOf(after, null)), refundMinor },
        },
      )
      return { id: order.id, closed }
    },
    staffBusy,
  )
  context.checkouts.close(outcome.closed)
  return consoleOrderDetail(context.platform, (await orders.orderById(db, outcome.id)) as orders.OrderRow, actor.locale)
}

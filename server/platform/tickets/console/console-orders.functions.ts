import * as contracts from '../../../../shared/contracts/console-orders.ts'
import * as invoiceContracts from '../../../../shared/contracts/invoices.ts'
import type { CallContext, StaffCaller } from '../../gateway.ts'
import type { Platform } from '../../platform.ts'
import type { TicketsContext } from '../tickets-context.ts'
import { consoleOrderDetail } from './order-detail.ts'
import { orderList, paymentQueue } from './order-list.ts'
import { resendTickets } from './resend-tickets.ts'
import { changeAttendee } from './staff-attendee.ts'
import { staffCancelOrder } from './staff-cancel-order.ts'
import { staffRefund } from './staff-refund.ts'
import { actorOf } from '../../staff-actor.ts'
import { orderInScope } from './staff-scope.ts'

/** `staff` functions: the console gateway has found the member and checked the role (console-access.ts). */
const actor = (context: CallContext) => actorOf(context.staff as StaffCaller, context.ip)

/** Registrations of the console's order functions on POST /gateway/console (docs/product.md#console-orders). */
export function registerConsoleOrderFunctions(platform: Platform, context: TicketsContext): void {
  const { registry, db } = platform
  registry.implement(contracts.orderList, (payload, call) => orderList(db, actor(call), payload))
  registry.implement(contracts.orderDetail, async (payload, call) => {
    const member = actor(call)
    return { order: await consoleOrderDetail(platform, await orderInScope(db, member, payload.number), member.locale) }
  })
  registry.implement(contracts.resendTickets, async (payload, call) => ({
    mails: await resendTickets(context, actor(call), payload.number, payload.attendeeId),
  }))
  registry.implement(contracts.changeAttendee, async (payload, call) => ({ order: await changeAttendee(context, actor(call), payload) }))
  registry.implement(contracts.cancelOrder, async (payload, call) => ({
    order: await staffCancelOrder(context, actor(call), payload.number, payload.refund),
  }))
  registry.implement(contracts.refundOrder, async (payload, call) => ({ order: await staffRefund(context, actor(call), payload) }))
  registry.implement(invoiceContracts.invoicePdf, async (payload, call) => {
    const order = await orderInScope(db, actor(call), payload.number)
    const { fileName, pdf } = await platform.services.invoices.pdf(order, payload.document)
    return { fileName, mediaType: 'application/pdf', base64: Buffer.from(pdf).toString('base64') }
  })
  registry.implement(contracts.paymentQueue, (payload, call) => paymentQueue(db, actor(call), payload, new Date()))
}

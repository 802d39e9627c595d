import * as contracts from '../../../shared/contracts/tickets.ts'
import type { CallContext } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import type { OrdersService } from './orders.service.ts'
import type { PaymentsService } from './payments/payments.service.ts'
import type { Caller } from './tickets-context.ts'
import { setTicketShares } from './ticket-shares.ts'
import { setTicketAnswers } from './ticket-answers.ts'

/** `user` functions always have a user id (the gateway refuses others with 401). */
function callerOf(context: CallContext): Caller {
  if (!context.userId) throw new Error('a user function was called without a user')
  return { userId: context.userId, locale: context.locale, ip: context.ip }
}

function guesser(context: CallContext): string {
  const principal = context.principal
  if (principal?.kind === 'user') return principal.userId
  if (principal?.kind === 'visitor') return `visitor:${principal.visitorId}`
  return `server:${context.ip}`
}

/** The visitor's gateway functions of tickets, orders and payment, docs/product.md#orders (thin: parse is the gateway's, rules are the services'). */
export function registerTicketFunctions(platform: Platform, orders: OrdersService, payments: PaymentsService): void {
  const { registry } = platform
  registry.implement(contracts.ticketTypes, (payload, context) => orders.ticketTypes(payload.exhibitionId, context.locale))
  // Visitors may check a code before logging in; guesses count against their visitor id (or account) and address.
  registry.implement(contracts.checkCoupon, (payload, context) =>
    orders.checkCoupon({ userId: guesser(context), locale: context.locale, ip: context.ip }, payload.exhibitionId, payload.code),
  )
  registry.implement(contracts.createOrder, (payload, context) => orders.createOrder(callerOf(context), payload))
  registry.implement(contracts.changeTickets, (payload, context) => orders.changeTickets(callerOf(context), payload))
  registry.implement(contracts.saveAttendees, (payload, context) => orders.saveAttendees(callerOf(context), payload))
  registry.implement(contracts.requestInvoice, (payload, context) => orders.requestInvoice(callerOf(context), payload))
  registry.implement(contracts.confirmOrder, (payload, context) => orders.confirmOrder(callerOf(context), payload.orderNumber))
  registry.implement(contracts.startPayment, (payload, context) => payments.startPayment(callerOf(context), payload.orderNumber, payload.method))
  registry.implement(contracts.checkPayment, (payload, context) => payments.checkPayment(callerOf(context), payload.orderNumber))
  registry.implement(contracts.getOrder, (payload, context) => orders.getOrder(callerOf(context), payload.orderNumber))
  registry.implement(contracts.myOrders, (payload, context) => orders.myOrders(callerOf(context), payload.limit, payload.before))
  // An exhibitor's CRM webhook hears of the change in the same transaction (docs/product.md#lead-webhooks).
  registry.implement(contracts.setTicketShares, (payload, context) =>
    platform.db.transaction(async (tx) => {
      const shares = await setTicketShares(tx, callerOf(context).userId, payload)
      await platform.services.leadWebhooks.consentChanged(tx, { orderNumber: payload.orderNumber, position: shares.position, shares: shares.shares })
      return shares
    }),
  )
  registry.implement(contracts.setTicketAnswers, (payload, context) => setTicketAnswers(platform, callerOf(context), payload))
  registry.implement(contracts.cancelOrder, (payload, context) => orders.cancelOrder(callerOf(context), payload.orderNumber))
  registry.implement(contracts.cancelTicket, (payload, context) => orders.cancelTicket(callerOf(context), payload))
  registry.implement(contracts.changeMyAttendee, (payload, context) => orders.changeMyAttendee(callerOf(context), payload))
  registry.implement(contracts.transferTicket, (payload, context) => orders.transferTicket(callerOf(context), payload))
  registry.implement(contracts.cancelTransfer, (payload, context) => orders.cancelTransfer(callerOf(context), payload))
  registry.implement(contracts.transferOffer, (payload, context) => orders.transferOffer(callerOf(context), payload.token))
  registry.implement(contracts.acceptTransfer, (payload, context) => orders.acceptTransfer(callerOf(context), payload))
  registry.implement(contracts.declineTransfer, (payload, context) => orders.declineTransfer(callerOf(context), payload.token))
}

import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/tickets.ts'
import type { Locale } from '../../../shared/languages.ts'
import { cancelOrder } from './cancel-order.ts'
import { changeMyAttendee } from './attendee-self-change.ts'
import { cancelTicket } from './cancel-ticket.ts'
import { changeTickets, confirmOrder, requestInvoice, saveAttendees } from './change-order.ts'
import { guarded, preview, usableCoupon } from './coupons.ts'
import { createOrder } from './create-order.ts'
import { getOrder, myOrders, ownApplePass, ownDocumentPdf, ownGoogleWalletUrl, ownTicketPdf } from './read-orders.ts'
import type { Caller, TicketsContext } from './tickets-context.ts'
import { listTicketTypes } from './ticket-types.ts'
import { acceptTransfer, cancelTransfer, declineTransfer, transferOffer, transferTicket } from './ticket-transfer.ts'

/**
 * Buyers' verbs on orders (docs/product.md#orders), one file per operation: choose tickets
 * (create-order.ts), change them, fill in attendees, confirm (change-order.ts), cancel
 * (cancel-order.ts), read (read-orders.ts), hand a ticket to someone else (ticket-transfer.ts). The rules they follow are order-rules.ts.
 */
export function createOrdersService(context: TicketsContext) {
  const { platform } = context
  return {
    ticketTypes: (exhibitionId: number, locale: Locale) => listTicketTypes(context, exhibitionId, locale),
    checkCoupon: (caller: Caller, exhibitionId: number, code: string) =>
      guarded(platform.rateLimits, caller, async () =>
        preview(await usableCoupon(platform.db, code, { exhibitionId, currency: null, ticketTypeIds: null, now: new Date() })),
      ),
    createOrder: (caller: Caller, payload: z.output<typeof contracts.createOrder.payload>) => createOrder(context, caller, payload),
    changeTickets: (caller: Caller, payload: z.output<typeof contracts.changeTickets.payload>) => changeTickets(context, caller, payload),
    saveAttendees: (caller: Caller, payload: z.output<typeof contracts.saveAttendees.payload>) => saveAttendees(context, caller, payload),
    requestInvoice: (caller: Caller, payload: z.output<typeof contracts.requestInvoice.payload>) => requestInvoice(context, caller, payload),
    confirmOrder: (caller: Caller, orderNumber: string) => confirmOrder(context, caller, orderNumber),
    cancelOrder: (caller: Caller, orderNumber: string) => cancelOrder(context, caller, orderNumber),
    cancelTicket: (caller: Caller, payload: { orderNumber: string; ticketId: string; expectedRefundMinor: number }) => cancelTicket(context, caller, payload),
    changeMyAttendee: (caller: Caller, payload: z.output<typeof contracts.changeMyAttendee.payload>) => changeMyAttendee(context, caller, payload),
    transferTicket: (caller: Caller, payload: z.output<typeof contracts.transferTicket.payload>) => transferTicket(context, caller, payload),
    cancelTransfer: (caller: Caller, payload: z.output<typeof contracts.cancelTransfer.payload>) => cancelTransfer(context, caller, payload),
    transferOffer: (caller: Caller, token: string) => transferOffer(context, caller, token),
    acceptTransfer: (caller: Caller, payload: z.output<typeof contracts.acceptTransfer.payload>) => acceptTransfer(context, caller, payload),
    declineTransfer: (caller: Caller, token: string) => declineTransfer(context, caller, token),
    getOrder: (caller: Caller, orderNumber: string) => getOrder(context, caller, orderNumber),
    myOrders: (caller: Caller, limit: number, before: string | undefined) => myOrders(context, caller, limit, before),
    ticketPdf: (caller: Caller, orderNumber: string, ticketId: string) => ownTicketPdf(context, caller, orderNumber, ticketId),
    applePass: (caller: Caller, orderNumber: string, ticketId: string) => ownApplePass(context, caller, orderNumber, ticketId),
    googleWalletUrl: (caller: Caller, orderNumber: string, ticketId: string) => ownGoogleWalletUrl(context, caller, orderNumber, ticketId),
    documentPdf: (caller: Caller, orderNumber: string, documentNumber: string) => ownDocumentPdf(context, caller, orderNumber, documentNumber),
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>

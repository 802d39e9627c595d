import { fn } from '../../shared/functions/gateway.ts'
import { TICKETS } from '../../shared/functions/tickets.ts'
import type * as contracts from '../../shared/contracts/tickets.ts'
import type { z } from 'zod'

/**
 * Tickets, orders and payment (docs/product.md#orders): browser references to the platform functions. No zod here,
 * so the checkout pages stay light; the rules both sides apply are in shared/rules/tickets.ts.
 */
export const ticketTypes = fn<typeof contracts.ticketTypes>(TICKETS.ticketTypes)
export const checkCoupon = fn<typeof contracts.checkCoupon>(TICKETS.checkCoupon)
export const createOrder = fn<typeof contracts.createOrder>(TICKETS.createOrder)
export const changeTickets = fn<typeof contracts.changeTickets>(TICKETS.changeTickets)
export const saveAttendees = fn<typeof contracts.saveAttendees>(TICKETS.saveAttendees)
export const confirmOrder = fn<typeof contracts.confirmOrder>(TICKETS.confirmOrder)
export const startPayment = fn<typeof contracts.startPayment>(TICKETS.startPayment)
export const checkPayment = fn<typeof contracts.checkPayment>(TICKETS.checkPayment)
export const getOrder = fn<typeof contracts.getOrder>(TICKETS.getOrder)
export const myOrders = fn<typeof contracts.myOrders>(TICKETS.myOrders)
export const cancelOrder = fn<typeof contracts.cancelOrder>(TICKETS.cancelOrder)
export const cancelTicket = fn<typeof contracts.cancelTicket>(TICKETS.cancelTicket)
export const requestInvoice = fn<typeof contracts.requestInvoice>(TICKETS.requestInvoice)
export const setTicketShares = fn<typeof contracts.setTicketShares>(TICKETS.setTicketShares)
export const setTicketAnswers = fn<typeof contracts.setTicketAnswers>(TICKETS.setTicketAnswers)
export const changeMyAttendee = fn<typeof contracts.changeMyAttendee>(TICKETS.changeMyAttendee)
export const joinWaitingList = fn<typeof contracts.joinWaitingList>(TICKETS.joinWaitingList)
export const leaveWaitingList = fn<typeof contracts.leaveWaitingList>(TICKETS.leaveWaitingList)
export const myWaitingList = fn<typeof contracts.myWaitingList>(TICKETS.myWaitingList)
export const waitingOffer = fn<typeof contracts.waitingOffer>(TICKETS.waitingOffer)
export const declineWaitingOffer = fn<typeof contracts.declineWaitingOffer>(TICKETS.declineWaitingOffer)
export const transferTicket = fn<typeof contracts.transferTicket>(TICKETS.transferTicket)
export const cancelTransfer = fn<typeof contracts.cancelTransfer>(TICKETS.cancelTransfer)
export const transferOffer = fn<typeof contracts.transferOffer>(TICKETS.transferOffer)
export const acceptTransfer = fn<typeof contracts.acceptTransfer>(TICKETS.acceptTransfer)
export const declineTransfer = fn<typeof contracts.declineTransfer>(TICKETS.declineTransfer)
export type WaitingEntry = z.output<typeof contracts.waitingEntry>

export type {
  AttendeeInput,
  Availability,
  CouponPreview,
  ExhibitionSummary,
  HeldTicket,
  OrderDetail,
  OrderStatus,
  OrderSummary,
  TicketQuestion,
  TicketTypeCard,
  TicketTypesResult,
  TransferOffer,
} from '../../shared/contracts/tickets.ts'

import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/tickets.ts'

/**
 * Tickets, orders and payment (issue 9): browser references to the platform functions, and the rules
 * both sides apply. Pages validate with these before sending; the platform's contracts
 * (src/api/contracts/tickets.ts) apply the same rules again and are the authority. No zod here, so
 * the checkout pages stay light.
 */
export const ticketTypes = fn<typeof contracts.ticketTypes>('expo', 'tickets$ticketTypes', 'visitor')
export const checkCoupon = fn<typeof contracts.checkCoupon>('expo', 'tickets$checkCoupon', 'visitor')
export const createOrder = fn<typeof contracts.createOrder>('expo', 'tickets$createOrder', 'user')
export const changeTickets = fn<typeof contracts.changeTickets>('expo', 'tickets$changeTickets', 'user')
export const saveAttendees = fn<typeof contracts.saveAttendees>('expo', 'tickets$saveAttendees', 'user')
export const confirmOrder = fn<typeof contracts.confirmOrder>('expo', 'tickets$confirmOrder', 'user')
export const startPayment = fn<typeof contracts.startPayment>('expo', 'tickets$startPayment', 'user')
export const checkPayment = fn<typeof contracts.checkPayment>('expo', 'tickets$checkPayment', 'user')
export const getOrder = fn<typeof contracts.getOrder>('expo', 'tickets$order', 'user')
export const myOrders = fn<typeof contracts.myOrders>('expo', 'tickets$myOrders', 'user')
export const cancelOrder = fn<typeof contracts.cancelOrder>('expo', 'tickets$cancelOrder', 'user')

export type {
  AttendeeInput,
  Availability,
  CouponPreview,
  OrderDetail,
  OrderStatus,
  OrderSummary,
  TicketTypeCard,
  TicketTypesResult,
} from './contracts/tickets.ts'

export * from './rules/tickets.ts'
export { changePath, type NextStep, orderPath, reRegisterPath } from '../lib/checkout-steps.ts'

import type { FunctionTable } from './gateway.ts'

/** Where each tickets function is reached and who may call it (its contract and browser reference both use this). */
export const TICKETS = {
  ticketTypes: { endpoint: 'expo', route: 'tickets$ticketTypes', access: 'visitor' },
  checkCoupon: { endpoint: 'expo', route: 'tickets$checkCoupon', access: 'visitor' },
  createOrder: { endpoint: 'expo', route: 'tickets$createOrder', access: 'user' },
  changeTickets: { endpoint: 'expo', route: 'tickets$changeTickets', access: 'user' },
  saveAttendees: { endpoint: 'expo', route: 'tickets$saveAttendees', access: 'user' },
  requestInvoice: { endpoint: 'expo', route: 'tickets$requestInvoice', access: 'user' },
  confirmOrder: { endpoint: 'expo', route: 'tickets$confirmOrder', access: 'user' },
  startPayment: { endpoint: 'expo', route: 'tickets$startPayment', access: 'user' },
  checkPayment: { endpoint: 'expo', route: 'tickets$checkPayment', access: 'user' },
  getOrder: { endpoint: 'expo', route: 'tickets$order', access: 'user' },
  myOrders: { endpoint: 'expo', route: 'tickets$myOrders', access: 'user' },
  cancelOrder: { endpoint: 'expo', route: 'tickets$cancelOrder', access: 'user' },
  // One ticket of a paid order, by its buyer under the refund policy (docs/product.md#refund-policy).
  cancelTicket: { endpoint: 'expo', route: 'tickets$cancelTicket', access: 'user' },
  // What exhibitors who scan a ticket may receive (docs/product.md#leads).
  setTicketShares: { endpoint: 'expo', route: 'tickets$setShares', access: 'user' },
  setTicketAnswers: { endpoint: 'expo', route: 'tickets$setAnswers', access: 'user' },
  // The buyer or the holder corrects a ticket's name, company and position; a new name re-issues it (docs/product.md#attendee-changes).
  changeMyAttendee: { endpoint: 'expo', route: 'tickets$changeAttendee', access: 'user' },
  // The buyer or the holder hands a ticket to another person, who accepts it with their own details (docs/product.md#ticket-transfer).
  transferTicket: { endpoint: 'expo', route: 'tickets$transferTicket', access: 'user' },
  cancelTransfer: { endpoint: 'expo', route: 'tickets$cancelTransfer', access: 'user' },
  transferOffer: { endpoint: 'expo', route: 'tickets$transferOffer', access: 'user' },
  acceptTransfer: { endpoint: 'expo', route: 'tickets$acceptTransfer', access: 'user' },
  declineTransfer: { endpoint: 'expo', route: 'tickets$declineTransfer', access: 'user' },
  // The waiting list of a sold-out type (docs/product.md#waiting-list).
  joinWaitingList: { endpoint: 'expo', route: 'tickets$joinWaitingList', access: 'user' },
  leaveWaitingList: { endpoint: 'expo', route: 'tickets$leaveWaitingList', access: 'user' },
  myWaitingList: { endpoint: 'expo', route: 'tickets$myWaitingList', access: 'user' },
  waitingOffer: { endpoint: 'expo', route: 'tickets$waitingOffer', access: 'user' },
  declineWaitingOffer: { endpoint: 'expo', route: 'tickets$declineWaitingOffer', access: 'user' },
} as const satisfies FunctionTable

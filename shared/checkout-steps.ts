/**
 * The checkout's screens, the order step each one shows, and the URL of each: one table for the pages,
 * their loaders, the platform's mails and payment return links (docs/product.md#checkout-screens).
 * The legacy URL segments (`infoPage`, `sureInfo`, ...) appear here and in the route table only.
 * Zod-free and dependency-free, so both the page bundles and the server may import it.
 */

/** Where an order stands for its buyer: the platform computes it (order-rules.ts), the pages follow it. */
export const NEXT_STEPS = ['attendees', 'review', 'payment', 'checking', 'tickets', 'none'] as const
export type NextStep = (typeof NEXT_STEPS)[number]

/** The checkout's screens by what they do, each with its legacy URL segment under `/{lang}/apply/`. */
export const CHECKOUT_SCREENS = {
  selection: 'registration',
  attendees: 'infoPage',
  review: 'sureInfo',
  payment: 'payment',
  paymentCheck: 'unpaid',
  success: 'successPage',
  orders: 'order',
  cancelConfirm: 'orderCancel',
  cancelled: 'cancelled',
} as const
export type CheckoutScreen = keyof typeof CHECKOUT_SCREENS

/** The screen that continues an order from each step (docs/product.md#checkout-screens "continue paying"). */
const SCREEN_OF_STEP = {
  attendees: 'attendees',
  review: 'review',
  payment: 'payment',
  checking: 'paymentCheck',
  tickets: 'success',
  none: 'cancelled',
} as const satisfies Record<NextStep, CheckoutScreen>

/** Which steps each order screen shows; an order at any other step is sent where it stands. */
export const STEPS_SHOWN_BY = {
  attendees: ['attendees', 'review', 'payment'],
  review: ['review', 'payment'],
  payment: ['payment'],
  paymentCheck: ['payment', 'checking'],
  success: ['tickets'],
  cancelConfirm: ['attendees', 'review', 'payment'],
  cancelled: ['none'],
  orders: NEXT_STEPS,
  selection: ['attendees', 'review', 'payment'],
} as const satisfies Record<CheckoutScreen, readonly NextStep[]>

export function screenShowsStep(screen: CheckoutScreen, step: NextStep): boolean {
  return (STEPS_SHOWN_BY[screen] as readonly NextStep[]).includes(step)
}

export interface CheckoutQuery {
  order?: string
  exhibitionId?: number
  /** Re-register: the cancelled order a new selection starts from. */
  from?: string
}

/** `/{lang}/apply/{segment}?...`: the one place checkout URLs are built (relative; prefix an origin for mail). */
export function checkoutPath(lang: string, screen: CheckoutScreen, query: CheckoutQuery = {}): string {
  const search = new URLSearchParams()
  if (query.exhibitionId !== undefined) search.set('exhibitionId', String(query.exhibitionId))
  if (query.order !== undefined) search.set('order', query.order)
  if (query.from !== undefined) search.set('from', query.from)
  const text = search.toString()
  return `/${lang}/apply/${CHECKOUT_SCREENS[screen]}${text ? `?${text}` : ''}`
}

/** The screen that continues an order from where it stands. */
export function orderPath(lang: string, order: { number: string; nextStep: NextStep }): string {
  return checkoutPath(lang, SCREEN_OF_STEP[order.nextStep], { order: order.number })
}

/** The order's detail in "My orders". */
export function orderDetailPath(lang: string, orderNumber: string): string {
  return checkoutPath(lang, 'orders', { order: orderNumber })
}

/** Ticket selection for an exhibition (the ticket call on exhibition cards and pages). */
export function selectionPath(lang: string, exhibitionId: number): string {
  return checkoutPath(lang, 'selection', { exhibitionId })
}

/** "Change ticket type": back to the selection with the order's tickets. */
export function changePath(lang: string, order: { number: string; exhibition: { id: number } }): string {
  return checkoutPath(lang, 'selection', { exhibitionId: order.exhibition.id, order: order.number })
}

/** "Re-register": a new selection pre-filled from a cancelled order. */
export function reRegisterPath(lang: string, order: { number: string; exhibition: { id: number } }): string {
  return checkoutPath(lang, 'selection', { exhibitionId: order.exhibition.id, from: order.number })
}

/**
 * Where an e-ticket's PDF is downloaded (server/platform/tickets/tickets.routes.ts): under the
 * language's order pages, so the login cookie is read as for the page itself and the PDF is in that
 * language.
 */
export function ticketPdfPath(lang: string, orderNumber: string, ticketId: string): string {
  return `/${lang}/apply/order/${encodeURIComponent(orderNumber)}/tickets/${encodeURIComponent(ticketId)}.pdf`
}

export const TICKET_PDF_ROUTE = '/:lang/apply/order/:number/tickets/:file'

/** Where an e-ticket is downloaded as an Apple Wallet pass (docs/product.md#wallet-passes): the PDF's route, another file. */
export function ticketApplePassPath(lang: string, orderNumber: string, ticketId: string): string {
  return `/${lang}/apply/order/${encodeURIComponent(orderNumber)}/tickets/${encodeURIComponent(ticketId)}.pkpass`
}

/** Where an e-ticket is sent on to Google Wallet's "save" page (docs/product.md#wallet-passes), with the PDF's owner check. */
export function ticketGoogleWalletPath(lang: string, orderNumber: string, ticketId: string): string {
  return `/${lang}/apply/order/${encodeURIComponent(orderNumber)}/tickets/${encodeURIComponent(ticketId)}.google-wallet`
}

/** Where an order's invoice or credit note is downloaded (same route family as e-tickets; the PDF is in the order's language). */
/** A ticket transfer's personal link (docs/product.md#ticket-transfer): where its recipient accepts or declines. */
export function transferPath(lang: string, token: string): string {
  return `/${lang}/apply/transfer/${encodeURIComponent(token)}`
}

export function invoicePdfPath(lang: string, orderNumber: string, documentNumber: string): string {
  return `/${lang}/apply/order/${encodeURIComponent(orderNumber)}/invoices/${encodeURIComponent(documentNumber)}.pdf`
}

export const INVOICE_PDF_ROUTE = '/:lang/apply/order/:number/invoices/:file'

/** The exhibitor area of one exhibitor, where a booth order's buyer returns (docs/product.md#booth-checkout). */
export function exhibitorAreaPath(lang: string, exhibitorId: number): string {
  return `/${lang}/exhibitor.html?id=${exhibitorId}`
}

/**
 * Limits and choices of the console's order screens (docs/product.md#console-orders), shared by the
 * pages and the contracts. Zod-free, so pages import it directly.
 */

/** The list filter's states: where order-rules.ts says an order stands. */
export const ORDER_LIST_STATUSES = ['pending', 'processing', 'paid', 'cancelled', 'expired'] as const
export type OrderListStatus = (typeof ORDER_LIST_STATUSES)[number]

/** The payment providers an order can be paid through (payment_attempts.provider): stripe is the card. */
export const PAYMENT_METHODS = ['sandbox', 'stripe', 'bank'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const ORDER_LIST_LIMITS = {
  pageSizeDefault: 25,
  pageSizeMax: 100,
  /** Characters of the search box. */
  search: 100,
} as const

/** Rows per page of the late and duplicate payments queue. */
export const PAYMENT_QUEUE_PAGE_SIZE = 50

/**
 * Limits of the console's catalogue forms (exhibitions, ticket types, coupons),
 * shared by the pages and the contracts. Zod-free.
 */
export const CATALOG_LIMITS = {
  slug: 60,
  title: 200,
  summary: 2000,
  venueName: 200,
  city: 100,
  typeName: 100,
  typeDescription: 1000,
  /** The schema's bound on a price (0050_tickets.sql). */
  priceMinorMax: 100_000_000,
  capacityMax: 1_000_000,
} as const

/** A venue's wall-clock time as the console edits it: YYYY-MM-DDTHH:mm in the venue's zone. */
export const LOCAL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/

export const COUPON_KINDS = ['percent', 'fixed', 'freeTicket'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]

/** Bulk generation: PREFIX-XXXXXXXX, at most this many codes in one go. */
export const COUPON_BATCH = { max: 500, prefixMax: 12, randomLength: 8 } as const

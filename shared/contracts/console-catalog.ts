import { BADGE_ROLES } from '../rules/badges.ts'
import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { CATALOG_LIMITS, COUPON_BATCH, COUPON_KINDS, LOCAL_TIME_PATTERN } from '../rules/console-catalog.ts'
import { isCurrency } from '../rules/money.ts'
import { EXHIBITION_STATES, EXHIBITION_TYPES, REGIONS } from '../rules/exhibitions.ts'
import { MAX_TICKETS_PER_ORDER, REFUND_PERCENT } from '../rules/tickets.ts'
import { defineContract } from './define.ts'

/**
 * The catalogue in the organiser's console (docs/product.md#console-catalog): exhibitions with their
 * texts in the 12 languages, and their ticket types. Times are edited as the venue's wall clock
 * (YYYY-MM-DDTHH:mm in the exhibition's IANA zone) and stored as instants. Messages are
 * `console:errors.*` keys or `errors.*` of `common`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const localTime = z.string({ error: 'errors.required' }).regex(LOCAL_TIME_PATTERN, 'console:errors.localTime')
const optionalLocalTime = z
  .string()
  .nullable()
  .transform((value) => (value ? value : null))
  .pipe(localTime.nullable())
const required = (max: number) => z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(max, 'errors.tooLong')
const optional = (max: number) => z.string().trim().max(max, 'errors.tooLong').default('')
const locale = z.enum(LOCALES)

const exhibitionText = z.object({
  title: optional(CATALOG_LIMITS.title),
  summary: optional(CATALOG_LIMITS.summary),
  venueName: optional(CATALOG_LIMITS.venueName),
  /** The city as this language writes it (上海 for Shanghai); empty: the exhibition's city. */
  city: optional(CATALOG_LIMITS.city),
})
const typeText = z.object({ name: optional(CATALOG_LIMITS.typeName), description: optional(CATALOG_LIMITS.typeDescription) })

/** Texts by locale; a language without a title (a name, for a ticket type) is missing and falls back. */
const exhibitionTexts = z
  .partialRecord(locale, exhibitionText)
  .refine((texts) => Boolean(texts.en?.title), { message: 'console:errors.englishTitle', path: ['en', 'title'] })
const typeTexts = z.partialRecord(locale, typeText).refine((texts) => Boolean(texts.en?.name), {
  message: 'console:errors.englishName',
  path: ['en', 'name'],
})

export const exhibitionInput = z.object({
  slug: z
    .string({ error: 'errors.required' })
    .trim()
    .toLowerCase()
    .max(CATALOG_LIMITS.slug, 'errors.tooLong')
    .regex(/^[a-z0-9][a-z0-9-]{1,59}$/, 'console:errors.slug'),
  kind: z.enum(EXHIBITION_TYPES, { error: 'errors.invalid' }),
  timeZone: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(64, 'errors.tooLong'),
  startsAt: localTime,
  endsAt: localTime,
  salesOpenAt: optionalLocalTime,
  salesCloseAt: optionalLocalTime,
  city: required(CATALOG_LIMITS.city),
  countryCode: z
    .string({ error: 'errors.required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'console:errors.countryCode'),
  region: z.enum(REGIONS, { error: 'errors.invalid' }),
  texts: exhibitionTexts,
  /** docs/product.md#attendee-changes: null closes changes at the start. */
  attendeeChangesUntil: optionalLocalTime.default(null),
  /** docs/product.md#refund-policy: false is "no self-cancellation" and clears the dates below. */
  selfCancel: z.boolean({ error: 'errors.invalid' }).default(false),
  refundFullUntil: optionalLocalTime.default(null),
  refundPartialUntil: optionalLocalTime.default(null),
  refundPartialPercent: z
    .number({ error: 'console:errors.refundPercent' })
    .int('console:errors.refundPercent')
    .min(REFUND_PERCENT.min, 'console:errors.refundPercent')
    .max(REFUND_PERCENT.max, 'console:errors.refundPercent')
    .nullable()
    .default(null),
})

const exhibitionState = z.enum(EXHIBITION_STATES)

export const catalogExhibitionRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  city: z.string(),
  timeZone: z.string(),
  startsAt: localTime,
  endsAt: localTime,
  state: exhibitionState,
  published: z.boolean(),
  ticketTypes: z.number().int(),
  /** The languages that have a title. */
  locales: z.array(locale),
})

export const catalogTicketType = z.object({
  id: z.number().int(),
  key: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  capacity: z.number().int(),
  /** Sold to paid orders. */
  sold: z.number().int(),
  /** Held by pending orders. */
  held: z.number().int(),
  maxPerOrder: z.number().int(),
  salesStartAt: localTime.nullable(),
  salesEndAt: localTime.nullable(),
  active: z.boolean(),
  sort: z.number().int(),
  /** The role its badges and door answers show (docs/product.md#badges). */
  badgeRole: z.enum(BADGE_ROLES),
  texts: z.partialRecord(locale, z.object({ name: z.string(), description: z.string() })),
})

export const catalogExhibition = exhibitionInput.extend({
  id: z.number().int(),
  state: exhibitionState,
  published: z.boolean(),
  texts: z.partialRecord(locale, z.object({ title: z.string(), summary: z.string(), venueName: z.string(), city: z.string() })),
  ticketTypes: z.array(catalogTicketType),
})

export const exhibitionList = defineContract({
  ...CONSOLE.exhibitionList,
  payload: z.object({}),
  result: z.object({ rows: z.array(catalogExhibitionRow), mayCreate: z.boolean() }),
})

export const exhibitionDetail = defineContract({
  ...CONSOLE.exhibitionDetail,
  payload: z.object({ id }),
  result: z.object({ exhibition: catalogExhibition }),
})

export const saveExhibition = defineContract({
  ...CONSOLE.saveExhibition,
  /** Without `id`: a new exhibition (not published until published). */
  payload: exhibitionInput.extend({ id: id.optional() }),
  result: z.object({ exhibition: catalogExhibition }),
})

export const publishExhibition = defineContract({
  ...CONSOLE.publishExhibition,
  payload: z.object({ id, published: z.boolean({ error: 'errors.invalid' }) }),
  result: z.object({ exhibition: catalogExhibition }),
})

export const ticketTypeInput = z.object({
  key: z
    .string({ error: 'errors.required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'console:errors.typeKey'),
  priceMinor: z.coerce
    .number({ error: 'errors.invalid' })
    .int('console:errors.price')
    .min(0, 'console:errors.price')
    .max(CATALOG_LIMITS.priceMinorMax, 'console:errors.price'),
  currency: z.string({ error: 'errors.required' }).trim().toUpperCase().refine(isCurrency, 'console:errors.currency'),
  capacity: z.coerce
    .number({ error: 'errors.invalid' })
    .int('console:errors.capacity')
    .min(0, 'console:errors.capacity')
    .max(CATALOG_LIMITS.capacityMax, 'console:errors.capacity'),
  maxPerOrder: z.coerce
    .number({ error: 'errors.invalid' })
    .int('console:errors.maxPerOrder')
    .min(1, 'console:errors.maxPerOrder')
    .max(MAX_TICKETS_PER_ORDER, 'console:errors.maxPerOrder'),
  salesStartAt: optionalLocalTime,
  salesEndAt: optionalLocalTime,
  /** Shown to visitors and on sale; a hidden type keeps its orders. */
  active: z.boolean({ error: 'errors.invalid' }),
  sort: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(0, 'errors.invalid').max(1000, 'errors.invalid'),
  /** Left out: a new type's badges are a visitor's, a changed type keeps its role. */
  badgeRole: z.enum(BADGE_ROLES, { error: 'console:errors.badgeRole' }).optional(),
  texts: typeTexts,
})

export const saveTicketType = defineContract({
  ...CONSOLE.saveTicketType,
  /** Without `id`: a new type of the exhibition. */
  payload: ticketTypeInput.extend({ exhibitionId: id, id: id.optional() }),
  result: z.object({ exhibition: catalogExhibition }),
})

const couponTime = optionalLocalTime
const couponSettings = z.object({
  kind: z.enum(COUPON_KINDS, { error: 'errors.invalid' }),
  percentOff: z.coerce.number().int('console:errors.percentOff').min(1, 'console:errors.percentOff').max(100, 'console:errors.percentOff').nullable(),
  amountOffMinor: z.coerce
    .number()
    .int('console:errors.amountOff')
    .min(1, 'console:errors.amountOff')
    .max(CATALOG_LIMITS.priceMinorMax, 'console:errors.amountOff')
    .nullable(),
  currency: z.string().trim().toUpperCase().refine(isCurrency, 'console:errors.currency').nullable(),
  maxUses: z.coerce.number({ error: 'errors.invalid' }).int('console:errors.maxUses').min(1, 'console:errors.maxUses').max(1_000_000, 'console:errors.maxUses'),
  /** Orders one account may use it in; null: no limit of its own. */
  perAccountLimit: z.coerce.number().int('console:errors.perAccountLimit').min(1, 'console:errors.perAccountLimit').max(1000).nullable(),
  validFrom: couponTime,
  validUntil: couponTime,
  /** The exhibition's types it applies to; empty: every type. */
  ticketTypeIds: z.array(z.number().int().positive()).max(100),
  active: z.boolean({ error: 'errors.invalid' }),
})
const couponCode = z
  .string({ error: 'errors.required' })
  .trim()
  .toUpperCase()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, 'console:errors.couponCode'))

export const catalogCoupon = couponSettings.extend({
  id: z.number().int(),
  code: z.string(),
  /** Uses held by pending orders and redeemed by paid ones. */
  used: z.number().int(),
})

export const couponList = defineContract({
  ...CONSOLE.couponList,
  payload: z.object({ exhibitionId: id }),
  result: z.object({ coupons: z.array(catalogCoupon), total: z.number().int() }),
})

export const saveCoupon = defineContract({
  ...CONSOLE.saveCoupon,
  payload: couponSettings.extend({ exhibitionId: id, id: id.optional(), code: couponCode }),
  result: z.object({ coupon: catalogCoupon }),
})

export const generateCoupons = defineContract({
  ...CONSOLE.generateCoupons,
  payload: couponSettings.extend({
    exhibitionId: id,
    prefix: z
      .string({ error: 'errors.required' })
      .trim()
      .toUpperCase()
      .regex(new RegExp(`^[A-Z0-9]{2,${COUPON_BATCH.prefixMax}}$`), 'console:errors.couponPrefix'),
    count: z.coerce
      .number({ error: 'errors.invalid' })
      .int('console:errors.couponCount')
      .min(1, 'console:errors.couponCount')
      .max(COUPON_BATCH.max, 'console:errors.couponCount'),
  }),
  result: z.object({ codes: z.array(z.string()) }),
})

export const couponOrders = defineContract({
  ...CONSOLE.couponOrders,
  payload: z.object({ exhibitionId: id, id }),
  result: z.object({
    coupon: catalogCoupon,
    orders: z.array(
      z.object({
        number: z.string(),
        status: z.enum(['pending', 'paid', 'cancelled']),
        couponState: z.enum(['held', 'redeemed', 'released']),
        buyerEmail: z.string(),
        currency: z.string(),
        discountMinor: z.number().int(),
        createdAt: z.string(),
      }),
    ),
  }),
})

export type CatalogExhibition = z.output<typeof catalogExhibition>
export type CatalogTicketType = z.output<typeof catalogTicketType>
export type CatalogCoupon = z.output<typeof catalogCoupon>

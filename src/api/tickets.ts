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
  PaymentMethod,
  TicketTypeCard,
  TicketTypesResult,
} from './contracts/tickets.ts'

/** SPEC §9: at most five tickets per order ("Up to five tickets can be purchased"). */
export const MAX_TICKETS_PER_ORDER = 5

/** Who the attendee is (SPEC §3 attendee "identity"). */
export const IDENTITIES = ['trader', 'broker', 'introducingBroker', 'fintech', 'institution', 'media', 'other'] as const
export type Identity = (typeof IDENTITIES)[number]

/** The attendee's line of business (SPEC §3 attendee "industry"). */
export const INDUSTRIES = ['forex', 'securities', 'crypto', 'fintech', 'payments', 'banking', 'marketing', 'education', 'other'] as const
export type Industry = (typeof INDUSTRIES)[number]

export const PAYMENT_METHODS = ['sandbox', 'card'] as const

/** Characters after trimming. */
export const ATTENDEE_LIMITS = { firstName: 60, lastName: 60, email: 254, phoneNumber: 32, couponCode: 32 } as const

/**
 * SPEC §5 messages and the "please enter / select" prompt of every required field: keys of the
 * `tickets` namespace (field errors of the platform carry the same keys).
 */
export const MESSAGES = {
  ticketLimit: 'messages.ticketLimit',
  noTickets: 'messages.noTickets',
  emailRepeated: 'messages.emailRepeated',
  phoneRepeated: 'messages.phoneRepeated',
  phone: 'messages.phone',
  email: 'messages.email',
  couponInvalid: 'messages.couponInvalid',
  couponUsed: 'messages.couponUsed',
  couponEmpty: 'messages.couponEmpty',
  attendeeCount: 'messages.attendeeCount',
  characters: 'messages.characters',
  tooLong: 'messages.tooLong',
} as const

export const PROMPTS = {
  firstName: 'prompts.firstName',
  lastName: 'prompts.lastName',
  email: 'prompts.email',
  phone: 'prompts.phone',
  identity: 'prompts.identity',
  industry: 'prompts.industry',
} as const

/**
 * SPEC §3 `attendList`: five placeholder attendees with firstName, one per possible ticket. The
 * attendee forms start from them (and from what an order already holds).
 */
export interface AttendeeDraft {
  firstName: string
  lastName: string
  email: string
  phone: { country: string; number: string }
  identity: string
  industry: string
}

export function attendList(country = 'US'): AttendeeDraft[] {
  return Array.from({ length: MAX_TICKETS_PER_ORDER }, () => ({
    firstName: '',
    lastName: '',
    email: '',
    phone: { country, number: '' },
    identity: '',
    industry: '',
  }))
}

/**
 * Characters no single-line field may hold: C0 and C1 controls, line and paragraph separators and the
 * bidirectional overrides that make a name read differently from what it is (CVE-2021-42574).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value)
}

/** Trimmed, NFC, inner runs of white space made one space. */
export function cleanName(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim()
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu

/** A deliverable address: a dot-atom local part of at most 64 characters and a domain with a top-level domain. */
export function isEmail(value: string): boolean {
  if (value.length > ATTENDEE_LIMITS.email) return false
  const at = value.lastIndexOf('@')
  if (at < 1) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length > 64 || !EMAIL_LOCAL.test(local) || domain.length > 253) return false
  const labels = domain.split('.')
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL.test(labels[labels.length - 1] ?? '')
}

/** How an e-mail address is compared for "Repeated email address": case does not make another address. */
export function emailKey(value: string): string {
  return value.normalize('NFC').trim().toLowerCase()
}

/** Coupon codes as stored: upper case, without spaces. */
export function normaliseCouponCode(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toUpperCase()
}

/** Total tickets of a selection. */
export function ticketCount(lines: ReadonlyArray<{ quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0)
}

/**
 * What the buyer pays after a coupon, in minor units. Percentages round the discount down (the buyer
 * never pays more than the percentage says), a fixed amount never goes below zero, a free ticket
 * takes the price of one ticket (of the coupon's type, or the dearest in the order).
 */
export function discountFor(
  coupon: { kind: 'percent' | 'fixed' | 'freeTicket'; percentOff: number | null; amountOffMinor: number | null; ticketTypeId: number | null },
  lines: ReadonlyArray<{ ticketTypeId: number; quantity: number; unitPriceMinor: number }>,
): number {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
  if (subtotal === 0) return 0
  if (coupon.kind === 'percent') return Math.floor((subtotal * (coupon.percentOff ?? 0)) / 100)
  if (coupon.kind === 'fixed') return Math.min(subtotal, coupon.amountOffMinor ?? 0)
  const eligible = lines.filter((line) => line.quantity > 0 && (coupon.ticketTypeId === null || line.ticketTypeId === coupon.ticketTypeId))
  return eligible.reduce((best, line) => Math.max(best, line.unitPriceMinor), 0)
}

/** Translation keys of the platform may be `errors.*` (common) or keys of this namespace. */
export function messageKey(key: string): string {
  return key.startsWith('errors.') ? `common:${key}` : key.includes(':') ? key : `tickets:${key}`
}

export type NextStep = 'attendees' | 'review' | 'payment' | 'checking' | 'tickets' | 'none'

/** The screen that continues an order from where it stands (SPEC §4 "continue paying"). */
export function orderPath(lang: string, order: { number: string; nextStep: NextStep }): string {
  const query = `?order=${encodeURIComponent(order.number)}`
  const screen = {
    attendees: 'infoPage',
    review: 'sureInfo',
    payment: 'payment',
    checking: 'unpaid',
    tickets: 'successPage',
    none: 'cancelled',
  }[order.nextStep]
  return `/${lang}/apply/${screen}${query}`
}

/** "Change ticket type": back to the selection with the order's tickets. */
export function changePath(lang: string, order: { number: string; exhibition: { id: number } }): string {
  return `/${lang}/apply/registration?exhibitionId=${order.exhibition.id}&order=${encodeURIComponent(order.number)}`
}

/** "Re-register": a new selection pre-filled from a cancelled order. */
export function reRegisterPath(lang: string, order: { number: string; exhibition: { id: number } }): string {
  return `/${lang}/apply/registration?exhibitionId=${order.exhibition.id}&from=${encodeURIComponent(order.number)}`
}

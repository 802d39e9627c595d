import type { LeadField } from './leads.ts'
import { EMAIL_MAX } from './text.ts'

/**
 * Tickets, orders and payment (docs/product.md#orders): the rules both sides apply. Pages validate with these before
 * sending; the platform's contracts (shared/contracts/tickets.ts) apply the same rules again and are
 * the authority. No zod here, so the checkout pages stay light.
 */

export { hasForbiddenCharacters, isEmail } from './text.ts'
export { IDENTITIES, type Identity, INDUSTRIES, type Industry } from './visitor-profile.ts'

/** docs/product.md#tickets: at most five tickets per order ("Up to five tickets can be purchased"). */
export const MAX_TICKETS_PER_ORDER = 5

/** Bank transfer only where the exhibition offers it (docs/product.md#bank-transfer). */
export const PAYMENT_METHODS = ['sandbox', 'card', 'bank'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Characters after trimming (docs/product.md#attendee-form). */
export const ATTENDEE_LIMITS = { firstName: 60, lastName: 60, company: 120, jobTitle: 80, email: EMAIL_MAX, phoneNumber: 32, couponCode: 32 } as const

/**
 * docs/product.md#attendee-form messages and the "please enter / select" prompt of every required field: keys of the
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
 * docs/product.md#site-state `attendList`: five placeholder attendees with firstName, one per possible ticket. The
 * attendee forms start from them (and from what an order already holds).
 */
export interface AttendeeDraft {
  firstName: string
  lastName: string
  email: string
  phone: { country: string; number: string }
  identity: string
  industry: string
  /** Optional; '' when not given (docs/product.md#attendee-form). */
  company?: string
  jobTitle?: string
  /** What exhibitors who scan the badge may receive (docs/product.md#leads); none when absent. */
  shares?: LeadField[]
  /** Answers to the organiser's questions by question id, as the controls hold them (docs/product.md#ticket-questions). */
  answers?: Record<string, string | string[]>
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

/** Trimmed, NFC, inner runs of white space made one space. */
export function cleanName(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim()
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
 * What the buyer pays after a coupon, in minor units. A coupon of some ticket types counts only their
 * lines (none listed: every line). Percentages round the discount down (the buyer never pays more
 * than the percentage says), a fixed amount never goes below zero, a free ticket takes the price of
 * one ticket (the dearest it applies to).
 */
export function discountFor(
  coupon: { kind: 'percent' | 'fixed' | 'freeTicket'; percentOff: number | null; amountOffMinor: number | null; ticketTypeIds: readonly number[] },
  lines: ReadonlyArray<{ ticketTypeId: number; quantity: number; unitPriceMinor: number }>,
): number {
  const eligible = lines.filter((line) => line.quantity > 0 && (coupon.ticketTypeIds.length === 0 || coupon.ticketTypeIds.includes(line.ticketTypeId)))
  const subtotal = eligible.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
  if (subtotal === 0) return 0
  if (coupon.kind === 'percent') return Math.floor((subtotal * (coupon.percentOff ?? 0)) / 100)
  if (coupon.kind === 'fixed') return Math.min(subtotal, coupon.amountOffMinor ?? 0)
  return eligible.reduce((best, line) => Math.max(best, line.unitPriceMinor), 0)
}

/** Translation keys of the platform may be `errors.*` (common) or keys of this namespace. */
export function messageKey(key: string): string {
  return key.startsWith('errors.') ? `common:${key}` : key.includes(':') ? key : `tickets:${key}`
}

type Instant = Date | string
const instantOf = (value: Instant) => (value instanceof Date ? value : new Date(value))

/**
 * docs/product.md#attendee-changes: attendees may change their details, transfer or cancel a ticket while
 * the organiser's cut-off is ahead; no cut-off set means the exhibition's start. The cut-off instant
 * itself is already closed.
 */
export function attendeeChangesOpen(exhibition: { startsAt: Instant; attendeeChangesUntil: Instant | null }, now: Date): boolean {
  return now.getTime() < instantOf(exhibition.attendeeChangesUntil ?? exhibition.startsAt).getTime()
}

/** docs/product.md#refund-policy: the organiser's rule for a ticket its buyer cancels. */
export interface RefundPolicy {
  /** False: "no self-cancellation" (the dates below are then not used). */
  selfCancel: boolean
  /** Before this instant the whole price comes back; null: no such period. */
  fullUntil: Instant | null
  /** Before this instant (and after the full period) `partialPercent` of it comes back; null: no such period. */
  partialUntil: Instant | null
  partialPercent: number | null
}

export const REFUND_PERCENT = { min: 1, max: 99 } as const

/**
 * What comes back, in minor units, of `paidMinor` (what was paid for the ticket, after coupons) when its
 * buyer cancels at `now`; null when the policy lets no buyer cancel. A share rounds down, so no more
 * comes back than the percentage says. Each period ends at its instant (exclusive), as the cut-off does.
 */
export function refundDueByPolicy(policy: RefundPolicy, paidMinor: number, now: Date): number | null {
  if (!policy.selfCancel) return null
  const before = (until: Instant | null) => until !== null && now.getTime() < instantOf(until).getTime()
  if (before(policy.fullUntil)) return paidMinor
  if (before(policy.partialUntil) && policy.partialPercent !== null) return Math.floor((paidMinor * policy.partialPercent) / 100)
  return 0
}

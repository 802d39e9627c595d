import type { CouponPreview } from '../../../shared/contracts/tickets.ts'
import { MESSAGES } from '../../../shared/rules/tickets.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import type { Queryable } from '../../db/client.ts'
import { DomainError, rateLimited } from '../errors.ts'
import type { RateLimits, RateRule } from '../rate-limits.ts'
import * as repo from './tickets.repo.ts'

/** docs/product.md#coupons messages, beside the coupon field. */
export const couponInvalid = () => new DomainError('tickets:messages.couponInvalid', ERROR_CODES.invalid, {}, { couponCode: MESSAGES.couponInvalid })
export const couponUsed = () => new DomainError('tickets:messages.couponUsed', ERROR_CODES.conflict, {}, { couponCode: MESSAGES.couponUsed })
export const couponNotApplicable = () =>
  new DomainError('tickets:messages.couponNotApplicable', ERROR_CODES.invalid, {}, { couponCode: 'messages.couponNotApplicable' })

/**
 * Guessing codes is limited (docs/product.md#coupons): wrong or used codes count against the account
 * and the address; a valid code costs nothing.
 */
export const COUPON_GUESSES_PER_USER: RateRule = { name: 'tickets.coupon.user', points: 10, durationSeconds: 15 * 60, blockSeconds: 15 * 60 }
export const COUPON_GUESSES_PER_IP: RateRule = { name: 'tickets.coupon.ip', points: 30, durationSeconds: 15 * 60, blockSeconds: 15 * 60 }

export function preview(row: repo.CouponRow): CouponPreview {
  return {
    code: row.code,
    kind: row.kind,
    percentOff: row.percent_off,
    amountOffMinor: row.amount_off_minor,
    currency: row.currency,
    ticketTypeIds: row.ticket_type_ids,
  }
}

export interface CouponContext {
  exhibitionId: number
  /** The order's currency (a fixed amount must be in it); null before tickets are chosen. */
  currency: string | null
  /** The ticket types chosen; null before tickets are chosen. */
  ticketTypeIds: number[] | null
  now: Date
}

/** The coupon behind a code, if it may be used here now; throws the docs/product.md#coupons message otherwise. */
export async function usableCoupon(db: Queryable, code: string, context: CouponContext): Promise<repo.CouponRow> {
  const row = await repo.couponByCode(db, code, context.exhibitionId)
  const at = context.now.getTime()
  if (!row?.active || (row.valid_from && at < row.valid_from.getTime()) || (row.valid_until && at >= row.valid_until.getTime())) {
    throw couponInvalid()
  }
  if (row.ticket_type_ids.length) {
    // A coupon of some types is a coupon of their exhibition, and needs one of them in the order.
    const types = await repo.typesByIds(db, row.ticket_type_ids)
    if (!types.some((type) => type.exhibition_id === context.exhibitionId)) throw couponInvalid()
    if (context.ticketTypeIds && !context.ticketTypeIds.some((id) => row.ticket_type_ids.includes(id))) throw couponNotApplicable()
  }
  if (row.kind === 'fixed' && context.currency && row.currency !== context.currency) throw couponNotApplicable()
  if (row.used >= row.max_uses) throw couponUsed()
  return row
}

/** Runs a coupon check under the guessing limits; refusals of the code count, others do not. */
export async function guarded<T>(limits: RateLimits, keys: { userId: string; ip: string }, check: () => Promise<T>): Promise<T> {
  if ((await limits.isBlocked(COUPON_GUESSES_PER_USER, keys.userId)) || (await limits.isBlocked(COUPON_GUESSES_PER_IP, keys.ip))) {
    throw rateLimited(COUPON_GUESSES_PER_USER.blockSeconds ?? COUPON_GUESSES_PER_USER.durationSeconds)
  }
  try {
    return await check()
  } catch (error) {
    if (error instanceof DomainError && error.code.startsWith('tickets:messages.coupon')) {
      await limits.consume(COUPON_GUESSES_PER_USER, keys.userId)
      await limits.consume(COUPON_GUESSES_PER_IP, keys.ip)
    }
    throw error
  }
}

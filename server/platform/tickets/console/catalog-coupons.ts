import { randomInt } from 'node:crypto'
import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-catalog.ts'
import { COUPON_BATCH } from '../../../../shared/rules/console-catalog.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, invalid, notFound } from '../../errors.ts'
import * as repo from './catalog.repo.ts'
import { exhibitionInScope, ticketTypesOf } from '../../exhibitions/index.ts'
import type { CatalogContext } from '../../exhibitions/index.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { fromVenueTime, isVenueTime, toVenueTime } from '../../../../shared/venue-time.ts'

type Coupon = z.output<typeof contracts.catalogCoupon>
type Settings = Omit<z.output<typeof contracts.generateCoupons.payload>, 'prefix' | 'count' | 'exhibitionId'>

const couponNotFound = () => notFound('console:errors.couponNotFound')
/** The newest codes the console lists at once. */
const LIST_LIMIT = 500
/** Crockford's base32: no I, L, O or U to misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export function couponView(row: repo.CatalogCouponRow, timeZone: string): Coupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percent_off,
    amountOffMinor: row.amount_off_minor,
    currency: row.currency,
    maxUses: row.max_uses,
    used: row.used,
    perAccountLimit: row.per_account_limit,
    validFrom: row.valid_from ? toVenueTime(row.valid_from, timeZone) : null,
    validUntil: row.valid_until ? toVenueTime(row.valid_until, timeZone) : null,
    ticketTypeIds: row.ticket_type_ids,
    active: row.active,
  }
}

/** What the contract cannot check: the kind's own field, the types of this exhibition, the window. */
async function fieldsOf(db: Queryable, exhibitionId: number, timeZone: string, input: Settings): Promise<repo.CouponFields> {
  const fields: Record<string, string> = {}
  if (input.kind === 'percent' && input.percentOff === null) fields.percentOff = 'console:errors.percentOff'
  if (input.kind === 'fixed' && input.amountOffMinor === null) fields.amountOffMinor = 'console:errors.amountOff'
  if (input.kind === 'fixed' && input.currency === null) fields.currency = 'console:errors.currency'
  for (const name of ['validFrom', 'validUntil'] as const) {
    const value = input[name]
    if (value && !isVenueTime(value)) fields[name] = 'console:errors.localTime'
  }
  const types = new Set((await ticketTypesOf(db, exhibitionId)).map((type) => type.id))
  if (input.ticketTypeIds.some((id) => !types.has(id))) fields.ticketTypeIds = 'console:errors.ticketTypeNotFound'
  if (Object.keys(fields).length) throw invalid(fields)
  const validFrom = input.validFrom ? fromVenueTime(input.validFrom, timeZone) : null
  const validUntil = input.validUntil ? fromVenueTime(input.validUntil, timeZone) : null
  if (validFrom && validUntil && validUntil <= validFrom) throw invalid({ validUntil: 'console:errors.endBeforeStart' })
  return {
    kind: input.kind,
    // The schema keeps each kind's own fields only (0050_tickets.sql checks).
    percentOff: input.kind === 'percent' ? input.percentOff : null,
    amountOffMinor: input.kind === 'fixed' ? input.amountOffMinor : null,
    currency: input.kind === 'fixed' ? input.currency : null,
    maxUses: input.maxUses,
    perAccountLimit: input.perAccountLimit,
    validFrom,
    validUntil,
    active: input.active,
    ticketTypeIds: [...new Set(input.ticketTypeIds)].sort((a, b) => a - b),
  }
}

export async function couponList(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<z.output<typeof contracts.couponList.result>> {
  const exhibition = await exhibitionInScope(db, actor.scope, exhibitionId)
  const { rows, total } = await repo.couponsOf(db, exhibition.id, LIST_LIMIT)
  return { coupons: rows.map((row) => couponView(row, exhibition.time_zone)), total }
}

/** Creates or changes one code; its uses never drop below those held or redeemed. */
export async function saveCoupon(context: CatalogContext, actor: StaffActor, input: z.output<typeof contracts.saveCoupon.payload>): Promise<Coupon> {
  const { db } = context.platform
  const id = await db
    .transaction(async (tx) => {
      const exhibition = await exhibitionInScope(tx, actor.scope, input.exhibitionId)
      const fields = await fieldsOf(tx, exhibition.id, exhibition.time_zone, input)
      const before = input.id === undefined ? null : await repo.couponOfExhibition(tx, exhibition.id, input.id)
      if (input.id !== undefined && !before) throw couponNotFound()
      const id = before ? before.id : await repo.insertCoupon(tx, exhibition.id, input.code, fields)
      if (id === null) throw conflict('console:errors.couponCodeTaken')
      if (before && !(await repo.updateCoupon(tx, before.id, input.code, fields))) throw conflict('console:errors.usesBelowUsed', { used: before.used })
      const after = await repo.couponOfExhibition(tx, exhibition.id, id)
      await context.audit(tx, actor, { function: 'console$saveCoupon', target: `coupon:${input.code}`, before, after })
      return id
    })
    .catch((error: unknown) => {
      // A code another coupon took by renaming this one.
      if ((error as { code?: string }).code === '23505') throw conflict('console:errors.couponCodeTaken')
      throw error
    })
  const exhibition = await exhibitionInScope(db, actor.scope, input.exhibitionId)
  return couponView((await repo.couponOfExhibition(db, exhibition.id, id)) as repo.CatalogCouponRow, exhibition.time_zone)
}

const randomPart = () => Array.from({ length: COUPON_BATCH.randomLength }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')

/**
 * Makes `count` new codes PREFIX-XXXXXXXX with the same settings, in one transaction with one audit
 * row. Each code is inserted with ON CONFLICT DO NOTHING and drawn again when taken, so the unique
 * constraint keeps codes unique however many generations run at once.
 */
export async function generateCoupons(
  context: CatalogContext,
  actor: StaffActor,
  input: z.output<typeof contracts.generateCoupons.payload>,
): Promise<string[]> {
  return context.platform.db.transaction(async (tx) => {
    const exhibition = await exhibitionInScope(tx, actor.scope, input.exhibitionId)
    const fields = await fieldsOf(tx, exhibition.id, exhibition.time_zone, input)
    const codes: string[] = []
    // 32^8 codes per prefix: a retry is rare, a long run of them means the prefix is exhausted.
    for (let draws = 0; codes.length < input.count; draws++) {
      if (draws > input.count * 3 + 20) throw conflict('console:errors.couponPrefixFull')
      const code = `${input.prefix}-${randomPart()}`
      if ((await repo.insertCoupon(tx, exhibition.id, code, fields)) !== null) codes.push(code)
    }
    await context.audit(tx, actor, {
      function: 'console$generateCoupons',
      target: `exhibition:${exhibition.id}`,
      before: null,
      after: { ...fields, count: codes.length, codes },
    })
    return codes
  })
}

/** Where a code was used: the orders that hold, redeemed or released it. */
export async function couponOrders(
  db: Queryable,
  actor: StaffActor,
  exhibitionId: number,
  id: number,
): Promise<z.output<typeof contracts.couponOrders.result>> {
  const exhibition = await exhibitionInScope(db, actor.scope, exhibitionId)
  const coupon = await repo.couponOfExhibition(db, exhibition.id, id)
  if (!coupon) throw couponNotFound()
  const orders = await repo.ordersWithCoupon(db, coupon.id)
  return {
    coupon: couponView(coupon, exhibition.time_zone),
    orders: orders.map((order) => ({
      number: order.number,
      status: order.status,
      couponState: order.coupon_state,
      buyerEmail: order.buyer_email,
      currency: order.currency,
      discountMinor: order.discount_minor,
      createdAt: order.created_at.toISOString(),
    })),
  }
}

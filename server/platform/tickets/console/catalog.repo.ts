import type { Queryable } from '../../../db/client.ts'

/**
 * SQL of the console's catalogue on the tickets' side: ticket types and coupons as staff edit them.
 * Capacity changes only through the conditional update of `updateTicketType` (the rule of
 * 0050_tickets.sql), so staff and buyers never pass it whatever the order they come in.
 */

export interface TypeFields {
  key: string
  priceMinor: number
  currency: string
  capacity: number
  maxPerOrder: number
  salesStartAt: Date | null
  salesEndAt: Date | null
  active: boolean
  sort: number
  /** null: a new type is a visitor's, a changed one keeps its role. */
  badgeRole: string | null
  texts: Record<string, { name: string; description: string }>
}

const typeValues = (fields: TypeFields) => [
  fields.key,
  fields.priceMinor,
  fields.currency,
  fields.capacity,
  fields.maxPerOrder,
  fields.salesStartAt,
  fields.salesEndAt,
  fields.active,
  fields.sort,
  JSON.stringify(fields.texts),
  fields.badgeRole,
]

export async function insertTicketType(tx: Queryable, exhibitionId: number, fields: TypeFields): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `insert into ticket_types (key, price_minor, currency, capacity, max_per_order, sales_start_at, sales_end_at, active, sort, texts, badge_role, exhibition_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, coalesce($11, 'visitor'), $12) returning id`,
    [...typeValues(fields), exhibitionId],
  )
  return result.rows[0]?.id as number
}

/**
 * Changes a type; the capacity only if it stays at or above what is sold or held. One statement on
 * one row: PostgreSQL takes the row lock, and a buyer's `reserved + n <= capacity` waiting behind it
 * re-checks against the new capacity (0050_tickets.sql). False: the row kept its values.
 */
export async function updateTicketType(tx: Queryable, id: number, exhibitionId: number, fields: TypeFields): Promise<boolean> {
  const result = await tx.query(
    `update ticket_types set key = $1, price_minor = $2, currency = $3, capacity = $4, max_per_order = $5, sales_start_at = $6,
       sales_end_at = $7, active = $8, sort = $9, texts = $10::jsonb, badge_role = coalesce($11, badge_role), updated_at = now()
     where id = $12 and exhibition_id = $13 and reserved <= $4 and not exhibitor_pass returning id`,
    [...typeValues(fields), id, exhibitionId],
  )
  return result.rows.length === 1
}

export interface CatalogCouponRow {
  id: number
  code: string
  kind: 'percent' | 'fixed' | 'freeTicket'
  percent_off: number | null
  amount_off_minor: number | null
  currency: string | null
  max_uses: number
  used: number
  per_account_limit: number | null
  valid_from: Date | null
  valid_until: Date | null
  active: boolean
  ticket_type_ids: number[]
}

export interface CouponFields {
  kind: CatalogCouponRow['kind']
  percentOff: number | null
  amountOffMinor: number | null
  currency: string | null
  maxUses: number
  perAccountLimit: number | null
  validFrom: Date | null
  validUntil: Date | null
  active: boolean
  ticketTypeIds: readonly number[]
}

const COUPON_COLUMNS = `c.id, c.code, c.kind, c.percent_off, c.amount_off_minor, c.currency, c.max_uses, c.used, c.per_account_limit,
  c.valid_from, c.valid_until, c.active,
  array(select ct.ticket_type_id from coupon_ticket_types ct where ct.coupon_id = c.id order by 1) as ticket_type_ids`

/** An exhibition's coupons, newest first (a bulk generation can make hundreds: the first `limit`). */
export async function couponsOf(db: Queryable, exhibitionId: number, limit: number): Promise<{ rows: CatalogCouponRow[]; total: number }> {
  const rows = await db.query<CatalogCouponRow>(`select ${COUPON_COLUMNS} from coupons c where c.exhibition_id = $1 order by c.id desc limit $2`, [
    exhibitionId,
    limit,
  ])
  const total = await db.query<{ total: number }>('select count(*)::int as total from coupons where exhibition_id = $1', [exhibitionId])
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 }
}

export async function couponOfExhibition(db: Queryable, exhibitionId: number, id: number): Promise<CatalogCouponRow | null> {
  const result = await db.query<CatalogCouponRow>(`select ${COUPON_COLUMNS} from coupons c where c.id = $1 and c.exhibition_id = $2`, [id, exhibitionId])
  return result.rows[0] ?? null
}

const couponValues = (fields: CouponFields) => [
  fields.kind,
  fields.percentOff,
  fields.amountOffMinor,
  fields.currency,
  fields.maxUses,
  fields.perAccountLimit,
  fields.validFrom,
  fields.validUntil,
  fields.active,
]

/**
 * Inserts a coupon unless its code exists: the unique constraint decides, so two generations at once
 * never make one code twice (no check-then-insert). null: the code was taken.
 */
export async function insertCoupon(tx: Queryable, exhibitionId: number, code: string, fields: CouponFields): Promise<number | null> {
  const result = await tx.query<{ id: number }>(
    `insert into coupons (kind, percent_off, amount_off_minor, currency, max_uses, per_account_limit, valid_from, valid_until, active, code, exhibition_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing returning id`,
    [...couponValues(fields), code, exhibitionId],
  )
  const id = result.rows[0]?.id
  if (id === undefined) return null
  await writeCouponTypes(tx, id, fields.ticketTypeIds)
  return id
}

/** Changes a coupon; its uses may not drop below those already held or redeemed (false: refused, nothing changed). */
export async function updateCoupon(tx: Queryable, id: number, code: string, fields: CouponFields): Promise<boolean> {
  const result = await tx.query(
    `update coupons set kind = $1, percent_off = $2, amount_off_minor = $3, currency = $4, max_uses = $5, per_account_limit = $6,
       valid_from = $7, valid_until = $8, active = $9, code = $10 where id = $11 and used <= $5 returning id`,
    [...couponValues(fields), code, id],
  )
  if (result.rows.length === 0) return false
  await tx.query('delete from coupon_ticket_types where coupon_id = $1', [id])
  await writeCouponTypes(tx, id, fields.ticketTypeIds)
  return true
}

async function writeCouponTypes(tx: Queryable, id: number, ticketTypeIds: readonly number[]): Promise<void> {
  if (ticketTypeIds.length === 0) return
  await tx.query('insert into coupon_ticket_types (coupon_id, ticket_type_id) select $1, unnest($2::int[])', [id, ticketTypeIds])
}

export interface CouponOrderRow {
  number: string
  status: 'pending' | 'paid' | 'cancelled'
  coupon_state: 'held' | 'redeemed' | 'released'
  buyer_email: string
  currency: string
  discount_minor: number
  created_at: Date
}

/** The orders a coupon was used in, newest first. */
export async function ordersWithCoupon(db: Queryable, couponId: number): Promise<CouponOrderRow[]> {
  const result = await db.query<CouponOrderRow>(
    `select number, status, coupon_state, buyer_email, currency, discount_minor, created_at from ticket_orders
      where coupon_id = $1 order by created_at desc limit 500`,
    [couponId],
  )
  return result.rows
}

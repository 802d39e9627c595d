import type { Queryable } from '../../db/client.ts'
import { offerFreedSeats } from './waiting-list/offers.ts'

/**
 * SQL of ticket types, coupons and e-tickets (orders: orders.repo.ts; payments: payments/payments.repo.ts).
 * Counters (ticket_types.reserved, coupons.used) change only through the conditional updates below;
 * callers take locks in one order: order rows, then ticket types by ascending id, then coupons by
 * ascending id (migration 0050).
 */

export interface TicketTypeRow {
  id: number
  exhibition_id: number
  key: string
  price_minor: number
  currency: string
  capacity: number
  reserved: number
  sales_start_at: Date | null
  sales_end_at: Date | null
  max_per_order: number
  sort: number
  active: boolean
  texts: Record<string, { name?: string; description?: string }>
  /** The exhibition's exhibitor pass (docs/product.md#team-passes): issued to exhibitors, never sold. */
  exhibitor_pass: boolean
}

const TYPE_COLUMNS =
  'id, exhibition_id, key, price_minor, currency, capacity, reserved, sales_start_at, sales_end_at, max_per_order, sort, active, texts, exhibitor_pass'

export async function typesOfExhibition(db: Queryable, exhibitionId: number): Promise<TicketTypeRow[]> {
  const result = await db.query<TicketTypeRow>(
    `select ${TYPE_COLUMNS} from ticket_types where exhibition_id = $1 and active and not exhibitor_pass order by sort, id`,
    [exhibitionId],
  )
  return result.rows
}

export async function typesByIds(db: Queryable, ids: number[]): Promise<TicketTypeRow[]> {
  if (!ids.length) return []
  const result = await db.query<TicketTypeRow>(`select ${TYPE_COLUMNS} from ticket_types where id = any($1::int[]) order by sort, id`, [ids])
  return result.rows
}

/** Takes `quantity` seats of a type if that many are left; false when they are not (sold out). */
export async function reserveSeats(tx: Queryable, ticketTypeId: number, quantity: number): Promise<boolean> {
  const result = await tx.query(
    'update ticket_types set reserved = reserved + $2, updated_at = now() where id = $1 and reserved + $2 <= capacity returning id',
    [ticketTypeId, quantity],
  )
  return result.rows.length === 1
}

/**
 * Gives seats back, type by type in ascending id order: the one place seats are freed (expiry, the
 * buyer's or staff's cancellation, refunds, fewer tickets, an offer that ends), so the waiting lists
 * are offered them in the same transaction (docs/product.md#waiting-list).
 */
export async function releaseSeats(tx: Queryable, seats: Map<number, number>): Promise<void> {
  const freed: number[] = []
  for (const id of [...seats.keys()].sort((a, b) => a - b)) {
    const quantity = seats.get(id) ?? 0
    if (quantity <= 0) continue
    await tx.query('update ticket_types set reserved = reserved - $2, updated_at = now() where id = $1', [id, quantity])
    freed.push(id)
  }
  await offerFreedSeats(tx, freed)
}

export interface CouponRow {
  id: number
  code: string
  exhibition_id: number | null
  /** The types it applies to (0091_console_catalog.sql); empty: every type. */
  ticket_type_ids: number[]
  kind: 'percent' | 'fixed' | 'freeTicket'
  percent_off: number | null
  amount_off_minor: number | null
  currency: string | null
  max_uses: number
  used: number
  valid_from: Date | null
  valid_until: Date | null
  active: boolean
  per_account_limit: number | null
}

const COUPON_COLUMNS = `c.*, array(select ct.ticket_type_id from coupon_ticket_types ct where ct.coupon_id = c.id order by 1) as ticket_type_ids`

/** The coupon a code names at this exhibition: its own first, else a site-wide one (codes are unique per exhibition). */
export async function couponByCode(db: Queryable, code: string, exhibitionId: number): Promise<CouponRow | null> {
  const result = await db.query<CouponRow>(
    `select ${COUPON_COLUMNS} from coupons c where code = $1 and (exhibition_id = $2 or exhibition_id is null) order by exhibition_id nulls last limit 1`,
    [code, exhibitionId],
  )
  return result.rows[0] ?? null
}

export async function couponById(db: Queryable, id: number): Promise<CouponRow | null> {
  const result = await db.query<CouponRow>(`select ${COUPON_COLUMNS} from coupons c where id = $1`, [id])
  return result.rows[0] ?? null
}

/**
 * Holds one use of a coupon for an account's order if one is left and the account is under the
 * coupon's own limit; false when it is used up ("Coupon code used"). The first update takes the
 * coupon's row lock, so the count after it (a new snapshot) sees every order that held a use
 * before: two orders of one account cannot both pass the limit. `exceptOrderId`: the order being
 * changed, whose earlier hold is being replaced.
 */
export async function holdCoupon(tx: Queryable, couponId: number, accountId: string, exceptOrderId: string | null = null): Promise<boolean> {
  const held = await tx.query<{ per_account_limit: number | null }>(
    'update coupons set used = used + 1 where id = $1 and used < max_uses returning per_account_limit',
    [couponId],
  )
  const limit = held.rows[0]?.per_account_limit
  if (limit === undefined) return false
  if (limit === null) return true
  const mine = await tx.query<{ uses: number }>(
    `select count(*)::int as uses from ticket_orders where coupon_id = $1 and account_id = $2 and coupon_state in ('held', 'redeemed')
       and ($3::uuid is null or id <> $3::uuid)`,
    [couponId, accountId, exceptOrderId],
  )
  return (mine.rows[0]?.uses ?? 0) < limit
}

export async function releaseCoupons(tx: Queryable, uses: Map<number, number>): Promise<void> {
  for (const id of [...uses.keys()].sort((a, b) => a - b)) {
    await tx.query('update coupons set used = used - $2 where id = $1', [id, uses.get(id) ?? 0])
  }
}

export interface TicketRow {
  id: string
  attendee_id: string
  ticket_type_id: number
  code: string
}

/** The order's e-tickets that still let their holders in (a refunded or cancelled one is voided). */
export async function ticketsOf(db: Queryable, orderId: string): Promise<TicketRow[]> {
  const result = await db.query<TicketRow>(
    `select e.id, e.attendee_id, e.ticket_type_id, e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id
     where e.order_id = $1 and e.voided_at is null order by a.position`,
    [orderId],
  )
  return result.rows
}

export async function insertTicket(
  tx: Queryable,
  ticket: { id: string; orderId: string; attendeeId: string; exhibitionId: number; ticketTypeId: number; code: string },
): Promise<void> {
  await tx.query('insert into e_tickets (id, order_id, attendee_id, exhibition_id, ticket_type_id, code) values ($1, $2, $3, $4, $5, $6)', [
    ticket.id,
    ticket.orderId,
    ticket.attendeeId,
    ticket.exhibitionId,
    ticket.ticketTypeId,
    ticket.code,
  ])
}

import type { Queryable } from '../../db/client.ts'

/**
 * SQL of the tickets domain. Counters (ticket_types.reserved, coupons.used) change only through the
 * conditional updates below; callers take locks in one order: order rows, then ticket types by
 * ascending id, then coupons by ascending id (migration 0050).
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
}

const TYPE_COLUMNS = 'id, exhibition_id, key, price_minor, currency, capacity, reserved, sales_start_at, sales_end_at, max_per_order, sort, active, texts'

export async function typesOfExhibition(db: Queryable, exhibitionId: number): Promise<TicketTypeRow[]> {
  const result = await db.query<TicketTypeRow>(`select ${TYPE_COLUMNS} from ticket_types where exhibition_id = $1 and active order by sort, id`, [exhibitionId])
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

/** Gives seats back, type by type in ascending id order. */
export async function releaseSeats(tx: Queryable, seats: Map<number, number>): Promise<void> {
  for (const id of [...seats.keys()].sort((a, b) => a - b)) {
    const quantity = seats.get(id) ?? 0
    if (quantity > 0) await tx.query('update ticket_types set reserved = reserved - $2, updated_at = now() where id = $1', [id, quantity])
  }
}

export interface CouponRow {
  id: number
  code: string
  exhibition_id: number | null
  ticket_type_id: number | null
  kind: 'percent' | 'fixed' | 'freeTicket'
  percent_off: number | null
  amount_off_minor: number | null
  currency: string | null
  max_uses: number
  used: number
  valid_from: Date | null
  valid_until: Date | null
  active: boolean
}

export async function couponByCode(db: Queryable, code: string): Promise<CouponRow | null> {
  const result = await db.query<CouponRow>('select * from coupons where code = $1', [code])
  return result.rows[0] ?? null
}

export async function couponById(db: Queryable, id: number): Promise<CouponRow | null> {
  const result = await db.query<CouponRow>('select * from coupons where id = $1', [id])
  return result.rows[0] ?? null
}

/** Holds one use of a coupon if one is left; false when it is used up ("Coupon code used"). */
export async function holdCoupon(tx: Queryable, couponId: number): Promise<boolean> {
  const result = await tx.query('update coupons set used = used + 1 where id = $1 and used < max_uses returning id', [couponId])
  return result.rows.length === 1
}

export async function releaseCoupons(tx: Queryable, uses: Map<number, number>): Promise<void> {
  for (const id of [...uses.keys()].sort((a, b) => a - b)) {
    await tx.query('update coupons set used = used - $2 where id = $1', [id, uses.get(id) ?? 0])
  }
}

export interface OrderRow {
  id: string
  number: string
  account_id: string
  exhibition_id: number
  status: 'pending' | 'paid' | 'cancelled'
  cancel_reason: 'buyer' | 'expired' | null
  locale: string
  buyer_email: string
  currency: string
  subtotal_minor: number
  discount_minor: number
  total_minor: number
  coupon_id: number | null
  coupon_code: string | null
  coupon_state: 'held' | 'redeemed' | 'released' | null
  expires_at: Date
  confirmed_at: Date | null
  paid_at: Date | null
  cancelled_at: Date | null
  from_order_id: string | null
  created_at: Date
  /** The database's clock when the row was read. */
  now: Date
}

const ORDER_COLUMNS = `id, number, account_id, exhibition_id, status, cancel_reason, locale, buyer_email, currency, subtotal_minor,
  discount_minor, total_minor, coupon_id, coupon_code, coupon_state, expires_at, confirmed_at, paid_at, cancelled_at, from_order_id,
  created_at, now() as now`

export async function orderOfAccount(db: Queryable, number: string, accountId: string, lock = false): Promise<OrderRow | null> {
  const result = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from ticket_orders where number = $1 and account_id = $2${lock ? ' for update' : ''}`, [
    number,
    accountId,
  ])
  return result.rows[0] ?? null
}

export async function orderById(db: Queryable, id: string, lock = false): Promise<OrderRow | null> {
  const result = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from ticket_orders where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function orderByIdempotencyKey(db: Queryable, accountId: string, key: string): Promise<OrderRow | null> {
  const result = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from ticket_orders where account_id = $1 and idempotency_key = $2`, [accountId, key])
  return result.rows[0] ?? null
}

export async function ordersOfAccount(db: Queryable, accountId: string, limit: number, before: Date | null): Promise<OrderRow[]> {
  const result = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from ticket_orders where account_id = $1 and ($2::timestamptz is null or created_at < $2)
     order by created_at desc, id desc limit $3`,
    [accountId, before, limit],
  )
  return result.rows
}

export interface NewOrder {
  number: string
  accountId: string
  exhibitionId: number
  locale: string
  buyerEmail: string
  currency: string
  subtotalMinor: number
  discountMinor: number
  couponId: number | null
  couponCode: string | null
  paymentMinutes: number
  fromOrderId: string | null
  idempotencyKey: string
}

export async function insertOrder(tx: Queryable, order: NewOrder): Promise<OrderRow> {
  const result = await tx.query<OrderRow>(
    `insert into ticket_orders (number, account_id, exhibition_id, locale, buyer_email, currency, subtotal_minor, discount_minor, total_minor,
       coupon_id, coupon_code, coupon_state, expires_at, from_order_id, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7::int, $8::int, $7::int - $8::int, $9::int, $10, case when $9::int is null then null else 'held' end,
       now() + make_interval(mins => $11::int), $12, $13)
     returning ${ORDER_COLUMNS}`,
    [
      order.number,
      order.accountId,
      order.exhibitionId,
      order.locale,
      order.buyerEmail,
      order.currency,
      order.subtotalMinor,
      order.discountMinor,
      order.couponId,
      order.couponCode,
      order.paymentMinutes,
      order.fromOrderId,
      order.idempotencyKey,
    ],
  )
  return result.rows[0] as OrderRow
}

export interface LineRow {
  order_id: string
  ticket_type_id: number
  quantity: number
  unit_price_minor: number
}

export async function linesOf(db: Queryable, orderIds: string[]): Promise<LineRow[]> {
  if (!orderIds.length) return []
  const result = await db.query<LineRow>(
    `select l.order_id, l.ticket_type_id, l.quantity, l.unit_price_minor from ticket_order_lines l
     join ticket_types t on t.id = l.ticket_type_id where l.order_id = any($1::uuid[]) order by t.sort, t.id`,
    [orderIds],
  )
  return result.rows
}

export async function replaceLines(tx: Queryable, orderId: string, lines: Array<{ ticketTypeId: number; quantity: number; unitPriceMinor: number }>) {
  await tx.query('delete from ticket_order_lines where order_id = $1', [orderId])
  for (const line of lines) {
    await tx.query('insert into ticket_order_lines (order_id, ticket_type_id, quantity, unit_price_minor) values ($1, $2, $3, $4)', [
      orderId,
      line.ticketTypeId,
      line.quantity,
      line.unitPriceMinor,
    ])
  }
}

export interface AttendeeRow {
  id: string
  order_id: string
  position: number
  first_name: string
  last_name: string
  email: string
  phone_e164: string
  phone_country: string
  identity: string
  industry: string
}

export async function attendeesOf(db: Queryable, orderId: string): Promise<AttendeeRow[]> {
  const result = await db.query<AttendeeRow>('select * from ticket_attendees where order_id = $1 order by position', [orderId])
  return result.rows
}

export interface AttendeeValues {
  firstName: string
  lastName: string
  email: string
  phoneE164: string
  phoneCountry: string
  identity: string
  industry: string
}

export async function replaceAttendees(tx: Queryable, orderId: string, attendees: AttendeeValues[]): Promise<void> {
  await tx.query('delete from ticket_attendees where order_id = $1', [orderId])
  for (const [index, attendee] of attendees.entries()) {
    await tx.query(
      `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        orderId,
        index + 1,
        attendee.firstName,
        attendee.lastName,
        attendee.email,
        attendee.phoneE164,
        attendee.phoneCountry,
        attendee.identity,
        attendee.industry,
      ],
    )
  }
}

export async function trimAttendees(tx: Queryable, orderId: string, count: number): Promise<void> {
  await tx.query('delete from ticket_attendees where order_id = $1 and position > $2', [orderId, count])
}

export interface TicketRow {
  id: string
  attendee_id: string
  ticket_type_id: number
  code: string
}

export async function ticketsOf(db: Queryable, orderId: string): Promise<TicketRow[]> {
  const result = await db.query<TicketRow>(
    `select e.id, e.attendee_id, e.ticket_type_id, e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id
     where e.order_id = $1 order by a.position`,
    [orderId],
  )
  return result.rows
}

export async function logEvent(tx: Queryable, orderIds: string | string[], kind: string, data: Record<string, unknown> = {}): Promise<void> {
  const ids = Array.isArray(orderIds) ? orderIds : [orderIds]
  if (!ids.length) return
  await tx.query('insert into ticket_order_events (order_id, kind, data) select id, $2, $3 from unnest($1::uuid[]) as id', [ids, kind, JSON.stringify(data)])
}

export interface AttemptRow {
  id: string
  order_id: string
  provider: 'sandbox' | 'stripe'
  status: 'creating' | 'open' | 'processing' | 'succeeded' | 'failed' | 'cancelled'
  amount_minor: number
  currency: string
  provider_ref: string | null
  redirect_url: string | null
  sandbox_secret: string | null
  settle_after: Date | null
  refund_due: boolean
  refund_reason: string | null
  created_at: Date
  processing_at: Date | null
  confirmed_at: Date | null
}

export async function latestAttempt(db: Queryable, orderId: string): Promise<AttemptRow | null> {
  const result = await db.query<AttemptRow>('select * from payment_attempts where order_id = $1 order by created_at desc limit 1', [orderId])
  return result.rows[0] ?? null
}

export async function openAttempt(db: Queryable, orderId: string, lock = false): Promise<AttemptRow | null> {
  const result = await db.query<AttemptRow>(
    `select * from payment_attempts where order_id = $1 and status in ('creating', 'open', 'processing')${lock ? ' for update' : ''}`,
    [orderId],
  )
  return result.rows[0] ?? null
}

export async function attemptById(db: Queryable, id: string, lock = false): Promise<AttemptRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null
  const result = await db.query<AttemptRow>(`select * from payment_attempts where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function attemptByProviderRef(db: Queryable, provider: string, ref: string): Promise<AttemptRow | null> {
  const result = await db.query<AttemptRow>('select * from payment_attempts where provider = $1 and provider_ref = $2', [provider, ref])
  return result.rows[0] ?? null
}

export async function refundDueOf(db: Queryable, orderId: string): Promise<boolean> {
  const result = await db.query('select 1 from payment_attempts where order_id = $1 and refund_due limit 1', [orderId])
  return result.rows.length > 0
}

import type { Queryable } from '../../db/client.ts'
import type { CompanyInvoice } from '../../../shared/rules/invoices.ts'
import type { ParsedAttendee } from '../../../shared/contracts/tickets.ts'

/**
 * SQL of orders: the order rows, their lines, attendees and event log. Locks are taken in the
 * domain's one order (order rows, then ticket types by ascending id, then coupons; migration 0050).
 */

export interface OrderRow {
  id: string
  number: string
  account_id: string
  exhibition_id: number
  status: 'pending' | 'paid' | 'cancelled'
  cancel_reason: 'buyer' | 'expired' | 'staff' | null
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
  /** The buyer company an invoice is made out to when the order is paid (null: none asked). */
  invoice_request: CompanyInvoice | null
  /** The exhibitor whose team pass this order is (docs/product.md#team-passes); null for an order bought. */
  pass_exhibitor_id: string | null
  /** Tickets, or one booth (docs/product.md#booth-checkout): a booth order has no lines or attendees. */
  order_kind: 'tickets' | 'booth' | 'services'
  booth_id: number | null
  exhibitor_id: number | null
  /** A services order's form (docs/product.md#exhibitor-forms; null once the task is deleted) and what it bought. */
  form_task_id: number | null
  service_lines: ServiceLine[] | null
  created_at: Date
  /** The database's clock when the row was read. */
  now: Date
}

const COLUMNS = [
  'id',
  'number',
  'account_id',
  'exhibition_id',
  'status',
  'cancel_reason',
  'locale',
  'buyer_email',
  'currency',
  'subtotal_minor',
  'discount_minor',
  'total_minor',
  'coupon_id',
  'coupon_code',
  'coupon_state',
  'expires_at',
  'confirmed_at',
  'paid_at',
  'cancelled_at',
  'from_order_id',
  'invoice_request',
  'pass_exhibitor_id',
  'order_kind',
  'booth_id',
  'exhibitor_id',
  'form_task_id::int as form_task_id',
  'service_lines',
  'created_at',
]
const prefixed = (alias: string) => `${COLUMNS.map((column) => `${alias}.${column}`).join(', ')}, now() as now`
const ORDER_COLUMNS = `${COLUMNS.join(', ')}, now() as now`

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
    `select ${ORDER_COLUMNS} from ticket_orders where account_id = $1 and pass_exhibitor_id is null and ($2::timestamptz is null or created_at < $2)
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

export interface NewBoothOrder {
  number: string
  accountId: string
  exhibitionId: number
  boothId: number
  exhibitorId: number
  locale: string
  buyerEmail: string
  currency: string
  priceMinor: number
  invoiceRequest: CompanyInvoice
  paymentMinutes: number
  idempotencyKey: string
}

/** A booth order starts confirmed: what it buys was chosen on the plan, so payment may start at once. */
export async function insertBoothOrder(tx: Queryable, order: NewBoothOrder): Promise<OrderRow> {
  const result = await tx.query<OrderRow>(
    `insert into ticket_orders (number, account_id, exhibition_id, locale, buyer_email, currency, subtotal_minor, total_minor,
       expires_at, confirmed_at, idempotency_key, order_kind, booth_id, exhibitor_id, invoice_request)
     values ($1, $2, $3, $4, $5, $6, $7::int, $7::int, now() + make_interval(mins => $8::int), now(), $9, 'booth', $10, $11, $12)
     returning ${ORDER_COLUMNS}`,
    [
      order.number,
      order.accountId,
      order.exhibitionId,
      order.locale,
      order.buyerEmail,
      order.currency,
      order.priceMinor,
      order.paymentMinutes,
      order.idempotencyKey,
      order.boothId,
      order.exhibitorId,
      JSON.stringify(order.invoiceRequest),
    ],
  )
  return result.rows[0] as OrderRow
}

/** A line of a services order: the form's item as the buyer read it when ordering. */
export interface ServiceLine {
  itemId: number
  label: string
  unit: string
  quantity: number
  unitPriceMinor: number
}

export interface NewServicesOrder {
  number: string
  accountId: string
  exhibitionId: number
  exhibitorId: number
  taskId: number
  lines: ServiceLine[]
  locale: string
  buyerEmail: string
  currency: string
  invoiceRequest: CompanyInvoice
  paymentMinutes: number
  idempotencyKey: string
}

/** A services order starts confirmed, as a booth order does: the form said what it buys. */
export async function insertServicesOrder(tx: Queryable, order: NewServicesOrder): Promise<OrderRow> {
  const total = order.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceMinor, 0)
  const result = await tx.query<OrderRow>(
    `insert into ticket_orders (number, account_id, exhibition_id, locale, buyer_email, currency, subtotal_minor, total_minor,
       expires_at, confirmed_at, idempotency_key, order_kind, exhibitor_id, form_task_id, service_lines, invoice_request)
     values ($1, $2, $3, $4, $5, $6, $7::int, $7::int, now() + make_interval(mins => $8::int), now(), $9, 'services', $10, $11, $12, $13)
     returning ${ORDER_COLUMNS}`,
    [
      order.number,
      order.accountId,
      order.exhibitionId,
      order.locale,
      order.buyerEmail,
      order.currency,
      total,
      order.paymentMinutes,
      order.idempotencyKey,
      order.exhibitorId,
      order.taskId,
      JSON.stringify(order.lines),
      JSON.stringify(order.invoiceRequest),
    ],
  )
  return result.rows[0] as OrderRow
}

/** The services orders of forms (task ids) that hold or bought their items (pending or paid), newest first. */
export async function liveServicesOrders(db: Queryable, taskIds: readonly number[]): Promise<OrderRow[]> {
  if (!taskIds.length) return []
  const result = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from ticket_orders where form_task_id = any($1::bigint[]) and order_kind = 'services' and status in ('pending', 'paid')
     order by created_at desc, id desc`,
    [taskIds],
  )
  return result.rows
}

/** The exhibition's booth orders that hold or bought a booth (pending or paid), newest first. */
export async function liveBoothOrdersAt(db: Queryable, exhibitionId: number): Promise<OrderRow[]> {
  const result = await db.query<OrderRow>(
    `select ${ORDER_COLUMNS} from ticket_orders where exhibition_id = $1 and order_kind = 'booth' and status in ('pending', 'paid')
     order by created_at desc, id desc`,
    [exhibitionId],
  )
  return result.rows
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
  company: string
  job_title: string
  email: string
  phone_e164: string
  phone_country: string
  identity: string
  industry: string
  shares: string[]
  /** Set when a transfer gave the ticket its present holder (docs/product.md#ticket-transfer). */
  transferred_at: Date | null
}

export async function attendeesOf(db: Queryable, orderId: string): Promise<AttendeeRow[]> {
  const result = await db.query<AttendeeRow>('select * from ticket_attendees where order_id = $1 order by position', [orderId])
  return result.rows
}

export interface AttendeeValues {
  firstName: string
  lastName: string
  company: string
  jobTitle: string
  email: string
  phoneE164: string
  phoneCountry: string
  identity: string
  industry: string
  shares: readonly string[]
}

/** An attendee form as the contract parsed it (the phone split into number and country), as the table keeps it. */
export function attendeeValues(attendee: ParsedAttendee): AttendeeValues {
  return {
    firstName: attendee.firstName,
    lastName: attendee.lastName,
    company: attendee.company,
    jobTitle: attendee.jobTitle,
    email: attendee.email,
    phoneE164: attendee.phone.e164,
    phoneCountry: attendee.phone.country,
    identity: attendee.identity,
    industry: attendee.industry,
    shares: attendee.shares,
  }
}

export async function replaceAttendees(tx: Queryable, orderId: string, attendees: AttendeeValues[]): Promise<void> {
  await tx.query('delete from ticket_attendees where order_id = $1', [orderId])
  for (const [index, attendee] of attendees.entries()) {
    await tx.query(
      `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry, shares, company, job_title)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12)`,
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
        [...attendee.shares],
        attendee.company,
        attendee.jobTitle,
      ],
    )
  }
}

export async function trimAttendees(tx: Queryable, orderId: string, count: number): Promise<void> {
  await tx.query('delete from ticket_attendees where order_id = $1 and position > $2', [orderId, count])
}

/** Waits at most five seconds for a lock, so a buyer who would wait longer hears "try again" (lock-pending.ts). */
export async function limitLockWait(tx: Queryable): Promise<void> {
  await tx.query("set local lock_timeout = '5s'")
}

/**
 * Pending orders past their deadline whose payer is not in the grace (order-rules.ts `isDue`, with
 * the grace as a parameter), claimed with FOR UPDATE SKIP LOCKED so any number of sweepers may run.
 */
export async function claimDueOrders(tx: Queryable, graceMinutes: number, limit: number): Promise<OrderRow[]> {
  const result = await tx.query<OrderRow>(
    `select ${prefixed('o')}
     from ticket_orders o
     where o.status = 'pending' and o.expires_at <= now()
       and not exists (
         select 1 from payment_attempts a
         where a.order_id = o.id and a.status = 'processing' and a.processing_at <= o.expires_at
           and now() < o.expires_at + make_interval(mins => $1::int)
       )
     order by o.expires_at
     limit $2
     for update of o skip locked`,
    [graceMinutes, limit],
  )
  return result.rows
}

/**
 * Serialises the creation of orders by one account for one exhibition until the transaction ends,
 * so two at once cannot both find no pending order and both keep theirs (create-order.ts). Taken
 * before any row lock, by createOrder only.
 */
export async function serializeOrdering(tx: Queryable, accountId: string, exhibitionId: number): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`tickets.order:${accountId}:${exhibitionId}`])
}

/** The account's pending ticket orders for an exhibition, locked, oldest first (a booth order is not replaced by buying tickets). */
export async function pendingOfAccount(tx: Queryable, accountId: string, exhibitionId: number): Promise<OrderRow[]> {
  const result = await tx.query<OrderRow>(
    `select ${ORDER_COLUMNS} from ticket_orders where account_id = $1 and exhibition_id = $2 and status = 'pending' and order_kind = 'tickets'
     order by created_at, id for update`,
    [accountId, exhibitionId],
  )
  return result.rows
}

/** Seats the account holds unpaid for an exhibition, outside `exceptOrderId`. */
export async function seatsHeld(db: Queryable, accountId: string, exhibitionId: number, exceptOrderId: string | null): Promise<number> {
  const result = await db.query<{ n: number }>(
    `select coalesce(sum(l.quantity), 0)::int as n from ticket_order_lines l join ticket_orders o on o.id = l.order_id
     where o.account_id = $1 and o.exhibition_id = $2 and o.status = 'pending' and ($3::uuid is null or o.id <> $3::uuid)`,
    [accountId, exhibitionId, exceptOrderId],
  )
  return result.rows[0]?.n ?? 0
}

export async function cancelPending(tx: Queryable, ids: string[], reason: 'buyer' | 'expired' | 'staff'): Promise<void> {
  await tx.query(
    `update ticket_orders set status = 'cancelled', cancel_reason = $2, cancelled_at = now(), updated_at = now(),
       coupon_state = case when coupon_id is null then null else 'released' end
     where id = any($1::uuid[]) and status = 'pending'`,
    [ids, reason],
  )
}

export async function markPaid(tx: Queryable, orderId: string): Promise<void> {
  await tx.query(
    `update ticket_orders set status = 'paid', paid_at = now(), updated_at = now(),
       coupon_state = case when coupon_id is null then null else 'redeemed' end where id = $1`,
    [orderId],
  )
}

/** New tickets and coupon: new totals, and the buyer confirms again. */
export async function changeSelection(
  tx: Queryable,
  orderId: string,
  values: { subtotalMinor: number; discountMinor: number; couponId: number | null; couponCode: string | null },
): Promise<void> {
  await tx.query(
    `update ticket_orders set subtotal_minor = $2::int, discount_minor = $3::int, total_minor = $2::int - $3::int, coupon_id = $4::int, coupon_code = $5,
       coupon_state = case when $4::int is null then null else 'held' end, confirmed_at = null, updated_at = now() where id = $1`,
    [orderId, values.subtotalMinor, values.discountMinor, values.couponId, values.couponCode],
  )
}

export async function setConfirmed(tx: Queryable, orderId: string, confirmed: boolean): Promise<void> {
  await tx.query(`update ticket_orders set confirmed_at = ${confirmed ? 'now()' : 'null'}, updated_at = now() where id = $1`, [orderId])
}

export async function attendeeCount(db: Queryable, orderId: string): Promise<number> {
  const result = await db.query<{ n: number }>('select count(*)::int as n from ticket_attendees where order_id = $1', [orderId])
  return result.rows[0]?.n ?? 0
}

export async function logEvent(tx: Queryable, orderIds: string | string[], kind: string, data: Record<string, unknown> = {}): Promise<void> {
  const ids = Array.isArray(orderIds) ? orderIds : [orderIds]
  if (!ids.length) return
  await tx.query('insert into ticket_order_events (order_id, kind, data) select id, $2, $3 from unnest($1::uuid[]) as id', [ids, kind, JSON.stringify(data)])
}

export async function setInvoiceRequest(tx: Queryable, orderId: string, request: CompanyInvoice | null): Promise<void> {
  await tx.query('update ticket_orders set invoice_request = $2, updated_at = now() where id = $1', [
    orderId,
    request === null ? null : JSON.stringify(request),
  ])
}

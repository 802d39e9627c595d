import { randomInt, randomUUID } from 'node:crypto'
import request from 'supertest'
import type { Queryable } from '../../server/db/client.ts'
import type { createTestApp } from '../setup/test-app.ts'

export type App = Awaited<ReturnType<typeof createTestApp>>['app']

const EXPO = '/wikifxweb-v1/wikiexpo/invoke-v1'

/** A public address of its own for each caller, so per-address limits of one test never reach another. */
export function someIp(): string {
  return `203.0.${randomInt(0, 255)}.${randomInt(1, 254)}`
}

/** Calls a platform function on the expo endpoint as a browser would. */
export function call(app: App, route: string, token: string | null, payload: unknown, options: { ip?: string; locale?: string } = {}) {
  const req = request(app)
    .post(EXPO)
    .set('Routes', route)
    .set('LanguageCode', options.locale ?? 'en')
    .set('X-Forwarded-For', options.ip ?? someIp())
  if (token) req.set('Authorization', `Bearer ${token}`)
  return req.send(payload as object)
}

export interface ExhibitionOptions {
  /** Days from now to the first day (negative: in the past). */
  startsInDays?: number
  days?: number
  /** Days from now the ticket sales opened (null: not announced). */
  salesOpenedDaysAgo?: number | null
  kind?: 'exhibition' | 'salon'
  title?: string
}

/** An exhibition of our own for a test, with English and Chinese texts. */
export async function makeExhibition(db: Queryable, options: ExhibitionOptions = {}): Promise<number> {
  const startsIn = options.startsInDays ?? 60
  const days = options.days ?? 2
  const salesOpened = options.salesOpenedDaysAgo === undefined ? 10 : options.salesOpenedDaysAgo
  const result = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, city, country_code, region, published)
     values ($1, $2, now() + make_interval(days => $3), now() + make_interval(days => $3 + $4), 'Asia/Bangkok',
       case when $5::int is null then null else now() - make_interval(days => $5::int) end, 'Bangkok', 'TH', 'asia', true)
     returning id`,
    [`test-${randomUUID().slice(0, 8)}`, options.kind ?? 'exhibition', startsIn, days, salesOpened],
  )
  const id = result.rows[0]?.id as number
  await db.query(
    `insert into exhibition_texts (exhibition_id, locale, title, venue_name, address, city) values
       ($1, 'en', $2, 'Queen Sirikit National Convention Center', '60 Ratchadaphisek Rd', 'Bangkok'),
       ($1, 'zh-cn', $3, '诗丽吉王后国家会议中心', '拉差达披色路60号', '曼谷')`,
    [id, options.title ?? 'Test Fintech Expo', '测试金融科技展'],
  )
  return id
}

export interface TypeOptions {
  key?: string
  priceMinor?: number
  currency?: string
  capacity?: number
  maxPerOrder?: number
  salesStartInDays?: number | null
  salesEndInDays?: number | null
  name?: string
}

export async function makeTicketType(db: Queryable, exhibitionId: number, options: TypeOptions = {}): Promise<number> {
  const name = options.name ?? 'Standard pass'
  const result = await db.query<{ id: number }>(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, sales_start_at, sales_end_at, texts)
     values ($1, $2, $3, $4, $5, $6,
       case when $7::int is null then null else now() + make_interval(days => $7::int) end,
       case when $8::int is null then null else now() + make_interval(days => $8::int) end, $9)
     returning id`,
    [
      exhibitionId,
      options.key ?? `type-${randomUUID().slice(0, 8)}`,
      options.priceMinor ?? 9900,
      options.currency ?? 'USD',
      options.capacity ?? 100,
      options.maxPerOrder ?? 5,
      options.salesStartInDays ?? null,
      options.salesEndInDays ?? null,
      JSON.stringify({ en: { name, description: `${name}: the whole exhibition` }, 'zh-cn': { name: `${name}（中文）`, description: '整个展会' } }),
    ],
  )
  return result.rows[0]?.id as number
}

export interface CouponOptions {
  code?: string
  kind?: 'percent' | 'fixed' | 'freeTicket'
  percentOff?: number
  amountOffMinor?: number
  currency?: string
  maxUses?: number
  exhibitionId?: number | null
  ticketTypeId?: number | null
  validUntilInDays?: number | null
}

export async function makeCoupon(db: Queryable, options: CouponOptions = {}): Promise<string> {
  const code = options.code ?? `TEST-${randomUUID().slice(0, 8).toUpperCase()}`
  const kind = options.kind ?? 'percent'
  await db.query(
    `with made as (
       insert into coupons (code, kind, percent_off, amount_off_minor, currency, max_uses, exhibition_id, valid_until)
       values ($1, $2, $3, $4, $5, $6, $7, case when $9::int is null then null else now() + make_interval(days => $9::int) end) returning id
     )
     insert into coupon_ticket_types (coupon_id, ticket_type_id) select id, $8::int from made where $8::int is not null`,
    [
      code,
      kind,
      kind === 'percent' ? (options.percentOff ?? 10) : null,
      kind === 'fixed' ? (options.amountOffMinor ?? 1000) : null,
      kind === 'fixed' ? (options.currency ?? 'USD') : null,
      options.maxUses ?? 1,
      options.exhibitionId ?? null,
      options.ticketTypeId ?? null,
      options.validUntilInDays ?? null,
    ],
  )
  return code
}

/** `count` valid attendee forms with distinct e-mail addresses and phone numbers. */
export function attendees(count: number, seed = randomInt(100_000, 899_999)) {
  return Array.from({ length: count }, (_, index) => ({
    firstName: `Ada${index + 1}`,
    lastName: 'Lovelace',
    email: `ada${index + 1}-${seed}@example.com`,
    phone: { country: 'GB', number: `07400 ${String(seed + index).padStart(6, '0')}` },
    identity: 'trader',
    industry: 'fintech',
  }))
}

export async function counters(db: Queryable, ticketTypeId: number) {
  return (await db.query<{ reserved: number; capacity: number }>('select reserved, capacity from ticket_types where id = $1', [ticketTypeId])).rows[0]
}

export async function couponUses(db: Queryable, code: string) {
  return (await db.query<{ used: number; max_uses: number }>('select used, max_uses from coupons where code = $1', [code])).rows[0]
}

/** Moves an order's deadline into the past, as if the countdown had run out. */
export async function ageOrder(db: Queryable, number: string, minutes = 1): Promise<void> {
  await db.query(
    `update ticket_orders set expires_at = now() - make_interval(mins => $2), created_at = created_at - make_interval(mins => $2 + 30) where number = $1`,
    [number, minutes],
  )
}

/** An order of these holders of one ticket type, bought and paid in the sandbox as a buyer would; its number. */
export async function buyAndPay(app: App, token: string, exhibitionId: number, ticketTypeId: number, holders: ReturnType<typeof attendees>): Promise<string> {
  const fn = (route: string, payload: unknown) => call(app, route, token, payload)
  const order = (
    await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity: holders.length }], idempotencyKey: randomUUID() }).expect(200)
  ).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: holders }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  return order.number as string
}

/** A paid order of the sandbox's payment for these attendees, of a ticket type of its own: its number and its e-tickets' ids, in attendee order. */
export async function payForTickets(app: App, db: Queryable, token: string, exhibitionId: number, holders: ReturnType<typeof attendees>) {
  const type = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, key: `standard-${randomUUID().slice(0, 6)}` })
  const number = await buyAndPay(app, token, exhibitionId, type, holders)
  const tickets = await db.query<{ id: string }>(
    'select e.id from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [number],
  )
  return { number, ticketIds: tickets.rows.map((row) => row.id) }
}

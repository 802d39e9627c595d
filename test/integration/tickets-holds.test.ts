import { randomUUID } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { type App, attendees, call, counters, couponUses, makeCoupon, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Holding seats without paying (issue: "one account can hold almost every seat"): one pending order
 * per account and exhibition, a cap on the seats an account holds unpaid, a limit on creating orders.
 * The race runs on PostgreSQL only (TEST_DATABASE_URL): PGlite has one connection.
 */
let app: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let platform: Awaited<ReturnType<typeof createTestApp>>['platform']

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let buyer: TestUser

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db)
  standard = await makeTicketType(db, exhibitionId, { capacity: 100 })
  buyer = await createUser(platform, db)
})

const create = (quantity: number, options: { couponCode?: string; user?: TestUser; exhibition?: number; type?: number } = {}) =>
  call(app, 'tickets$createOrder', (options.user ?? buyer).token, {
    exhibitionId: options.exhibition ?? exhibitionId,
    lines: [{ ticketTypeId: options.type ?? standard, quantity }],
    couponCode: options.couponCode ?? '',
    idempotencyKey: randomUUID(),
  })

const ordersOf = async (user: TestUser) =>
  (
    await db.query<{ number: string; status: string; cancel_reason: string | null; exhibition_id: number }>(
      'select number, status, cancel_reason, exhibition_id from ticket_orders where account_id = $1 order by created_at',
      [user.userId],
    )
  ).rows

describe('one pending order per account and exhibition', () => {
  it('when the buyer orders again, then the new order replaces the old one, whose seats and coupon come back', async () => {
    const code = await makeCoupon(db)
    const first = (await create(3, { couponCode: code }).expect(200)).body.data
    expect((await couponUses(db, code))?.used).toBe(1)
    const second = (await create(1).expect(200)).body.data
    expect((await counters(db, standard))?.reserved).toBe(1)
    expect((await couponUses(db, code))?.used).toBe(0)
    expect(await ordersOf(buyer)).toEqual([
      { number: first.number, status: 'cancelled', cancel_reason: 'buyer', exhibition_id: exhibitionId },
      { number: second.number, status: 'pending', cancel_reason: null, exhibition_id: exhibitionId },
    ])
    // The coupon the old order held serves the new one.
    await create(2, { couponCode: code }).expect(200)
    expect((await couponUses(db, code))?.used).toBe(1)
    expect((await counters(db, standard))?.reserved).toBe(2)
  })

  it('when the same request is sent again with its key, then it answers the same order and replaces nothing', async () => {
    const idempotencyKey = randomUUID()
    const payload = { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 2 }], couponCode: '', idempotencyKey }
    const first = (await call(app, 'tickets$createOrder', buyer.token, payload).expect(200)).body.data
    const again = (await call(app, 'tickets$createOrder', buyer.token, payload).expect(200)).body.data
    expect(again).toMatchObject({ number: first.number, status: 'pending' })
    expect((await counters(db, standard))?.reserved).toBe(2)
  })

  it('when the buyer orders for another exhibition, or another buyer orders, then nothing is replaced', async () => {
    const other = await makeExhibition(db)
    const otherType = await makeTicketType(db, other, { capacity: 100 })
    const stranger = await createUser(platform, db)
    await create(2).expect(200)
    await create(2, { exhibition: other, type: otherType }).expect(200)
    await create(2, { user: stranger }).expect(200)
    expect((await ordersOf(buyer)).map((row) => row.status)).toEqual(['pending', 'pending'])
    expect((await counters(db, standard))?.reserved).toBe(4)
    expect((await counters(db, otherType))?.reserved).toBe(2)
  })

  // PGlite has one connection: there the ten calls would run one after another.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'when ten orders by one account race (PostgreSQL only: PGlite cannot race), then one is pending and only its seats are held',
    { timeout: 60_000 },
    async () => {
      const code = await makeCoupon(db, { maxUses: 10 })
      const responses = await Promise.all(Array.from({ length: 10 }, (_, index) => create(1 + (index % 3), { couponCode: index % 2 ? code : '' })))
      expect(responses.map((response) => response.status).filter((status) => status !== 200)).toEqual([])
      const rows = await ordersOf(buyer)
      expect(rows).toHaveLength(10)
      const pending = rows.filter((row) => row.status === 'pending')
      expect(pending).toHaveLength(1)
      const held = await db.query<{ quantity: number; coupon_state: string | null }>(
        'select l.quantity, o.coupon_state from ticket_order_lines l join ticket_orders o on o.id = l.order_id where o.number = $1',
        [pending[0]?.number],
      )
      expect((await counters(db, standard))?.reserved).toBe(held.rows[0]?.quantity)
      expect((await couponUses(db, code))?.used).toBe(held.rows[0]?.coupon_state === 'held' ? 1 : 0)
    },
  )
})

describe('seats held without paying', () => {
  it('when a payment is being checked, then that order is kept and the account may hold at most five unpaid seats', async () => {
    const first = (await create(3).expect(200)).body.data.number as string
    await call(app, 'tickets$saveAttendees', buyer.token, { orderNumber: first, attendees: attendees(3) }).expect(200)
    await call(app, 'tickets$confirmOrder', buyer.token, { orderNumber: first }).expect(200)
    const { attemptId } = (await call(app, 'tickets$startPayment', buyer.token, { orderNumber: first, method: 'sandbox' }).expect(200)).body.data
    await platform.services.tickets.payments.markProcessing(attemptId, { provider: 'sandbox', settlement: { outcome: 'succeeded', inSeconds: 60 } })
    const refused = await create(3).expect(409)
    expect(JSON.stringify(refused.body)).toContain('tickets:messages.ticketLimit')
    const second = (await create(2).expect(200)).body.data.number as string
    expect((await counters(db, standard))?.reserved).toBe(5)
    const rows = await ordersOf(buyer)
    expect(rows.map((row) => [row.number, row.status])).toEqual([
      [first, 'pending'],
      [second, 'pending'],
    ])
    // Changing the new order may not pass the cap either.
    await call(app, 'tickets$changeTickets', buyer.token, { orderNumber: second, lines: [{ ticketTypeId: standard, quantity: 3 }], couponCode: '' }).expect(409)
    expect((await counters(db, standard))?.reserved).toBe(5)
    // Once the first is paid, its seats are sold, not held: the buyer may hold five again.
    expect(await platform.services.tickets.payments.confirm(attemptId, { provider: 'sandbox' })).toBe('paid')
    await call(app, 'tickets$changeTickets', buyer.token, { orderNumber: second, lines: [{ ticketTypeId: standard, quantity: 5 }], couponCode: '' }).expect(200)
    expect((await counters(db, standard))?.reserved).toBe(8)
  })
})

describe('creating orders again and again', () => {
  it('when one account creates orders too fast, then it is stopped with 429 and Retry-After; other accounts are not', { timeout: 60_000 }, async () => {
    const statuses: number[] = []
    for (let index = 0; index < 60; index++) statuses.push((await create(1)).status)
    expect(statuses.every((status) => status === 200)).toBe(true)
    const blocked = await create(1).expect(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    const stranger = await createUser(platform, db)
    await create(1, { user: stranger }).expect(200)
    expect((await counters(db, standard))?.reserved).toBe(2)
  })
})

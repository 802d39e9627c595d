import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { createPlatform, type Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase, silentLogger, testGeo } from '../setup/test-app.ts'
import { createUsers, type TestUser } from '../setup/users.ts'
import { ageOrder, attendees, call, makeCoupon, makeExhibition, makeTicketType, someIp } from './tickets-helpers.ts'

/**
 * Concurrency (docs/product.md#orders). The races run on PostgreSQL only (TEST_DATABASE_URL, which
 * .ci/run sets when a server is reachable): PGlite has one connection, so there the requests would
 * run one after another and prove nothing about racing. The bookkeeping property runs on both.
 */
const POSTGRES = process.env.TEST_DATABASE_URL
let server: Server
let db: Database
let platform: Platform

beforeAll(async () => {
  const made = await createTestApp()
  db = made.db
  platform = made.platform
  server = made.app.listen(0)
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

let exhibitionId: number

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db)
})

const buy = (user: TestUser, ticketTypeId: number, couponCode = '', quantity = 1) =>
  call(server as never, 'tickets$createOrder', user.token, { exhibitionId, lines: [{ ticketTypeId, quantity }], couponCode, idempotencyKey: randomUUID() })

/** What the counters must always equal: seats of pending and paid orders, coupon uses held or redeemed. */
async function expectCountersMatchOrders() {
  const seats = await db.query<{ id: number; reserved: number; held: number }>(
    `select t.id, t.reserved, coalesce(sum(l.quantity) filter (where o.status in ('pending', 'paid')), 0)::int as held
     from ticket_types t left join ticket_order_lines l on l.ticket_type_id = t.id left join ticket_orders o on o.id = l.order_id
     group by t.id, t.reserved`,
  )
  for (const row of seats.rows) expect(row.reserved, `ticket type ${row.id}`).toBe(row.held)
  const coupons = await db.query<{ code: string; used: number; held: number }>(
    `select c.code, c.used, count(o.id) filter (where o.coupon_state in ('held', 'redeemed'))::int as held
     from coupons c left join ticket_orders o on o.coupon_id = c.id group by c.code, c.used`,
  )
  for (const row of coupons.rows) expect(row.used, `coupon ${row.code}`).toBe(row.held)
}

describe.runIf(POSTGRES)('racing buyers (PostgreSQL only: PGlite cannot race)', () => {
  it('when 200 buyers race for 50 seats, then exactly 50 are sold and 150 hear "sold out"', { timeout: 120_000 }, async () => {
    const seats = await makeTicketType(db, exhibitionId, { name: 'Keynote seat', capacity: 50 })
    const users = await createUsers(platform, db, 200)
    const started = performance.now()
    const responses = await Promise.all(users.map((user) => buy(user, seats)))
    const seconds = (performance.now() - started) / 1000
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(50)
    const refused = responses.filter((response) => response.status !== 200)
    expect(refused).toHaveLength(150)
    for (const response of refused) {
      expect(response.status).toBe(409)
      expect(response.body).toMatchObject({ message: 'tickets:messages.soldOut', data: { ticketTypeId: seats, name: 'Keynote seat' } })
    }
    const sold = await db.query<{ reserved: number; orders: number }>(
      `select t.reserved, (select count(*)::int from ticket_order_lines where ticket_type_id = t.id) as orders from ticket_types t where id = $1`,
      [seats],
    )
    expect(sold.rows[0]).toEqual({ reserved: 50, orders: 50 })
    console.info(`200 buyers for 50 seats on ${db.kind}: ${seconds.toFixed(2)} s`)
  })

  it('when 50 buyers redeem one single-use coupon at once, then exactly one gets it and 49 hear "Coupon code used"', { timeout: 60_000 }, async () => {
    const type = await makeTicketType(db, exhibitionId, { capacity: 500 })
    const code = await makeCoupon(db, { maxUses: 1, percentOff: 50 })
    const users = await createUsers(platform, db, 50)
    const responses = await Promise.all(users.map((user) => buy(user, type, code)))
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1)
    const refused = responses.filter((response) => response.status !== 200)
    for (const response of refused) {
      expect(response.status).toBe(409)
      expect(response.body.message).toBe('tickets:messages.couponUsed')
    }
    expect(refused).toHaveLength(49)
    expect((await db.query('select used from coupons where code = $1', [code])).rows[0]).toEqual({ used: 1 })
    // The 49 refused buyers held no seat.
    expect((await db.query('select reserved from ticket_types where id = $1', [type])).rows[0]).toEqual({ reserved: 1 })
  })

  it('when creating, changing, cancelling and expiring run all at once, then the counters still equal the orders', { timeout: 120_000 }, async () => {
    const a = await makeTicketType(db, exhibitionId, { name: 'A', capacity: 30 })
    const b = await makeTicketType(db, exhibitionId, { name: 'B', capacity: 30 })
    const code = await makeCoupon(db, { maxUses: 10 })
    const users = await createUsers(platform, db, 60)
    const first = await Promise.all(users.map((user, index) => buy(user, index % 2 ? a : b, index % 3 === 0 ? code : '', 1 + (index % 2))))
    const made = first.flatMap((response, index) =>
      response.status === 200 ? [{ user: users[index] as TestUser, number: response.body.data.number as string }] : [],
    )
    for (const { number } of made.slice(0, 10)) await ageOrder(db, number)
    await Promise.all([
      ...made.map(({ user, number }, index) =>
        index % 3 === 0
          ? call(server as never, 'tickets$cancelOrder', user.token, { orderNumber: number })
          : index % 3 === 1
            ? call(server as never, 'tickets$changeTickets', user.token, {
                orderNumber: number,
                lines: [{ ticketTypeId: index % 2 ? b : a, quantity: 2 }],
                couponCode: code,
              })
            : call(server as never, 'tickets$order', user.token, { orderNumber: number }),
      ),
      platform.services.tickets.expireDue(),
      platform.services.tickets.expireDue(),
    ])
    await expectCountersMatchOrders()
  })
})

describe.runIf(POSTGRES)('the expiry sweeper on two instances (PostgreSQL only: PGlite cannot race)', () => {
  let second: Platform
  let secondDb: Database

  beforeAll(async () => {
    // The same database as the test app's, through a pool of its own.
    const target = new URL(POSTGRES as string)
    target.pathname = `/${(await db.query<{ name: string }>('select current_database() as name')).rows[0]?.name}`
    secondDb = await openPostgres(target.href)
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'data/test', PUBLIC_ORIGIN: 'http://localhost:3000' })
    second = await createPlatform({ config, db: secondDb, logger: silentLogger, geo: testGeo() })
  })

  afterAll(async () => {
    await second.close()
    await secondDb.close()
  })

  it('when two instances sweep at once, then each expired order is expired exactly once and every seat comes back', { timeout: 120_000 }, async () => {
    const type = await makeTicketType(db, exhibitionId, { capacity: 1000 })
    const code = await makeCoupon(db, { maxUses: 500 })
    const users = await createUsers(platform, db, 150)
    const responses = await Promise.all(users.map((user, index) => buy(user, type, index % 2 ? code : '', 1 + (index % 3))))
    expect(responses.every((response) => response.status === 200)).toBe(true)
    await db.query("update ticket_orders set expires_at = now() - interval '1 minute'")
    const counts = await Promise.all([
      platform.services.tickets.expireDue(),
      second.services.tickets.expireDue(),
      platform.services.tickets.expireDue(),
      second.services.tickets.expireDue(),
    ])
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(150)
    console.info(`sweepers on ${db.kind} expired ${counts.join(' + ')} orders`)
    const events = await db.query<{ n: number; orders: number }>(
      "select count(*)::int as n, count(distinct order_id)::int as orders from ticket_order_events where kind = 'expired'",
    )
    expect(events.rows[0]).toEqual({ n: 150, orders: 150 })
    expect((await db.query('select reserved from ticket_types where id = $1', [type])).rows[0]).toEqual({ reserved: 0 })
    expect((await db.query('select used from coupons where code = $1', [code])).rows[0]).toEqual({ used: 0 })
    expect(await second.services.tickets.expireDue()).toBe(0)
  })
})

describe('bookkeeping under any sequence of actions', () => {
  it('when buyers create, change, fill in, pay, cancel and let orders expire in any order, then seats and coupon uses always match the orders', {
    timeout: 180_000,
  }, async () => {
    const types = [await makeTicketType(db, exhibitionId, { capacity: 6 }), await makeTicketType(db, exhibitionId, { capacity: 4, priceMinor: 0 })]
    const code = await makeCoupon(db, { maxUses: 2 })
    const users = await createUsers(platform, db, 3)
    const action = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), user: fc.nat(2), type: fc.nat(1), quantity: fc.integer({ min: 1, max: 3 }), coupon: fc.boolean() }),
      fc.record({ kind: fc.constant('change' as const), order: fc.nat(9), type: fc.nat(1), quantity: fc.integer({ min: 1, max: 3 }), coupon: fc.boolean() }),
      fc.record({ kind: fc.constantFrom('cancel' as const, 'expire' as const, 'pay' as const, 'read' as const), order: fc.nat(9) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        await db.query(
          'truncate invoices, waiting_list_entries, ticket_transfers, ticket_answer_files, ticket_answers, bank_transfers, ticket_orders, payment_attempts, payment_events, refunds, checkin_scans, lead_answers, lead_webhook_deliveries, leads, survey_answer_items, survey_answers, survey_invitations, e_tickets, ticket_attendees, ticket_order_lines, ticket_order_events, mail_outbox',
        )
        await db.query('update ticket_types set reserved = 0')
        await db.query('update coupons set used = 0')
        const orders: Array<{ user: TestUser; number: string }> = []
        for (const step of actions) {
          if (step.kind === 'create') {
            const user = users[step.user] as TestUser
            const response = await buy(user, types[step.type] as number, step.coupon ? code : '', step.quantity)
            if (response.status === 200) orders.push({ user, number: response.body.data.number })
            else expect([400, 409]).toContain(response.status)
            continue
          }
          const target = orders[step.order % Math.max(1, orders.length)]
          if (!target) continue
          const as = (route: string, payload: unknown) => call(server as never, route, target.user.token, payload, { ip: someIp() })
          if (step.kind === 'change') {
            const response = await as('tickets$changeTickets', {
              orderNumber: target.number,
              lines: [{ ticketTypeId: types[step.type], quantity: step.quantity }],
              couponCode: step.coupon ? code : '',
            })
            expect([200, 400, 409, 410]).toContain(response.status)
          } else if (step.kind === 'cancel') expect([200, 409]).toContain((await as('tickets$cancelOrder', { orderNumber: target.number })).status)
          else if (step.kind === 'expire') {
            await ageOrder(db, target.number)
            await platform.services.tickets.expireDue()
          } else if (step.kind === 'read') expect((await as('tickets$order', { orderNumber: target.number })).status).toBe(200)
          else {
            const detail = (await as('tickets$order', { orderNumber: target.number })).body.data
            if (detail.status !== 'pending') continue
            await as('tickets$saveAttendees', { orderNumber: target.number, attendees: attendees(detail.ticketCount) })
            const confirmed = await as('tickets$confirmOrder', { orderNumber: target.number })
            if (confirmed.body.data?.status === 'pending') {
              const started = await as('tickets$startPayment', { orderNumber: target.number, method: 'sandbox' })
              if (started.status === 200) await platform.services.tickets.payments.confirm(started.body.data.attemptId, { provider: 'sandbox' })
            }
          }
          await expectCountersMatchOrders()
        }
        await expectCountersMatchOrders()
      }),
      { numRuns: process.env.TEST_DATABASE_URL ? 25 : 40 },
    )
  })
})

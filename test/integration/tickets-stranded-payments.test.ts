import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { createPlatform, type Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase, silentLogger, testGeo } from '../setup/test-app.ts'
import { createUser, createUsers, type TestUser } from '../setup/users.ts'
import { type App, attendees, call, counters, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Payments stranded between the payer's "pay" and the confirmation (docs/product.md#payment-confirmation):
 * the process dies after the payer chose, and nothing in memory follows up. The tickets domain's
 * clock is the database's (order-rules.ts), so time passes here by moving the rows' times back.
 */
let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let buyer: TestUser

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db)
  standard = await makeTicketType(db, exhibitionId, { priceMinor: 9900, capacity: 100 })
  buyer = await createUser(platform, db)
})

afterEach(() => {
  vi.restoreAllMocks()
})

const fn = (route: string, payload: unknown, user: TestUser = buyer) => call(app, route, user.token, payload)

/** An order of two tickets with its attendees, confirmed, and a sandbox payment opened for it. */
async function openPayment(user: TestUser = buyer) {
  const lines = [{ ticketTypeId: standard, quantity: 2 }]
  const number = (await fn('tickets$createOrder', { exhibitionId, lines, idempotencyKey: randomUUID() }, user).expect(200)).body.data.number as string
  await fn('tickets$saveAttendees', { orderNumber: number, attendees: attendees(2) }, user).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: number }, user).expect(200)
  const { redirectUrl, attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }, user).expect(200)).body.data
  return { number, attemptId: attemptId as string, key: new URL(redirectUrl, 'http://x').searchParams.get('key') as string }
}

const sandboxPost = (attemptId: string, key: string, action: string) => request(app).post(`/pay/sandbox/${attemptId}`).type('form').send({ key, action })

/** `seconds` pass for a payment: its times, and its order's, move back by that much. */
async function pass(attemptId: string, seconds: number): Promise<void> {
  await db.query(
    `update payment_attempts set created_at = created_at - make_interval(secs => $2), processing_at = processing_at - make_interval(secs => $2),
       settle_after = settle_after - make_interval(secs => $2), check_after = check_after - make_interval(secs => $2) where id = $1`,
    [attemptId, seconds],
  )
  await db.query(
    `update ticket_orders set created_at = created_at - make_interval(secs => $2), confirmed_at = confirmed_at - make_interval(secs => $2),
       expires_at = expires_at - make_interval(secs => $2) where id = (select order_id from payment_attempts where id = $1)`,
    [attemptId, seconds],
  )
}

const attempt = async (attemptId: string) =>
  (await db.query<{ status: string; failure_code: string | null }>('select status, failure_code from payment_attempts where id = $1', [attemptId])).rows[0]

const settleJob = () => platform.jobs.runNow('tickets.settle-payments')

const mailSubjects = async (address: string) =>
  (await db.query<{ subject: string }>('select subject from mail_outbox where to_address = $1 order by id', [address])).rows.map((row) => row.subject)

describe('a payment stranded by a crash', () => {
  it('when the process dies between "pay" and the confirmation, then the settling job pays the order from its record', async () => {
    const { number, attemptId, key } = await openPayment()
    // The process dies after the payer's choice is recorded, before it confirms anything.
    vi.spyOn(platform.services.tickets.payments, 'settleFromRecord').mockRejectedValueOnce(new Error('the process died'))
    await sandboxPost(attemptId, key, 'pay').expect(500)
    expect(await attempt(attemptId)).toMatchObject({ status: 'processing' })
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({ status: 'checking', nextStep: 'checking' })

    await settleJob()
    expect(await attempt(attemptId)).toMatchObject({ status: 'succeeded' })
    const answer = (await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data
    expect(answer).toMatchObject({ status: 'paid', nextStep: 'tickets', payment: { status: 'succeeded' } })
    expect(answer.tickets).toHaveLength(2)
    expect((await counters(db, standard))?.reserved).toBe(2)
    expect(await mailSubjects(buyer.email)).toEqual([expect.stringContaining(`your tickets for Test Fintech Expo (order ${number})`)])
    // A second round finds nothing left to do.
    expect(await platform.services.tickets.payments.settleDue()).toBe(0)
  })

  it("when nobody ran the job, then the buyer's check settles the stranded payment itself", async () => {
    const { number, attemptId } = await openPayment()
    await platform.services.tickets.payments.markProcessing(attemptId, { provider: 'sandbox', settlement: { outcome: 'succeeded', inSeconds: 0 } })
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data.status).toBe('paid')
  })

  it('when a later decline is stranded, then past its time the check screen says it failed, cancelling works and the seats come back', async () => {
    const { number, attemptId, key } = await openPayment()
    const later = await sandboxPost(attemptId, key, 'declineLater').expect(303)
    expect(later.headers.location).toBe(`/en/apply/unpaid?order=${number}`)
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data.status).toBe('checking')
    expect((await fn('tickets$cancelOrder', { orderNumber: number }).expect(409)).body.message).toBe('tickets:messages.paymentInProgress')
    // Not yet due: the job leaves it.
    expect(await platform.services.tickets.payments.settleDue()).toBe(0)

    await pass(attemptId, 9)
    expect(await platform.services.tickets.payments.settleDue()).toBe(1)
    expect(await attempt(attemptId)).toEqual({ status: 'failed', failure_code: 'declined' })
    const answer = (await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data
    expect(answer).toMatchObject({ status: 'pending', nextStep: 'payment', payment: { method: 'sandbox', status: 'failed' } })
    // The order may be paid again, or cancelled: the seats come back with the cancellation.
    expect((await counters(db, standard))?.reserved).toBe(2)
    expect((await fn('tickets$cancelOrder', { orderNumber: number }).expect(200)).body.data.status).toBe('cancelled')
    expect((await counters(db, standard))?.reserved).toBe(0)
  })

  it('when the payment that held an order past its deadline fails, then the order expires in the same step and its seats come back at once', async () => {
    const { number, attemptId, key } = await openPayment()
    await sandboxPost(attemptId, key, 'declineLater').expect(303)
    // The payer paid before the deadline; the deadline passes while the bank answers (the grace).
    await pass(attemptId, 31 * 60)
    await db.query("update payment_attempts set settle_after = now() - interval '1 second' where id = $1", [attemptId])
    await db.query("update ticket_orders set expires_at = now() - interval '1 minute' where number = $1", [number])
    expect(await platform.services.tickets.expireDue()).toBe(0)
    expect((await counters(db, standard))?.reserved).toBe(2)

    expect(await platform.services.tickets.payments.settleDue()).toBe(1)
    expect(await attempt(attemptId)).toMatchObject({ status: 'failed' })
    expect((await counters(db, standard))?.reserved).toBe(0)
    const answer = (await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data
    expect(answer).toMatchObject({ status: 'cancelled', cancelReason: 'expired', nextStep: 'none' })
    expect(await mailSubjects(buyer.email)).toEqual([`Aurum Expo: order ${number} cancelled`])
  })

  it('when a stranded payment of an order in its grace is settled, then the money buys the order', async () => {
    const { number, attemptId } = await openPayment()
    await platform.services.tickets.payments.markProcessing(attemptId, { provider: 'sandbox', settlement: { outcome: 'succeeded', inSeconds: 0 } })
    await pass(attemptId, 35 * 60)
    expect(await platform.services.tickets.expireDue()).toBe(0)
    expect(await platform.services.tickets.payments.settleDue()).toBe(1)
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data.status).toBe('paid')
  })

  it('when every instance was down past the grace, then the order expires and the stranded payment still settles: recorded and refunded, never left processing', async () => {
    const { number, attemptId } = await openPayment()
    await platform.services.tickets.payments.markProcessing(attemptId, { provider: 'sandbox', settlement: { outcome: 'succeeded', inSeconds: 0 } })
    await pass(attemptId, 45 * 60)
    expect(await platform.services.tickets.expireDue()).toBe(1)
    expect((await counters(db, standard))?.reserved).toBe(0)
    expect(await platform.services.tickets.payments.settleDue()).toBe(1)
    expect((await db.query('select status, refund_due, refund_reason from payment_attempts where id = $1', [attemptId])).rows[0]).toEqual({
      status: 'succeeded',
      refund_due: true,
      refund_reason: 'orderCancelled',
    })
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'expired',
      refundDue: true,
    })
  })

  it('when an instance dies while settling, then another settles the payment once the lease (PAYMENT_CHECK_SECONDS) has run out', async () => {
    const { number, attemptId } = await openPayment()
    await platform.services.tickets.payments.markProcessing(attemptId, { provider: 'sandbox', settlement: { outcome: 'succeeded', inSeconds: 0 } })
    // The claim is taken (the settlement moves on by the lease), then the instance dies before confirming.
    await db.query(`update payment_attempts set settle_after = now() + make_interval(secs => $2) where id = $1`, [
      attemptId,
      platform.config.PAYMENT_CHECK_SECONDS,
    ])
    expect(await platform.services.tickets.payments.settleDue()).toBe(0)
    await pass(attemptId, platform.config.PAYMENT_CHECK_SECONDS)
    expect(await platform.services.tickets.payments.settleDue()).toBe(1)
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data.status).toBe('paid')
  })
})

// PGlite has one connection: there the two instances' jobs would run one after another.
describe.runIf(process.env.TEST_DATABASE_URL)('settling on two instances (PostgreSQL only: PGlite cannot race)', () => {
  let second: Platform
  let secondDb: Database

  beforeAll(async () => {
    // The same database as the test app's, through a pool of its own.
    const target = new URL(process.env.TEST_DATABASE_URL as string)
    target.pathname = `/${(await db.query<{ name: string }>('select current_database() as name')).rows[0]?.name}`
    secondDb = await openPostgres(target.href)
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'data/test', PUBLIC_ORIGIN: 'http://localhost:3000' })
    second = await createPlatform({ config, db: secondDb, logger: silentLogger, geo: testGeo() })
  })

  afterAll(async () => {
    await second.close()
    await secondDb.close()
  })

  it("when both instances' jobs settle the same stranded payments at once, then each is settled exactly once", { timeout: 120_000 }, async () => {
    const users = await createUsers(platform, db, 12)
    const opened = []
    for (const user of users) opened.push({ user, ...(await openPayment(user)) })
    for (const { attemptId } of opened) {
      await platform.services.tickets.payments.markProcessing(attemptId, { provider: 'sandbox', settlement: { outcome: 'succeeded', inSeconds: 0 } })
    }
    const [here, there] = [platform.services.tickets.payments, second.services.tickets.payments]
    // Both instances' jobs, twice each, and every buyer's check screen, all at once.
    const [counts, checks] = await Promise.all([
      Promise.all([here.settleDue(), there.settleDue(), here.settleDue(5), there.settleDue(5)]),
      Promise.all(opened.map(({ number, user }) => fn('tickets$checkPayment', { orderNumber: number }, user))),
    ])
    console.info(`settling on ${db.kind}: the jobs settled ${counts.join(' + ')}, the check screens the rest`)
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(12)
    for (const check of checks) expect(check.status).toBe(200)
    for (const { number, user } of opened) expect((await fn('tickets$order', { orderNumber: number }, user).expect(200)).body.data.status).toBe('paid')
    const paid = await db.query<{ n: number; orders: number }>(
      "select count(*)::int as n, count(distinct order_id)::int as orders from ticket_order_events where kind = 'paid'",
    )
    expect(paid.rows[0]).toEqual({ n: 12, orders: 12 })
    expect((await db.query('select count(*)::int as n from e_tickets')).rows[0]).toEqual({ n: 24 })
    expect((await db.query("select count(*)::int as n from mail_outbox where subject like '%your tickets for%'")).rows[0]).toEqual({ n: 12 })
    expect((await db.query("select count(*)::int as n from payment_attempts where status = 'succeeded' and not refund_due")).rows[0]).toEqual({ n: 12 })
    expect((await counters(db, standard))?.reserved).toBe(24)
    expect(await there.settleDue()).toBe(0)
  })
})

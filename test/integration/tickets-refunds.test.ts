import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { createPlatform, type Platform } from '../../server/platform/platform.ts'
import { createStripeProvider } from '../../server/platform/tickets/payments/providers.ts'
import { requestRefund } from '../../server/platform/tickets/payments/refund-payments.ts'
import { createTestApp, resetDatabase, silentLogger, testGeo } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { type FakeSession, type RecordedCall, startStripeStandIn } from './stripe-stand-in.ts'
import { type App, ageOrder, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Payments on dead attempts and automatic refunds (docs/product.md#late-payments):
 * the sandbox's page refuses an attempt that may no longer take money, and a late or duplicate
 * payment is refunded through its provider by the refund job, once, with one idempotency key, and
 * the payer is told in the order's language. Stripe is a local stand-in of the API calls we make
 * (Checkout Sessions and refunds), stripe-stand-in.ts.
 */
const WEBHOOK_SECRET = 'whsec_test_refunds_0123456789'

let stand: Awaited<ReturnType<typeof startStripeStandIn>>
/** Every refund call the stand-in received, in order. */
let refundCalls: RecordedCall[]
/** What the next refund calls answer: a Stripe error status and body, one per call, then success. */
let refundFailures: Array<{ status: number; error: Record<string, string> }>
let app: App
let db: Database
let platform: Platform
let second: Platform
let secondDb: Database

const cardProvider = () => createStripeProvider({ secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET, api: stand.api })

beforeAll(async () => {
  stand = await startStripeStandIn(WEBHOOK_SECRET)
  ;({ refundCalls, refundFailures } = stand)
  const made = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } })
  ;({ app, db, platform } = made)
  platform.services.tickets.payments.setCardProvider(cardProvider())
  // A second instance on the same database (on PostgreSQL through a pool of its own), as two servers run.
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const target = new URL(url)
    target.pathname = `/${(await db.query<{ name: string }>('select current_database() as name')).rows[0]?.name}`
    secondDb = await openPostgres(target.href)
  } else {
    secondDb = db
  }
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'data/test',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  })
  second = await createPlatform({ config, db: secondDb, logger: silentLogger, geo: testGeo() })
  second.services.tickets.payments.setCardProvider(cardProvider())
})

afterAll(async () => {
  await second.close()
  if (secondDb !== db) await secondDb.close()
  await stand.close()
})

let exhibitionId: number
let standard: number
let buyer: TestUser

beforeEach(async () => {
  await resetDatabase(db)
  stand.clear()
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP' })
  buyer = await createUser(platform, db)
})

const fn = (route: string, payload: unknown, locale = 'en') => call(app, route, buyer.token, payload, { locale })

/** An order of two tickets with its attendees, confirmed, and a payment started with `method`. */
async function startedOrder(method: 'card' | 'sandbox', locale = 'en') {
  const order = (
    await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 2 }], idempotencyKey: randomUUID() }, locale).expect(200)
  ).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(2) }, locale).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }, locale).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method }, locale).expect(200)).body.data as {
    redirectUrl: string
    attemptId: string
  }
  const key = method === 'sandbox' ? (new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string) : ''
  const session = stand.sessionOf(started.attemptId)
  return { number: order.number as string, ...started, key, session }
}

function webhook(event: Record<string, unknown>) {
  const { payload, signature } = stand.signed(event)
  return request(app).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload)
}

const completed = (session: FakeSession, id = `evt_${randomUUID().replace(/-/g, '')}`) => {
  session.status = 'complete'
  session.payment_status = 'paid'
  return {
    id,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  }
}

const sandboxPost = (attemptId: string, key: string, action: string) => request(app).post(`/pay/sandbox/${attemptId}`).type('form').send({ key, action })

const refundRows = async () =>
  (
    await db.query<{
      attempt_id: string
      status: string
      reason: string
      amount_minor: number
      currency: string
      tries: number
      idempotency_key: string
      failure_text: string | null
    }>('select attempt_id, status, reason, amount_minor, currency, tries, idempotency_key, failure_text from refunds order by requested_at')
  ).rows

const mailsTo = async (address: string) =>
  (await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1 order by id', [address])).rows
/** The payer's mails about money, without the notices that the order was cancelled or expired. */
const moneyMailsTo = async (address: string) => (await mailsTo(address)).filter((mail) => !/ cancelled$|已取消$/.test(mail.subject))

const paidAttempts = async () => (await db.query<{ n: number }>("select count(*)::int as n from payment_attempts where status = 'succeeded'")).rows[0]?.n

describe('the sandbox page on a dead attempt', () => {
  it('when the order was cancelled, then the page and its pay button answer an expired session in the payer language, and nothing is paid', async () => {
    const { number, redirectUrl, attemptId, key } = await startedOrder('sandbox', 'zh-cn')
    expect((await request(app).get(redirectUrl).expect(200)).text).toContain('name="action"')
    await fn('tickets$cancelOrder', { orderNumber: number }, 'zh-cn').expect(200)
    const page = await request(app).get(redirectUrl).expect(410)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.text).toContain('lang="zh-Hans"')
    expect(page.text).toContain('付款会话已过期')
    expect(page.text).toContain(`href="/zh-cn/apply/order?order=${number}"`)
    expect(page.text).not.toContain('name="action"')
    // The button of the page loaded before the cancellation.
    const posted = await sandboxPost(attemptId, key, 'pay').expect(410)
    expect(posted.text).toContain('付款会话已过期')
    await sandboxPost(attemptId, key, 'later').expect(410)
    expect(await paidAttempts()).toBe(0)
    expect(await refundRows()).toEqual([])
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({
      status: 'cancelled',
      refundDue: false,
      refundState: null,
    })
  })

  it('when the countdown ran out, then paying is refused before and after the sweeper came', async () => {
    const { number, redirectUrl, attemptId, key } = await startedOrder('sandbox')
    await ageOrder(db, number)
    // Past the deadline, not yet swept: the session has expired all the same.
    const page = await request(app).get(redirectUrl).expect(410)
    expect(page.text).toContain('Payment session expired')
    await sandboxPost(attemptId, key, 'pay').expect(410)
    expect(await platform.services.tickets.expireDue()).toBe(1)
    await sandboxPost(attemptId, key, 'pay').expect(410)
    expect(await paidAttempts()).toBe(0)
    expect(await refundRows()).toEqual([])
    expect((await db.query('select status, cancel_reason from ticket_orders where number = $1', [number])).rows[0]).toEqual({
      status: 'cancelled',
      cancel_reason: 'expired',
    })
  })

  it('when the attempt was superseded or the POST is replayed, then nothing more is paid and nothing is refunded', async () => {
    const first = await startedOrder('sandbox')
    // Another method closes the sandbox attempt.
    await fn('tickets$startPayment', { orderNumber: first.number, method: 'card' }).expect(200)
    await request(app).get(first.redirectUrl).expect(410)
    await sandboxPost(first.attemptId, first.key, 'pay').expect(410)
    const second = (await fn('tickets$startPayment', { orderNumber: first.number, method: 'sandbox' }).expect(200)).body.data
    const key = new URL(second.redirectUrl, 'http://x').searchParams.get('key') as string
    const paid = await sandboxPost(second.attemptId, key, 'pay').expect(303)
    const replayed = await sandboxPost(second.attemptId, key, 'pay').expect(303)
    expect(replayed.headers.location).toBe(paid.headers.location)
    expect(await paidAttempts()).toBe(1)
    expect(await refundRows()).toEqual([])
    expect(await mailsTo(buyer.email)).toHaveLength(1)
  })
})

describe('late and duplicate payments refunded automatically', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'when Stripe reports a payment for an expired order twice and two instances run the job at once, then it is refunded once with one key (PostgreSQL only: PGlite cannot race)',
    async () => {
      const { number, attemptId, session } = await startedOrder('card', 'zh-cn')
      await ageOrder(db, number)
      expect(await platform.services.tickets.expireDue()).toBe(1)
      const event = completed(session as FakeSession)
      // Stripe delivers the same event twice at once, and another event for the same payment.
      const outcomes = await Promise.all([webhook(event).expect(200), webhook(event).expect(200)])
      expect(outcomes.map((response) => response.body.outcome).sort()).toEqual(['duplicate', 'refund'])
      expect((await webhook(completed(session as FakeSession)).expect(200)).body.outcome).toBe('duplicate')
      expect(await refundRows()).toEqual([
        {
          attempt_id: attemptId,
          status: 'requested',
          reason: 'orderCancelled',
          amount_minor: 25800,
          currency: 'GBP',
          tries: 0,
          idempotency_key: `refund-${attemptId}-orderCancelled`,
          failure_text: null,
        },
      ])
      // The refund is made after commit, by the job: the buyer sees it pending meanwhile.
      expect(refundCalls).toHaveLength(0)
      expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({
        status: 'cancelled',
        refundDue: true,
        refundState: 'pending',
      })

      const settled = await Promise.all([
        platform.services.tickets.payments.executeDueRefunds(),
        second.services.tickets.payments.executeDueRefunds(),
        platform.services.tickets.payments.executeDueRefunds(),
        second.services.tickets.payments.executeDueRefunds(),
      ])
      expect(settled.reduce((sum, count) => sum + count, 0)).toBe(1)
      expect(refundCalls).toHaveLength(1)
      expect(refundCalls[0]?.idempotencyKey).toBe(`refund-${attemptId}-orderCancelled`)
      expect(refundCalls[0]?.body.get('payment_intent')).toBe(session?.payment_intent)
      expect(refundCalls[0]?.body.get('amount')).toBe('25800')
      expect(await second.services.tickets.payments.executeDueRefunds()).toBe(0)
      expect(refundCalls).toHaveLength(1)

      const [row] = (await db.query<{ status: string; provider_ref: string; settled_at: Date | null }>('select status, provider_ref, settled_at from refunds'))
        .rows
      expect(row?.status).toBe('succeeded')
      expect(row?.provider_ref).toMatch(/^re_test_/)
      expect(row?.settled_at).not.toBeNull()
      expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({
        status: 'cancelled',
        refundDue: false,
        refundState: 'refunded',
      })
      // The payer is told once, in the order's language.
      const mails = await moneyMailsTo(buyer.email)
      expect(mails).toHaveLength(1)
      expect(mails[0]?.subject).toBe(`Aurum Expo：您为订单 ${number} 支付的款项已退款`)
      expect(mails[0]?.text_body).toContain(`您为订单 ${number} 支付的 £258.00 在订单过期后才到账。`)
      expect(mails[0]?.text_body).toContain('款项已退回您的付款方式')
    },
  )

  it('when a second payment arrives for an order already paid, then it is refunded and the payer told it was paid twice', async () => {
    const first = await startedOrder('sandbox')
    await platform.services.tickets.payments.fail(first.attemptId, { provider: 'sandbox', reason: 'abandoned' })
    const second = (await fn('tickets$startPayment', { orderNumber: first.number, method: 'sandbox' }).expect(200)).body.data
    expect(await platform.services.tickets.payments.confirm(second.attemptId, { provider: 'sandbox' })).toBe('paid')
    // The sandbox's "bank" confirms the abandoned one as well.
    expect(await platform.services.tickets.payments.confirm(first.attemptId, { provider: 'sandbox' })).toBe('refund')
    expect(await platform.services.tickets.payments.confirm(first.attemptId, { provider: 'sandbox' })).toBe('duplicate')
    expect(await platform.services.tickets.payments.executeDueRefunds()).toBe(1)
    const [row] = (await db.query<{ status: string; reason: string; provider_ref: string }>('select status, reason, provider_ref from refunds')).rows
    expect(row).toMatchObject({ status: 'succeeded', reason: 'alreadyPaid' })
    expect(row?.provider_ref).toMatch(/^sandbox_re_/)
    expect((await fn('tickets$order', { orderNumber: first.number }).expect(200)).body.data).toMatchObject({
      status: 'paid',
      refundDue: false,
      refundState: 'refunded',
    })
    const mails = await moneyMailsTo(buyer.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Aurum Expo: your tickets for London Fintech Expo (order ${first.number})`,
      `Aurum Expo: your payment for order ${first.number} has been refunded`,
    ])
    expect(mails[1]?.text_body).toContain(
      `Your payment of £258.00 for order ${first.number} arrived after the order had already been paid, so it was paid twice.`,
    )
  })

  it('when the provider fails for a moment, then the job waits its back-off, tries again with the same key and the refund succeeds', async () => {
    const { number, attemptId, session } = await startedOrder('card')
    await fn('tickets$cancelOrder', { orderNumber: number }).expect(200)
    expect((await webhook(completed(session as FakeSession)).expect(200)).body.outcome).toBe('refund')
    refundFailures.push({ status: 500, error: { type: 'api_error', message: 'Something went wrong on our end' } })
    expect(await platform.services.tickets.payments.executeDueRefunds()).toBe(0)
    const waiting = (
      await db.query<{ status: string; tries: number; wait: number }>('select status, tries, extract(epoch from next_try_at - now())::int as wait from refunds')
    ).rows[0]
    expect(waiting).toMatchObject({ status: 'requested', tries: 1 })
    expect(waiting?.wait).toBeGreaterThan(20)
    // Not due yet: no call.
    expect(await platform.services.tickets.payments.executeDueRefunds()).toBe(0)
    expect(refundCalls).toHaveLength(1)
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({ refundDue: true, refundState: 'pending' })

    await db.query('update refunds set next_try_at = now()')
    expect(await platform.services.tickets.payments.executeDueRefunds()).toBe(1)
    expect(refundCalls.map((refund) => refund.idempotencyKey)).toEqual([`refund-${attemptId}-orderCancelled`, `refund-${attemptId}-orderCancelled`])
    expect((await db.query('select status, tries from refunds')).rows[0]).toEqual({ status: 'succeeded', tries: 2 })
    const mails = await moneyMailsTo(buyer.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text_body).toContain(`Your payment of £258.00 for order ${number} arrived after the order had been cancelled.`)
  })

  it('when the provider refuses the refund for good, then it is failed for staff, the buyer still sees it pending and is told', async () => {
    const { number, session } = await startedOrder('card')
    await fn('tickets$cancelOrder', { orderNumber: number }).expect(200)
    await webhook(completed(session as FakeSession)).expect(200)
    refundFailures.push({
      status: 400,
      error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' },
    })
    expect(await platform.services.tickets.payments.executeDueRefunds()).toBe(1)
    const [row] = await refundRows()
    expect(row?.status).toBe('failed')
    expect(row?.failure_text).toContain('charge_already_refunded')
    expect(await platform.services.tickets.payments.executeDueRefunds()).toBe(0)
    expect(refundCalls).toHaveLength(1)
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({ refundDue: true, refundState: 'pending' })
    const mails = await moneyMailsTo(buyer.email)
    expect(mails.map((mail) => mail.subject)).toEqual([`Aurum Expo: about your payment for order ${number}`])
    expect(mails[0]?.text_body).toContain('We could not refund it automatically.')
  })

  it('when the refunds of an attempt would give back more than it took, then none is made beyond it', async () => {
    const { number, attemptId, session } = await startedOrder('card')
    await fn('tickets$cancelOrder', { orderNumber: number }).expect(200)
    await webhook(completed(session as FakeSession)).expect(200)
    const ask = (idempotencyKey: string, amountMinor: number | null) =>
      db.transaction((tx) => requestRefund(tx, attemptId, { reason: 'staff', idempotencyKey, amountMinor }))
    // The automatic refund is on its way: nothing is left to give back.
    expect(await ask('staff-1', 1)).toBeNull()
    await db.query("update refunds set status = 'failed', failure_text = 'refused', settled_at = now()")
    // A failed refund gave nothing back: all of it may be refunded again, but not more.
    expect(await ask('staff-2', 25801)).toBeNull()
    const again = await ask('staff-3', null)
    expect(again?.amount_minor).toBe(25800)
    expect((await ask('staff-3', null))?.id).toBe(again?.id)
    expect(await ask('staff-4', 1)).toBeNull()
  })
})

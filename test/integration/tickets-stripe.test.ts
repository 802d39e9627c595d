import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createStripeProvider } from '../../server/platform/tickets/payments/providers.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { type FakeSession, type RecordedCall, startStripeStandIn } from './stripe-stand-in.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Stripe Checkout through the official SDK, against the local stand-in of the API calls we make
 * (stripe-stand-in.ts), and webhooks signed the way Stripe signs them.
 */
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef'

let stand: Awaited<ReturnType<typeof startStripeStandIn>>
let created: RecordedCall[]
let expired: string[]
let app: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let platform: Awaited<ReturnType<typeof createTestApp>>['platform']

beforeAll(async () => {
  stand = await startStripeStandIn(WEBHOOK_SECRET)
  ;({ created, expired } = stand)
  ;({ app, db, platform } = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } }))
  platform.services.tickets.payments.setCardProvider(createStripeProvider({ secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET, api: stand.api }))
})

afterAll(() => stand.close())

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

async function cardCheckout(locale = 'en') {
  const order = (
    await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 2 }], idempotencyKey: randomUUID() }, locale).expect(200)
  ).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(2) }, locale).expect(200)
  const confirmed = (await fn('tickets$confirmOrder', { orderNumber: order.number }, locale).expect(200)).body.data
  expect(confirmed.methods).toEqual(['card', 'sandbox'])
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'card' }, locale).expect(200)).body.data
  const session = stand.sessionOf(started.attemptId) as FakeSession
  return { number: order.number as string, started, session }
}

function webhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const { payload, signature } = stand.signed(event, secret)
  return request(app).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload)
}

const sessionEvent = (type: string, session: FakeSession, id = `evt_${randomUUID().replace(/-/g, '')}`) => ({
  id,
  object: 'event',
  type,
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  data: { object: session },
})

describe('Stripe Checkout', () => {
  it('when the buyer pays by card, then one Checkout Session is opened for the attempt, and starting again reuses it', async () => {
    const { number, started, session } = await cardCheckout('zh-cn')
    expect(started.redirectUrl).toBe(session.url)
    const sent = created[0]?.body as URLSearchParams
    expect(created[0]?.idempotencyKey).toBe(`checkout-${started.attemptId}`)
    expect(sent.get('mode')).toBe('payment')
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('25800')
    expect(sent.get('line_items[0][price_data][currency]')).toBe('gbp')
    expect(sent.get('locale')).toBe('zh')
    expect(sent.get('customer_email')).toBe(buyer.email)
    expect(sent.get('success_url')).toBe(`http://localhost:3000/zh-cn/apply/unpaid?order=${number}&session_id={CHECKOUT_SESSION_ID}`)
    expect(sent.get('cancel_url')).toBe(`http://localhost:3000/zh-cn/apply/payment?order=${number}&result=cancelled`)
    // Stripe keeps a session at least 30 minutes.
    expect(Number(sent.get('expires_at')) * 1000 - Date.now()).toBeGreaterThan(30 * 60_000)
    const again = (await fn('tickets$startPayment', { orderNumber: number, method: 'card' }).expect(200)).body.data
    expect(again).toEqual(started)
    expect(created).toHaveLength(1)
  })

  it('when Stripe reports the session completed, then the order is paid once, however often the event is delivered', async () => {
    const { number, session } = await cardCheckout()
    session.status = 'complete'
    session.payment_status = 'paid'
    const event = sessionEvent('checkout.session.completed', session)
    expect((await webhook(event).expect(200)).body).toEqual({ received: true, outcome: 'paid' })
    expect((await webhook(event).expect(200)).body.outcome).toBe('duplicate')
    expect((await webhook(sessionEvent('checkout.session.completed', session)).expect(200)).body.outcome).toBe('duplicate')
    const detail = (await fn('tickets$order', { orderNumber: number }).expect(200)).body.data
    expect(detail).toMatchObject({ status: 'paid', payment: { method: 'card', status: 'succeeded' } })
    // One confirmation to the buyer (each attendee also gets their own e-ticket).
    expect((await db.query('select count(*)::int as n from mail_outbox where to_address = $1', [buyer.email])).rows[0]).toEqual({ n: 1 })
    expect((await db.query('select count(*)::int as n from payment_events')).rows[0]).toEqual({ n: 2 })
  })

  it('when a webhook is not signed by our secret, then it is refused and changes nothing', async () => {
    const { number, session } = await cardCheckout()
    session.status = 'complete'
    session.payment_status = 'paid'
    const forged = await webhook(sessionEvent('checkout.session.completed', session), 'whsec_someone_else').expect(400)
    expect(forged.body.error).toBe('signature invalid')
    await request(app).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').send('{}').expect(400)
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data.status).toBe('pending')
  })

  it('when the payer comes back before the webhook, then the result page asks Stripe and the order is paid', async () => {
    const { number, session } = await cardCheckout()
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data.status).toBe('pending')
    session.status = 'complete'
    session.payment_status = 'unpaid'
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data.status).toBe('checking')
    session.payment_status = 'paid'
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data.status).toBe('paid')
    // The webhook that follows changes nothing.
    expect((await webhook(sessionEvent('checkout.session.completed', session)).expect(200)).body.outcome).toBe('duplicate')
  })

  it('when the amount Stripe took differs from the order, then the order is not paid and the payment is flagged for refund', async () => {
    const { number, session } = await cardCheckout()
    const tampered = { ...session, status: 'complete' as const, payment_status: 'paid' as const, amount_total: 100 }
    expect((await webhook(sessionEvent('checkout.session.completed', tampered)).expect(200)).body.outcome).toBe('refund')
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({ status: 'pending', refundDue: true })
    expect((await db.query('select refund_reason from payment_attempts')).rows[0]).toEqual({ refund_reason: 'amountMismatch' })
  })

  it('when the order is cancelled, then its Checkout Session is closed at Stripe; a later payment is flagged for refund', async () => {
    const { number, session } = await cardCheckout()
    await fn('tickets$cancelOrder', { orderNumber: number }).expect(200)
    await expect.poll(() => expired).toContain(session.id)
    const late = { ...session, status: 'complete' as const, payment_status: 'paid' as const }
    expect((await webhook(sessionEvent('checkout.session.completed', late)).expect(200)).body.outcome).toBe('refund')
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({ status: 'cancelled', refundDue: true })
  })

  it('when the session expires or an async payment fails at Stripe, then the attempt fails and the order can be paid again', async () => {
    const { number, session } = await cardCheckout()
    expect((await webhook(sessionEvent('checkout.session.expired', { ...session, status: 'expired' })).expect(200)).body.outcome).toBe('failed')
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({ status: 'pending', payment: { status: 'failed' } })
    const next = (await fn('tickets$startPayment', { orderNumber: number, method: 'card' }).expect(200)).body.data
    expect(next.redirectUrl).not.toBe(session.url)
    expect(
      (await webhook(sessionEvent('checkout.session.completed', { ...session, id: 'cs_test_unknown', client_reference_id: '' })).expect(200)).body.outcome,
    ).toBe('unknown')
  })

  it('when the word after "completed, unpaid" never arrives, then the settling job asks Stripe after PAYMENT_CHECK_SECONDS, and again later while it is still processing', async () => {
    const { number, session } = await cardCheckout()
    session.status = 'complete'
    session.payment_status = 'unpaid'
    expect((await webhook(sessionEvent('checkout.session.completed', session)).expect(200)).body.outcome).toBe('processing')
    const payments = platform.services.tickets.payments
    const limit = platform.config.PAYMENT_CHECK_SECONDS
    const pass = (seconds: number) =>
      db.query(`update payment_attempts set processing_at = processing_at - make_interval(secs => $1), check_after = check_after - make_interval(secs => $1)`, [
        seconds,
      ])
    const nextCheckIn = async () =>
      Number((await db.query<{ s: number }>('select extract(epoch from check_after - now())::float as s from payment_attempts')).rows[0]?.s)
    // Too early to ask.
    expect(await payments.settleDue()).toBe(0)
    expect(stand.retrieved).toEqual([])
    expect(await nextCheckIn()).toBeGreaterThan(limit - 5)
    await pass(limit + 1)
    // Stripe still says processing: asked again after as long as the payment has been processing.
    expect(await payments.settleDue()).toBe(0)
    expect(stand.retrieved).toEqual([session.id])
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data.status).toBe('checking')
    expect(await nextCheckIn()).toBeGreaterThan(limit - 5)
    await pass(limit + 2)
    expect(await payments.settleDue()).toBe(0)
    expect(stand.retrieved).toEqual([session.id, session.id])
    expect(await nextCheckIn()).toBeGreaterThan(2 * limit)
    await pass(2 * limit + 5)
    // The money has arrived; its webhook was lost.
    session.payment_status = 'paid'
    expect(await payments.settleDue()).toBe(1)
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({ status: 'paid', payment: { status: 'succeeded' } })
    expect(await payments.settleDue()).toBe(0)
  })

  it('when a delayed payment fails at the bank and its webhook is lost, then the job learns it from Stripe: the payment failed, and an order past its deadline expires with its seats', async () => {
    const { number, session } = await cardCheckout()
    session.status = 'complete'
    session.payment_status = 'unpaid'
    await webhook(sessionEvent('checkout.session.completed', session)).expect(200)
    stand.intentStatus.set(session.payment_intent, 'requires_payment_method')
    // The deadline passed while the bank worked (the grace holds the order), and the limit has passed.
    await db.query(`update payment_attempts set processing_at = now() - interval '31 minutes', check_after = now() - interval '1 second'`)
    await db.query("update ticket_orders set expires_at = now() - interval '1 minute', created_at = created_at - interval '31 minutes'")
    expect(await platform.services.tickets.expireDue()).toBe(0)
    expect(await platform.services.tickets.payments.settleDue()).toBe(1)
    expect((await db.query('select status, failure_code from payment_attempts')).rows[0]).toEqual({ status: 'failed', failure_code: 'declined' })
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect((await db.query('select reserved from ticket_types where id = $1', [standard])).rows[0]).toEqual({ reserved: 0 })
  })
})

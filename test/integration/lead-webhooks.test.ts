import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { verifySignature } from '../../server/platform/leads/webhook-signature.ts'
import { SEND_JOB } from '../../server/platform/leads/webhooks.service.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { toVenueTime } from '../../shared/venue-time.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, later, setMoment, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * An exhibitor's CRM webhook (docs/product.md#lead-webhooks): its admins point it at a receiver, which gets
 * each lead event signed with the secret shown once; failures are retried with back-off for a day on the
 * injected clock; the log shows each delivery and sends it again on demand; addresses inside our network
 * are refused. The receiver here is a real HTTP server on this machine (LEAD_WEBHOOK_LOOPBACK=on).
 */

let app: App
let db: Database
let platform: Platform

interface Received {
  headers: IncomingHttpHeaders
  body: string
}
/** What the receiver got, and how it answers the next requests (200 when nothing is queued). */
const received: Received[] = []
const answers: Array<{ status: number; headers?: Record<string, string>; body?: string }> = []
let receiver: Server
let receiverUrl: string

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp({ env: { LEAD_WEBHOOK_LOOPBACK: 'on' } }))
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const answer = answers.shift() ?? { status: 200, body: 'ok' }
      res.writeHead(answer.status, answer.headers ?? { 'Content-Type': 'text/plain' })
      res.end(answer.body ?? '')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/expo`
})

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve))
})

/**
 * The tests' moment: this minute of the real clock, so that PostgreSQL's own now() (sessions) agrees with it;
 * the venue's clock of the demo exhibition (Bangkok) shows it seven hours on.
 */
const START = new Date(Math.floor(Date.now() / 60_000) * 60_000)
const venue = (instant: Date) => toVenueTime(instant, 'Asia/Bangkok').replace('T', ' ')

let exhibitionId: number
let exhibitorId: number
let rivalId: number
let buyer: TestUser
let admin: TestUser
let staffMember: TestUser
let outsider: TestUser

const as = (user: TestUser | null, route: string, payload: unknown) => call(app, route, user?.token ?? null, payload)

async function makeExhibitor(exhibition: number, name: string): Promise<number> {
  const company = await db.query<{ id: number }>('insert into exhibitor_companies (slug, kind) values ($1, $2) returning id::int as id', [
    `${name.toLowerCase()}-${randomUUID().slice(0, 6)}`,
    'broker',
  ])
  const companyId = company.rows[0]?.id as number
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', $2)", [companyId, name])
  const row = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    companyId,
    exhibition,
  ])
  return row.rows[0]?.id as number
}

async function paidOrder(forms: Array<Record<string, unknown>>) {
  const type = await makeTicketType(db, exhibitionId, {
    name: 'Standard pass',
    priceMinor: 12900,
    currency: 'GBP',
    key: `standard-${randomUUID().slice(0, 6)}`,
  })
  const fn = (route: string, payload: unknown) => as(buyer, route, payload)
  const order = (
    await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: type, quantity: forms.length }], idempotencyKey: randomUUID() }).expect(200)
  ).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: forms }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  return order.number as string
}

const grace = (shares: string[]) => ({ ...attendees(1)[0], firstName: 'Grace', lastName: 'Hopper', shares })
const setWebhook = (user: TestUser | null, payload: Record<string, unknown>) => as(user, 'lead$setWebhook', { exhibitorId, enabled: true, ...payload })
const view = async () => (await as(admin, 'lead$webhook', { exhibitorId }).expect(200)).body.data
const send = () => platform.jobs.runNow(SEND_JOB)
const scanned = async (orderNumber: string) => (await as(staffMember, 'lead$scan', { exhibitorId, orderCode: orderNumber }).expect(200)).body.data.lead
/** Sets the webhook to the receiver and answers the secret the admin copies. */
const connect = async () => (await setWebhook(admin, { url: receiverUrl }).expect(200)).body.data.secret as string

/** Checks a request as a receiver would and answers its body. */
function verified(secret: string, request: Received | undefined) {
  expect(request).toBeDefined()
  const { headers, body } = request as Received
  expect(verifySignature(secret, body, String(headers['x-expo-signature']), new Date(Date.now()))).toBe(true)
  const parsed = JSON.parse(body)
  expect(headers['x-expo-event']).toBe(parsed.type)
  expect(headers['x-expo-event-id']).toBe(parsed.id)
  expect(headers['content-type']).toBe('application/json; charset=utf-8')
  return parsed
}

beforeEach(async () => {
  await resetDatabase(db)
  received.length = 0
  answers.length = 0
  setMoment(START)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  exhibitorId = await makeExhibitor(exhibitionId, 'Acme')
  rivalId = await makeExhibitor(exhibitionId, 'Rival')
  buyer = await createUser(platform, db)
  admin = await createUser(platform, db, { nick: 'Ada Admin' })
  staffMember = await createUser(platform, db, { nick: 'Sam Staff' })
  outsider = await createUser(platform, db)
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin'), ($1, $3, 'staff'), ($4, $5, 'admin')", [
    exhibitorId,
    admin.userId,
    staffMember.userId,
    rivalId,
    outsider.userId,
  ])
  const manager = await setUpMember(app, db, ['manager'])
  await consoleCall(app, 'setLeadCapture', { exhibitionId, enabled: true }, { cookie: manager.cookie }).expect(200)
})

describe('setting it up', () => {
  it('when an admin sets the webhook, then the secret is in that answer only and is kept sealed', async () => {
    expect((await view()).webhook).toBeNull()
    const first = (await setWebhook(admin, { url: receiverUrl }).expect(200)).body.data
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/)
    expect(first.view.webhook).toMatchObject({ url: receiverUrl, enabled: true, secretSetAtVenue: venue(START) })
    const again = (await setWebhook(admin, { url: receiverUrl, enabled: false }).expect(200)).body.data
    expect(again.secret).toBeNull()
    expect(again.view.webhook.enabled).toBe(false)
    const read = await as(admin, 'lead$webhook', { exhibitorId }).expect(200)
    expect(JSON.stringify(read.body)).not.toContain(first.secret)
    const kept = await db.query<{ secret_box: string }>('select secret_box from lead_webhooks')
    expect(kept.rows[0]?.secret_box).not.toContain(first.secret.slice(6))
  })

  it('when the secret is rotated, then the new one is shown once and only it signs from then on', async () => {
    const old = await connect()
    const rotated = (await as(admin, 'lead$rotateWebhookSecret', { exhibitorId }).expect(200)).body.data
    expect(rotated.secret).not.toBe(old)
    await scanned(await paidOrder([grace(['name'])]))
    await send()
    const [delivery] = received
    expect(verifySignature(old, delivery?.body ?? '', String(delivery?.headers['x-expo-signature']), new Date(Date.now()))).toBe(false)
    verified(rotated.secret, delivery)
    await as(admin, 'lead$rotateWebhookSecret', { exhibitorId: 999_999 }).expect(404)
  })

  it.each([
    ['https://10.0.0.8/hook', 'crm:errors.privateAddress'],
    ['https://169.254.169.254/latest/meta-data', 'crm:errors.privateAddress'],
    ['https://192.168.0.1/', 'crm:errors.privateAddress'],
    ['https://[fd12::1]/', 'crm:errors.privateAddress'],
    ['https://[::ffff:10.0.0.1]/', 'crm:errors.privateAddress'],
    ['http://crm.example.com/hook', 'crm:errors.https'],
    ['ftp://crm.example.com/hook', 'crm:errors.url'],
    ['https://user:pass@crm.example.com/hook', 'crm:errors.url'],
    [`https://crm.example.com/${'a'.repeat(500)}`.slice(0, 501), 'crm:errors.url'],
  ])('when the URL is %s, then 400 names the field and nothing is kept', async (url, message) => {
    const refused = await setWebhook(admin, { url }).expect(400)
    expect(refused.body.data.fields).toEqual({ url: message })
    expect((await db.query('select count(*)::int as n from lead_webhooks')).rows[0]).toEqual({ n: 0 })
  })

  it('when a staff member, an outsider or nobody asks, then staff hear it is for admins, the others the exhibitor’s 404 or 401', async () => {
    await connect()
    for (const [route, payload] of [
      ['lead$webhook', { exhibitorId }],
      ['lead$setWebhook', { exhibitorId, url: receiverUrl, enabled: true }],
      ['lead$rotateWebhookSecret', { exhibitorId }],
      ['lead$replayDelivery', { exhibitorId, deliveryId: 1 }],
    ] as const) {
      expect((await as(staffMember, route, payload).expect(403)).body.message).toBe('exhibitor:errors.adminsOnly')
      await as(outsider, route, payload).expect(404)
      await as(buyer, route, payload).expect(404)
      await as(null, route, payload).expect(401)
    }
    expect((await db.query('select count(*)::int as n from lead_webhooks')).rows[0]).toEqual({ n: 1 })
  })

  it('when an admin changes it again and again, then the limit answers 429', async () => {
    for (let i = 0; i < 30; i++) await setWebhook(admin, { url: receiverUrl })
    expect((await setWebhook(admin, { url: receiverUrl }).expect(429)).body.message).toBe('errors.rateLimited')
  })
})

describe('delivering', () => {
  it('when a lead is scanned, qualified and its consent withdrawn, then the receiver gets three signed events with exactly what is shared', async () => {
    const secret = await connect()
    const order = await paidOrder([grace(['name', 'email'])])
    const lead = await scanned(order)
    await send()
    const created = verified(secret, received[0])
    expect(created).toMatchObject({
      type: 'lead.created',
      createdAt: START.toISOString(),
      exhibitorId,
      exhibitionId,
      lead: { id: lead.id, shares: ['name', 'email'], firstName: 'Grace', lastName: 'Hopper', phone: null, rating: null, tags: [], notes: '', scans: 1 },
    })
    expect(created.lead.email).toMatch(/@example\.com$/)
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/)

    later(60)
    await as(admin, 'lead$qualify', { exhibitorId, leadId: lead.id, rating: 'hot', tags: ['api'], notes: 'Wants the FIX API' }).expect(200)
    await send()
    expect(verified(secret, received[1])).toMatchObject({
      type: 'lead.updated',
      lead: { rating: 'hot', tags: ['api'], notes: 'Wants the FIX API', firstName: 'Grace' },
    })

    await as(buyer, 'tickets$setShares', { orderNumber: order, position: 1, shares: [] }).expect(200)
    await send()
    const anonymised = verified(secret, received[2])
    expect(anonymised).toMatchObject({ type: 'lead.anonymised', lead: { id: lead.id, shares: [], firstName: null, lastName: null, email: null, phone: null } })
    expect(anonymised.lead).not.toHaveProperty('notes')
    expect(anonymised.lead).not.toHaveProperty('tags')
    expect(received[2]?.body).not.toContain('Grace')

    const log = (await view()).deliveries
    expect(
      log.map((delivery: { event: string; status: string; attempts: number; lastStatus: number }) => [
        delivery.event,
        delivery.status,
        delivery.attempts,
        delivery.lastStatus,
      ]),
    ).toEqual([
      ['lead.anonymised', 'delivered', 1, 200],
      ['lead.updated', 'delivered', 1, 200],
      ['lead.created', 'delivered', 1, 200],
    ])
  })

  it('when the receiver answers 500 and then 200, then it is tried again after the back-off and delivered', async () => {
    const secret = await connect()
    answers.push({ status: 500, body: 'database down' })
    await scanned(await paidOrder([grace(['name'])]))
    await send()
    const [failed] = (await view()).deliveries
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatus: 500,
      lastError: null,
      answer: 'database down',
      nextAttemptAtVenue: venue(new Date(START.getTime() + 60_000)),
    })
    await send()
    expect(received).toHaveLength(1)
    later(60)
    await send()
    expect(received).toHaveLength(2)
    const first = verified(secret, received[0])
    expect(verified(secret, received[1]).id).toBe(first.id)
    expect((await view()).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200, nextAttemptAtVenue: null })
  })

  it('when the receiver fails for a whole day, then it is tried 13 times and marked failed; a replay sends it again', async () => {
    const secret = await connect()
    await scanned(await paidOrder([grace(['name'])]))
    for (let i = 0; i < 20; i++) answers.push({ status: 503 })
    // The clock moves to each next attempt as it is due: 1, 2, 4 … minutes, then every 6 hours, to the day's end.
    for (;;) {
      await send()
      const next = (await db.query<{ next_attempt_at: Date | null }>('select next_attempt_at from lead_webhook_deliveries')).rows[0]?.next_attempt_at
      if (!next) break
      setMoment(next)
    }
    expect(Date.now() - START.getTime()).toBe(24 * 60 * 60 * 1000)
    // A day later the admin signs in again (their token of the morning has expired).
    admin = await createUser(platform, db)
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, admin.userId])
    const [gaveUp] = (await view()).deliveries
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 13, lastStatus: 503, nextAttemptAtVenue: null })
    expect(received).toHaveLength(13)

    answers.length = 0
    const replayed = (await as(admin, 'lead$replayDelivery', { exhibitorId, deliveryId: gaveUp.id }).expect(200)).body.data
    expect(replayed.deliveries[0]).toMatchObject({ status: 'pending' })
    await send()
    expect(received).toHaveLength(14)
    expect(verified(secret, received[13]).id).toBe(gaveUp.eventId)
    expect((await view()).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 14 })
    await as(admin, 'lead$replayDelivery', { exhibitorId, deliveryId: gaveUp.id + 1000 }).expect(404)
  })

  it('when the receiver redirects, then the redirect is not followed and the attempt failed', async () => {
    await connect()
    answers.push({ status: 302, headers: { Location: `${receiverUrl}/elsewhere` } })
    await scanned(await paidOrder([grace(['name'])]))
    await send()
    expect(received).toHaveLength(1)
    expect((await view()).deliveries[0]).toMatchObject({ status: 'pending', lastStatus: 302 })
  })

  it('when the receiver answers at length, then only an excerpt of 300 characters is kept', async () => {
    await connect()
    answers.push({ status: 400, body: `${'x'.repeat(5000)}` })
    await scanned(await paidOrder([grace(['name'])]))
    await send()
    const kept = await db.query<{ response_excerpt: string }>('select response_excerpt from lead_webhook_deliveries')
    expect(kept.rows[0]?.response_excerpt).toHaveLength(300)
  })

  it('when the webhook is off, then nothing is recorded; switched off with deliveries pending, they fail as off', async () => {
    await setWebhook(admin, { url: receiverUrl, enabled: false }).expect(200)
    await scanned(await paidOrder([grace(['name'])]))
    expect((await view()).deliveries).toEqual([])

    await setWebhook(admin, { url: receiverUrl, enabled: true }).expect(200)
    const second = await paidOrder([grace(['name'])])
    await scanned(second)
    await setWebhook(admin, { url: receiverUrl, enabled: false }).expect(200)
    await send()
    expect(received).toHaveLength(0)
    expect((await view()).deliveries[0]).toMatchObject({ status: 'failed', lastError: 'off', attempts: 1 })
  })

  it('when the address is changed behind the form to a private one, then the send refuses it', async () => {
    await connect()
    await db.query(`update lead_webhooks set url = 'https://10.0.0.9/hook'`)
    await scanned(await paidOrder([grace(['name'])]))
    await send()
    expect(received).toHaveLength(0)
    expect((await view()).deliveries[0]).toMatchObject({ status: 'pending', lastError: 'privateAddress', lastStatus: null })
  })

  it('when one exhibitor has many deliveries due, then a round sends three of them and another exhibitor’s too', async () => {
    await connect()
    await as(outsider, 'lead$setWebhook', { exhibitorId: rivalId, url: `${receiverUrl}?rival`, enabled: true }).expect(200)
    for (let i = 0; i < 5; i++) await scanned(await paidOrder([grace(['name'])]))
    const rivalOrder = await paidOrder([grace(['name'])])
    await as(outsider, 'lead$scan', { exhibitorId: rivalId, orderCode: rivalOrder }).expect(200)
    await send()
    const byExhibitor = received.map((request) => JSON.parse(request.body).exhibitorId)
    expect(byExhibitor.filter((id) => id === exhibitorId)).toHaveLength(3)
    expect(byExhibitor.filter((id) => id === rivalId)).toHaveLength(1)
    await send()
    expect(received).toHaveLength(6)
  })

  it('when one delivery cannot be tried (its secret does not open), then the others of the round are sent and it waits', async () => {
    await connect()
    await as(outsider, 'lead$setWebhook', { exhibitorId: rivalId, url: `${receiverUrl}?rival`, enabled: true }).expect(200)
    await db.query(`update lead_webhooks set secret_box = 'v1.AAAA.AAAA.AAAA' where exhibitor_id = $1`, [exhibitorId])
    await scanned(await paidOrder([grace(['name'])]))
    await as(outsider, 'lead$scan', { exhibitorId: rivalId, orderCode: await paidOrder([grace(['name'])]) }).expect(200)
    await send()
    expect(received.map((request) => JSON.parse(request.body).exhibitorId)).toEqual([rivalId])
    expect((await view()).deliveries[0]).toMatchObject({ status: 'pending', attempts: 0 })
  })

  it('when a finished delivery is a month old, then the log lets it go', async () => {
    await connect()
    await scanned(await paidOrder([grace(['name'])]))
    await send()
    later(31 * 24 * 60 * 60)
    await send()
    expect((await db.query('select count(*)::int as n from lead_webhook_deliveries')).rows[0]).toEqual({ n: 0 })
  })

  it('when a lead is scanned twice, then one created event', async () => {
    await connect()
    const order = await paidOrder([grace(['name'])])
    await scanned(order)
    await scanned(order)
    await send()
    expect(received.map((request) => JSON.parse(request.body).type)).toEqual(['lead.created'])
  })

  it('when the attendee is erased, then an anonymised event follows and the receiver’s answers about them go', async () => {
    const secret = await connect()
    const form = grace(['name', 'email', 'phone'])
    await scanned(await paidOrder([form]))
    answers.push({ status: 200, body: `stored ${form.email}` })
    await send()
    const holder = await createUser(platform, db, { email: form.email })
    const owner = await setUpMember(app, db, ['owner'])
    await consoleCall(app, 'deleteVisitor', { id: holder.userId, confirmEmail: form.email }, { cookie: owner.cookie }).expect(200)
    const excerpts = await db.query('select response_excerpt from lead_webhook_deliveries where response_excerpt is not null')
    expect(excerpts.rows).toEqual([])
    await send()
    const anonymised = verified(secret, received[1])
    expect(anonymised).toMatchObject({ type: 'lead.anonymised', lead: { shares: [], email: null } })
    expect(received[1]?.body).not.toContain('Grace')
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('two senders at once (PostgreSQL only: PGlite cannot race)', () => {
  it('when two rounds run side by side, then each delivery is sent once', async () => {
    await connect()
    for (let i = 0; i < 4; i++) await scanned(await paidOrder([grace(['name'])]))
    await Promise.all([send(), send(), send()])
    // Three a round per exhibitor: what the racing rounds left is sent by the next ones.
    await send()
    await send()
    expect(received).toHaveLength(4)
    expect(new Set(received.map((request) => JSON.parse(request.body).id)).size).toBe(4)
  })
})

import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, counters, makeCoupon, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * A buyer cancels a ticket under the exhibition's refund policy (docs/product.md#refund-policy): the amount
 * shown is the amount refunded (through the refunds job), the code stops working, the seat goes back,
 * the last ticket takes the order with it, a double submit refunds once, and the organiser's takings
 * stay right.
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
let manager: SignedInMember

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo', startsInDays: 60 })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP' })
  buyer = await createUser(platform, db)
  manager = await setUpMember(app, db, ['manager'])
  await setPolicy({ fullInDays: 10, partialInDays: 30, percent: 50 })
})

/** The policy's periods end this many days from now (the database's clock, as the exhibition's dates). */
async function setPolicy(policy: {
  selfCancel?: boolean
  fullInDays: number | null
  partialInDays: number | null
  percent: number | null
  cutOffInDays?: number
}) {
  await db.query(
    `update exhibitions set self_cancel = $2,
       refund_full_until = case when $3::int is null then null else now() + make_interval(days => $3::int) end,
       refund_partial_until = case when $4::int is null then null else now() + make_interval(days => $4::int) end,
       refund_partial_percent = $5,
       attendee_changes_until = case when $6::int is null then null else now() + make_interval(days => $6::int) end
     where id = $1`,
    [exhibitionId, policy.selfCancel ?? true, policy.fullInDays, policy.partialInDays, policy.percent, policy.cutOffInDays ?? null],
  )
  platform.contentChanged({ scope: 'exhibitions' })
}

const as = (user: TestUser, route: string, payload: unknown) => call(app, route, user.token, payload)

async function paidOrder(count: number, couponCode = ''): Promise<string> {
  const order = await as(buyer, 'tickets$createOrder', {
    exhibitionId,
    lines: [{ ticketTypeId: standard, quantity: count }],
    couponCode,
    idempotencyKey: randomUUID(),
  }).expect(200)
  const number = order.body.data.number as string
  await as(buyer, 'tickets$saveAttendees', { orderNumber: number, attendees: attendees(count) }).expect(200)
  await as(buyer, 'tickets$confirmOrder', { orderNumber: number }).expect(200)
  const started = (await as(buyer, 'tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  return number
}

type Offer = { ticketId: string; refundMinor: number }
const offersOf = async (number: string) => (await as(buyer, 'tickets$order', { orderNumber: number }).expect(200)).body.data.selfCancel as Offer[]
const cancel = (number: string, offer: Offer, user = buyer) =>
  as(user, 'tickets$cancelTicket', { orderNumber: number, ticketId: offer.ticketId, expectedRefundMinor: offer.refundMinor })
const refundsOf = async (number: string) =>
  (
    await db.query<{ amount_minor: number; reason: string; status: string; ticket_ids: string[] }>(
      'select r.amount_minor, r.reason, r.status, r.ticket_ids::text[] as ticket_ids from refunds r join ticket_orders o on o.id = r.order_id where o.number = $1',
      [number],
    )
  ).rows
const orderRow = async (number: string) =>
  (await db.query<{ status: string; cancel_reason: string | null }>('select status, cancel_reason from ticket_orders where number = $1', [number])).rows[0]
const takings = async () => (await consoleCall(app, 'dashboard', { exhibitionId }, { cookie: manager.cookie }).expect(200)).body.data.revenue

describe('a buyer cancels a ticket under the refund policy', () => {
  it('when in the full period, then all that was paid comes back for that ticket, its code is void, its seat free, buyer and holder are mailed, and a double submit refunds once', async () => {
    const number = await paidOrder(2)
    const offers = await offersOf(number)
    expect(offers).toHaveLength(2)
    expect(offers[0]?.refundMinor).toBe(12900)
    const first = offers[0] as Offer
    expect((await counters(db, standard))?.reserved).toBe(2)

    const [once, twice] = [await cancel(number, first).expect(200), await cancel(number, first).expect(200)]
    expect(once.body.data.tickets.map((ticket: { id: string }) => ticket.id)).not.toContain(first.ticketId)
    expect(twice.body.data.selfCancel.map((offer: Offer) => offer.ticketId)).toEqual([offers[1]?.ticketId])
    expect(await refundsOf(number)).toEqual([{ amount_minor: 12900, reason: 'selfCancel', status: 'requested', ticket_ids: [first.ticketId] }])
    expect((await db.query('select voided_at is not null as void from e_tickets where id = $1', [first.ticketId])).rows).toEqual([{ void: true }])
    expect((await counters(db, standard))?.reserved).toBe(1)
    expect(await orderRow(number)).toEqual({ status: 'paid', cancel_reason: null })
    const events = await db.query<{ kind: string; data: Record<string, unknown> }>(
      "select e.kind, e.data from ticket_order_events e join ticket_orders o on o.id = e.order_id where o.number = $1 and e.kind in ('ticketCancelled', 'cancelled')",
      [number],
    )
    expect(events.rows).toEqual([{ kind: 'ticketCancelled', data: { by: 'buyer', userId: buyer.userId, ticketId: first.ticketId, refundMinor: 12900 } }])
    const mails = await db.query<{ subject: string; text_body: string }>(
      "select subject, text_body from mail_outbox where subject like '%was cancelled' order by id",
    )
    expect(mails.rows).toHaveLength(2)
    expect(mails.rows[0]?.text_body).toContain('£129.00')

    await platform.services.tickets.payments.executeDueRefunds()
    expect((await refundsOf(number))[0]?.status).toBe('succeeded')
    expect(await takings()).toEqual([
      { currency: 'GBP', paidOrders: 1, refundedOrders: 1, receivedMinor: 25800, refundedMinor: 12900, refundingMinor: 0, netMinor: 12900 },
    ])
  })

  it('when in the partial period, then the share of what was paid after the coupon comes back, and the only ticket cancels the order as a whole; takings stay right beside a full refund', async () => {
    const full = await paidOrder(1)
    await cancel(full, (await offersOf(full))[0] as Offer).expect(200)
    await setPolicy({ fullInDays: -1, partialInDays: 30, percent: 50 })
    const coupon = await makeCoupon(db, { percentOff: 20, exhibitionId })
    const partial = await paidOrder(1, coupon)
    const [offer] = await offersOf(partial)
    // 129.00 less 20 % is 103.20; half of it is 51.60.
    expect(offer?.refundMinor).toBe(5160)
    const answer = await cancel(partial, offer as Offer).expect(200)
    expect(answer.body.data).toMatchObject({ status: 'cancelled', cancelReason: 'buyer', tickets: [], selfCancel: [] })
    expect(await refundsOf(partial)).toMatchObject([{ amount_minor: 5160, reason: 'selfCancel' }])
    expect(await orderRow(full)).toEqual({ status: 'cancelled', cancel_reason: 'buyer' })
    expect((await counters(db, standard))?.reserved).toBe(0)
    await platform.services.tickets.payments.executeDueRefunds()
    expect(await takings()).toEqual([
      { currency: 'GBP', paidOrders: 0, refundedOrders: 2, receivedMinor: 12900 + 10320, refundedMinor: 12900 + 5160, refundingMinor: 0, netMinor: 5160 },
    ])
    const mail = await db.query<{ text_body: string }>("select text_body from mail_outbox where subject like '%has been refunded' order by id desc limit 1")
    expect(mail.rows[0]?.text_body).toContain('£51.60')
  })

  it('when the periods are over, then the ticket is cancelled without a refund; without self-cancellation or after the cut-off it is refused with a translated 409', async () => {
    await setPolicy({ fullInDays: -10, partialInDays: -1, percent: 50 })
    const late = await paidOrder(2)
    const [offer] = await offersOf(late)
    expect(offer?.refundMinor).toBe(0)
    await cancel(late, offer as Offer).expect(200)
    expect(await refundsOf(late)).toEqual([])
    expect((await counters(db, standard))?.reserved).toBe(1)

    await setPolicy({ selfCancel: false, fullInDays: null, partialInDays: null, percent: null })
    const [left] = await db
      .query<{ id: string }>('select e.id from e_tickets e join ticket_orders o on o.id = e.order_id where o.number = $1 and e.voided_at is null', [late])
      .then((result) => result.rows)
    expect(await offersOf(late)).toEqual([])
    expect((await cancel(late, { ticketId: left?.id as string, refundMinor: 0 }).expect(409)).body.message).toBe('tickets:cancelTicket.notAllowed')
    await setPolicy({ fullInDays: null, partialInDays: null, percent: null, cutOffInDays: -1 })
    expect((await cancel(late, { ticketId: left?.id as string, refundMinor: 0 }).expect(409)).body.message).toBe('tickets:cancelTicket.tooLate')
    expect((await counters(db, standard))?.reserved).toBe(1)
  })

  it('when the amount shown is no longer due, a ticket was used at the door, or the order is someone else’s, then nothing changes', async () => {
    const number = await paidOrder(2)
    const [first, second] = (await offersOf(number)) as [Offer, Offer]
    const changed = await cancel(number, { ...first, refundMinor: 6450 }).expect(409)
    expect(changed.body).toMatchObject({ message: 'tickets:cancelTicket.amountChanged' })
    await db.query(
      `insert into checkin_scans (id, exhibition_id, ticket_id, outcome, gate, device_id, method, staff_id, scanned_at)
       values (gen_random_uuid(), $1, $2, 'checkedIn', 'Hall A', 'door-1', 'scan', $3, now())`,
      [exhibitionId, second.ticketId, manager.id],
    )
    expect((await cancel(number, second).expect(409)).body.message).toBe('tickets:cancelTicket.checkedIn')
    const stranger = await createUser(platform, db)
    await cancel(number, first, stranger).expect(404)
    expect(await refundsOf(number)).toEqual([])
    expect((await counters(db, standard))?.reserved).toBe(2)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when one ticket is cancelled twice at once, then it is refunded once and its seat freed once (PostgreSQL only: PGlite cannot race)',
    async () => {
      const number = await paidOrder(2)
      const [offer] = (await offersOf(number)) as [Offer]
      const answers = await Promise.all([cancel(number, offer), cancel(number, offer), cancel(number, offer)])
      expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409)).toEqual([])
      expect(await refundsOf(number)).toHaveLength(1)
      expect((await counters(db, standard))?.reserved).toBe(1)
    },
  )
})

import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, ageOrder, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The exhibition dashboard (docs/product.md#console-dashboard) over a seeded sale:
 * tickets per day in the venue's time zone, capacity left, takings per currency, pending orders about
 * to expire by order-rules.ts, refunds waiting.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let vip: number
let buyer: TestUser
let manager: SignedInMember

const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)

/** A confirmed order, paid through the sandbox unless `pay` is false; each order by a new buyer, so none replaces another. */
async function orderOf(ticketTypeId: number, quantity: number, pay: boolean): Promise<string> {
  buyer = await createUser(platform, db)
  const order = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity }], idempotencyKey: randomUUID() }).expect(200)).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(quantity) }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  if (pay) {
    const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  }
  return order.number as string
}

const setDeadline = (number: string, minutesFromNow: number) =>
  db.query('update ticket_orders set expires_at = now() + make_interval(mins => $2) where number = $1', [number, minutesFromNow])

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  await db.query(`update exhibitions set time_zone = 'Asia/Bangkok' where id = $1`, [exhibitionId])
  standard = await makeTicketType(db, exhibitionId, { key: 'standard', name: 'Standard pass', priceMinor: 12900, currency: 'GBP', capacity: 50 })
  vip = await makeTicketType(db, exhibitionId, { key: 'vip', name: 'VIP pass', priceMinor: 50000, currency: 'EUR', capacity: 10 })
  manager = await setUpMember(app, db, ['manager'])
})

const dashboardOf = async (member: SignedInMember) => (await consoleCall(app, 'dashboard', { exhibitionId }, { cookie: member.cookie }).expect(200)).body.data

describe('the dashboard', () => {
  it('when tickets were sold, held and refunded, then it shows each per day, type and currency', async () => {
    const first = await orderOf(standard, 2, true)
    const second = await orderOf(vip, 1, true)
    const soon = await orderOf(standard, 1, false)
    const later = await orderOf(standard, 1, false)
    const due = await orderOf(standard, 1, false)
    await db.query(`update ticket_orders set paid_at = '2031-03-01T10:00:00Z' where number = $1`, [first])
    // 23:30 UTC is the next morning in Bangkok.
    await db.query(`update ticket_orders set paid_at = '2031-03-02T23:30:00Z' where number = $1`, [second])
    await setDeadline(soon, 5)
    await setDeadline(later, 120)
    await ageOrder(db, due)
    // An automatic refund the provider refused (a payment that came twice): it waits for staff.
    await db.query(
      `insert into refunds (attempt_id, order_id, provider, amount_minor, currency, reason, status, failure_text, settled_at, idempotency_key)
       select p.id, p.order_id, 'sandbox', 12900, 'GBP', 'alreadyPaid', 'failed', 'card closed', now(), 'test-refund'
       from payment_attempts p join ticket_orders o on o.id = p.order_id where o.number = $1`,
      [first],
    )

    const board = await dashboardOf(manager)
    expect(board.title).toBe('London Fintech Expo')
    expect(board.soldPerDay).toEqual([
      { day: '2031-03-01', tickets: 2 },
      { day: '2031-03-03', tickets: 1 },
    ])
    expect(board.ticketTypes).toEqual([
      { id: standard, name: 'Standard pass', capacity: 50, sold: 2, held: 3, left: 45 },
      { id: vip, name: 'VIP pass', capacity: 10, sold: 1, held: 0, left: 9 },
    ])
    expect(board.revenue).toEqual([
      { currency: 'EUR', paidOrders: 1, refundedOrders: 0, receivedMinor: 50000, refundedMinor: 0, refundingMinor: 0, netMinor: 50000 },
      { currency: 'GBP', paidOrders: 1, refundedOrders: 0, receivedMinor: 25800, refundedMinor: 0, refundingMinor: 0, netMinor: 25800 },
    ])
    expect(board.expiring.map((order: { number: string; inGrace: boolean }) => [order.number, order.inGrace])).toEqual([[soon, false]])
    expect(board.refundsWaiting).toMatchObject([{ number: first, currency: 'GBP', status: 'failed', failureText: 'card closed' }])

    await consoleCall(app, 'setLanguage', { language: 'zh-cn' }, { cookie: manager.cookie }).expect(200)
    expect((await dashboardOf(manager)).ticketTypes.map((type: { name: string }) => type.name)).toEqual(['Standard pass（中文）', 'VIP pass（中文）'])
  })

  it('when takings pass what a 32-bit integer holds (rupiah, dong), then they add up rather than fail, refunds included', async () => {
    const first = await orderOf(standard, 1, true)
    const second = await orderOf(standard, 1, true)
    // Two payments of 2,000,000,000 minor units each, and a partial refund of 1,500,000,000 of one.
    await db.query(
      `update payment_attempts set received_minor = 2000000000 where status = 'succeeded' and order_id in (select id from ticket_orders where number = any($1))`,
      [[first, second]],
    )
    await db.query(
      `insert into refunds (attempt_id, order_id, provider, amount_minor, currency, reason, status, settled_at, idempotency_key)
       select p.id, p.order_id, 'sandbox', 1500000000, 'GBP', 'staff', 'succeeded', now(), 'test-big-refund'
       from payment_attempts p join ticket_orders o on o.id = p.order_id where o.number = $1 and p.status = 'succeeded'`,
      [first],
    )
    expect((await dashboardOf(manager)).revenue).toEqual([
      {
        currency: 'GBP',
        paidOrders: 2,
        refundedOrders: 1,
        receivedMinor: 4_000_000_000,
        refundedMinor: 1_500_000_000,
        refundingMinor: 0,
        netMinor: 2_500_000_000,
      },
    ])
  })

  it('when orders are refunded in whole, in part and not yet, then takings show money in, out and kept, never below zero', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const refund = async (number: string, ticketIds: string[] | null) =>
      consoleCall(app, 'refundOrder', { number, ticketIds, idempotencyKey: randomUUID() }, { cookie: owner.cookie }).expect(200)
    const ticketsOf = async (number: string) =>
      (
        (await consoleCall(app, 'orderDetail', { number }, { cookie: owner.cookie }).expect(200)).body.data.order.attendees as Array<{ ticket: { id: string } }>
      ).map((attendee) => attendee.ticket.id)
    // The only order at first: refunded in full, its money went in and came out again.
    const whole = await orderOf(standard, 1, true)
    await refund(whole, null)
    await platform.services.tickets.payments.executeDueRefunds()
    expect((await dashboardOf(manager)).revenue).toEqual([
      { currency: 'GBP', paidOrders: 0, refundedOrders: 1, receivedMinor: 12900, refundedMinor: 12900, refundingMinor: 0, netMinor: 0 },
    ])
    // Two tickets, one refunded; a VIP refund asked for and not yet made.
    const part = await orderOf(standard, 2, true)
    await refund(part, [(await ticketsOf(part))[0] as string])
    await platform.services.tickets.payments.executeDueRefunds()
    const asked = await orderOf(vip, 1, true)
    await refund(asked, null)
    expect((await dashboardOf(manager)).revenue).toEqual([
      { currency: 'EUR', paidOrders: 0, refundedOrders: 0, receivedMinor: 50000, refundedMinor: 0, refundingMinor: 50000, netMinor: 50000 },
      { currency: 'GBP', paidOrders: 1, refundedOrders: 2, receivedMinor: 38700, refundedMinor: 25800, refundingMinor: 0, netMinor: 12900 },
    ])
    await platform.services.tickets.payments.executeDueRefunds()
    expect((await dashboardOf(manager)).revenue[0]).toMatchObject({
      currency: 'EUR',
      receivedMinor: 50000,
      refundedMinor: 50000,
      refundingMinor: 0,
      netMinor: 0,
    })
  })

  it('when support reads it, then it is allowed; editors are refused; a member limited elsewhere does not see it', async () => {
    const support = await setUpMember(app, db, ['support'])
    expect((await dashboardOf(support)).soldPerDay).toEqual([])
    const editor = await setUpMember(app, db, ['editor'])
    await consoleCall(app, 'dashboard', { exhibitionId }, { cookie: editor.cookie }).expect(403)
    const other = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[other], manager.id])
    const refused = await consoleCall(app, 'dashboard', { exhibitionId }, { cookie: manager.cookie }).expect(404)
    expect(refused.body.message).toBe('console:errors.exhibitionNotFound')
  })
})

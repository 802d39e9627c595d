import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database, Queryable } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { capacityPerType, checkinsPerHour, takingsPerCurrency, ticketsSoldPerDay } from '../../server/platform/tickets/console/dashboard/dashboard.repo.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The dashboard's tallies (0650_dashboard_tallies.sql, docs/product.md#console-dashboard) against a fresh
 * count of the rows they stand for, after whatever the order machinery did: purchases paid and not,
 * refunds in full and in part (asked, then made), cancellations, transfers, re-issues, check-ins and
 * their undoing. The fresh count is the dashboard's SQL from before the tallies.
 */

let app: App
let db: Database
let platform: Platform
let owner: SignedInMember
let door: SignedInMember

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  owner = await setUpMember(app, db, ['owner'])
  door = await setUpMember(app, db, ['checkin'])
})

async function freshCount(q: Queryable, exhibitionId: number) {
  const days = await q.query(
    `select to_char((o.paid_at at time zone e.time_zone)::date, 'YYYY-MM-DD') as day, count(*)::int as tickets
     from e_tickets t join ticket_orders o on o.id = t.order_id join exhibitions e on e.id = o.exhibition_id
     where t.exhibition_id = $1 and t.voided_at is null and o.status = 'paid' and o.pass_exhibitor_id is null
     group by 1 order by 1`,
    [exhibitionId],
  )
  const checkins = await q.query(
    `select to_char(date_trunc('hour', c.scanned_at at time zone e.time_zone), 'YYYY-MM-DD"T"HH24:00') as hour, c.gate, count(*)::int as checkins
     from checkin_scans c join exhibitions e on e.id = c.exhibition_id
     where c.exhibition_id = $1 and c.outcome = 'checkedIn' and c.undone_at is null
     group by 1, 2 order by 1, 2`,
    [exhibitionId],
  )
  const sold = await q.query(
    `select t.id, (select count(*)::int from e_tickets e join ticket_orders o on o.id = e.order_id
                   where e.ticket_type_id = t.id and e.voided_at is null and o.status = 'paid') as sold
     from ticket_types t where t.exhibition_id = $1 and not t.exhibitor_pass order by t.sort, t.id`,
    [exhibitionId],
  )
  const takings = await q.query(
    `with received as (
       select coalesce(a.received_currency, a.currency) as currency, sum(coalesce(a.received_minor, a.amount_minor))::bigint as received_minor
         from payment_attempts a join ticket_orders o on o.id = a.order_id where o.exhibition_id = $1 and a.status = 'succeeded' group by 1
     ), returned as (
       select r.currency, coalesce(sum(r.amount_minor) filter (where r.status = 'succeeded'), 0)::bigint as refunded_minor,
              coalesce(sum(r.amount_minor) filter (where r.status = 'requested'), 0)::bigint as refunding_minor,
              count(distinct r.order_id) filter (where r.status = 'succeeded')::int as refunded_orders
         from refunds r join ticket_orders o on o.id = r.order_id where o.exhibition_id = $1 group by 1
     ), paid as (
       select o.currency, count(*)::int as paid_orders from ticket_orders o
        where o.exhibition_id = $1 and o.status = 'paid' and o.pass_exhibitor_id is null
          and exists (select 1 from e_tickets t where t.order_id = o.id and t.voided_at is null)
        group by 1
     ), currencies as (select currency from received union select currency from returned union select currency from paid)
     select c.currency, coalesce(i.received_minor, 0) as received_minor, coalesce(r.refunded_minor, 0) as refunded_minor,
            coalesce(r.refunding_minor, 0) as refunding_minor, coalesce(p.paid_orders, 0) as paid_orders, coalesce(r.refunded_orders, 0) as refunded_orders
       from currencies c left join received i on i.currency = c.currency left join returned r on r.currency = c.currency
       left join paid p on p.currency = c.currency
      order by c.currency`,
    [exhibitionId],
  )
  return { days: days.rows, checkins: checkins.rows, sold: sold.rows, takings: takings.rows }
}

async function tallied(exhibitionId: number) {
  return {
    days: await ticketsSoldPerDay(db, exhibitionId),
    checkins: await checkinsPerHour(db, exhibitionId),
    sold: (await capacityPerType(db, exhibitionId, 'en')).map((type) => ({ id: type.id, sold: type.sold })),
    takings: await takingsPerCurrency(db, exhibitionId),
  }
}

interface Sale {
  exhibitionId: number
  types: number[]
  orders: string[]
  buyers: Map<string, TestUser>
}

async function newSale(): Promise<Sale> {
  const exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Week' })
  await db.query(`update exhibitions set time_zone = 'Asia/Bangkok' where id = $1`, [exhibitionId])
  const types = [
    await makeTicketType(db, exhibitionId, { key: 'standard', name: 'Standard', priceMinor: 12900, currency: 'GBP', capacity: 200 }),
    await makeTicketType(db, exhibitionId, { key: 'vip', name: 'VIP', priceMinor: 50000, currency: 'EUR', capacity: 200 }),
  ]
  return { exhibitionId, types, orders: [], buyers: new Map() }
}

/** Anything but a server error: a refusal (a ticket refunded already, an order cancelled) is part of the game. */
const notBroken = (response: { status: number; text: string }) => {
  if (response.status >= 500) throw new Error(`${response.status}: ${response.text}`)
}

async function buy(sale: Sale, type: number, quantity: number, pay: boolean): Promise<void> {
  const buyer = await createUser(platform, db)
  const as = (route: string, payload: unknown) => call(app, route, buyer.token, payload)
  const order = (
    await as('tickets$createOrder', {
      exhibitionId: sale.exhibitionId,
      lines: [{ ticketTypeId: sale.types[type], quantity }],
      idempotencyKey: randomUUID(),
    }).expect(200)
  ).body.data
  await as('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(quantity) }).expect(200)
  await as('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  if (pay) {
    const started = (await as('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  }
  sale.orders.push(order.number)
  sale.buyers.set(order.number, buyer)
}

const ticketsOf = async (number: string) =>
  (
    await db.query<{ id: string; code: string; position: number }>(
      `select e.id::text, e.code, a.position from e_tickets e join ticket_attendees a on a.id = e.attendee_id
         join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position`,
      [number],
    )
  ).rows

const refund = (number: string, ticketIds: string[] | null) =>
  consoleCall(app, 'refundOrder', { number, ticketIds, idempotencyKey: randomUUID() }, { cookie: owner.cookie })

async function checkIn(sale: Sale, number: string, pick: number, gate: string): Promise<void> {
  const ticket = (await ticketsOf(number))[pick % 3]
  if (!ticket) return
  const scannedAt = new Date(Date.UTC(2026, 2, 1, 1 + (pick % 5), 10)).toISOString()
  await consoleCall(
    app,
    'checkinSync',
    { exhibitionId: sale.exhibitionId, deviceId: 'door-a', scans: [{ id: randomUUID(), code: ticket.code, gate, scannedAt }] },
    { cookie: door.cookie },
  ).then(notBroken)
}

async function transfer(sale: Sale, number: string, position: number): Promise<void> {
  const buyer = sale.buyers.get(number) as TestUser
  const recipient = await createUser(platform, db)
  const sent = await call(app, 'tickets$transferTicket', buyer.token, { orderNumber: number, position, email: recipient.email, message: '' })
  notBroken(sent)
  if (sent.status !== 200) return
  const mail = (await db.query<{ text_body: string }>('select text_body from mail_outbox where to_address = $1 order by id desc limit 1', [recipient.email]))
    .rows[0]
  const token = /apply\/transfer\/([A-Za-z0-9_-]{32})/.exec(mail?.text_body ?? '')?.[1]
  if (!token) return
  const attendee = {
    firstName: 'Grace',
    lastName: 'Hopper',
    company: '',
    jobTitle: '',
    phone: { country: 'SG', number: '8123 4567' },
    identity: 'trader',
    industry: 'fintech',
  }
  notBroken(await call(app, 'tickets$acceptTransfer', recipient.token, { token, attendee }))
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), type: fc.nat(1), quantity: fc.integer({ min: 1, max: 3 }), pay: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('refundPart' as const, 'refundWhole' as const, 'cancel' as const, 'reissue' as const), order: fc.nat(), pick: fc.nat() }),
  fc.record({ kind: fc.constantFrom('transfer' as const, 'checkIn' as const, 'undoCheckIn' as const), order: fc.nat(), pick: fc.nat() }),
  fc.record({ kind: fc.constant('settleRefunds' as const) }),
)
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never

async function play(sale: Sale, action: Step): Promise<void> {
  if (action.kind === 'buy') return buy(sale, action.type, action.quantity, action.pay)
  if (action.kind === 'settleRefunds') return void (await platform.services.tickets.payments.executeDueRefunds())
  const number = sale.orders[action.order % Math.max(1, sale.orders.length)]
  if (!number) return
  const tickets = await ticketsOf(number)
  const ticket = tickets[action.pick % Math.max(1, tickets.length)]
  switch (action.kind) {
    case 'refundPart':
      if (ticket) notBroken(await refund(number, [ticket.id]))
      return
    case 'refundWhole':
      return notBroken(await refund(number, null))
    case 'cancel':
      return notBroken(await consoleCall(app, 'cancelOrder', { number, refund: action.pick % 2 === 0 }, { cookie: owner.cookie }))
    case 'reissue': {
      const buyer = sale.buyers.get(number) as TestUser
      const payload = {
        orderNumber: number,
        position: ticket?.position ?? 1,
        firstName: `Ada${action.pick % 100}`,
        lastName: 'Lovelace',
        company: '',
        jobTitle: '',
      }
      return notBroken(await call(app, 'tickets$changeAttendee', buyer.token, payload))
    }
    case 'transfer':
      return transfer(sale, number, ticket?.position ?? 1)
    case 'checkIn':
      return checkIn(sale, number, action.pick, action.pick % 2 === 0 ? 'North' : 'South')
    case 'undoCheckIn': {
      const scan = (
        await db.query<{ id: string }>(
          `select c.id from checkin_scans c where c.exhibition_id = $1 and c.outcome = 'checkedIn' and c.undone_at is null order by c.received_at limit 1`,
          [sale.exhibitionId],
        )
      ).rows[0]
      if (scan)
        notBroken(
          await consoleCall(
            app,
            'checkinSync',
            { exhibitionId: sale.exhibitionId, deviceId: 'door-a', undos: [{ scanId: scan.id, undoneAt: new Date().toISOString() }] },
            { cookie: door.cookie },
          ),
        )
      return
    }
  }
}

describe('the dashboard tallies', () => {
  it('when any sequence of purchases, refunds in full and in part, cancellations, transfers, re-issues and check-ins is played, then the tallies equal a fresh count', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), async (actions) => {
        const sale = await newSale()
        await buy(sale, 0, 3, true)
        for (const action of actions) await play(sale, action)
        expect(await tallied(sale.exhibitionId)).toEqual(await freshCount(db, sale.exhibitionId))
      }),
      { numRuns: 6 },
    )
  }, 600_000)

  it('when tickets are refunded in part and in full and checked in, then sold per day, per type, takings and check-ins show it', async () => {
    const sale = await newSale()
    await buy(sale, 0, 3, true)
    await buy(sale, 0, 2, true)
    await buy(sale, 1, 1, true)
    const [three, two, vip] = sale.orders as [string, string, string]
    await db.query(`update ticket_orders set paid_at = '2031-03-01T10:00:00Z' where number = any($1)`, [[three, two]])
    // 23:30 UTC is the next morning in Bangkok.
    await db.query(`update ticket_orders set paid_at = '2031-03-01T23:30:00Z' where number = $1`, [vip])
    await checkIn(sale, three, 0, 'North')
    await checkIn(sale, three, 1, 'North')
    await checkIn(sale, two, 0, 'South')
    // One ticket of three refunded; the whole VIP order asked back and made; the two-ticket order asked back, not made yet.
    await refund(three, [((await ticketsOf(three))[2] as { id: string }).id]).expect(200)
    await refund(vip, null).expect(200)
    await platform.services.tickets.payments.executeDueRefunds()
    await refund(two, null).expect(200)

    const board = await tallied(sale.exhibitionId)
    expect(board.days).toEqual([{ day: '2031-03-01', tickets: 2 }])
    expect(board.sold).toEqual([
      { id: sale.types[0], sold: 2 },
      { id: sale.types[1], sold: 0 },
    ])
    expect(board.takings).toEqual([
      { currency: 'EUR', received_minor: 50000, refunded_minor: 50000, refunding_minor: 0, paid_orders: 0, refunded_orders: 1 },
      { currency: 'GBP', received_minor: 64500, refunded_minor: 12900, refunding_minor: 25800, paid_orders: 1, refunded_orders: 1 },
    ])
    expect(board.checkins).toEqual([
      { hour: '2026-03-01T08:00', gate: 'North', checkins: 1 },
      { hour: '2026-03-01T08:00', gate: 'South', checkins: 1 },
      { hour: '2026-03-01T09:00', gate: 'North', checkins: 1 },
    ])
    expect(board).toEqual(await freshCount(db, sale.exhibitionId))
  }, 120_000)

  it('when the venue moves to another time zone, or the tallies are counted afresh as the migration does, then they still equal a fresh count', async () => {
    const sale = await newSale()
    await buy(sale, 0, 2, true)
    await buy(sale, 1, 1, true)
    await refund(sale.orders[0] as string, [((await ticketsOf(sale.orders[0] as string))[0] as { id: string }).id]).expect(200)
    await checkIn(sale, sale.orders[1] as string, 0, 'North')
    await db.query(`update ticket_orders set paid_at = '2031-03-01T20:00:00Z' where exhibition_id = $1`, [sale.exhibitionId])
    const before = await tallied(sale.exhibitionId)
    await db.query(`update exhibitions set time_zone = 'America/New_York' where id = $1`, [sale.exhibitionId])
    const moved = await tallied(sale.exhibitionId)
    expect(moved.days).toEqual([{ day: '2031-03-01', tickets: 2 }])
    expect(moved.checkins).not.toEqual(before.checkins)
    expect(moved).toEqual(await freshCount(db, sale.exhibitionId))

    for (const table of ['dashboard_ticket_tallies', 'dashboard_money_tallies', 'dashboard_checkin_tallies', 'dashboard_order_parts']) {
      await db.query(`delete from ${table}`)
    }
    expect((await tallied(sale.exhibitionId)).takings).toEqual([])
    await db.query('select dashboard_recount(array(select id from exhibitions))')
    expect(await tallied(sale.exhibitionId)).toEqual(moved)
  }, 120_000)

  describe.runIf(process.env.TEST_DATABASE_URL)('at once (PostgreSQL only: PGlite cannot race)', () => {
    it('when two refunds of one order and two purchases are made at once, then the tallies equal a fresh count', async () => {
      const sale = await newSale()
      await buy(sale, 0, 3, true)
      const number = sale.orders[0] as string
      const [first, second] = (await ticketsOf(number)).map((ticket) => ticket.id)
      const answers = await Promise.all([refund(number, [first as string]), refund(number, [second as string]), buy(sale, 0, 1, true), buy(sale, 1, 2, true)])
      for (const answer of answers.slice(0, 2)) expect((answer as { status: number }).status).toBe(200)
      await Promise.all([platform.services.tickets.payments.executeDueRefunds(), platform.services.tickets.payments.executeDueRefunds()])
      const board = await tallied(sale.exhibitionId)
      expect(board.takings.find((row) => row.currency === 'GBP')).toMatchObject({
        refunded_minor: 25800,
        refunding_minor: 0,
        refunded_orders: 1,
        paid_orders: 2,
      })
      expect(board).toEqual(await freshCount(db, sale.exhibitionId))
    }, 120_000)
  })
})

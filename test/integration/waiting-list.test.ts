import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, later, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { type App, ageOrder, attendees, call, counters, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The waiting list per ticket type (docs/product.md#waiting-list): joining, offers when seats come
 * back by every path, lapse, decline, the console's list and erasure. The races run on PostgreSQL
 * only (PGlite has one connection).
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let seats: number

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
  seats = await makeTicketType(db, exhibitionId, { name: 'Keynote seat', capacity: 2 })
})

/** A fresh access token for the same session, after the clock moved past the first one's life. */
const refreshed = (user: TestUser): TestUser => ({
  ...user,
  token: platform.tokens.issue({ kind: 'user', userId: user.userId, sessionId: user.sessionId }).access_token,
})
const fn = (user: TestUser, route: string, payload: unknown, locale = 'en') => call(app, route, user.token, payload, { locale })
const order = async (user: TestUser, quantity: number, extra: Record<string, unknown> = {}) =>
  (await fn(user, 'tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: seats, quantity }], idempotencyKey: randomUUID(), ...extra }).expect(200)).body
    .data as { number: string; id: string }
const join = (user: TestUser, quantity: number, locale = 'en') => fn(user, 'tickets$joinWaitingList', { ticketTypeId: seats, quantity }, locale)
const mine = async (user: TestUser) => (await fn(user, 'tickets$myWaitingList', { exhibitionId }).expect(200)).body.data.entries
const entries = async () =>
  (
    await db.query<{ account_id: string; state: string; quantity: number; offered_quantity: number | null; offered_by_hand: boolean }>(
      'select account_id, state, quantity, offered_quantity, offered_by_hand from waiting_list_entries order by id',
    )
  ).rows
const stateOf = async (user: TestUser) => (await entries()).filter((row) => row.account_id === user.userId).map((row) => row.state)
/** Seats of pending and paid orders plus seats held by offers: what `reserved` must always equal. */
async function expectSeatsAccounted(ticketTypeId = seats) {
  const row = (
    await db.query<{ reserved: number; orders: number; offers: number }>(
      `select t.reserved,
         coalesce((select sum(l.quantity) from ticket_order_lines l join ticket_orders o on o.id = l.order_id
                   where l.ticket_type_id = t.id and o.status in ('pending', 'paid')), 0)::int as orders,
         coalesce((select sum(w.offered_quantity) from waiting_list_entries w where w.ticket_type_id = t.id and w.state = 'offered'), 0)::int as offers
       from ticket_types t where t.id = $1`,
      [ticketTypeId],
    )
  ).rows[0]
  expect(row?.reserved).toBe((row?.orders ?? 0) + (row?.offers ?? 0))
}
/** The personal link of the last offer mail to this address, as the mail job wrote it. */
async function offerLink(user: TestUser): Promise<{ token: string; text: string; subject: string }> {
  await platform.services.tickets.waitingList.mailOffers()
  const mail = (
    await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1 order by id desc limit 1', [
      user.email,
    ])
  ).rows[0]
  const token = /[?&]offer=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1]
  if (!mail || !token) throw new Error(`no offer mail to ${user.email}`)
  return { token, text: mail.text_body, subject: mail.subject }
}

describe('joining', () => {
  it('when a visitor joins a sold-out type, joins again and leaves, then they hold one place whose quantity changes, and leaving ends it', async () => {
    const [buyer, ada, bo] = [await createUser(platform, db), await createUser(platform, db), await createUser(platform, db)]
    expect((await join(ada, 1).expect(409)).body.message).toBe('tickets:waitingList.seatsLeft')
    await order(buyer, 2)
    expect((await join(ada, 2).expect(200)).body.data).toMatchObject({ ticketTypeId: seats, quantity: 2, state: 'waiting', place: 1 })
    expect((await join(bo, 1).expect(200)).body.data).toMatchObject({ place: 2 })
    expect((await join(ada, 1).expect(200)).body.data).toMatchObject({ quantity: 1, place: 1 })
    expect((await join(ada, 6).expect(400)).body.message).toBeTruthy()
    expect(await entries()).toHaveLength(2)
    await fn(ada, 'tickets$leaveWaitingList', { ticketTypeId: seats }).expect(200)
    await fn(ada, 'tickets$leaveWaitingList', { ticketTypeId: seats }).expect(200)
    expect(await mine(ada)).toEqual([])
    expect(await mine(bo)).toEqual([expect.objectContaining({ place: 1, quantity: 1, typeName: 'Keynote seat' })])
    expect(await stateOf(ada)).toEqual(['left'])
  })

  it('when an anonymous visitor joins, then they are asked to sign in', async () => {
    await call(app, 'tickets$joinWaitingList', null, { ticketTypeId: seats, quantity: 1 }).expect(401)
  })
})

describe('offers', () => {
  it('when an order expires, then the first in line is offered their seats, mailed a personal link in their language, and buys with it', async () => {
    const [buyer, ada, bo] = [await createUser(platform, db), await createUser(platform, db), await createUser(platform, db)]
    const held = await order(buyer, 2)
    await join(ada, 2, 'zh-cn').expect(200)
    await join(bo, 1).expect(200)
    await ageOrder(db, held.number)
    await platform.services.tickets.expireDue()
    expect(await stateOf(ada)).toEqual(['offered'])
    expect(await stateOf(bo)).toEqual(['waiting'])
    // The held seats are no one else's: the type reads sold out and a buyer is refused.
    const listed = (await fn(buyer, 'tickets$ticketTypes', { exhibitionId }).expect(200)).body.data.types
    expect(listed[0].availability).toBe('soldOut')
    await fn(buyer, 'tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: seats, quantity: 1 }], idempotencyKey: randomUUID() }).expect(409)
    await expectSeatsAccounted()

    const link = await offerLink(ada)
    expect(link.subject).toContain('测试金融科技展')
    expect(await platform.services.tickets.waitingList.mailOffers()).toBe(0)
    // Only its owner may open it.
    await fn(bo, 'tickets$waitingOffer', { token: link.token }).expect(404)
    expect((await fn(ada, 'tickets$waitingOffer', { token: link.token }).expect(200)).body.data).toMatchObject({
      ticketTypeId: seats,
      exhibitionId,
      quantity: 2,
    })
    const bought = await order(ada, 2, { waitingOffer: link.token })
    expect(await stateOf(ada)).toEqual(['accepted'])
    expect(
      (await db.query('select o.number from waiting_list_entries w join ticket_orders o on o.id = w.order_id where w.account_id = $1', [ada.userId])).rows[0]
        ?.number,
    ).toBe(bought.number)
    expect(await counters(db, seats)).toEqual({ reserved: 2, capacity: 2 })
    await expectSeatsAccounted()
    // The link is spent.
    await fn(ada, 'tickets$waitingOffer', { token: link.token }).expect(404)
  })

  it('when only one seat comes back and the first in line wants two, then nobody behind them goes first (strict order)', async () => {
    const [buyer, other, ada, bo] = [
      await createUser(platform, db),
      await createUser(platform, db),
      await createUser(platform, db),
      await createUser(platform, db),
    ]
    await order(buyer, 1)
    const single = await order(other, 1)
    await join(ada, 2).expect(200)
    await join(bo, 1).expect(200)
    await fn(other, 'tickets$cancelOrder', { orderNumber: single.number }).expect(200)
    expect((await entries()).map((row) => row.state)).toEqual(['waiting', 'waiting'])
    expect(await counters(db, seats)).toEqual({ reserved: 1, capacity: 2 })
  })

  it('when the buyer cancels, then the seats are offered; buying fewer than offered passes the rest to the next in line', async () => {
    const [buyer, ada, bo] = [await createUser(platform, db), await createUser(platform, db), await createUser(platform, db)]
    const held = await order(buyer, 2)
    await join(ada, 2).expect(200)
    await join(bo, 1).expect(200)
    await fn(buyer, 'tickets$cancelOrder', { orderNumber: held.number }).expect(200)
    expect((await entries()).map((row) => [row.state, row.offered_quantity])).toEqual([
      ['offered', 2],
      ['waiting', null],
    ])
    await expectSeatsAccounted()
    const link = await offerLink(ada)
    await order(ada, 1, { waitingOffer: link.token })
    expect((await entries()).map((row) => [row.state, row.offered_quantity])).toEqual([
      ['accepted', 2],
      ['offered', 1],
    ])
    await expectSeatsAccounted()
  })

  it('when an offer is not taken in time, then it lapses and passes to the next in line; a declined one passes at once', async () => {
    setMoment(Date.now())
    await db.query('insert into waiting_list_settings (exhibition_id, offer_hours) values ($1, 2)', [exhibitionId])
    const [buyer, ada, bo, cy] = [
      await createUser(platform, db),
      await createUser(platform, db),
      await createUser(platform, db),
      await createUser(platform, db),
    ]
    const held = await order(buyer, 1)
    await order(await createUser(platform, db), 1)
    await join(ada, 1).expect(200)
    await join(bo, 1).expect(200)
    await join(cy, 1).expect(200)
    await fn(buyer, 'tickets$cancelOrder', { orderNumber: held.number }).expect(200)
    expect(await stateOf(ada)).toEqual(['offered'])
    const adaLink = await offerLink(ada)
    expect(adaLink.text).toContain('&decline=1')
    later(3600)
    expect(await platform.services.tickets.waitingList.lapseDue()).toBe(0)
    later(3600 + 1)
    // Past its time, the link says so even before the job has come by.
    expect((await fn(refreshed(ada), 'tickets$waitingOffer', { token: adaLink.token }).expect(410)).body.message).toBe('tickets:waitingList.offerOver')
    expect(await platform.services.tickets.waitingList.lapseDue()).toBe(1)
    expect(await stateOf(ada)).toEqual(['lapsed'])
    expect(await stateOf(bo)).toEqual(['offered'])
    expect((await fn(refreshed(ada), 'tickets$waitingOffer', { token: adaLink.token }).expect(404)).body.message).toBe('tickets:waitingList.offerNotFound')
    const boLink = await offerLink(bo)
    await fn(refreshed(bo), 'tickets$declineWaitingOffer', { token: boLink.token }).expect(200)
    expect(await stateOf(bo)).toEqual(['declined'])
    expect(await stateOf(cy)).toEqual(['offered'])
    await expectSeatsAccounted()
  })
})

describe('the console', () => {
  let owner: SignedInMember
  let manager: SignedInMember
  let support: SignedInMember
  const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

  beforeEach(async () => {
    owner = await setUpMember(app, db, ['owner'])
    manager = await setUpMember(app, db, ['manager'])
    support = await setUpMember(app, db, ['support'])
  })

  it('when a manager reads the list, offers by hand out of line and removes an entry, then each change is audited; support may not', async () => {
    const [buyer, ada, bo] = [await createUser(platform, db), await createUser(platform, db), await createUser(platform, db)]
    await order(buyer, 1)
    await order(await createUser(platform, db), 1)
    await join(ada, 1).expect(200)
    await join(bo, 1).expect(200)
    await staff(support, 'waitingList', { ticketTypeId: seats }).expect(403)
    const list = (await staff(manager, 'waitingList', { ticketTypeId: seats }).expect(200)).body.data
    expect(list.offerHours).toBe(24)
    expect(list.entries.map((entry: { email: string; state: string }) => [entry.email, entry.state])).toEqual([
      [ada.email, 'waiting'],
      [bo.email, 'waiting'],
    ])
    const [, boEntry] = list.entries as Array<{ id: string }>
    // No free seat: nothing to offer.
    expect((await staff(manager, 'offerWaitingEntry', { entryId: boEntry?.id }).expect(409)).body.message).toBe('console:waitingList.noSeats')
    // A seat more, added behind the line's back (no offer is made in line).
    await db.query('update ticket_types set capacity = 3 where id = $1', [seats])
    await staff(manager, 'offerWaitingEntry', { entryId: boEntry?.id }).expect(200)
    expect(await entries()).toEqual([
      expect.objectContaining({ account_id: ada.userId, state: 'waiting' }),
      expect.objectContaining({ account_id: bo.userId, state: 'offered', offered_by_hand: true }),
    ])
    await staff(support, 'removeWaitingEntry', { entryId: boEntry?.id }).expect(403)
    const removed = (await staff(manager, 'removeWaitingEntry', { entryId: boEntry?.id }).expect(200)).body.data
    // The seat Bo held goes to Ada, next in line.
    expect(removed.entries.map((entry: { email: string; state: string }) => [entry.email, entry.state])).toEqual([
      [ada.email, 'offered'],
      [bo.email, 'removed'],
    ])
    await staff(owner, 'saveWaitingHours', { ticketTypeId: seats, offerHours: 200 }).expect(400)
    expect((await staff(owner, 'saveWaitingHours', { ticketTypeId: seats, offerHours: 6 }).expect(200)).body.data.offerHours).toBe(6)
    const audit = (await db.query<{ function: string }>("select function from staff_audit where function like 'console$%Waiting%' order by id")).rows
    expect(audit.map((row) => row.function)).toEqual(['console$offerWaitingEntry', 'console$removeWaitingEntry', 'console$saveWaitingHours'])
    await expectSeatsAccounted()
  })

  it('when staff raise the capacity, then the new seats go to the waiting list with the exhibition’s offer time', async () => {
    setMoment(Date.now())
    const [buyer, ada] = [await createUser(platform, db), await createUser(platform, db)]
    await order(buyer, 2)
    await join(ada, 2).expect(200)
    await staff(manager, 'saveWaitingHours', { ticketTypeId: seats, offerHours: 2 }).expect(200)
    const key = (await db.query<{ key: string }>('select key from ticket_types where id = $1', [seats])).rows[0]?.key
    const input = {
      id: seats,
      exhibitionId,
      key,
      priceMinor: 9900,
      currency: 'USD',
      capacity: 4,
      maxPerOrder: 5,
      salesStartAt: null,
      salesEndAt: null,
      active: true,
      sort: 0,
      texts: { en: { name: 'Keynote seat', description: '' } },
    }
    await staff(manager, 'saveTicketType', input).expect(200)
    expect(await stateOf(ada)).toEqual(['offered'])
    const until = (await db.query<{ offer_until: Date }>('select offer_until from waiting_list_entries')).rows[0]?.offer_until
    expect(until?.getTime()).toBe(Date.now() + 2 * 3600 * 1000)
    await expectSeatsAccounted()
  })

  it('when a paid order is refunded, then its seats are offered', async () => {
    const [buyer, ada] = [await createUser(platform, db), await createUser(platform, db)]
    const paid = await order(buyer, 2)
    await fn(buyer, 'tickets$saveAttendees', { orderNumber: paid.number, attendees: attendees(2) }).expect(200)
    await fn(buyer, 'tickets$confirmOrder', { orderNumber: paid.number }).expect(200)
    const started = (await fn(buyer, 'tickets$startPayment', { orderNumber: paid.number, method: 'sandbox' }).expect(200)).body.data
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
    await join(ada, 2).expect(200)
    await staff(manager, 'refundOrder', { number: paid.number, ticketIds: null, idempotencyKey: randomUUID() }).expect(200)
    expect(await stateOf(ada)).toEqual(['offered'])
    // Both refunded seats are the offer's now.
    expect(await counters(db, seats)).toEqual({ reserved: 2, capacity: 2 })
  })

  it('when a visitor holding an offer is erased, then their entries go and the seats pass on', async () => {
    const [buyer, ada, bo] = [await createUser(platform, db), await createUser(platform, db), await createUser(platform, db)]
    const held = await order(buyer, 1)
    await order(await createUser(platform, db), 1)
    await join(ada, 1).expect(200)
    await join(bo, 1).expect(200)
    await fn(buyer, 'tickets$cancelOrder', { orderNumber: held.number }).expect(200)
    expect(await stateOf(ada)).toEqual(['offered'])
    await staff(owner, 'deleteVisitor', { id: ada.userId, confirmEmail: ada.email }).expect(200)
    expect(await stateOf(ada)).toEqual([])
    expect(await stateOf(bo)).toEqual(['offered'])
    await expectSeatsAccounted()
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('races (PostgreSQL only: PGlite cannot race)', () => {
  it('when two orders are cancelled at the same moment with two people waiting, then each gets one distinct offer', async () => {
    const [one, two, ada, bo] = [await createUser(platform, db), await createUser(platform, db), await createUser(platform, db), await createUser(platform, db)]
    const first = await order(one, 1)
    const second = await order(two, 1)
    await join(ada, 1).expect(200)
    await join(bo, 1).expect(200)
    await Promise.all([
      fn(one, 'tickets$cancelOrder', { orderNumber: first.number }).expect(200),
      fn(two, 'tickets$cancelOrder', { orderNumber: second.number }).expect(200),
    ])
    expect((await entries()).map((row) => [row.state, row.offered_quantity])).toEqual([
      ['offered', 1],
      ['offered', 1],
    ])
    await expectSeatsAccounted()
  })

  it('when ten freed seats meet parallel lapse jobs and cancellations, then never more seats are offered than are free', { timeout: 120_000 }, async () => {
    setMoment(Date.now())
    await db.query('update ticket_types set capacity = 10 where id = $1', [seats])
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(platform, db)))
    const orders = []
    for (const buyer of buyers) orders.push(await order(buyer, 1))
    const waiting = await Promise.all(Array.from({ length: 14 }, () => createUser(platform, db)))
    for (const [index, person] of waiting.entries()) await join(person, 1 + (index % 2)).expect(200)
    // Half the seats come back and are offered; their offers lapse while the other half come back.
    await Promise.all(orders.slice(0, 5).map((made, index) => fn(buyers[index] as TestUser, 'tickets$cancelOrder', { orderNumber: made.number }).expect(200)))
    await expectSeatsAccounted()
    later(25 * 3600)
    await Promise.all([
      ...orders.slice(5).map((made, index) => fn(buyers[index + 5] as TestUser, 'tickets$cancelOrder', { orderNumber: made.number })),
      platform.services.tickets.waitingList.lapseDue(),
      platform.services.tickets.waitingList.lapseDue(),
      platform.services.tickets.waitingList.lapseDue(),
    ])
    await expectSeatsAccounted()
    const type = await counters(db, seats)
    expect(type?.reserved).toBeLessThanOrEqual(10)
    const offered = (await entries()).filter((row) => row.state === 'offered')
    expect(new Set(offered.map((row) => row.account_id)).size).toBe(offered.length)
  })
})

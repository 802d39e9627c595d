import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import type { CheckinList } from '../../shared/contracts/console-checkin.ts'
import { doorTicket, doorTickets, mergeDoorLists, ticketKey, DOOR_LIST_FORMAT } from '../../shared/rules/door-list.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The door's incremental list (docs/product.md#door-sync): a device that read the list asks with its
 * token for what changed since, and gets exactly the tickets that changed (refunds, re-issues, voids,
 * new orders, other devices' check-ins and undos) and the ids that left the list, whichever code made
 * the change; a token that cannot be continued is a 410.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let typeId: number
let buyer: TestUser
let door: SignedInMember
let manager: SignedInMember

type DoorList = CheckinList

const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)
const list = async (since?: string, member = door) =>
  (
    await consoleCall(
      app,
      'checkinList',
      { exhibitionId, format: DOOR_LIST_FORMAT, ...(since === undefined ? {} : { since }) },
      { cookie: member.cookie },
    ).expect(200)
  ).body.data as DoorList
/** The keys of an answer's rows, and the keys of ticket ids, for comparing: the list knows tickets by key (shared/rules/door-list.ts). */
const ids = (answer: DoorList) =>
  doorTickets(answer)
    .map((ticket) => ticket.key)
    .sort()
const keys = (ticketIds: string[]) => ticketIds.map(ticketKey).sort()
const byId = (answer: DoorList) => ({ get: (id: string) => doorTicket(answer, id) })
const scan = (deviceId: string, code: string) =>
  consoleCall(
    app,
    'checkinSync',
    { exhibitionId, deviceId, scans: [{ id: randomUUID(), code, gate: 'North', scannedAt: new Date().toISOString() }] },
    { cookie: door.cookie },
  ).expect(200)

async function paidOrder(count: number) {
  const order = (
    await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: typeId, quantity: count }], idempotencyKey: randomUUID() }).expect(200)
  ).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(count) }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  const tickets = await db.query<{ id: string; code: string }>(
    'select e.id::text, e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return { number: order.number as string, tickets: tickets.rows }
}

const ticketAt = async (number: string, position: number) =>
  (
    await db.query<{ id: string }>(
      'select e.id::text from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 and a.position = $2',
      [number, position],
    )
  ).rows[0]?.id as string

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  typeId = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP', key: 'standard' })
  buyer = await createUser(platform, db)
  door = await setUpMember(app, db, ['checkin'])
  manager = await setUpMember(app, db, ['manager'])
})

describe('the door list since a token', () => {
  it('when refunds, a re-issue, a void, a new order and another door’s check-in and undo happen after a sync, then the next sync has exactly those tickets and the old id', async () => {
    const first = await paidOrder(3)
    const second = await paidOrder(1)
    const third = await paidOrder(2)
    const [refunded, renamed, untouched] = first.tickets.map((ticket) => ticket.id) as [string, string, string]
    const voided = second.tickets[0]?.id as string
    const [checkedIn, undone] = third.tickets as [{ id: string; code: string }, { id: string; code: string }]
    const undoneScan = (await scan('door-b', undone.code)).body.data.scans[0].id as string

    const whole = await list()
    expect(whole.full).toBe(true)
    expect(whole.removed).toEqual([])
    expect(ids(whole)).toEqual(keys([...first.tickets, ...second.tickets, ...third.tickets].map((ticket) => ticket.id)))
    // Nothing changed: nothing comes.
    const quiet = await list(whole.token)
    expect(quiet).toMatchObject({ full: false, tickets: [], removed: [] })

    await consoleCall(app, 'refundOrder', { number: first.number, ticketIds: [refunded], idempotencyKey: randomUUID() }, { cookie: manager.cookie }).expect(200)
    await fn('tickets$changeAttendee', { orderNumber: first.number, position: 2, firstName: 'Ada', lastName: 'Lovelace', company: '', jobTitle: '' }).expect(
      200,
    )
    const reissued = await ticketAt(first.number, 2)
    expect(reissued).not.toBe(renamed)
    await consoleCall(app, 'cancelOrder', { number: second.number, refund: false }, { cookie: manager.cookie }).expect(200)
    const fourth = await paidOrder(1)
    await scan('door-b', checkedIn.code)
    await consoleCall(
      app,
      'checkinSync',
      { exhibitionId, deviceId: 'door-b', undos: [{ scanId: undoneScan, undoneAt: new Date().toISOString() }] },
      { cookie: door.cookie },
    ).expect(200)

    const changes = await list(quiet.token)
    expect(changes.full).toBe(false)
    expect(ids(changes)).toEqual(keys([refunded, reissued, voided, fourth.tickets[0]?.id as string, checkedIn.id, undone.id]))
    expect(ids(changes)).not.toContain(ticketKey(untouched))
    expect(changes.removed).toEqual([ticketKey(renamed)])
    const seen = byId(changes)
    expect(seen.get(refunded)?.state).toBe('refunded')
    expect(seen.get(reissued)).toMatchObject({ firstName: 'Ada', state: 'valid' })
    expect(seen.get(voided)?.state).toBe('cancelled')
    expect(seen.get(fourth.tickets[0]?.id as string)?.state).toBe('valid')
    expect(seen.get(checkedIn.id)?.checkin?.deviceId).toBe('door-b')
    expect(seen.get(undone.id)?.checkin).toBeNull()

    // The device merged; the next sync starts after all of it.
    expect(await list(changes.token)).toMatchObject({ tickets: [], removed: [] })
  })

  it('when the holder’s name is changed by code that knows nothing of the door, then the trigger still sends the ticket', async () => {
    const order = await paidOrder(1)
    const whole = await list()
    await db.query("update ticket_attendees set first_name = 'Grace' where order_id = (select id from ticket_orders where number = $1)", [order.number])
    const changes = await list(whole.token)
    expect(doorTickets(changes)).toMatchObject([{ key: ticketKey(order.tickets[0]?.id as string), firstName: 'Grace' }])
  })

  it('when a device merges each sync’s changes into what it kept, then its list is the whole list read fresh, after check-ins elsewhere, undos, refunds whole and partial, a transfer, a rename, a cancel and new orders', async () => {
    const sorted = (answer: DoorList) => doorTickets(answer).sort((a, b) => a.key.localeCompare(b.key))
    const first = await paidOrder(3)
    const second = await paidOrder(2)
    const third = await paidOrder(2)
    let kept = await list()
    const sync = async () => {
      const changes = await list(kept.token)
      expect(changes.full).toBe(false)
      kept = mergeDoorLists(kept, changes, true)
      expect(sorted(kept)).toEqual(sorted(await list()))
      return changes
    }

    // Round one: another door lets two in, a whole order and one ticket of another are refunded.
    const outside = (await scan('door-b', first.tickets[0]?.code as string)).body.data.scans[0].id as string
    await scan('door-c', third.tickets[1]?.code as string)
    await consoleCall(app, 'refundOrder', { number: second.number, ticketIds: null, idempotencyKey: randomUUID() }, { cookie: manager.cookie }).expect(200)
    await consoleCall(
      app,
      'refundOrder',
      { number: third.number, ticketIds: [third.tickets[0]?.id], idempotencyKey: randomUUID() },
      { cookie: manager.cookie },
    ).expect(200)
    const one = await sync()
    expect(ids(one)).toEqual(keys([first.tickets[0]?.id, third.tickets[1]?.id, ...second.tickets.map((ticket) => ticket.id), third.tickets[0]?.id] as string[]))
    expect(doorTicket(kept, second.tickets[1]?.id as string)?.state).toBe('refunded')
    expect(doorTicket(kept, third.tickets[1]?.id as string)?.checkin?.deviceId).toBe('door-c')

    // Round two: the undo of a check-in elsewhere, a ticket handed to someone else, a rename, a cancel, a new order.
    await consoleCall(
      app,
      'checkinSync',
      { exhibitionId, deviceId: 'door-b', undos: [{ scanId: outside, undoneAt: new Date().toISOString() }] },
      { cookie: door.cookie },
    ).expect(200)
    const recipient = await createUser(platform, db)
    await fn('tickets$transferTicket', { orderNumber: first.number, position: 2, email: recipient.email, message: '' }).expect(200)
    const offer = await db.query<{ text_body: string }>('select text_body from mail_outbox where to_address = $1 order by id desc limit 1', [recipient.email])
    const transferToken = /apply\/transfer\/([A-Za-z0-9_-]{32})/.exec(offer.rows[0]?.text_body ?? '')?.[1] as string
    await call(app, 'tickets$acceptTransfer', recipient.token, {
      token: transferToken,
      attendee: {
        firstName: 'Grace',
        lastName: 'Hopper',
        company: 'Hopper Securities',
        jobTitle: 'Head of Trading',
        phone: { country: 'SG', number: '8123 4567' },
        identity: 'trader',
        industry: 'fintech',
      },
    }).expect(200)
    const transferred = await ticketAt(first.number, 2)
    await fn('tickets$changeAttendee', { orderNumber: first.number, position: 3, firstName: 'Ada', lastName: 'Lovelace', company: '', jobTitle: '' }).expect(
      200,
    )
    const renamed = await ticketAt(first.number, 3)
    await consoleCall(app, 'cancelOrder', { number: third.number, refund: false }, { cookie: manager.cookie }).expect(200)
    const fourth = await paidOrder(1)
    const two = await sync()
    expect(two.removed).toEqual(keys([first.tickets[1]?.id, first.tickets[2]?.id] as string[]))
    expect(doorTicket(kept, first.tickets[0]?.id as string)?.checkin).toBeNull()
    expect(doorTicket(kept, transferred)).toMatchObject({ name: 'Grace Hopper', holderCompany: 'Hopper Securities', state: 'valid' })
    expect(doorTicket(kept, first.tickets[1]?.id as string)).toBeNull()
    expect(doorTicket(kept, renamed)?.name).toBe('Ada Lovelace')
    expect(doorTicket(kept, third.tickets[1]?.id as string)?.state).toBe('cancelled')
    expect(doorTicket(kept, fourth.tickets[0]?.id as string)?.state).toBe('valid')

    // What the gateway sends a browser is compressed (brotli where the browser takes it, as Chromium does) once over the middleware's 1 KB.
    const compressed = await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: door.cookie })
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200)
    expect(Buffer.byteLength(compressed.text)).toBeGreaterThan(1024)
    expect(compressed.headers['content-encoding']).toBe('br')

    // Nothing since: nothing comes, and the kept list stays whole.
    expect(await sync()).toMatchObject({ tickets: [], removed: [] })
  })

  it('when a token is malformed, another exhibition’s, another language’s or ahead of the database, then it is a 410 and the whole list still answers', async () => {
    await paidOrder(1)
    const whole = await list()
    const [, , locale, snapshot] = whole.token.split('.') as [string, string, string, string]
    const ahead = BigInt(snapshot.split(':')[1] as string) + 1_000_000n
    const otherExhibition = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
    for (const since of [
      'not-a-token',
      `d1.${otherExhibition}.${locale}.${snapshot}`,
      `d1.${exhibitionId}.zh-cn.${snapshot}`,
      `d1.${exhibitionId}.${locale}.${ahead}:${ahead}:`,
      `d1.${exhibitionId}.${locale}.10:5:`,
    ]) {
      const refused = await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT, since }, { cookie: door.cookie }).expect(410)
      expect(refused.body.message).toBe('console:errors.checkinListStale')
    }
    expect((await list()).tickets).toHaveLength(1)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('a change committed late (PostgreSQL only: PGlite cannot race)', () => {
  it('when a transaction that began changing a ticket first commits after a later change was read, then the next sync still has it', async () => {
    const order = await paidOrder(2)
    const [early, late] = order.tickets as [{ id: string; code: string }, { id: string; code: string }]
    const whole = await list()
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let changed: () => void = () => undefined
    const started = new Promise<void>((resolve) => {
      changed = resolve
    })
    // Takes its transaction id (and its change) first, commits last.
    const slow = db.transaction(async (tx) => {
      await tx.query("update ticket_attendees set first_name = 'Early' where id = (select attendee_id from e_tickets where id = $1)", [early.id])
      changed()
      await held
    })
    await started
    await scan('door-b', late.code)
    const between = await list(whole.token)
    expect(ids(between)).toEqual(keys([late.id]))
    release()
    await slow
    const after = await list(between.token)
    expect(doorTickets(after).map((ticket) => [ticket.key, ticket.firstName])).toEqual([[ticketKey(early.id), 'Early']])
  })
})

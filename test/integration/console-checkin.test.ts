import { generateKeyPairSync, randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTicketSigner } from '../../server/platform/tickets/e-tickets.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, exportDownload, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'
import { doorTickets, ticketKey, DOOR_LIST_FORMAT } from '../../shared/rules/door-list.ts'

/**
 * Check-in at the door (docs/product.md#checkin): a device downloads the tickets and the
 * public key, scans online or offline and syncs; the server judges. The first check-in of a ticket
 * wins across devices, a repeated sync changes nothing, forged, wrong-exhibition, refunded and
 * cancelled tickets are refused, and an undo lets the ticket in again.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let otherExhibitionId: number
let buyer: TestUser
let door: SignedInMember
let orderNumber: string
let codes: Array<{ id: string; code: string }>

const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)
const now = () => new Date().toISOString()

/** A paid order of `count` tickets; returns their e-ticket ids and codes, in attendee order. */
async function paidOrder(exhibition: number, count: number, names: Array<{ firstName: string; lastName: string }> = []) {
  const type = await makeTicketType(db, exhibition, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP', key: `standard-${randomUUID().slice(0, 6)}` })
  const order = (
    await fn('tickets$createOrder', { exhibitionId: exhibition, lines: [{ ticketTypeId: type, quantity: count }], idempotencyKey: randomUUID() }).expect(200)
  ).body.data
  const forms = attendees(count).map((form, index) => ({ ...form, ...names[index] }))
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: forms }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  const tickets = await db.query<{ id: string; code: string }>(
    'select e.id, e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return { number: order.number as string, tickets: tickets.rows }
}

const sync = (member: SignedInMember, body: Record<string, unknown>) =>
  consoleCall(app, 'checkinSync', { exhibitionId, deviceId: 'door-a', ...body }, { cookie: member.cookie })
/** The code with one signature character changed (to another one, whatever it was). */
const altered = (code: string) => `${code.slice(0, -10)}${code.at(-10) === 'A' ? 'B' : 'A'}${code.slice(-9)}`
const scanOf = (code: string, gate = 'North') => ({ id: randomUUID(), code, gate, scannedAt: now() })

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  otherExhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
  buyer = await createUser(platform, db)
  door = await setUpMember(app, db, ['checkin'])
  const order = await paidOrder(exhibitionId, 3)
  orderNumber = order.number
  codes = order.tickets
})

describe('the door device list', () => {
  it('when a door device downloads an exhibition, then it gets every ticket with its holder, type and state, and the key to check codes', async () => {
    const list = (await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: door.cookie }).expect(200)).body.data
    expect(list.exhibition).toMatchObject({ id: exhibitionId, title: 'London Fintech Expo' })
    expect(list.publicKey).toEqual({ kid: platform.services.tickets.signer.kid, x: platform.services.tickets.signer.publicKey().jwk.x })
    const tickets = doorTickets(list)
    expect(tickets).toHaveLength(3)
    expect(
      tickets.every(
        (ticket: { orderNumber: string; state: string; checkin: unknown }) =>
          ticket.orderNumber === orderNumber && ticket.state === 'valid' && ticket.checkin === null,
      ),
    ).toBe(true)
    expect(tickets[0]?.ticketType).toBe('Standard pass')
  })

  it('when holders are named in Chinese, Japanese or Latin script, then the door, the order list and the e-ticket mails show each name in its own order, and the door has its parts', async () => {
    const named = await paidOrder(exhibitionId, 3, [
      { firstName: '小明', lastName: '王' },
      { firstName: '花子', lastName: '山田' },
      { firstName: 'Meiling', lastName: 'Zhou' },
    ])
    const list = (await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: door.cookie }).expect(200)).body.data
    const mine = doorTickets(list).filter((ticket) => ticket.orderNumber === named.number)
    expect(mine.map((ticket: { name: string; firstName: string; lastName: string }) => [ticket.name, ticket.firstName, ticket.lastName]).sort()).toEqual([
      ['Meiling Zhou', 'Meiling', 'Zhou'],
      ['山田花子', '花子', '山田'],
      ['王小明', '小明', '王'],
    ])
    const manager = await setUpMember(app, db, ['manager'])
    const orders = (await consoleCall(app, 'orderList', { search: named.number }, { cookie: manager.cookie }).expect(200)).body.data
    expect(orders.rows[0].attendeeNames).toEqual(['王小明', '山田花子', 'Meiling Zhou'])
    const holders = await db.query<{ text_body: string }>(
      `select m.text_body from mail_outbox m join ticket_attendees a on a.email = m.to_address join ticket_orders o on o.id = a.order_id
        where o.number = $1 order by a.position`,
      [named.number],
    )
    expect(holders.rows).toHaveLength(3)
    expect(holders.rows.map((row) => row.text_body).join('\n')).toMatch(/王小明[\s\S]*山田花子[\s\S]*Meiling Zhou/)
    expect(holders.rows.map((row) => row.text_body).join('\n')).not.toMatch(/小明 王|花子 山田/)
  })

  it('when a door member opens check-in, then the exhibitions on now or next within their limits are offered, soonest first', async () => {
    const ended = await makeExhibition(db, { title: 'Ended Fair', startsInDays: -10, days: 2 })
    const offered = (await consoleCall(app, 'checkinExhibitions', {}, { cookie: door.cookie }).expect(200)).body.data.exhibitions
    expect(offered.map((row: { id: number }) => row.id).sort()).toEqual([exhibitionId, otherExhibitionId].sort())
    expect(offered.map((row: { id: number }) => row.id)).not.toContain(ended)
    const limited = await setUpMember(app, db, ['checkin'])
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[otherExhibitionId], limited.id])
    const theirs = (await consoleCall(app, 'checkinExhibitions', {}, { cookie: limited.cookie }).expect(200)).body.data.exhibitions
    expect(theirs.map((row: { id: number; title: string }) => [row.id, row.title])).toEqual([[otherExhibitionId, 'Bangkok Traders Fair']])
  })

  it('when a member may not work on the exhibition, or has another role, then the list is not theirs', async () => {
    await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: (await setUpMember(app, db, ['support'])).cookie }).expect(403)
    const limited = await setUpMember(app, db, ['checkin'])
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[otherExhibitionId], limited.id])
    const refused = await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: limited.cookie }).expect(404)
    expect(refused.body.message).toBe('console:errors.exhibitionNotFound')
  })

  it('when a door screen from before the rows asks without the format, or names another, then it is refused and told to reload, never sent rows it would misread', async () => {
    for (const payload of [{ exhibitionId }, { exhibitionId, format: 'objects' }, { exhibitionId, since: 'x', format: 'rows-0' }]) {
      const refused = await consoleCall(app, 'checkinList', payload, { cookie: door.cookie }).expect(400)
      expect(refused.body.data.fields.format).toBe('console:errors.doorOutdated')
      expect(refused.body.data.tickets).toBeUndefined()
    }
  })
})

describe('scans', () => {
  it('when a ticket is scanned, then it is checked in; a second scan says when, where and on which device it came in', async () => {
    const [first] = (await sync(door, { scans: [scanOf(codes[0]?.code as string)] }).expect(200)).body.data.scans
    expect(first).toMatchObject({ outcome: 'checkedIn', ticketId: codes[0]?.id, first: { gate: 'North', deviceId: 'door-a' } })
    const [again] = (
      await consoleCall(
        app,
        'checkinSync',
        { exhibitionId, deviceId: 'door-b', scans: [scanOf(codes[0]?.code as string, 'South')] },
        { cookie: door.cookie },
      ).expect(200)
    ).body.data.scans
    expect(again).toMatchObject({ outcome: 'already', first: { gate: 'North', deviceId: 'door-a', at: first.first.at } })
    const list = (await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: door.cookie }).expect(200)).body.data
    expect(list.gates).toEqual([{ gate: 'North', checkedIn: 1 }])
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two devices scan the same ticket at once, then exactly one checks it in and the other learns it (PostgreSQL only: PGlite cannot race)',
    async () => {
      const code = codes[1]?.code as string
      const answers = await Promise.all(
        ['door-a', 'door-b', 'door-c', 'door-d'].map((deviceId) =>
          consoleCall(app, 'checkinSync', { exhibitionId, deviceId, scans: [scanOf(code)] }, { cookie: door.cookie }),
        ),
      )
      const outcomes = answers.map((answer) => answer.body.data.scans[0].outcome).sort()
      expect(outcomes).toEqual(['already', 'already', 'already', 'checkedIn'])
      const winner = answers.find((answer) => answer.body.data.scans[0].outcome === 'checkedIn')?.body.data.scans[0].first
      for (const answer of answers) expect(answer.body.data.scans[0].first).toEqual(winner)
      expect((await db.query("select count(*)::int as n from checkin_scans where outcome = 'checkedIn'")).rows[0]).toEqual({ n: 1 })
    },
  )

  it('when an offline device syncs a batch with conflicts twice, then each scan is judged once and the repeat answers the same', async () => {
    await sync(door, { scans: [scanOf(codes[0]?.code as string, 'East')] }).expect(200)
    const batch = [
      scanOf(codes[0]?.code as string),
      scanOf(codes[1]?.code as string),
      scanOf(codes[1]?.code as string),
      { id: randomUUID(), ticketId: codes[2]?.id, gate: 'North', scannedAt: now() },
    ]
    const body = { deviceId: 'door-offline', scans: batch }
    const answer = (await sync(door, body).expect(200)).body.data.scans
    expect(answer.map((scan: { outcome: string }) => scan.outcome)).toEqual(['already', 'checkedIn', 'already', 'checkedIn'])
    expect(answer[0].first.gate).toBe('East')
    const repeat = (await sync(door, body).expect(200)).body.data.scans
    expect(repeat).toEqual(answer)
    expect((await db.query('select count(*)::int as n from checkin_scans')).rows[0]).toEqual({ n: 5 })
  })

  it('when a code is forged, altered, from another exhibition or from another key, then nobody is let in', async () => {
    const other = await paidOrder(otherExhibitionId, 1)
    const code = codes[0]?.code as string
    const stranger = createTicketSigner(generateKeyPairSync('ed25519').privateKey).sign(codes[0]?.id as string, exhibitionId)
    const scans = [
      scanOf('not a ticket'),
      scanOf(altered(code)),
      scanOf(other.tickets[0]?.code as string),
      scanOf(stranger),
      { id: randomUUID(), ticketId: other.tickets[0]?.id, gate: 'North', scannedAt: now() },
      { id: randomUUID(), ticketId: randomUUID(), gate: 'North', scannedAt: now() },
    ]
    const answer = (await sync(door, { scans }).expect(200)).body.data.scans
    expect(answer.map((scan: { outcome: string }) => scan.outcome)).toEqual(['forged', 'forged', 'wrongExhibition', 'forged', 'wrongExhibition', 'unknown'])
    expect((await db.query("select count(*)::int as n from checkin_scans where outcome = 'checkedIn'")).rows[0]).toEqual({ n: 0 })
  })

  it('when a ticket picked by hand goes by its key in the list, then that ticket comes in; a key no ticket of the exhibition has, or another exhibition’s, or one two tickets share, lets nobody in', async () => {
    const other = await paidOrder(otherExhibitionId, 1)
    const id = codes[1]?.id as string
    // Two tickets whose ids share the key: made so here, as random ids all but never are.
    const twin = `${ticketKey(codes[2]?.id as string)}-0000-000000000001`
    await db.query('update e_tickets set id = $2 where id = $1', [codes[0]?.id, twin])
    const picked = (key: string) => ({ id: randomUUID(), ticketKey: key, gate: 'North', scannedAt: now() })
    const scans = [picked(ticketKey(id)), picked('00000000-0000-4000'), picked(ticketKey(other.tickets[0]?.id as string)), picked(ticketKey(twin))]
    const answer = (await sync(door, { scans }).expect(200)).body.data.scans
    expect(answer.map((scan: { outcome: string; ticketId: string | null }) => [scan.outcome, scan.ticketId])).toEqual([
      ['checkedIn', id],
      ['unknown', null],
      ['unknown', null],
      ['unknown', null],
    ])
    const refused = await sync(door, { scans: [picked('0b9f4c1e-7a52-4d3e-9c1a')] }).expect(400)
    expect(refused.body.ErrorCode).not.toBe(0)
  })

  it('when a ticket was refunded or its order cancelled after the list was downloaded, then the sync refuses it', async () => {
    const manager = await setUpMember(app, db, ['manager'])
    await consoleCall(app, 'refundOrder', { number: orderNumber, ticketIds: [codes[0]?.id], idempotencyKey: randomUUID() }, { cookie: manager.cookie }).expect(
      200,
    )
    const second = await paidOrder(exhibitionId, 1)
    await consoleCall(app, 'cancelOrder', { number: second.number, refund: false }, { cookie: manager.cookie }).expect(200)
    const answer = (
      await sync(door, { scans: [scanOf(codes[0]?.code as string), scanOf(second.tickets[0]?.code as string), scanOf(codes[1]?.code as string)] }).expect(200)
    ).body.data.scans
    expect(answer.map((scan: { outcome: string }) => scan.outcome)).toEqual(['refunded', 'cancelled', 'checkedIn'])
    const list = (await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: door.cookie }).expect(200)).body.data
    const states = Object.fromEntries(doorTickets(list).map((ticket) => [ticket.key, ticket.state]))
    const stateOf = (id: string | undefined) => states[ticketKey(id as string)]
    expect([stateOf(codes[0]?.id), stateOf(second.tickets[0]?.id), stateOf(codes[1]?.id)]).toEqual(['refunded', 'cancelled', 'valid'])
  })

  it('when a mistaken scan is undone, then the ticket can come in again, the undo is audited, and undoing twice changes nothing', async () => {
    const scan = scanOf(codes[0]?.code as string)
    await sync(door, { scans: [scan] }).expect(200)
    const undone = (await sync(door, { undos: [{ scanId: scan.id, undoneAt: now() }] }).expect(200)).body.data.undos
    expect(undone).toEqual([{ scanId: scan.id, undone: true }])
    expect((await sync(door, { undos: [{ scanId: scan.id, undoneAt: now() }] }).expect(200)).body.data.undos).toEqual([{ scanId: scan.id, undone: true }])
    const audit = await db.query<{ target: string; before: { checkedIn: boolean } }>(
      "select target, before from staff_audit where function = 'console$checkinSync'",
    )
    expect(audit.rows).toEqual([{ target: `ticket:${codes[0]?.id}`, before: { checkedIn: true, scanId: scan.id, gate: 'North' } }])
    const [again] = (await sync(door, { scans: [scanOf(codes[0]?.code as string, 'South')] }).expect(200)).body.data.scans
    expect(again).toMatchObject({ outcome: 'checkedIn', first: { gate: 'South' } })
    expect((await sync(door, { undos: [{ scanId: randomUUID(), undoneAt: now() }] }).expect(200)).body.data.undos[0].undone).toBe(false)
  })

  it('when attendees come in, then the dashboard counts them per hour and gate, and the order and the attendees export show who came', async () => {
    const manager = await setUpMember(app, db, ['manager'])
    const arrivals = async () =>
      (await consoleCall(app, 'orderDetail', { number: orderNumber }, { cookie: manager.cookie }).expect(200)).body.data.order.attendees.map(
        (attendee: { ticket: { checkedIn: { gate: string } | null } }) => attendee.ticket.checkedIn?.gate ?? null,
      )
    expect(await arrivals()).toEqual([null, null, null])
    await sync(door, {
      scans: [scanOf(codes[0]?.code as string, 'North'), scanOf(codes[1]?.code as string, 'South'), scanOf(codes[2]?.code as string, 'North')],
    }).expect(200)
    expect(await arrivals()).toEqual(['North', 'South', 'North'])
    const board = (await consoleCall(app, 'dashboard', { exhibitionId }, { cookie: manager.cookie }).expect(200)).body.data
    expect(board.checkinsPerHour.map((row: { gate: string; checkins: number }) => [row.gate, row.checkins])).toEqual([
      ['North', 2],
      ['South', 1],
    ])
    expect(board.checkinsPerHour[0].hour).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00$/)
    const file = (await exportDownload(app, manager.cookie, { exhibition: exhibitionId, kind: 'attendees', format: 'csv' }).expect(200)).body as Buffer
    const lines = file.toString('utf8').slice(1).trim().split('\r\n')
    expect(lines[0]?.endsWith(',Checked in (UTC),Gate')).toBe(true)
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['North', 'South', 'North'])
  })

  it('when a sync is malformed or too large, then it is a 400 and nothing is stored', async () => {
    await sync(door, { scans: [{ id: 'not-a-uuid', code: 'x', gate: 'North', scannedAt: now() }] }).expect(400)
    await sync(door, { scans: [{ ...scanOf('x'), gate: '' }] }).expect(400)
    await sync(door, { scans: Array.from({ length: 201 }, () => scanOf('x')) }).expect(400)
    await sync(door, { deviceId: '', scans: [] }).expect(400)
    expect((await db.query('select count(*)::int as n from checkin_scans')).rows[0]).toEqual({ n: 0 })
  })
})

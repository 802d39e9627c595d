import { randomUUID } from 'node:crypto'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, buyAndPay, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'
import { doorTickets, ticketKey, DOOR_LIST_FORMAT } from '../../shared/rules/door-list.ts'

/**
 * A ticket handed to another person (docs/product.md#ticket-transfer): offered to an address, accepted
 * by the person signed in with it, who fills in their own details; the ticket is re-issued (the door
 * refuses the old code at once and its list drops it), the new holder finds it in their name, the buyer
 * sees only their name. Cancelling, declining, lapsing, repetition, refusals and races.
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
let door: SignedInMember
let seed: number

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Singapore Brokers Week', startsInDays: 60 })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 29900, currency: 'SGD' })
  await db.query("update exhibitions set self_cancel = true, refund_full_until = now() + interval '10 days' where id = $1", [exhibitionId])
  platform.contentChanged({ scope: 'exhibitions' })
  buyer = await createUser(platform, db)
  door = await setUpMember(app, db, ['checkin'])
  seed = 100_000 + Math.floor(Math.random() * 800_000)
})

const as = (user: TestUser, route: string, payload: unknown) => call(app, route, user.token, payload)
const holderEmail = (position: number) => `ada${position}-${seed}@example.com`

const paidOrder = (count: number) => buyAndPay(app, buyer.token, exhibitionId, standard, attendees(count, seed))

const ticketOf = async (number: string, position: number) =>
  (
    await db.query<{ id: string; code: string; first_name: string; email: string; voided: boolean }>(
      `select e.id::text, e.code, a.first_name, a.email, e.voided_at is not null as voided from e_tickets e
         join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 and a.position = $2`,
      [number, position],
    )
  ).rows[0]
const mailsTo = async (address: string) =>
  (
    await db.query<{ subject: string; text_body: string; attachments: unknown }>(
      'select subject, text_body, attachments from mail_outbox where to_address = $1 order by id',
      [address],
    )
  ).rows
const tokenIn = async (address: string) => {
  const mail = (await mailsTo(address)).filter((row) => /apply\/transfer\//.test(row.text_body)).at(-1)
  return /apply\/transfer\/([A-Za-z0-9_-]{32})/.exec(mail?.text_body ?? '')?.[1] as string
}
const eventsOf = async (number: string) =>
  (
    await db.query<{ kind: string; data: Record<string, unknown> }>(
      `select e.kind, e.data from ticket_order_events e join ticket_orders o on o.id = e.order_id
        where o.number = $1 and e.kind in ('transferOffered', 'transferCancelled', 'transferDeclined', 'ticketTransferred', 'ticketReissued') order by e.id`,
      [number],
    )
  ).rows
const scan = async (code: string) =>
  (
    await consoleCall(
      app,
      'checkinSync',
      { exhibitionId, deviceId: 'door-a', scans: [{ id: randomUUID(), code, gate: 'North', scannedAt: new Date().toISOString() }] },
      { cookie: door.cookie },
    ).expect(200)
  ).body.data.scans[0].outcome as string
const doorList = async () =>
  doorTickets((await consoleCall(app, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }, { cookie: door.cookie }).expect(200)).body.data)

const transfer = (user: TestUser, number: string, position: number, email: string, message = '') =>
  as(user, 'tickets$transferTicket', { orderNumber: number, position, email, message })
const details = {
  firstName: 'Grace',
  lastName: 'Hopper',
  company: 'Hopper Securities',
  jobTitle: 'Head of Trading',
  phone: { country: 'SG', number: '8123 4567' },
  identity: 'trader',
  industry: 'fintech',
}
const accept = (user: TestUser, token: string, attendee: Record<string, unknown> = details) => as(user, 'tickets$acceptTransfer', { token, attendee })

describe('a ticket handed to someone else', () => {
  it('when the recipient accepts with their details, then the ticket is theirs with a new code, the old one is refused at the door and gone from its list, and everyone is told', async () => {
    const number = await paidOrder(2)
    const before = await ticketOf(number, 2)
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com`, locale: 'zh-cn' })
    const sent = await transfer(buyer, number, 2, grace.email, 'Enjoy the show!').expect(200)
    expect(sent.body.data).toMatchObject({ position: 2, recipientEmail: grace.email })
    // The offer goes to the recipient in their account's language; buyer and holder are told in the order's.
    const offer = (await mailsTo(grace.email)).at(-1)
    expect(offer?.text_body).toContain('Enjoy the show!')
    expect(offer?.text_body).toContain('/zh-cn/apply/transfer/')
    expect(offer?.subject).toMatch(/[\u4e00-\u9fff]/)
    expect((await mailsTo(holderEmail(2))).at(-1)?.text_body).toContain(grace.email)
    expect((await mailsTo(buyer.email)).at(-1)?.text_body).toContain(grace.email)
    // Until accepted the ticket is unchanged and its code still opens the door's list.
    expect(await ticketOf(number, 2)).toEqual(before)
    const token = await tokenIn(grace.email)

    const view = (await as(grace, 'tickets$transferOffer', { token }).expect(200)).body.data
    expect(view).toMatchObject({ state: 'pending', exhibitionTitle: 'Singapore Brokers Week', ticketName: 'Standard pass', message: 'Enjoy the show!' })
    const accepted = await accept(grace, token).expect(200)
    expect(accepted.body.data).toEqual({ orderNumber: number, position: 2 })
    const after = await ticketOf(number, 2)
    expect(after).toMatchObject({ first_name: 'Grace', email: grace.email, voided: false })
    expect(after?.code).not.toBe(before?.code)
    expect(platform.services.tickets.signer.verify(after?.code as string)).toEqual({ ticketId: after?.id, exhibitionId })
    const list = await doorList()
    expect(list.map((ticket) => ticket.key)).not.toContain(ticketKey(before?.id as string))
    expect(list.find((ticket) => ticket.key === ticketKey(after?.id as string))?.name).toBe('Grace Hopper')
    expect(await scan(before?.code as string)).toBe('unknown')

    // Repetition answers the same and changes nothing more.
    expect((await accept(grace, token).expect(200)).body.data).toEqual({ orderNumber: number, position: 2 })
    expect((await ticketOf(number, 2))?.code).toBe(after?.code)
    expect((await eventsOf(number)).map((event) => event.kind)).toEqual(['transferOffered', 'ticketTransferred', 'ticketReissued'])
    expect((await eventsOf(number))[1]?.data).toMatchObject({ position: 2, by: 'holder', userId: grace.userId })

    // The new holder: their e-ticket mail with the PDF, the ticket in their name in My orders.
    const eTicket = (await mailsTo(grace.email)).find((mail) => JSON.stringify(mail.attachments).includes('application/pdf'))
    expect(eTicket?.text_body).toContain('Grace Hopper')
    const held = (await as(grace, 'tickets$myOrders', { limit: 10 }).expect(200)).body.data.held
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ orderNumber: number, position: 2, firstName: 'Grace', code: after?.code, transferOpen: true, transfer: null })
    // The previous holder and the buyer are told; the buyer sees the name, not the details or the code.
    expect((await mailsTo(holderEmail(2))).at(-1)?.text_body).toContain('Grace Hopper')
    const page = (await as(buyer, 'tickets$order', { orderNumber: number }).expect(200)).body.data
    expect(page.transfers).toEqual([{ position: 2, transfer: { state: 'transferred', holder: 'Grace Hopper' } }])
    expect(page.attendees.map((attendee: { position: number }) => attendee.position)).toEqual([1])
    expect(page.tickets.map((ticket: { position: number }) => ticket.position)).toEqual([1])
    expect(JSON.stringify(page)).not.toContain(grace.email)
    expect(JSON.stringify(page)).not.toContain('Hopper Securities')
    expect(page.transferable).toEqual([1])
    expect(page.selfCancel.map((offer: { ticketId: string }) => offer.ticketId)).not.toContain(after?.id)
    // The buyer can no longer rename, cancel or hand it on; its PDF is not theirs.
    await as(buyer, 'tickets$changeAttendee', { orderNumber: number, position: 2, firstName: 'Mallory', lastName: 'X' }).expect(404)
    await transfer(buyer, number, 2, `other-${seed}@example.com`).expect(404)
    const refused = await as(buyer, 'tickets$cancelTicket', { orderNumber: number, ticketId: after?.id, expectedRefundMinor: 29900 }).expect(409)
    expect(refused.body.message).toBe('tickets:cancelTicket.transferred')
  })

  it('when the sender cancels a waiting transfer, then its link is dead; declining keeps the ticket where it was; a new offer may follow', async () => {
    const number = await paidOrder(1)
    const before = await ticketOf(number, 1)
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com` })
    await transfer(buyer, number, 1, grace.email).expect(200)
    const first = await tokenIn(grace.email)
    expect((await transfer(buyer, number, 1, `kate-${seed}@example.com`).expect(409)).body.message).toBe('tickets:transfer.pending')
    expect((await as(buyer, 'tickets$order', { orderNumber: number }).expect(200)).body.data.transfers[0].transfer).toMatchObject({
      state: 'pending',
      recipientEmail: grace.email,
    })
    expect((await as(buyer, 'tickets$cancelTransfer', { orderNumber: number, position: 1 }).expect(200)).body.data).toEqual({ cancelled: true })
    expect((await as(buyer, 'tickets$cancelTransfer', { orderNumber: number, position: 1 }).expect(200)).body.data).toEqual({ cancelled: true })
    expect((await mailsTo(grace.email)).at(-1)?.subject).toContain('withdrawn')
    expect((await accept(grace, first).expect(409)).body.message).toBe('tickets:transfer.cancelled')
    expect((await as(grace, 'tickets$transferOffer', { token: first }).expect(200)).body.data.state).toBe('cancelled')

    await transfer(buyer, number, 1, grace.email).expect(200)
    const second = await tokenIn(grace.email)
    expect(second).not.toBe(first)
    expect((await as(grace, 'tickets$declineTransfer', { token: second }).expect(200)).body.data).toEqual({ declined: true })
    expect((await as(grace, 'tickets$declineTransfer', { token: second }).expect(200)).body.data).toEqual({ declined: true })
    expect((await accept(grace, second).expect(409)).body.message).toBe('tickets:transfer.declined')
    expect(await ticketOf(number, 1)).toEqual(before)
    expect((await mailsTo(buyer.email)).at(-1)?.text_body).toContain('declined')
    expect((await eventsOf(number)).map((event) => event.kind)).toEqual(['transferOffered', 'transferCancelled', 'transferOffered', 'transferDeclined'])
  })

  it('when the holder, signed in with the ticket address, hands it on, then the buyer is told; it lapses after its time and a new offer replaces it', async () => {
    const number = await paidOrder(2)
    const holder = await createUser(platform, db, { email: holderEmail(1) })
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com` })
    await transfer(holder, number, 1, grace.email).expect(200)
    expect((await eventsOf(number))[0]?.data).toMatchObject({ by: 'holder', userId: holder.userId })
    expect((await mailsTo(buyer.email)).at(-1)?.text_body).toContain(grace.email)
    const token = await tokenIn(grace.email)
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    // Only its hash is kept.
    expect(JSON.stringify((await db.query('select * from ticket_transfers')).rows)).not.toContain(token)
    await db.query("update ticket_transfers set expires_at = now() - interval '1 minute'")
    expect((await as(grace, 'tickets$transferOffer', { token }).expect(200)).body.data.state).toBe('lapsed')
    expect((await accept(grace, token).expect(409)).body.message).toBe('tickets:transfer.lapsed')
    await transfer(holder, number, 1, `kate-${seed}@example.com`).expect(200)
    expect((await db.query<{ status: string }>('select status from ticket_transfers order by created_at')).rows.map((row) => row.status)).toEqual([
      'lapsed',
      'pending',
    ])
  })

  it('when the token is wrong or the transfer is someone else’s, then the answer is the same 404; bad input is a translated 400', async () => {
    const number = await paidOrder(2)
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com` })
    const mallory = await createUser(platform, db)
    await transfer(buyer, number, 1, grace.email).expect(200)
    const token = await tokenIn(grace.email)
    const wrong = `${token.slice(0, 31)}${token.endsWith('A') ? 'B' : 'A'}`
    const answers = [
      await accept(grace, wrong),
      await accept(mallory, token),
      await as(mallory, 'tickets$transferOffer', { token }),
      await as(mallory, 'tickets$declineTransfer', { token }),
    ]
    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(Array(4).fill([404, 'errors.notFound']))
    // A token that is no token at all is refused by its shape, before anything is looked up.
    await as(grace, 'tickets$transferOffer', { token: 'short' }).expect(400)
    // Someone else's ticket: the same 404 as a ticket that does not exist.
    await transfer(mallory, number, 2, `kate-${seed}@example.com`).expect(404)
    await as(mallory, 'tickets$cancelTransfer', { orderNumber: number, position: 1 }).expect(404)
    // Not to oneself, nor to the ticket's own holder, nor to someone holding another ticket of the order.
    expect((await transfer(buyer, number, 2, buyer.email).expect(400)).body.data.fields).toEqual({ email: 'tickets:transfer.toSelf' })
    expect((await transfer(buyer, number, 2, holderEmail(2)).expect(400)).body.data.fields).toEqual({ email: 'tickets:transfer.toSelf' })
    expect((await transfer(buyer, number, 2, holderEmail(1)).expect(400)).body.data.fields).toEqual({ email: 'tickets:transfer.holdsOne' })
    await transfer(buyer, number, 2, 'not an address').expect(400)
    await transfer(buyer, number, 2, `kate-${seed}@example.com`, 'x'.repeat(501)).expect(400)
    // The recipient's form is checked as the attendee form is: a phone another ticket of the order has is refused.
    const taken = await accept(grace, token, { ...details, phone: { country: 'GB', number: `07400 ${String(seed + 1).padStart(6, '0')}` } }).expect(400)
    expect(taken.body.data.fields).toEqual({ 'attendee.phone': 'messages.phoneRepeated' })
    expect((await accept(grace, token, { ...details, firstName: '' }).expect(400)).body.data.fields).toHaveProperty(['attendee.firstName'])
  })

  it('when the ticket was used at the door, cancelled, or the cut-off has passed, then it cannot be handed on, and a waiting offer cannot be accepted', async () => {
    const number = await paidOrder(3)
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com` })
    expect(await scan((await ticketOf(number, 1))?.code as string)).toBe('checkedIn')
    expect((await transfer(buyer, number, 1, grace.email).expect(409)).body.message).toBe('tickets:transfer.checkedIn')
    await transfer(buyer, number, 2, grace.email).expect(200)
    const token = await tokenIn(grace.email)
    const second = await ticketOf(number, 2)
    await as(buyer, 'tickets$cancelTicket', { orderNumber: number, ticketId: second?.id, expectedRefundMinor: 29900 }).expect(200)
    expect((await accept(grace, token).expect(409)).body.message).toBe('tickets:attendeeChange.voided')
    await db.query("update exhibitions set attendee_changes_until = now() - interval '1 minute' where id = $1", [exhibitionId])
    platform.contentChanged({ scope: 'exhibitions' })
    expect((await transfer(buyer, number, 3, grace.email).expect(409)).body.message).toBe('tickets:attendeeChange.closed')
  })

  it('when a person is erased, then the transfers they sent or were sent go', async () => {
    const number = await paidOrder(1)
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com` })
    await transfer(buyer, number, 1, grace.email, 'For you, Grace').expect(200)
    const { eraseTicketTransfers } = await import('../../server/platform/tickets/index.ts')
    await db.transaction((tx) => eraseTicketTransfers(tx, { accountId: grace.userId, emails: [grace.email.toUpperCase()] }))
    expect((await db.query('select * from ticket_transfers')).rows).toEqual([])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('transfers racing (PostgreSQL only: PGlite cannot race)', () => {
  const liveCodes = async (number: string) =>
    (await db.query('select e.id from e_tickets e join ticket_orders o on o.id = e.order_id where o.number = $1 and e.voided_at is null', [number])).rows.length

  it('when two accept clicks arrive at once, then the ticket changes hands once and both hear the same answer', async () => {
    const number = await paidOrder(1)
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com` })
    await transfer(buyer, number, 1, grace.email).expect(200)
    const token = await tokenIn(grace.email)
    const answers = await Promise.all([accept(grace, token), accept(grace, token)])
    expect(answers.map((answer) => [answer.status, answer.body.data])).toEqual(Array(2).fill([200, { orderNumber: number, position: 1 }]))
    expect((await eventsOf(number)).filter((event) => event.kind === 'ticketTransferred')).toHaveLength(1)
    expect(await liveCodes(number)).toBe(1)
  })

  it('when accepting and the sender cancelling arrive at once, then exactly one happens', async () => {
    const number = await paidOrder(1)
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com` })
    await transfer(buyer, number, 1, grace.email).expect(200)
    const token = await tokenIn(grace.email)
    const [accepted, cancelled] = await Promise.all([accept(grace, token), as(buyer, 'tickets$cancelTransfer', { orderNumber: number, position: 1 })])
    expect([accepted.status, cancelled.status].filter((status) => status === 200)).toHaveLength(1)
    const status = (await db.query<{ status: string }>('select status from ticket_transfers')).rows[0]?.status
    if (accepted.status === 200) {
      expect(status).toBe('accepted')
      // Refused either way: a cancel that read the ticket after the accept finds it no longer the
      // sender's (404); one that read it before, and waited for the accept's lock, finds no offer waiting.
      expect([
        [404, undefined],
        [409, 'tickets:transfer.noneWaiting'],
      ]).toContainEqual([cancelled.status, cancelled.status === 409 ? cancelled.body.message : undefined])
      expect((await ticketOf(number, 1))?.email).toBe(grace.email)
    } else {
      expect(status).toBe('cancelled')
      expect(accepted.body.message).toBe('tickets:transfer.cancelled')
      expect((await ticketOf(number, 1))?.email).toBe(holderEmail(1))
    }
    expect(await liveCodes(number)).toBe(1)
  })

  it('when accepting and the buyer cancelling the ticket for a refund arrive at once, then exactly one happens: never a refunded ticket with a new holder', async () => {
    const number = await paidOrder(2)
    const grace = await createUser(platform, db, { email: `grace-${seed}@example.com` })
    await transfer(buyer, number, 1, grace.email).expect(200)
    const token = await tokenIn(grace.email)
    const ticket = await ticketOf(number, 1)
    const [accepted, cancelled] = await Promise.all([
      accept(grace, token),
      as(buyer, 'tickets$cancelTicket', { orderNumber: number, ticketId: ticket?.id, expectedRefundMinor: 29900 }),
    ])
    expect([accepted.status, cancelled.status].filter((status) => status === 200)).toHaveLength(1)
    const refunds = await db.query('select r.id from refunds r join ticket_orders o on o.id = r.order_id where o.number = $1', [number])
    if (accepted.status === 200) {
      // The buyer's cancel names the old ticket id, gone with the re-issue.
      expect(cancelled.status).toBe(404)
      expect(refunds.rows).toEqual([])
      expect(await liveCodes(number)).toBe(2)
    } else {
      expect(accepted.body.message).toBe('tickets:attendeeChange.voided')
      expect(refunds.rows).toHaveLength(1)
      expect((await ticketOf(number, 1))?.email).toBe(holderEmail(1))
    }
  })

  it('when two transfers of one ticket are sent at once, then one is waiting and the other refused', async () => {
    const number = await paidOrder(1)
    const answers = await Promise.all([transfer(buyer, number, 1, `grace-${seed}@example.com`), transfer(buyer, number, 1, `kate-${seed}@example.com`)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('tickets:transfer.pending')
    expect((await db.query("select id from ticket_transfers where status = 'pending'")).rows).toHaveLength(1)
  })
})

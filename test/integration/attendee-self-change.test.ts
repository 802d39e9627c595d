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
 * A buyer or a holder changes the name, company and position on a ticket until the cut-off
 * (docs/product.md#attendee-changes): a new name re-issues the e-ticket (new code, the old one refused
 * at the door online and gone from the door's list on its next download, the new PDF mailed); other
 * details keep the code; the console's order history says who did it.
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
  await db.query('update exhibitions set self_cancel = true where id = $1', [exhibitionId])
  // A reset database gives out the same exhibition ids again: what a test before closed must not linger.
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
    await db.query<{ id: string; code: string; first_name: string; last_name: string; company: string; job_title: string }>(
      `select e.id::text, e.code, a.first_name, a.last_name, a.company, a.job_title from e_tickets e
         join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 and a.position = $2`,
      [number, position],
    )
  ).rows[0]
const change = (user: TestUser, number: string, position: number, details: Record<string, string>) =>
  as(user, 'tickets$changeAttendee', { orderNumber: number, position, firstName: 'Ada', lastName: 'Lovelace', company: '', jobTitle: '', ...details })
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
const eventsOf = async (number: string) =>
  (
    await db.query<{ kind: string; data: Record<string, unknown> }>(
      "select e.kind, e.data from ticket_order_events e join ticket_orders o on o.id = e.order_id where o.number = $1 and e.kind in ('attendeeChanged', 'ticketReissued') order by e.id",
      [number],
    )
  ).rows
const mailsTo = async (address: string) =>
  (
    await db.query<{ subject: string; text_body: string; attachments: unknown }>(
      'select subject, text_body, attachments from mail_outbox where to_address = $1 order by id',
      [address],
    )
  ).rows

describe('a buyer or holder changes the details on a ticket', () => {
  it('when the buyer gives a ticket a new name, then it gets a new code, the door refuses the old one at once and its list drops it, and the holder is mailed the new e-ticket', async () => {
    const number = await paidOrder(2)
    const before = await ticketOf(number, 2)
    const mailsBefore = (await mailsTo(holderEmail(2))).length
    const answer = await change(buyer, number, 2, { firstName: '小明', lastName: '王' }).expect(200)
    expect(answer.body.data).toEqual({ position: 2, reissued: true })
    const after = await ticketOf(number, 2)
    expect(after).toMatchObject({ first_name: '小明', last_name: '王' })
    expect(after?.code).not.toBe(before?.code)
    expect(after?.id).not.toBe(before?.id)
    expect(platform.services.tickets.signer.verify(after?.code as string)).toEqual({ ticketId: after?.id, exhibitionId })

    // Offline devices learn it from the list: the old ticket is gone from it, the new one is there under the new name.
    const list = await doorList()
    expect(list.map((ticket) => ticket.key)).not.toContain(ticketKey(before?.id as string))
    expect(list.find((ticket) => ticket.key === ticketKey(after?.id as string))?.name).toBe('王小明')
    expect(await scan(before?.code as string)).toBe('unknown')
    expect(await scan(after?.code as string)).toBe('checkedIn')

    const mails = (await mailsTo(holderEmail(2))).slice(mailsBefore)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('Singapore Brokers Week')
    expect(mails[0]?.text_body).toContain('王小明')
    expect(JSON.stringify(mails[0]?.attachments)).toContain('application/pdf')
    expect(await eventsOf(number)).toEqual([
      { kind: 'attendeeChanged', data: { position: 2, by: 'buyer', userId: buyer.userId } },
      { kind: 'ticketReissued', data: { position: 2, by: 'buyer', userId: buyer.userId } },
    ])
    // The buyer's own order page shows the new code.
    const page = (await as(buyer, 'tickets$order', { orderNumber: number }).expect(200)).body.data
    expect(page.tickets.map((ticket: { id: string }) => ticket.id)).toContain(after?.id)
  })

  it('when only the company and position change, or nothing does, then the code stays and a repeat records nothing more', async () => {
    const number = await paidOrder(1)
    const before = await ticketOf(number, 1)
    const details = { firstName: 'Ada1', company: '王小明科技有限公司', jobTitle: 'Head of Trading' }
    expect((await change(buyer, number, 1, details).expect(200)).body.data).toEqual({ position: 1, reissued: false })
    expect((await change(buyer, number, 1, details).expect(200)).body.data).toEqual({ position: 1, reissued: false })
    expect(await ticketOf(number, 1)).toEqual({ ...before, company: '王小明科技有限公司', job_title: 'Head of Trading' })
    expect(await eventsOf(number)).toHaveLength(1)
    expect(await scan(before?.code as string)).toBe('checkedIn')
  })

  it('when the holder, signed in with the ticket address, renames their ticket, then the buyer is told; someone else hears 404', async () => {
    const number = await paidOrder(2)
    const holder = await createUser(platform, db, { email: holderEmail(2) })
    await change(holder, number, 2, { firstName: 'Grace', lastName: 'Hopper' }).expect(200)
    expect(await ticketOf(number, 2)).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' })
    const told = (await mailsTo(buyer.email)).filter((mail) => mail.subject.includes('ticket details changed'))
    expect(told).toHaveLength(1)
    expect(told[0]?.text_body).toContain('Grace Hopper')
    expect(told[0]?.text_body).toContain('new QR code')
    expect((await eventsOf(number)).map((event) => event.data.by)).toEqual(['holder', 'holder'])
    // The holder of ticket 2 is no one to ticket 1, nor is a stranger to either.
    await change(holder, number, 1, { firstName: 'Grace' }).expect(404)
    await change(await createUser(platform, db), number, 2, { firstName: 'Mallory' }).expect(404)
  })

  it('when the holder follows the e-ticket mail, then My orders lists the ticket in their name, open for changes; the buyer and an unverified address see none of it', async () => {
    const number = await paidOrder(2)
    const mail = (await mailsTo(holderEmail(2))).at(-1)
    expect(mail?.text_body).toContain('sign in with this e-mail address at http')
    expect(mail?.text_body).toContain('/en/apply/order')
    const holder = await createUser(platform, db, { email: holderEmail(2).toUpperCase() })
    const held = async (user: TestUser) => (await as(user, 'tickets$myOrders', { limit: 10 }).expect(200)).body.data.held as Array<Record<string, unknown>>
    const [ticket] = await held(holder)
    expect(ticket).toMatchObject({
      orderNumber: number,
      position: 2,
      exhibitionTitle: 'Singapore Brokers Week',
      ticketName: 'Standard pass',
      firstName: 'Ada2',
      changesOpen: true,
    })
    expect(ticket?.code).toBe((await ticketOf(number, 2))?.code)
    expect(String(ticket?.qr)).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(await held(buyer)).toEqual([])
    const unverified = await createUser(platform, db, { email: `other-${holderEmail(1)}` })
    await db.query('update accounts set email = $2, email_verified_at = null where id = $1', [unverified.userId, holderEmail(1)])
    expect(await held(unverified)).toEqual([])
    await change(unverified, number, 1, { firstName: 'Mallory' }).expect(404)

    await change(holder, number, 2, { firstName: 'Grace', lastName: 'Hopper' }).expect(200)
    expect((await held(holder))[0]).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', code: (await ticketOf(number, 2))?.code })
    await db.query("update exhibitions set attendee_changes_until = now() - interval '1 minute' where id = $1", [exhibitionId])
    platform.contentChanged({ scope: 'exhibitions' })
    expect((await held(holder))[0]?.changesOpen).toBe(false)
  })

  it('when an exhibitor scanned the ticket before its name was corrected, then the rename re-issues it and the lead follows the new ticket', async () => {
    const number = await paidOrder(1)
    const before = await ticketOf(number, 1)
    const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind) values ($1, 'broker') returning id::int as id", [
      `acme-${seed}`,
    ])
    const exhibitor = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
      company.rows[0]?.id,
      exhibitionId,
    ])
    await db.query('insert into leads (exhibitor_id, ticket_id, scanned_at, last_scanned_at, updated_at) values ($1, $2, now(), now(), now())', [
      exhibitor.rows[0]?.id,
      before?.id,
    ])
    await change(buyer, number, 1, { firstName: 'Augusta', lastName: 'King' }).expect(200)
    const after = await ticketOf(number, 1)
    expect(after?.id).not.toBe(before?.id)
    const leads = await db.query<{ ticket_id: string }>('select ticket_id::text from leads where exhibitor_id = $1', [exhibitor.rows[0]?.id])
    expect(leads.rows).toEqual([{ ticket_id: after?.id }])
  })

  it('when a name is empty, too long or carries a control character, then a translated 400 names the field and nothing changes', async () => {
    const number = await paidOrder(1)
    const before = await ticketOf(number, 1)
    const empty = await change(buyer, number, 1, { firstName: '' }).expect(400)
    expect(Object.keys(empty.body.data.fields)).toEqual(['firstName'])
    await change(buyer, number, 1, { lastName: 'x'.repeat(61) }).expect(400)
    await change(buyer, number, 1, { firstName: 'Ada\u0007' }).expect(400)
    await as(buyer, 'tickets$changeAttendee', { orderNumber: number, position: 9, firstName: 'A', lastName: 'B' }).expect(400)
    expect(await ticketOf(number, 1)).toEqual(before)
  })

  it('when the cut-off has passed, the ticket was used at the door or cancelled, then a name change is refused with the reason', async () => {
    const number = await paidOrder(3)
    const used = await ticketOf(number, 1)
    expect(await scan(used?.code as string)).toBe('checkedIn')
    const inside = await change(buyer, number, 1, { firstName: 'Grace' }).expect(409)
    expect(inside.body.message).toBe('tickets:attendeeChange.checkedIn')
    // Company and position of someone inside may still be corrected: their code stays.
    expect((await change(buyer, number, 1, { firstName: 'Ada1', company: 'Hopper Ltd' }).expect(200)).body.data.reissued).toBe(false)

    const [offer] = (await as(buyer, 'tickets$order', { orderNumber: number }).expect(200)).body.data.selfCancel as Array<{
      ticketId: string
      refundMinor: number
    }>
    const second = await ticketOf(number, 2)
    const cancelled = (await as(buyer, 'tickets$order', { orderNumber: number }).expect(200)).body.data.selfCancel.find(
      (candidate: { ticketId: string }) => candidate.ticketId === second?.id,
    )
    expect(offer).toBeDefined()
    await as(buyer, 'tickets$cancelTicket', { orderNumber: number, ticketId: second?.id, expectedRefundMinor: cancelled.refundMinor }).expect(200)
    expect((await change(buyer, number, 2, { firstName: 'Grace' }).expect(409)).body.message).toBe('tickets:attendeeChange.voided')

    await db.query("update exhibitions set attendee_changes_until = now() - interval '1 minute' where id = $1", [exhibitionId])
    platform.contentChanged({ scope: 'exhibitions' })
    expect((await change(buyer, number, 3, { firstName: 'Grace' }).expect(409)).body.message).toBe('tickets:attendeeChange.closed')
    expect(await ticketOf(number, 3)).toMatchObject({ first_name: 'Ada3' })
  })

  it('when someone keeps renaming, then the account is slowed down with a 429', async () => {
    const number = await paidOrder(1)
    for (let index = 0; index < 20; index++) {
      const answer = await change(buyer, number, 1, { firstName: `Ada${index % 2}` })
      expect([answer.status, answer.body.message]).toEqual([200, undefined])
    }
    await change(buyer, number, 1, { firstName: 'Ada' }).expect(429)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('changes racing each other (PostgreSQL only: PGlite cannot race)', () => {
  it('when two renames of one ticket arrive at once, then both are applied one after the other and one live code remains', async () => {
    const number = await paidOrder(1)
    const before = await ticketOf(number, 1)
    const answers = await Promise.all(['Grace', 'Katherine'].map((firstName) => change(buyer, number, 1, { firstName })))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const live = await db.query<{ id: string; code: string }>(
      'select e.id::text, e.code from e_tickets e join ticket_orders o on o.id = e.order_id where o.number = $1 and e.voided_at is null',
      [number],
    )
    expect(live.rows).toHaveLength(1)
    expect(live.rows[0]?.code).not.toBe(before?.code)
    expect(platform.services.tickets.signer.verify(live.rows[0]?.code as string)?.ticketId).toBe(live.rows[0]?.id)
    expect((await eventsOf(number)).filter((event) => event.kind === 'ticketReissued')).toHaveLength(2)
  })

  it('when a rename and the buyer cancelling the same ticket arrive at once, then exactly one of them happens and no refund names a ticket that is gone', async () => {
    await db.query("update exhibitions set refund_full_until = now() + interval '10 days' where id = $1", [exhibitionId])
    platform.contentChanged({ scope: 'exhibitions' })
    const number = await paidOrder(2)
    const ticket = await ticketOf(number, 1)
    const [offer] = (
      (await as(buyer, 'tickets$order', { orderNumber: number }).expect(200)).body.data.selfCancel as Array<{ ticketId: string; refundMinor: number }>
    ).filter((candidate) => candidate.ticketId === ticket?.id)
    const [renamed, cancelled] = await Promise.all([
      change(buyer, number, 1, { firstName: 'Grace' }),
      as(buyer, 'tickets$cancelTicket', { orderNumber: number, ticketId: ticket?.id, expectedRefundMinor: offer?.refundMinor }),
    ])
    expect([renamed.status, cancelled.status].filter((status) => status === 200)).toHaveLength(1)
    const refunds = await db.query<{ ticket_ids: string[] }>(
      'select r.ticket_ids::text[] as ticket_ids from refunds r join ticket_orders o on o.id = r.order_id where o.number = $1',
      [number],
    )
    if (renamed.status === 200) {
      expect(cancelled.status).toBe(404)
      expect(refunds.rows).toEqual([])
    } else {
      expect(renamed.body.message).toBe('tickets:attendeeChange.voided')
      expect(refunds.rows).toEqual([{ ticket_ids: [ticket?.id] }])
      expect((await db.query('select voided_at is not null as void from e_tickets where id = $1', [ticket?.id])).rows).toEqual([{ void: true }])
    }
  })
})

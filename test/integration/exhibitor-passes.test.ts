import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'
import { doorTickets, DOOR_LIST_FORMAT } from '../../shared/rules/door-list.ts'

/**
 * Team passes (docs/product.md#team-passes): the organiser grants an exhibitor passes (managers only,
 * audited), its admins name people by the attendee form's rules, each gets a signed e-ticket by mail,
 * a new name voids the old code at the door, a revoked pass lets nobody in, staff members read, and
 * no figure of sales or takings counts a pass.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let exhibitorId: number
let admin: TestUser
let staffMember: TestUser
let manager: SignedInMember
let door: SignedInMember

const area = (user: TestUser, route: string, payload: unknown, locale = 'en') => call(app, route, user.token, payload, { locale })
const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

/** A pass holder by the attendee form's shape. */
const person = (firstName: string, lastName: string, seed: number) => ({ ...attendees(1, seed)[0], firstName, lastName })

const codeOf = async (email: string) =>
  (
    await db.query<{ code: string; voided: boolean }>(
      'select e.code, e.voided_at is not null as voided from e_tickets e join ticket_attendees a on a.id = e.attendee_id where a.email = $1 order by e.issued_at desc',
      [email],
    )
  ).rows

const scan = async (code: string) => {
  const answer = await staff(door, 'checkinSync', {
    exhibitionId,
    deviceId: 'door-a',
    scans: [{ id: randomUUID(), code, gate: 'North', scannedAt: new Date().toISOString() }],
  }).expect(200)
  return answer.body.data.scans[0].outcome as string
}

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  standard = await makeTicketType(db, exhibitionId, { key: 'standard', name: 'Standard pass', priceMinor: 12900, currency: 'GBP', capacity: 50 })
  const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind) values ('acme-markets', 'broker') returning id::int as id")
  const companyId = company.rows[0]?.id as number
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'Acme Markets'), ($1, 'zh-cn', '极点市场')", [companyId])
  const row = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    companyId,
    exhibitionId,
  ])
  exhibitorId = row.rows[0]?.id as number
  admin = await createUser(platform, db)
  staffMember = await createUser(platform, db)
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin'), ($1, $3, 'staff')", [
    exhibitorId,
    admin.userId,
    staffMember.userId,
  ])
  manager = await setUpMember(app, db, ['manager'])
  door = await setUpMember(app, db, ['checkin'])
})

describe('the allowance', () => {
  it('when a manager grants passes, then it is audited and the console shows it; other roles and bad numbers are refused', async () => {
    const granted = await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 2 }).expect(200)
    expect(granted.body.data.exhibitor.passes).toEqual({ named: 0, allowance: 2 })
    const audit = await db.query('select target, before, after from staff_audit where function = $1', ['console$setExhibitorPassGrant'])
    expect(audit.rows).toEqual([{ target: `exhibitor:${exhibitorId}`, before: { grant: 0 }, after: { grant: 2 } }])

    const support = await setUpMember(app, db, ['support'])
    await staff(support, 'setExhibitorPassGrant', { exhibitorId, grant: 5 }).expect(403)
    const tooMany = await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 201 }).expect(400)
    expect(tooMany.body.data.fields).toMatchObject({ grant: 'console:errors.passGrantTooHigh' })
    const view = await area(admin, 'exhibitor$passes', { exhibitorId }).expect(200)
    expect(view.body.data).toMatchObject({ allowance: 2, named: 0, role: 'admin', passes: [] })
  })
})

describe('naming passes', () => {
  beforeEach(async () => {
    await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 2 }).expect(200)
  })

  it('when an admin names two people, then each gets an e-ticket mail with its PDF, and a third is refused with 409', async () => {
    await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Ada', 'Lovelace', 100_001) }).expect(200)
    const second = await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('小明', '王', 100_002), mailLocale: 'zh-cn' }).expect(200)
    expect(second.body.data.named).toBe(2)
    expect(second.body.data.passes.map((pass: { lastName: string }) => pass.lastName)).toEqual(['Lovelace', '王'])

    const full = await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Grace', 'Hopper', 100_003) }).expect(409)
    expect(full.body.message).toBe('exhibitor:errors.passesUsed')

    const mails = await db.query<{ to_address: string; text_body: string; attachments: Array<{ contentType: string }> }>(
      "select to_address, text_body, attachments from mail_outbox where to_address like 'ada1-10000%' order by id",
    )
    expect(mails.rows.map((mail) => mail.to_address)).toEqual(['ada1-100001@example.com', 'ada1-100002@example.com'])
    expect(mails.rows[0]?.text_body).toContain('Exhibitor pass · Acme Markets')
    expect(mails.rows[1]?.text_body).toContain('参展商证 · 极点市场')
    expect(mails.rows[1]?.text_body).toContain('王小明')
    expect(mails.rows[0]?.attachments.map((file) => file.contentType)).toEqual(['image/png', 'application/pdf'])
  })

  it('when the person breaks the attendee form rules, then the field is named and nothing is issued', async () => {
    const bad = await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: { ...person('Ada', 'Lovelace', 100_004), email: 'not-an-address' } }).expect(
      400,
    )
    expect(Object.keys(bad.body.data.fields)).toEqual(['attendee.email'])
    expect((await db.query('select 1 from e_tickets')).rows).toHaveLength(0)
  })

  it('when a staff member asks, then they read the names without addresses and may not name anyone', async () => {
    await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Ada', 'Lovelace', 100_005) }).expect(200)
    const read = await area(staffMember, 'exhibitor$passes', { exhibitorId }).expect(200)
    expect(read.body.data.passes[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: null, phone: null })
    await area(staffMember, 'exhibitor$namePass', { exhibitorId, attendee: person('Eve', 'Doe', 100_006) }).expect(403)
    const stranger = await createUser(platform, db)
    await area(stranger, 'exhibitor$passes', { exhibitorId }).expect(404)
  })

  it('when a pass gets another name, then the old code is void at the door and the new one lets its holder in', async () => {
    const named = await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Ada', 'Lovelace', 100_007) }).expect(200)
    const [old] = await codeOf('ada1-100007@example.com')
    const renamed = await area(admin, 'exhibitor$renamePass', {
      exhibitorId,
      passId: named.body.data.passes[0].id,
      attendee: person('Grace', 'Hopper', 100_008),
    }).expect(200)
    expect(renamed.body.data).toMatchObject({ named: 1, passes: [{ firstName: 'Grace' }] })
    expect(await scan(old?.code as string)).toBe('cancelled')
    const list = doorTickets((await staff(door, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }).expect(200)).body.data)
    // The list comes by order code; by family name here.
    expect(list.sort((a, b) => a.lastName.localeCompare(b.lastName)).map((ticket) => [ticket.name, ticket.company, ticket.state])).toEqual([
      ['Grace Hopper', 'Acme Markets', 'valid'],
      ['Ada Lovelace', 'Acme Markets', 'cancelled'],
    ])
    const [fresh] = await codeOf('ada1-100008@example.com')
    expect(await scan(fresh?.code as string)).toBe('checkedIn')
    const again = await area(admin, 'exhibitor$renamePass', { exhibitorId, passId: named.body.data.passes[0].id, attendee: person('Eve', 'Doe', 100_009) })
    expect(again.status).toBe(404)
  })

  it('when a pass is revoked, then its code lets nobody in and the pass can be named again', async () => {
    const named = await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Ada', 'Lovelace', 100_010) }).expect(200)
    await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Bo', 'Li', 100_011) }).expect(200)
    const revoked = await area(admin, 'exhibitor$revokePass', { exhibitorId, passId: named.body.data.passes[0].id }).expect(200)
    expect(revoked.body.data.named).toBe(1)
    const [old] = await codeOf('ada1-100010@example.com')
    expect(await scan(old?.code as string)).toBe('cancelled')
    await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Grace', 'Hopper', 100_012) }).expect(200)
  })
})

describe('erasure', () => {
  it('when the named person and then the admin are erased, then neither is left on the pass, and the pass still counts', async () => {
    await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 1 }).expect(200)
    const holder = await createUser(platform, db, { email: 'ada1-100040@example.com' })
    await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Ada', 'Lovelace', 100_040) }).expect(200)
    const owner = await setUpMember(app, db, ['owner'])
    await staff(owner, 'deleteVisitor', { id: holder.userId, confirmEmail: holder.email }).expect(200)
    const attendee = await db.query<{ first_name: string; email: string }>(
      'select a.first_name, a.email from ticket_attendees a join ticket_orders o on o.id = a.order_id where o.pass_exhibitor_id = $1',
      [exhibitorId],
    )
    expect(attendee.rows).toEqual([{ first_name: expect.not.stringContaining('Ada'), email: 'erased-1@erased.invalid' }])
    expect((await db.query("select 1 from mail_outbox where to_address = 'ada1-100040@example.com'")).rows).toHaveLength(0)

    const adminEmail = (await db.query<{ email: string }>('select email from accounts where id = $1', [admin.userId])).rows[0]?.email as string
    await db.query('delete from exhibitor_members where account_id = $1', [admin.userId])
    await staff(owner, 'deleteVisitor', { id: admin.userId, confirmEmail: adminEmail }).expect(200)
    const orders = await db.query<{ account_id: string | null; buyer_email: string }>(
      'select account_id, buyer_email from ticket_orders where pass_exhibitor_id = $1',
      [exhibitorId],
    )
    expect(orders.rows).toEqual([{ account_id: null, buyer_email: expect.not.stringContaining(adminEmail) }])
    const counted = (await staff(manager, 'exhibitorDetail', { exhibitorId }).expect(200)).body.data.exhibitor.passes
    expect(counted).toEqual({ named: 1, allowance: 1 })
  })
})

describe('figures with passes present', () => {
  it('when passes are named, then takings, sales, capacity, the order list, the orders export and the public ticket list do not count them', async () => {
    const buyer = await createUser(platform, db)
    const order = (
      await call(app, 'tickets$createOrder', buyer.token, {
        exhibitionId,
        lines: [{ ticketTypeId: standard, quantity: 1 }],
        idempotencyKey: randomUUID(),
      }).expect(200)
    ).body.data
    await call(app, 'tickets$saveAttendees', buyer.token, { orderNumber: order.number, attendees: attendees(1) }).expect(200)
    await call(app, 'tickets$confirmOrder', buyer.token, { orderNumber: order.number }).expect(200)
    const started = (await call(app, 'tickets$startPayment', buyer.token, { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)

    const before = (await staff(manager, 'dashboard', { exhibitionId }).expect(200)).body.data
    await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 2 }).expect(200)
    await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Ada', 'Lovelace', 100_020) }).expect(200)
    await area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Bo', 'Li', 100_021) }).expect(200)

    const after = (await staff(manager, 'dashboard', { exhibitionId }).expect(200)).body.data
    expect(after.revenue).toEqual(before.revenue)
    expect(after.soldPerDay).toEqual(before.soldPerDay)
    expect(after.ticketTypes).toEqual(before.ticketTypes)
    expect(after.revenue).toEqual([expect.objectContaining({ currency: 'GBP', paidOrders: 1, receivedMinor: 12900 })])

    const list = (await staff(manager, 'orderList', { exhibitionId }).expect(200)).body.data
    expect(list.rows.map((row: { number: string }) => row.number)).toEqual([order.number])
    const types = (await call(app, 'tickets$ticketTypes', buyer.token, { exhibitionId }).expect(200)).body.data.types
    expect(types.map((type: { id: number }) => type.id)).toEqual([standard])
    const buyerOrders = await db.query('select 1 from ticket_orders where account_id = $1 and pass_exhibitor_id is not null', [admin.userId])
    expect(buyerOrders.rows).toHaveLength(2)
    const mine = (await call(app, 'tickets$myOrders', admin.token, {}).expect(200)).body.data
    expect(mine.items).toEqual([])
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two admins at once', () => {
  it('when two admins name the last pass at the same moment, then one wins and the other hears the passes are used up', async () => {
    const second = await createUser(platform, db)
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, second.userId])
    await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 1 }).expect(200)
    const answers = await Promise.all([
      area(admin, 'exhibitor$namePass', { exhibitorId, attendee: person('Ada', 'Lovelace', 100_030) }),
      area(second, 'exhibitor$namePass', { exhibitorId, attendee: person('Bo', 'Li', 100_031) }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(
      (await db.query('select 1 from e_tickets e join ticket_orders o on o.id = e.order_id where o.pass_exhibitor_id = $1', [exhibitorId])).rows,
    ).toHaveLength(1)
  })
})

import { readSheet } from 'read-excel-file/node'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, later, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { makeExhibitor as newExhibitor, paidOrder as payOrder } from './leads-helpers.ts'
import { type App, attendees, call, makeExhibition } from './tickets-helpers.ts'

/**
 * Leads (docs/product.md#leads): an attendee chooses per ticket what exhibitors who scan it may receive;
 * an exhibitor's members scan signed codes (or type the order code) at an exhibition whose organiser
 * switched capture on; a ticket scanned twice is one lead; the contact shown follows the consent as it
 * is when read (list and exports), and erasure leaves an anonymous visit.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let otherExhibitionId: number
let exhibitorId: number
let rivalId: number
let buyer: TestUser
let admin: TestUser
let staffMember: TestUser
let rivalStaff: TestUser
let manager: SignedInMember

const as = (user: TestUser | null, route: string, payload: unknown) => call(app, route, user?.token ?? null, payload)
const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

const makeExhibitor = (exhibition: number, name: string) => newExhibitor(db, exhibition, name)
const paidOrder = (exhibition: number, forms: Array<Record<string, unknown>>) => payOrder(app, db, buyer, exhibition, forms)

const grace = (shares: string[] = []) => ({ ...attendees(1)[0], firstName: 'Grace', lastName: 'Hopper', shares })
const scan = (user: TestUser | null, payload: Record<string, unknown>) => as(user, 'lead$scan', { exhibitorId, ...payload })
const list = async (user: TestUser, payload: Record<string, unknown> = {}) => (await as(user, 'lead$list', { exhibitorId, ...payload }).expect(200)).body.data
const csvOf = async (user: TestUser) =>
  Buffer.from((await as(user, 'lead$export', { exhibitorId, format: 'csv' }).expect(200)).body.data.base64, 'base64').toString('utf8')

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  otherExhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
  exhibitorId = await makeExhibitor(exhibitionId, 'Acme')
  rivalId = await makeExhibitor(exhibitionId, 'Rival')
  buyer = await createUser(platform, db)
  admin = await createUser(platform, db, { nick: 'Ada Admin' })
  staffMember = await createUser(platform, db, { nick: 'Sam Staff' })
  rivalStaff = await createUser(platform, db)
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin'), ($1, $3, 'staff'), ($4, $5, 'staff')", [
    exhibitorId,
    admin.userId,
    staffMember.userId,
    rivalId,
    rivalStaff.userId,
  ])
  manager = await setUpMember(app, db, ['manager'])
  await staff(manager, 'setLeadCapture', { exhibitionId, enabled: true }).expect(200)
})

describe('consent', () => {
  it('when the attendee form shares nothing, then the ticket shares nothing; the buyer changes it later and the order shows it', async () => {
    const order = await paidOrder(exhibitionId, [grace()])
    const before = (await as(buyer, 'tickets$order', { orderNumber: order.number }).expect(200)).body.data
    expect(before.attendees[0].shares).toEqual([])
    const changed = await as(buyer, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: ['email', 'name', 'email'] }).expect(200)
    expect(changed.body.data).toEqual({ position: 1, shares: ['name', 'email'] })
    const after = (await as(buyer, 'tickets$order', { orderNumber: order.number }).expect(200)).body.data
    expect(after.attendees[0].shares).toEqual(['name', 'email'])
  })

  it('when the attendee signs in with the ticket’s address, then they change their own ticket; anyone else hears 404', async () => {
    const form = grace(['name'])
    const order = await paidOrder(exhibitionId, [form])
    const holder = await createUser(platform, db, { email: form.email })
    await as(holder, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: ['phone'] }).expect(200)
    await as(staffMember, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: ['name', 'email', 'phone'] }).expect(404)
    await as(buyer, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: ['fax'] }).expect(400)
    const row = await db.query<{ shares: string[] }>('select shares from ticket_attendees where email = $1', [form.email])
    expect(row.rows[0]?.shares).toEqual(['phone'])
  })
})

describe('scanning', () => {
  it('when a ticket that shares nothing is scanned, then an anonymous visit is counted', async () => {
    const order = await paidOrder(exhibitionId, [grace()])
    const at = setMoment(Date.now())
    const answer = (await scan(staffMember, { code: order.codes[0] }).expect(200)).body.data
    expect(answer.repeated).toBe(false)
    expect(answer.lead).toMatchObject({ shares: [], firstName: null, lastName: null, email: null, phone: null, scans: 1, scannedBy: 'Sam Staff' })
    expect(answer.lead.scannedAt).toBe(at.toISOString())
    const team = await list(admin)
    expect(team).toMatchObject({ captureOn: true, total: 1, scans: 1 })
  })

  it('when the attendee shares name and e-mail, then only those are shown', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name', 'email'])])
    const lead = (await scan(admin, { code: order.codes[0] }).expect(200)).body.data.lead
    expect(lead).toMatchObject({ shares: ['name', 'email'], firstName: 'Grace', lastName: 'Hopper', phone: null })
    expect(lead.email).toMatch(/@example\.com$/)
  })

  it('when a ticket is scanned twice (camera, then typed), then it is one lead with two scans', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name'])])
    const first = setMoment(Date.now())
    await scan(staffMember, { code: order.codes[0] }).expect(200)
    const second = later(300)
    const again = (await scan(admin, { orderCode: order.number.toLowerCase() }).expect(200)).body.data
    expect(again.repeated).toBe(true)
    expect(again.lead).toMatchObject({ scans: 2, scannedBy: 'Sam Staff', scannedAt: first.toISOString(), lastScannedAt: second.toISOString() })
    expect((await list(admin)).total).toBe(1)
  })

  it('when an order has several tickets, then the typed code needs the ticket’s number', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name']), { ...attendees(1)[0], firstName: 'Alan', lastName: 'Turing', shares: ['name'] }])
    const refused = await scan(staffMember, { orderCode: order.number }).expect(400)
    expect(refused.body.data.fields).toEqual({ position: 'leads:errors.ambiguous' })
    const lead = (await scan(staffMember, { orderCode: order.number, position: 2 }).expect(200)).body.data.lead
    expect(lead.firstName).toBe('Alan')
    await scan(staffMember, { orderCode: 'T-0000000000' }).expect(404)
  })

  it('when the code is tampered with, of another exhibition, voided or capture is off, then a translated 4xx and no lead', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name'])])
    const code = order.codes[0] as string
    const altered = `${code.slice(0, -10)}${code.at(-10) === 'A' ? 'B' : 'A'}${code.slice(-9)}`
    const forged = await scan(staffMember, { code: altered }).expect(400)
    expect(forged.body.message).toBe('leads:errors.badCode')
    expect(forged.body.data.fields).toEqual({ code: 'leads:errors.badCode' })
    await scan(staffMember, {}).expect(400)

    const elsewhere = await paidOrder(otherExhibitionId, [grace(['name'])])
    expect((await scan(staffMember, { code: elsewhere.codes[0] }).expect(409)).body.message).toBe('leads:errors.otherExhibition')
    expect((await scan(staffMember, { orderCode: elsewhere.number }).expect(409)).body.message).toBe('leads:errors.otherExhibition')

    await db.query('update e_tickets set voided_at = now() where code = $1', [code])
    expect((await scan(staffMember, { code }).expect(410)).body.message).toBe('leads:errors.voided')

    const fresh = await paidOrder(exhibitionId, [grace(['name'])])
    await staff(manager, 'setLeadCapture', { exhibitionId, enabled: false }).expect(200)
    expect((await scan(staffMember, { code: fresh.codes[0] }).expect(403)).body.message).toBe('leads:errors.captureOff')
    expect((await list(admin)).captureOn).toBe(false)
    expect((await db.query('select count(*)::int as n from leads')).rows[0]).toEqual({ n: 0 })
  })

  it('when someone outside the team scans, reads, qualifies or exports, then they are refused', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name'])])
    const lead = (await scan(staffMember, { code: order.codes[0] }).expect(200)).body.data.lead
    // Another exhibitor's staff at the same exhibition, a visitor with an account, and nobody signed in.
    await scan(rivalStaff, { code: order.codes[0] }).expect(404)
    await as(rivalStaff, 'lead$list', { exhibitorId }).expect(404)
    await as(rivalStaff, 'lead$qualify', { exhibitorId, leadId: lead.id, rating: 'hot', tags: [], notes: '' }).expect(404)
    await as(rivalStaff, 'lead$export', { exhibitorId, format: 'csv' }).expect(404)
    await as(rivalStaff, 'lead$qualify', { exhibitorId: rivalId, leadId: lead.id, rating: 'hot', tags: [], notes: '' }).expect(404)
    await scan(buyer, { code: order.codes[0] }).expect(404)
    await scan(null, { code: order.codes[0] }).expect(401)
    await as(null, 'lead$list', { exhibitorId }).expect(401)
    expect((await db.query('select scans from leads')).rows).toEqual([{ scans: 1 }])
  })
})

describe('qualifying, the team list and the export', () => {
  it('when a member rates, tags and notes a lead, then the list filters and searches it', async () => {
    const one = await paidOrder(exhibitionId, [grace(['name', 'email'])])
    const two = await paidOrder(exhibitionId, [{ ...attendees(1)[0], firstName: '小明', lastName: '王', shares: ['name'] }])
    const hot = (await scan(staffMember, { code: one.codes[0] }).expect(200)).body.data.lead
    await scan(staffMember, { code: two.codes[0] }).expect(200)
    const saved = await as(admin, 'lead$qualify', {
      exhibitorId,
      leadId: hot.id,
      rating: 'hot',
      tags: [' VIP ', 'vip', 'Prop  Trading'],
      notes: 'Wants a demo',
    }).expect(200)
    expect(saved.body.data.lead).toMatchObject({ rating: 'hot', tags: ['vip', 'prop trading'], notes: 'Wants a demo' })

    expect((await list(staffMember, { rating: 'hot' })).items.map((lead: { firstName: string }) => lead.firstName)).toEqual(['Grace'])
    expect((await list(staffMember, { rating: 'none' })).items.map((lead: { firstName: string }) => lead.firstName)).toEqual(['小明'])
    expect((await list(staffMember, { search: 'VIP' })).items).toHaveLength(1)
    expect((await list(staffMember, { search: '王小明' })).items.map((lead: { lastName: string }) => lead.lastName)).toEqual(['王'])

    const tooMany = await as(admin, 'lead$qualify', {
      exhibitorId,
      leadId: hot.id,
      rating: null,
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`),
      notes: '',
    })
    expect(tooMany.status).toBe(400)
    const bad = await as(admin, 'lead$qualify', { exhibitorId, leadId: hot.id, rating: 'boiling', tags: [], notes: 'x'.repeat(2001) }).expect(400)
    expect(bad.body.data.fields).toMatchObject({ rating: 'errors.invalid', notes: 'leads:errors.notesTooLong' })
    await as(admin, 'lead$qualify', { exhibitorId, leadId: 999999, rating: null, tags: [], notes: '' }).expect(404)
  })

  it('when the attendee withdraws consent, then the list and both exports show an anonymous visit at once', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name', 'email'])])
    const lead = (await scan(staffMember, { code: order.codes[0] }).expect(200)).body.data.lead
    await as(admin, 'lead$qualify', { exhibitorId, leadId: lead.id, rating: 'warm', tags: ['=cmd|calc'], notes: '+1 call back' }).expect(200)
    const shared = await csvOf(admin)
    expect(shared).toContain('Grace Hopper')
    expect(shared).toContain(lead.email)
    // Formulas are defused: a cell that starts with = or + is written as text.
    expect(shared).toContain("'=cmd|calc")
    expect(shared).toContain("'+1 call back")

    await as(buyer, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: [] }).expect(200)
    const [item] = (await list(admin)).items
    expect(item).toMatchObject({ shares: [], firstName: null, lastName: null, email: null, phone: null, rating: 'warm' })
    const withdrawn = await csvOf(admin)
    expect(withdrawn).not.toContain('Grace')
    expect(withdrawn).not.toContain(lead.email)
    expect(withdrawn).toContain('Nothing (anonymous visit)')
    const sheet = await readSheet(Buffer.from((await as(admin, 'lead$export', { exhibitorId, format: 'xlsx' }).expect(200)).body.data.base64, 'base64'))
    expect(sheet[0]?.slice(0, 6)).toEqual(['Name', 'Company', 'Position', 'E-mail', 'Phone', 'Shared with us'])
    expect(sheet[1]?.slice(0, 6)).toEqual([null, null, null, null, null, 'Nothing (anonymous visit)'])
    expect(JSON.stringify(sheet)).not.toContain('Grace')
  })

  it('when the attendee is erased, then their lead is an anonymous visit without the team’s notes', async () => {
    const form = grace(['name', 'email', 'phone'])
    const order = await paidOrder(exhibitionId, [form])
    const holder = await createUser(platform, db, { email: form.email })
    const lead = (await scan(staffMember, { code: order.codes[0] }).expect(200)).body.data.lead
    await as(admin, 'lead$qualify', { exhibitorId, leadId: lead.id, rating: 'hot', tags: ['grace'], notes: 'Grace Hopper, call her' }).expect(200)
    const owner = await setUpMember(app, db, ['owner'])
    await staff(owner, 'deleteVisitor', { id: holder.userId, confirmEmail: form.email }).expect(200)
    const [item] = (await list(admin)).items
    expect(item).toMatchObject({ shares: [], firstName: null, email: null, phone: null, rating: null, tags: [], notes: '', scans: 1 })
    expect(await csvOf(admin)).not.toContain('Grace')
  })

  it('when the scanning member is erased, then the lead stays without who scanned it', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name'])])
    await scan(staffMember, { code: order.codes[0] }).expect(200)
    const owner = await setUpMember(app, db, ['owner'])
    const email = (await db.query<{ email: string }>('select email from accounts where id = $1', [staffMember.userId])).rows[0]?.email
    await staff(owner, 'deleteVisitor', { id: staffMember.userId, confirmEmail: email }).expect(200)
    expect((await list(admin)).items[0]).toMatchObject({ scannedBy: null, firstName: 'Grace' })
  })
})

describe('the organiser', () => {
  it('when a manager switches capture, then it is audited; the console reads counts per exhibitor, never the leads', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name', 'email'])])
    await scan(staffMember, { code: order.codes[0] }).expect(200)
    await scan(admin, { code: order.codes[0] }).expect(200)
    const desk = (await staff(manager, 'leadCapture', { exhibitionId }).expect(200)).body.data
    expect(desk.enabled).toBe(true)
    expect(desk.exhibitors).toEqual([
      { exhibitorId, name: 'Acme', leads: 1, scans: 2 },
      { exhibitorId: rivalId, name: 'Rival', leads: 0, scans: 0 },
    ])
    expect(JSON.stringify(desk)).not.toContain('Grace')
    const audit = await db.query<{ target: string; before: unknown; after: unknown }>(
      "select target, before, after from staff_audit where function = 'console$setLeadCapture' order by at",
    )
    expect(audit.rows).toEqual([{ target: `exhibition:${exhibitionId}`, before: { enabled: false }, after: { enabled: true } }])
    const door = await setUpMember(app, db, ['checkin'])
    await staff(door, 'setLeadCapture', { exhibitionId, enabled: false }).expect(403)
    await staff(manager, 'setLeadCapture', { exhibitionId: 999999, enabled: true }).expect(404)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('two devices at once (PostgreSQL only: PGlite cannot race)', () => {
  it('when two members scan the same ticket at the same moment, then one lead with two scans', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name'])])
    const answers = await Promise.all([scan(staffMember, { code: order.codes[0] }), scan(admin, { code: order.codes[0] })])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers.map((answer) => answer.body.data.repeated).sort()).toEqual([false, true])
    expect((await db.query('select scans from leads')).rows).toEqual([{ scans: 2 }])
  })
})

describe('typing a name', () => {
  /** The door admitted the order's tickets: what a name may find is who is at the show. */
  const admit = (orderNumber: string) =>
    db.query(
      `insert into checkin_scans (id, exhibition_id, ticket_id, outcome, gate, device_id, method, staff_id, scanned_at)
       select gen_random_uuid(), t.exhibition_id, t.id, 'checkedIn', 'Hall A', 'door-1', 'scan', $2, $3
         from e_tickets t join ticket_orders o on o.id = t.order_id where o.number = $1`,
      [orderNumber, manager.id, new Date(Date.now())],
    )
  const wang = (shares: string[]) => ({ ...attendees(1)[0], firstName: '小明', lastName: '王', shares })

  it('when the whole name of an admitted attendee who shares it is typed, in either order, then it is their lead', async () => {
    const order = await paidOrder(exhibitionId, [grace(['name', 'email'])])
    await admit(order.number)
    const first = await scan(staffMember, { name: '  grace HOPPER ' }).expect(200)
    expect(first.body.data).toMatchObject({ repeated: false, lead: { firstName: 'Grace', lastName: 'Hopper' } })
    const again = await scan(staffMember, { name: 'Hopper Grace' }).expect(200)
    expect(again.body.data).toMatchObject({ repeated: true, lead: { id: first.body.data.lead.id, scans: 2 } })
    const chinese = await paidOrder(exhibitionId, [wang(['name'])])
    await admit(chinese.number)
    expect((await scan(staffMember, { name: '王小明' }).expect(200)).body.data.lead).toMatchObject({ firstName: '小明', lastName: '王' })
  })

  it('when the name is only part of one, not shared, not admitted or of another exhibition, then nobody is found and nothing is recorded', async () => {
    const withheld = await paidOrder(exhibitionId, [grace(['email'])])
    await admit(withheld.number)
    const notAdmitted = await paidOrder(exhibitionId, [wang(['name'])])
    const elsewhere = await payOrder(app, db, buyer, otherExhibitionId, [{ ...attendees(1)[0], firstName: 'Ada', lastName: 'Lovelace', shares: ['name'] }])
    await admit(elsewhere.number)
    expect(notAdmitted.number).toBeTruthy()
    for (const name of ['Grace Hopper', '王小明', 'Ada Lovelace', 'Hopp', 'Grace']) {
      const refused = await scan(staffMember, { name }).expect(404)
      expect(refused.body.message).toBe('leads:errors.nameNotFound')
    }
    expect((await db.query('select count(*)::int as n from leads')).rows).toEqual([{ n: 0 }])
  })

  it('when two admitted attendees share the name, then the member is asked for the order code; hostile input is a 400', async () => {
    const twins = await paidOrder(
      exhibitionId,
      attendees(2).map((form) => ({ ...form, firstName: 'Grace', lastName: 'Hopper', shares: ['name'] })),
    )
    await admit(twins.number)
    const ambiguous = await scan(staffMember, { name: 'Grace Hopper' }).expect(400)
    expect(ambiguous.body.data.fields).toEqual({ name: 'leads:errors.nameAmbiguous' })
    await scan(staffMember, { name: 'Grace\u0000Hopper' }).expect(400)
    await scan(staffMember, { name: 'x'.repeat(81) }).expect(400)
    await scan(rivalStaff, { name: 'Grace Hopper' }).expect(404)
  })
})

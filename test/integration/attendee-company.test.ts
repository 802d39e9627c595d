import { randomUUID } from 'node:crypto'
import { readSheet } from 'read-excel-file/node'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, exportDownload, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'
import { doorTickets, DOOR_LIST_FORMAT } from '../../shared/rules/door-list.ts'

/**
 * An attendee's company and position (docs/product.md#attendee-company): optional on the attendee form,
 * cleaned and limited like names, kept as typed in any script, shown on the order, in the console and
 * its attendee export, shared with exhibitors who scan the badge only field by field
 * (docs/product.md#leads), and gone with the person.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let exhibitorId: number
let buyer: TestUser
let scanner: TestUser
let manager: SignedInMember

const as = (user: TestUser, route: string, payload: unknown) => call(app, route, user.token, payload)
const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const wang = (extra: Record<string, unknown> = {}) => ({ ...attendees(1)[0], firstName: '小明', lastName: '王', ...extra })

async function pendingOrder(count = 1): Promise<string> {
  const type = await makeTicketType(db, exhibitionId, {
    name: 'Standard pass',
    priceMinor: 12900,
    currency: 'GBP',
    key: `standard-${randomUUID().slice(0, 6)}`,
  })
  const order = await as(buyer, 'tickets$createOrder', {
    exhibitionId,
    lines: [{ ticketTypeId: type, quantity: count }],
    idempotencyKey: randomUUID(),
  }).expect(200)
  return order.body.data.number
}

async function paidOrder(forms: Array<Record<string, unknown>>): Promise<{ number: string; codes: string[] }> {
  const number = await pendingOrder(forms.length)
  await as(buyer, 'tickets$saveAttendees', { orderNumber: number, attendees: forms }).expect(200)
  await as(buyer, 'tickets$confirmOrder', { orderNumber: number }).expect(200)
  const started = (await as(buyer, 'tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  const tickets = await db.query<{ code: string }>(
    'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [number],
  )
  return { number, codes: tickets.rows.map((row) => row.code) }
}

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Shanghai Fintech Expo' })
  const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind) values ($1, 'broker') returning id::int as id", [
    `acme-${randomUUID().slice(0, 6)}`,
  ])
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'Acme')", [company.rows[0]?.id])
  const exhibitor = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    company.rows[0]?.id,
    exhibitionId,
  ])
  exhibitorId = exhibitor.rows[0]?.id as number
  buyer = await createUser(platform, db)
  scanner = await createUser(platform, db, { nick: 'Sam Staff' })
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'staff')", [exhibitorId, scanner.userId])
  manager = await setUpMember(app, db, ['manager'])
  await staff(manager, 'setLeadCapture', { exhibitionId, enabled: true }).expect(200)
})

describe('the attendee form', () => {
  it('when company and position are given in any script, then they are kept trimmed and shown back exactly', async () => {
    const number = await pendingOrder(2)
    const forms = [
      wang({ company: '  王小明科技有限公司 ', jobTitle: '交易 \t 主管' }),
      { ...attendees(2)[1], company: 'บริษัทหลักทรัพย์สยาม', jobTitle: 'Трейдер' },
    ]
    const saved = (await as(buyer, 'tickets$saveAttendees', { orderNumber: number, attendees: forms }).expect(200)).body.data
    expect(saved.attendees.map((row: { company: string; jobTitle: string }) => [row.company, row.jobTitle])).toEqual([
      ['王小明科技有限公司', '交易 主管'],
      ['บริษัทหลักทรัพย์สยาม', 'Трейдер'],
    ])
  })

  it('when company and position are left out or empty, then the order holds none', async () => {
    const number = await pendingOrder(2)
    const forms = [attendees(2)[0], { ...attendees(2)[1], company: '   ', jobTitle: '' }]
    const saved = (await as(buyer, 'tickets$saveAttendees', { orderNumber: number, attendees: forms }).expect(200)).body.data
    expect(saved.attendees.map((row: { company: string; jobTitle: string }) => [row.company, row.jobTitle])).toEqual([
      ['', ''],
      ['', ''],
    ])
  })

  it('when the company or position is hostile (controls, bidi overrides, 500 characters, not text), then the field is named with its message; a line break is folded into a space', async () => {
    const number = await pendingOrder(1)
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ company: 'Acme\u0007 Ltd' }, 'attendees.0.company', 'messages.characters'],
      [{ jobTitle: 'Head\u202eof trading' }, 'attendees.0.jobTitle', 'messages.characters'],
      [{ company: '王'.repeat(500) }, 'attendees.0.company', 'messages.tooLong'],
      [{ jobTitle: 'x'.repeat(81) }, 'attendees.0.jobTitle', 'messages.tooLong'],
      [{ company: 42 }, 'attendees.0.company', 'errors.invalid'],
    ]
    for (const [extra, field, message] of refusals) {
      const refused = await as(buyer, 'tickets$saveAttendees', { orderNumber: number, attendees: [wang(extra)] }).expect(400)
      expect(refused.body.data.fields, JSON.stringify(extra)).toEqual({ [field]: message })
    }
    const stored = async () =>
      (await db.query<{ company: string }>('select company from ticket_attendees a join ticket_orders o on o.id = a.order_id where o.number = $1', [number]))
        .rows[0]?.company
    expect(await stored()).toBeUndefined()
    await as(buyer, 'tickets$saveAttendees', { orderNumber: number, attendees: [wang({ company: '王'.repeat(120), jobTitle: 'x'.repeat(80) })] }).expect(200)
    expect(await stored()).toBe('王'.repeat(120))
    await as(buyer, 'tickets$saveAttendees', { orderNumber: number, attendees: [wang({ company: 'Acme\r\nTrading' })] }).expect(200)
    expect(await stored()).toBe('Acme Trading')
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('at the same moment (PostgreSQL only: PGlite cannot race)', () => {
  it('when the buyer saves the forms from two tabs at once, then one whole version stands, never a mix of companies', async () => {
    const number = await pendingOrder(2)
    const version = (company: string) => [
      wang({ company: `${company} 1`, jobTitle: company }),
      { ...attendees(2)[1], company: `${company} 2`, jobTitle: company },
    ]
    const answers = await Promise.all(
      ['汇达证券', 'Acme'].map((company) => as(buyer, 'tickets$saveAttendees', { orderNumber: number, attendees: version(company) })),
    )
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true)
    const rows = await db.query<{ company: string; job_title: string }>(
      'select a.company, a.job_title from ticket_attendees a join ticket_orders o on o.id = a.order_id where o.number = $1 order by a.position',
      [number],
    )
    expect(rows.rows).toHaveLength(2)
    const winner = rows.rows[0]?.job_title as string
    expect(rows.rows).toEqual([
      { company: `${winner} 1`, job_title: winner },
      { company: `${winner} 2`, job_title: winner },
    ])
  })

  it('when the attendee changes what they share while the team scans them, then the lead shows the consent as it is after both', async () => {
    const order = await paidOrder([wang({ company: '汇达证券', shares: ['name', 'company'] })])
    await Promise.all([
      as(buyer, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: ['company'] }).expect(200),
      as(scanner, 'lead$scan', { exhibitorId, code: order.codes[0] }).expect(200),
    ])
    const lead = (await as(scanner, 'lead$list', { exhibitorId }).expect(200)).body.data.items[0]
    expect(lead).toMatchObject({ shares: ['company'], firstName: null, company: '汇达证券', scans: 1 })
  })
})

describe('consent', () => {
  it('when the attendee shares only the company, then the scan shows the company and nothing else, and a withdrawal anonymises the lead at once', async () => {
    const order = await paidOrder([wang({ company: '汇达证券', jobTitle: '交易主管', shares: ['company'] })])
    const lead = (await as(scanner, 'lead$scan', { exhibitorId, code: order.codes[0] }).expect(200)).body.data.lead
    expect(lead).toMatchObject({ shares: ['company'], firstName: null, lastName: null, company: '汇达证券', jobTitle: null, email: null, phone: null })
    await as(buyer, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: ['position', 'name', 'company'] }).expect(200)
    const listed = (await as(scanner, 'lead$list', { exhibitorId }).expect(200)).body.data.items[0]
    expect(listed).toMatchObject({ shares: ['name', 'company', 'position'], firstName: '小明', company: '汇达证券', jobTitle: '交易主管', email: null })
    const found = async () => (await as(scanner, 'lead$list', { exhibitorId, search: '汇达' }).expect(200)).body.data.matching
    expect(await found()).toBe(1)
    await as(buyer, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: [] }).expect(200)
    const withdrawn = (await as(scanner, 'lead$list', { exhibitorId }).expect(200)).body.data.items[0]
    expect(withdrawn).toMatchObject({ shares: [], firstName: null, company: null, jobTitle: null })
    // A company no longer shared is not there to find.
    expect(await found()).toBe(0)
  })

  it('when company is shared but was never given, then the lead shows no company and the consent says so', async () => {
    const order = await paidOrder([wang({ shares: ['name', 'company'] })])
    const lead = (await as(scanner, 'lead$scan', { exhibitorId, code: order.codes[0] }).expect(200)).body.data.lead
    expect(lead).toMatchObject({ shares: ['name', 'company'], firstName: '小明', company: null, jobTitle: null })
  })

  it('when leads are exported, then company and position have their columns, filled only where shared now', async () => {
    const order = await paidOrder([
      wang({ company: '汇达证券', jobTitle: '交易主管', shares: ['name', 'company'] }),
      { ...attendees(2)[1], firstName: 'Grace', lastName: 'Hopper', company: '=HYPERLINK("x")', jobTitle: 'Admiral', shares: ['company', 'position'] },
    ])
    for (const code of order.codes) await as(scanner, 'lead$scan', { exhibitorId, code }).expect(200)
    const file = Buffer.from((await as(scanner, 'lead$export', { exhibitorId, format: 'xlsx' }).expect(200)).body.data.base64, 'base64')
    const [header, ...rows] = await readSheet(file)
    expect(header?.slice(0, 5)).toEqual(['Name', 'Company', 'Position', 'E-mail', 'Phone'])
    const byCompany = new Map(rows.map((row) => [row[1], row.slice(0, 5)]))
    expect(byCompany.get('汇达证券')).toEqual(['王小明', '汇达证券', null, null, null])
    expect(byCompany.get('=HYPERLINK("x")')).toEqual([null, '=HYPERLINK("x")', 'Admiral', null, null])
    const csv = Buffer.from((await as(scanner, 'lead$export', { exhibitorId, format: 'csv' }).expect(200)).body.data.base64, 'base64').toString('utf8')
    expect(csv).toContain(`'=HYPERLINK`)
  })
})

describe('the console', () => {
  it('when staff open the order and export attendees, then company and position are there in the member’s language', async () => {
    const order = await paidOrder([wang({ company: '汇达证券', jobTitle: '交易主管' })])
    const detail = (await staff(manager, 'orderDetail', { number: order.number }).expect(200)).body.data.order
    expect(detail.attendees[0]).toMatchObject({ firstName: '小明', company: '汇达证券', jobTitle: '交易主管' })
    await staff(manager, 'setLanguage', { language: 'zh-cn' }).expect(200)
    const exported = await exportDownload(app, manager.cookie, { exhibition: exhibitionId, kind: 'attendees', format: 'csv' }).expect(200)
    const [header, row] = (exported.body as Buffer).toString('utf8').slice(1).split('\r\n')
    const columns = header?.split(',') ?? []
    const cells = row?.split(',') ?? []
    expect(cells[columns.indexOf('公司')]).toBe('汇达证券')
    expect(cells[columns.indexOf('职位')]).toBe('交易主管')
  })

  it('when the door loads its list, then each ticket carries what its holder gave (none: null), apart from a pass’s exhibitor', async () => {
    await paidOrder([wang({ company: '汇达证券', jobTitle: '交易主管' }), { ...attendees(2)[1], firstName: 'Grace', lastName: 'Hopper' }])
    const door = await setUpMember(app, db, ['checkin'])
    const list = (await staff(door, 'checkinList', { exhibitionId, format: DOOR_LIST_FORMAT }).expect(200)).body.data
    const byName = new Map(doorTickets(list).map((ticket) => [ticket.name, ticket]))
    expect(byName.get('王小明')).toMatchObject({ company: null, holderCompany: '汇达证券', jobTitle: '交易主管' })
    expect(byName.get('Grace Hopper')).toMatchObject({ company: null, holderCompany: null, jobTitle: null })
  })

  it('when staff correct the company, then it is saved and audited, and a correction without it keeps none', async () => {
    const order = await paidOrder([wang({ company: '汇达证券' })])
    const attendee = (await staff(manager, 'orderDetail', { number: order.number }).expect(200)).body.data.order.attendees[0]
    const corrected = { ...wang(), email: attendee.email, phone: { country: attendee.phone.country, number: attendee.phone.e164 }, company: '汇达证券（香港）' }
    const after = (await staff(manager, 'changeAttendee', { number: order.number, attendeeId: attendee.id, attendee: corrected }).expect(200)).body.data.order
    expect(after.attendees[0]).toMatchObject({ company: '汇达证券（香港）', jobTitle: '' })
    const audit = await db.query<{ before: { company: string }; after: { company: string } }>(
      "select before, after from staff_audit where function = 'console$changeAttendee'",
    )
    expect(audit.rows[0]).toMatchObject({ before: { company: '汇达证券' }, after: { company: '汇达证券（香港）' } })
  })
})

describe('erasure', () => {
  it('when the attendee is erased, then their company and position are gone from the ticket and from the audit of a correction', async () => {
    const person = wang({ company: '王小明科技有限公司', jobTitle: '交易主管', shares: ['name', 'company', 'position'] })
    const holder = await createUser(platform, db, { email: person.email as string })
    const order = await paidOrder([person])
    const attendee = (await staff(manager, 'orderDetail', { number: order.number }).expect(200)).body.data.order.attendees[0]
    await staff(manager, 'changeAttendee', {
      number: order.number,
      attendeeId: attendee.id,
      attendee: { ...person, phone: { country: attendee.phone.country, number: attendee.phone.e164 }, jobTitle: '交易总监' },
    }).expect(200)
    await as(scanner, 'lead$scan', { exhibitorId, code: order.codes[0] }).expect(200)
    const owner = await setUpMember(app, db, ['owner'])
    await staff(owner, 'deleteVisitor', { id: holder.userId, confirmEmail: holder.email }).expect(200)
    const row = await db.query<{ company: string; job_title: string; shares: string[] }>('select company, job_title, shares from ticket_attendees')
    expect(row.rows).toEqual([{ company: '', job_title: '', shares: [] }])
    const audit = await db.query<{ text: string }>('select before::text || after::text as text from staff_audit where function = $1', [
      'console$changeAttendee',
    ])
    for (const text of ['王小明科技有限公司', '交易主管', '交易总监']) expect(audit.rows[0]?.text).not.toContain(text)
    const lead = (await as(scanner, 'lead$list', { exhibitorId }).expect(200)).body.data.items[0]
    expect(lead).toMatchObject({ shares: [], firstName: null, company: null, jobTitle: null })
  })
})

import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Who may capture leads (docs/product.md#lead-capture-rule): the organiser's switch per exhibition, read by
 * the desk and flipped by managers only, audited; and the booth package, whose "lead capture included"
 * decides for an exhibitor with sold booths. The console sees counts per exhibitor, never who.
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
let quietId: number
let buyer: TestUser
let admin: TestUser
let manager: SignedInMember
let hallId: number

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const as = (user: TestUser, route: string, payload: unknown) => call(app, route, user.token, payload)

async function makeExhibitor(exhibition: number, name: string): Promise<number> {
  const company = await db.query<{ id: number }>('insert into exhibitor_companies (slug, kind) values ($1, $2) returning id::int as id', [
    `${name.toLowerCase()}-${randomUUID().slice(0, 6)}`,
    'broker',
  ])
  const companyId = company.rows[0]?.id as number
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', $2)", [companyId, name])
  const row = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    companyId,
    exhibition,
  ])
  return row.rows[0]?.id as number
}

/** The signed codes of a paid order of `count` attendees, in order. */
async function paidCodes(count: number): Promise<string[]> {
  const type = await makeTicketType(db, exhibitionId, {
    name: 'Standard pass',
    priceMinor: 12900,
    currency: 'GBP',
    key: `standard-${randomUUID().slice(0, 6)}`,
  })
  const fn = (route: string, payload: unknown) => as(buyer, route, payload)
  const order = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: type, quantity: count }], idempotencyKey: randomUUID() }).expect(200))
    .body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(count) }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  const tickets = await db.query<{ code: string }>(
    'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return tickets.rows.map((row) => row.code)
}

/** A booth in the hall, its package with or without capture (left out: the default). */
async function booth(number: string, x: number, leadCapture?: boolean): Promise<{ id: number; version: number }> {
  const body = { exhibitionId, hallId, number, x, y: 0, w: 30, h: 30, type: 'shell', priceMinor: 270000, currency: 'GBP' }
  const saved = (await staff(manager, 'saveBooth', leadCapture === undefined ? body : { ...body, leadCapture }).expect(200)).body.data
  const found = saved.halls[0].booths.find((item: { number: string }) => item.number === number)
  return { id: found.id, version: found.version }
}

const sell = (made: { id: number; version: number }, to: number) =>
  staff(manager, 'assignBooth', { exhibitionId, id: made.id, version: made.version, exhibitorId: to }).expect(200)
const scan = (code: string) => as(admin, 'lead$scan', { exhibitorId, code })
const listed = async () => (await as(admin, 'lead$list', { exhibitorId }).expect(200)).body.data as { captureOn: boolean; captureOff: string | null }

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  otherExhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
  exhibitorId = await makeExhibitor(exhibitionId, 'Acme')
  quietId = await makeExhibitor(exhibitionId, 'Quiet')
  buyer = await createUser(platform, db)
  admin = await createUser(platform, db)
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, admin.userId])
  manager = await setUpMember(app, db, ['manager'])
  hallId = (await staff(manager, 'saveHall', { exhibitionId, label: 'A', width: 300, depth: 200, currency: 'GBP' }).expect(200)).body.data.halls[0].id
})

describe("the organiser's switch", () => {
  it('when a manager switches capture on and off, then each change is audited with before and after, and the counts stay counts', async () => {
    const on = (await staff(manager, 'setLeadCapture', { exhibitionId, enabled: true }).expect(200)).body.data
    expect(on).toMatchObject({ exhibitionId, enabled: true })
    const [first, second] = await paidCodes(2)
    await scan(first as string).expect(200)
    await scan(first as string).expect(200)
    await scan(second as string).expect(200)
    const view = (await staff(manager, 'leadCapture', { exhibitionId }).expect(200)).body.data
    expect(view.exhibitors).toEqual(
      expect.arrayContaining([
        { exhibitorId, name: 'Acme', leads: 2, scans: 3 },
        { exhibitorId: quietId, name: 'Quiet', leads: 0, scans: 0 },
      ]),
    )
    // Counts, never who: no name, address or ticket of a visitor anywhere in the answer.
    expect(JSON.stringify(view)).not.toMatch(/@example\.|firstName|ticket/)
    await staff(manager, 'setLeadCapture', { exhibitionId, enabled: false }).expect(200)
    const audit = await db.query<{ staff_id: string; target: string; before: unknown; after: unknown }>(
      "select staff_id, target, before, after from staff_audit where function = 'console$setLeadCapture' order by id",
    )
    expect(audit.rows).toEqual([
      { staff_id: manager.id, target: `exhibition:${exhibitionId}`, before: { enabled: false }, after: { enabled: true } },
      { staff_id: manager.id, target: `exhibition:${exhibitionId}`, before: { enabled: true }, after: { enabled: false } },
    ])
    expect((await scan(second as string).expect(403)).body.message).toBe('leads:errors.captureOff')
  })

  it('when the support desk reads, then it sees the switch; switching is refused and nothing is audited; the door and editors see nothing', async () => {
    const support = await setUpMember(app, db, ['support'])
    const door = await setUpMember(app, db, ['checkin'])
    const editor = await setUpMember(app, db, ['editor'])
    expect((await staff(support, 'leadCapture', { exhibitionId }).expect(200)).body.data.enabled).toBe(false)
    await staff(support, 'setLeadCapture', { exhibitionId, enabled: true }).expect(403)
    await staff(door, 'leadCapture', { exhibitionId }).expect(403)
    await staff(editor, 'setLeadCapture', { exhibitionId, enabled: true }).expect(403)
    const audit = await db.query("select 1 from staff_audit where function = 'console$setLeadCapture'")
    expect(audit.rows).toEqual([])
    expect((await listed()).captureOff).toBe('exhibition')
  })

  it('when a manager limited to another exhibition reads or switches, then the exhibition does not exist for them', async () => {
    const limited = await setUpMember(app, db, ['manager'])
    await db.query('update staff_members set exhibition_ids = $2 where id = $1', [limited.id, [otherExhibitionId]])
    expect((await staff(limited, 'leadCapture', { exhibitionId }).expect(404)).body.message).toBe('console:errors.exhibitionNotFound')
    await staff(limited, 'setLeadCapture', { exhibitionId, enabled: true }).expect(404)
    await staff(limited, 'setLeadCapture', { exhibitionId: otherExhibitionId, enabled: true }).expect(200)
    expect((await listed()).captureOn).toBe(false)
  })

  it('when the switch is sent without a boolean or for no exhibition, then a 400 names the field', async () => {
    const refused = await staff(manager, 'setLeadCapture', { exhibitionId, enabled: 'yes' }).expect(400)
    expect(refused.body.data.fields).toEqual({ enabled: 'errors.invalid' })
    await staff(manager, 'setLeadCapture', { exhibitionId: 999999, enabled: true }).expect(404)
  })
})

describe('the booth package', () => {
  beforeEach(async () => {
    await staff(manager, 'setLeadCapture', { exhibitionId, enabled: true }).expect(200)
  })

  it('when a booth is saved without saying, then its package includes capture; the manager changes it, audited', async () => {
    const made = await booth('A1', 0)
    const plan = (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data
    expect(plan.halls[0].booths[0]).toMatchObject({ number: 'A1', leadCapture: true })
    await staff(manager, 'saveBooth', {
      exhibitionId,
      id: made.id,
      version: made.version,
      hallId,
      number: 'A1',
      x: 0,
      y: 0,
      w: 30,
      h: 30,
      type: 'shell',
      priceMinor: 270000,
      currency: 'GBP',
      leadCapture: false,
    }).expect(200)
    const audit = await db.query<{ before: { leadCapture: boolean } | null; after: { leadCapture: boolean } }>(
      "select before, after from staff_audit where function = 'console$saveBooth' order by id",
    )
    expect(audit.rows.map((row) => [row.before?.leadCapture ?? null, row.after.leadCapture])).toEqual([
      [null, true],
      [true, false],
    ])
    const refused = await staff(manager, 'saveBooth', {
      exhibitionId,
      hallId,
      number: 'A2',
      x: 40,
      y: 0,
      w: 30,
      h: 30,
      type: 'shell',
      priceMinor: 1,
      currency: 'GBP',
      leadCapture: 'no',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.data.fields).toEqual({ leadCapture: 'errors.invalid' })
  })

  it('when the exhibitor holds no sold booth, then the switch alone decides', async () => {
    const [code] = await paidCodes(1)
    expect(await listed()).toMatchObject({ captureOn: true, captureOff: null })
    await scan(code as string).expect(200)
  })

  it('when every booth sold to the exhibitor lacks capture, then scans are refused with the package as the reason; a booth with it opens capture', async () => {
    await sell(await booth('A1', 0, false), exhibitorId)
    const [code] = await paidCodes(1)
    expect((await scan(code as string).expect(403)).body.message).toBe('leads:errors.packageOff')
    expect(await listed()).toMatchObject({ captureOn: false, captureOff: 'package' })
    expect((await db.query('select count(*)::int as n from leads')).rows[0]).toEqual({ n: 0 })

    await sell(await booth('A2', 40), exhibitorId)
    expect(await listed()).toMatchObject({ captureOn: true, captureOff: null })
    await scan(code as string).expect(200)
  })

  it('when a booth with capture is only held for the exhibitor, then it does not count until sold', async () => {
    await sell(await booth('A1', 0, false), exhibitorId)
    const held = await booth('A2', 40)
    await db.query("update booths set state = 'held', exhibitor_id = $2 where id = $1", [held.id, exhibitorId])
    expect((await listed()).captureOff).toBe('package')
  })

  it('when the switch is off too, then the exhibition is the reason given', async () => {
    await sell(await booth('A1', 0, false), exhibitorId)
    await staff(manager, 'setLeadCapture', { exhibitionId, enabled: false }).expect(200)
    expect(await listed()).toMatchObject({ captureOn: false, captureOff: 'exhibition' })
    const [code] = await paidCodes(1)
    expect((await scan(code as string).expect(403)).body.message).toBe('leads:errors.captureOff')
  })
})

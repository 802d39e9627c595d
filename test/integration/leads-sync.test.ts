import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Leads offline (docs/product.md#leads-offline): a phone's queued scans reach the server in batches
 * through `lead$sync`, one entry per ticket with the device's scan times and the qualifying done on it.
 * Sending a batch again changes nothing; the earliest scan time is kept, none later than now; the
 * latest edit by the devices' clocks wins; refusals come per entry, a batch too big or a stranger's
 * call as a whole.
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
let buyer: TestUser
let admin: TestUser
let staffMember: TestUser
let stranger: TestUser
let manager: SignedInMember

const as = (user: TestUser | null, route: string, payload: unknown) => call(app, route, user?.token ?? null, payload)

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

/** A paid order of the given attendees; its number and its tickets' codes in order. */
async function paidOrder(exhibition: number, forms: Array<Record<string, unknown>>) {
  const type = await makeTicketType(db, exhibition, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP', key: `standard-${randomUUID().slice(0, 6)}` })
  const fn = (route: string, payload: unknown) => as(buyer, route, payload)
  const order = (
    await fn('tickets$createOrder', { exhibitionId: exhibition, lines: [{ ticketTypeId: type, quantity: forms.length }], idempotencyKey: randomUUID() }).expect(
      200,
    )
  ).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: forms }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  const tickets = await db.query<{ code: string }>(
    'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return { number: order.number as string, codes: tickets.rows.map((row) => row.code) }
}

const person = (first: string, shares: string[] = []) => ({
  ...attendees(1)[0],
  firstName: first,
  lastName: 'Hopper',
  email: `${first.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`,
  shares,
})

interface Entry {
  id: string
  code: string
  scannedAt: string
  lastScannedAt: string
  scans: number
  qualified?: { rating: string | null; tags: string[]; notes: string; editedAt: string }
}
const entry = (code: string, at: Date, extra: Partial<Entry> = {}): Entry => ({
  id: randomUUID(),
  code,
  scannedAt: at.toISOString(),
  lastScannedAt: at.toISOString(),
  scans: 1,
  ...extra,
})
const sync = (user: TestUser | null, scans: Entry[], exhibitor = exhibitorId) => as(user, 'lead$sync', { exhibitorId: exhibitor, scans })
const items = async (user: TestUser, scans: Entry[]) => (await sync(user, scans).expect(200)).body.data.items
const list = async (user: TestUser) => (await as(user, 'lead$list', { exhibitorId }).expect(200)).body.data
const rows = async () =>
  (
    await db.query<{ scans: number; scanned_at: Date; last_scanned_at: Date; scanned_by: string; rating: string | null; notes: string; tags: string[] }>(
      'select scans, scanned_at, last_scanned_at, scanned_by::text as scanned_by, rating, notes, tags from leads order by id',
    )
  ).rows

beforeEach(async () => {
  // One moment for the whole test: tokens are issued at it and the scans' times are counted from it
  // (a session checked on PostgreSQL's own clock would not take a moment far from it).
  setMoment(Date.now())
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  otherExhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
  exhibitorId = await makeExhibitor(exhibitionId, 'Acme')
  buyer = await createUser(platform, db)
  admin = await createUser(platform, db, { nick: 'Ada Admin' })
  staffMember = await createUser(platform, db, { nick: 'Sam Staff' })
  stranger = await createUser(platform, db)
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin'), ($1, $3, 'staff')", [
    exhibitorId,
    admin.userId,
    staffMember.userId,
  ])
  manager = await setUpMember(app, db, ['manager'])
  await consoleCall(app, 'setLeadCapture', { exhibitionId, enabled: true }, { cookie: manager.cookie }).expect(200)
})

describe('lead$sync', () => {
  it('when a phone sends its queue, then each ticket is one lead with the device’s time and its shared fields, and the list offers the key', async () => {
    const order = await paidOrder(exhibitionId, [person('Grace', ['name', 'email']), person('Alan')])
    const now = new Date(Date.now())
    const scannedAt = new Date(now.getTime() - 3_600_000)
    const answer = await items(staffMember, [
      entry(order.codes[0] as string, scannedAt, { scans: 3, lastScannedAt: new Date(now.getTime() - 60_000).toISOString() }),
      entry(order.codes[1] as string, scannedAt),
    ])
    expect(answer.map((item: { outcome: string }) => item.outcome)).toEqual(['added', 'added'])
    const team = await list(admin)
    expect(team).toMatchObject({ total: 2, scans: 4, exhibitionId, publicKey: { kid: expect.any(String), x: expect.any(String) } })
    const grace = team.items.find((lead: { firstName: string | null }) => lead.firstName === 'Grace')
    expect(grace).toMatchObject({
      scannedBy: 'Sam Staff',
      scannedAt: scannedAt.toISOString(),
      scans: 3,
      lastScannedAt: new Date(now.getTime() - 60_000).toISOString(),
    })
    expect(team.items.filter((lead: { firstName: string | null }) => lead.firstName === null)).toHaveLength(1)
  })

  it('when the same batch is sent again (its answer was lost), then nothing counts twice and the answers name the same leads', async () => {
    const order = await paidOrder(exhibitionId, [person('Grace', ['name'])])
    const at = new Date(Date.now())
    const batch = [entry(order.codes[0] as string, at, { scans: 2 })]
    const first = await items(staffMember, batch)
    const again = await items(staffMember, batch)
    expect(first[0]).toMatchObject({ outcome: 'added', leadId: expect.any(Number) })
    expect(again[0]).toEqual({ ...first[0], outcome: 'repeated' })
    expect((await rows()).map((row) => row.scans)).toEqual([2])
  })

  it('when a ticket is in the queue twice, or scanned online before, then it stays one lead and the earliest scan keeps who and when', async () => {
    const order = await paidOrder(exhibitionId, [person('Grace', ['name'])])
    const now = new Date(Date.now())
    await as(admin, 'lead$scan', { exhibitorId, code: order.codes[0] }).expect(200)
    const earlier = new Date(now.getTime() - 7_200_000)
    const answer = await items(staffMember, [entry(order.codes[0] as string, earlier), entry(order.codes[0] as string, new Date(now.getTime() - 60_000))])
    expect(answer.map((item: { outcome: string }) => item.outcome)).toEqual(['repeated', 'repeated'])
    const [row] = await rows()
    expect(row).toMatchObject({ scans: 3, scanned_at: earlier, last_scanned_at: now, scanned_by: staffMember.userId })
  })

  it('when a device’s clock claims the future, then the scan and the edit are taken as made now', async () => {
    const order = await paidOrder(exhibitionId, [person('Grace', ['name'])])
    const now = new Date(Date.now())
    const future = new Date(now.getTime() + 86_400_000).toISOString()
    await items(staffMember, [
      entry(order.codes[0] as string, now, {
        scannedAt: future,
        lastScannedAt: future,
        qualified: { rating: 'hot', tags: [], notes: 'future', editedAt: future },
      }),
    ])
    const [row] = await rows()
    expect(row).toMatchObject({ scanned_at: now, last_scanned_at: now, rating: 'hot' })
    const qualified = await db.query<{ qualified_at: Date }>('select qualified_at from leads')
    expect(qualified.rows[0]?.qualified_at).toEqual(now)
  })

  it('when two phones qualified the same lead offline, then the latest edit by their clocks wins whichever arrives first', async () => {
    const order = await paidOrder(exhibitionId, [person('Grace', ['name'])])
    const now = new Date(Date.now())
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString()
    const later = entry(order.codes[0] as string, now, { qualified: { rating: 'hot', tags: ['VIP '], notes: 'Wants a demo', editedAt: minutesAgo(5) } })
    const older = entry(order.codes[0] as string, now, { qualified: { rating: 'cold', tags: [], notes: 'Just browsing', editedAt: minutesAgo(30) } })
    await items(staffMember, [later])
    await items(admin, [older])
    expect((await rows())[0]).toMatchObject({ rating: 'hot', tags: ['vip'], notes: 'Wants a demo', scans: 2 })
    // An edit made online afterwards is later than both.
    const leadId = (await list(admin)).items[0].id
    await as(admin, 'lead$qualify', { exhibitorId, leadId, rating: 'warm', tags: [], notes: 'Called back' }).expect(200)
    await items(staffMember, [entry(order.codes[0] as string, now, { qualified: { rating: 'cold', tags: [], notes: 'stale', editedAt: minutesAgo(1) } })])
    expect((await rows())[0]).toMatchObject({ rating: 'warm', notes: 'Called back' })
  })

  it('when codes are forged, of another exhibition or of a voided ticket, then each is refused on its own and the rest are taken', async () => {
    const order = await paidOrder(exhibitionId, [person('Grace', ['name'])])
    const other = await paidOrder(otherExhibitionId, [person('Alan', ['name'])])
    const voided = await paidOrder(exhibitionId, [person('Linus', ['name'])])
    await db.query('update e_tickets set voided_at = now() where code = $1', [voided.codes[0]])
    const at = new Date(Date.now())
    const good = order.codes[0] as string
    const altered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'AB' : 'AA'}`
    const answer = await items(staffMember, [
      entry(altered, at),
      entry('not a ticket', at),
      entry(other.codes[0] as string, at),
      entry(voided.codes[0] as string, at),
      entry(good, at),
    ])
    expect(answer.map((item: { outcome: string }) => item.outcome)).toEqual(['badCode', 'badCode', 'otherExhibition', 'voided', 'added'])
    expect(answer.slice(0, 4).every((item: { leadId: number | null }) => item.leadId === null)).toBe(true)
    expect(await rows()).toHaveLength(1)
  })

  it('when a batch is too big or malformed, then 400 names the field; a stranger hears 404; capture off is 403; nothing is written', async () => {
    const order = await paidOrder(exhibitionId, [person('Grace', ['name'])])
    const at = new Date(Date.now())
    const tooMany = Array.from({ length: 201 }, () => entry(order.codes[0] as string, at))
    const big = await sync(staffMember, tooMany).expect(400)
    expect(big.body.errors ?? big.body).toBeDefined()
    expect(JSON.stringify(big.body)).toContain('leads:errors.tooManyScans')
    const bad = await sync(staffMember, [{ ...entry(order.codes[0] as string, at), scannedAt: 'yesterday' }]).expect(400)
    expect(JSON.stringify(bad.body)).toContain('scans.0.scannedAt')
    await sync(staffMember, [{ ...entry(order.codes[0] as string, at), scans: 5000 }]).expect(400)
    await sync(staffMember, [{ ...entry(order.codes[0] as string, at), id: 'one' }]).expect(400)
    await sync(stranger, [entry(order.codes[0] as string, at)]).expect(404)
    await sync(null, [entry(order.codes[0] as string, at)]).expect(401)
    await consoleCall(app, 'setLeadCapture', { exhibitionId, enabled: false }, { cookie: manager.cookie }).expect(200)
    await sync(staffMember, [entry(order.codes[0] as string, at)]).expect(403)
    expect(await rows()).toEqual([])
  })

  it('when the attendee withdrew consent or was erased before the phone synced, then the lead is anonymous and an erased one takes no notes', async () => {
    const withdrawn = person('Grace', ['name', 'email'])
    const erased = person('Alan', ['name', 'email', 'phone'])
    const order = await paidOrder(exhibitionId, [withdrawn, erased])
    await as(buyer, 'tickets$setShares', { orderNumber: order.number, position: 1, shares: [] }).expect(200)
    const holder = await createUser(platform, db, { email: erased.email })
    const owner = await setUpMember(app, db, ['owner'])
    await consoleCall(app, 'deleteVisitor', { id: holder.userId, confirmEmail: erased.email }, { cookie: owner.cookie }).expect(200)
    const at = new Date(Date.now())
    const notes = { rating: 'hot', tags: ['call'], notes: 'Alan Hopper, call him', editedAt: at.toISOString() }
    const answer = await items(staffMember, [
      entry(order.codes[0] as string, at, { qualified: { ...notes, notes: 'Grace' } }),
      entry(order.codes[1] as string, at, { qualified: notes }),
    ])
    expect(answer.map((item: { outcome: string }) => item.outcome)).toEqual(['added', 'added'])
    const team = await list(admin)
    expect(
      team.items.every((lead: { shares: string[]; firstName: string | null; email: string | null }) => !lead.shares.length && !lead.firstName && !lead.email),
    ).toBe(true)
    expect(JSON.stringify(team)).not.toContain('Alan')
    // The withdrawn attendee's lead keeps the team's own notes (consent hides who, not the team's words); the erased one's take none.
    expect((await rows()).map((row) => row.notes).sort()).toEqual(['', 'Grace'])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('two phones at once (PostgreSQL only: PGlite cannot race)', () => {
  it('when two phones sync the same tickets at the same moment, and one sends its batch twice, then one lead per ticket with every scan counted once', async () => {
    const order = await paidOrder(exhibitionId, [person('Grace', ['name']), person('Alan', ['name']), person('Linus', ['name'])])
    const at = new Date(Date.now())
    const phoneA = order.codes.map((code) => entry(code, at))
    const phoneB = [...order.codes].reverse().map((code) => entry(code, new Date(at.getTime() - 60_000), { scans: 2 }))
    const answers = await Promise.all([sync(staffMember, phoneA), sync(admin, phoneB), sync(staffMember, phoneA)])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    const added = answers.flatMap((answer) => answer.body.data.items.filter((item: { outcome: string }) => item.outcome === 'added'))
    expect(added).toHaveLength(3)
    const kept = await rows()
    expect(kept).toHaveLength(3)
    expect(kept.every((row) => row.scans === 3 && row.scanned_by === admin.userId)).toBe(true)
  })
})
